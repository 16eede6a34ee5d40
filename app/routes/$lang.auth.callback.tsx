/**
 * /auth/callback: completes the sign-in (state, PKCE, code exchange), opens the session and
 * sends the user on in their language: the one chosen in this browser (the language
 * selector's cookie, also on the sign-in page), else the user's saved preference
 * (`user/preference`), else the language the sign-in started in.
 */
import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { OAuth2RequestError } from "remix-auth-oauth2";
import { createApiClient } from "~/api/client.server";
import { getPreference } from "~/api/user/endpoints";
import { clearStateCookies, finishSignIn, signInPath } from "~/auth.server";
import { env } from "~/env.server";
import { isLanguage, type Language } from "~/i18n";
import { pathInLanguage } from "~/lib/language";
import { logger } from "~/lib/log.server";
import { failureOf } from "~/lib/signin-messages";
import { commitSession, getSession, languageCookie, preferredLanguage } from "~/session.server";

/** The signed-in user's saved language; none when it cannot be read (the sign-in goes on). */
async function savedLanguage(accessToken: string, lang: Language): Promise<Language | undefined> {
  try {
    const { localeCode } = await createApiClient({
      baseUrl: env().API_BASE_URL,
      token: accessToken,
      language: lang,
    }).call(getPreference);
    return isLanguage(localeCode) ? localeCode : undefined;
  } catch (error) {
    logger.warn({ err: error }, "the saved language could not be read at sign-in");
    return undefined;
  }
}

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
    // The language chosen in this browser (on the sign-in page too) wins; a browser that chose
    // none opens the console in the user's saved language, and remembers it.
    let language = await preferredLanguage(request);
    if (!language) {
      language = (await savedLanguage(data.accessToken, lang)) ?? lang;
      headers.append("Set-Cookie", await languageCookie.serialize(language));
    }
    return redirect(pathInLanguage(redirectTo ?? `/${lang}/apps`, language), { headers });
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.warn({ err: error }, "sign-in failed at the callback");
    // A code, never the provider's text: the sign-in page words it (app/lib/signin-messages.ts).
    return redirect(
      signInPath(lang, {
        failed: failureOf(error instanceof OAuth2RequestError ? error.code : undefined),
      }),
      { headers },
    );
  }
}
