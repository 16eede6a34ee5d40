/** /auth/callback: completes the sign-in (state, PKCE, code exchange) and opens the session. */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { OAuth2RequestError } from "remix-auth-oauth2";
import { clearStateCookies, finishSignIn, signInPath } from "~/auth.server";
import { isLanguage } from "~/i18n";
import { logger } from "~/lib/log.server";
import { failureOf } from "~/lib/signin-messages";
import { pathInLanguage } from "~/lib/language";
import { commitSession, getSession, preferredLanguage } from "~/session.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = isLanguage(params.lang) ? params.lang : "en-AU";
  const session = await getSession(request);
  const headers = new Headers();
  for (const cookie of clearStateCookies(request)) headers.append("Set-Cookie", cookie);
  try {
    const data = await finishSignIn(request, lang);
    const redirectTo = session.get("redirectTo");
    session.unset("redirectTo");
    if (data.userId) session.set("userId", data.userId);
    else session.unset("userId");
    session.set("accessToken", data.accessToken);
    if (data.refreshToken) session.set("refreshToken", data.refreshToken);
    session.set("expiresAt", data.expiresAt);
    headers.append("Set-Cookie", await commitSession(session));
    // The language chosen on the sign-in page wins over the one the sign-in started in.
    const language = (await preferredLanguage(request)) ?? lang;
    return redirect(pathInLanguage(redirectTo ?? `/${lang}/apps`, language), { headers });
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.warn({ err: error }, "sign-in failed at the callback");
    // A code, never the provider's text: the sign-in page words it (app/lib/signin-messages.ts).
    return redirect(signInPath(lang, { failed: failureOf(error instanceof OAuth2RequestError ? error.code : undefined) }), { headers });
  }
}
