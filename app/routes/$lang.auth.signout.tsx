/** Sign-out: clears the session, revokes the refresh token, then /apps (which leads to sign-in). */
import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { revokeTokens } from "~/auth.server";
import { isLanguage } from "~/i18n";
import { destroySession, getSession } from "~/session.server";

export async function action({ request, params }: ActionFunctionArgs) {
  const lang = isLanguage(params.lang) ? params.lang : "en-AU";
  const session = await getSession(request);
  await revokeTokens(session, lang);
  return redirect(`/${lang}/apps`, { headers: { "Set-Cookie": await destroySession(session) } });
}

/** Signing out changes state: only by POST. A GET goes back to the apps. */
export function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/${isLanguage(params.lang) ? params.lang : "en-AU"}/apps`);
}
