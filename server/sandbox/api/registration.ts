/**
 * POST registration: public, creates a company and its first (admin) user once its limits and
 * its captcha admit it (identity/registration-guard.ts); the captcha's challenges and questions.
 */
import { Hono } from "hono";
import { getCaptchaChallenge, getCaptchaQuestion, register } from "~/api/registration/endpoints";
import type { AppEnv, SandboxContext } from "../context";
import { publicCaller } from "../http/auth";
import { guard, route } from "../http/route";
import type { Accounts } from "../identity/accounts";

export function registrationRoutes(ctx: SandboxContext, accounts: Accounts) {
  const app = new Hono<AppEnv>();
  route(
    app,
    register,
    // The console's credentials, when sent, are checked before the body is read.
    guard(register, async (c) => void publicCaller(ctx, c)),
    async (c, { body }) => c.json(await accounts.register(body, publicCaller(ctx, c)), 201),
  );
  // Each answer is new and used once: never cached.
  route(app, getCaptchaChallenge, async (c) =>
    c.json(await accounts.captchaChallenge(), 200, { "Cache-Control": "no-store" }),
  );
  route(app, getCaptchaQuestion, async (c) =>
    c.json(await accounts.captchaQuestion(), 200, { "Cache-Control": "no-store" }),
  );
  return app;
}
