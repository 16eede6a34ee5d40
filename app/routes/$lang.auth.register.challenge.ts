/**
 * GET /{lang}/auth/register/challenge: a fresh ALTCHA proof-of-work challenge for the
 * registration captcha (see $lang.auth.register/captcha.server.ts). Never cached.
 */
import { json } from "@remix-run/node";
import { captcha } from "./$lang.auth.register/captcha.server";

export async function loader() {
  const challenge = await captcha().createAltchaChallenge();
  return json(challenge, { headers: { "Cache-Control": "no-store" } });
}
