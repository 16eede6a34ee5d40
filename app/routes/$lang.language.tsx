/** The language selector's target: remembers the choice, saves it for a signed-in user, returns to the same page. */
import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { ApiError } from "~/api/client.server";
import { setPreference } from "~/api/user/endpoints";
import { hasSession, requireUser } from "~/auth.server";
import { DEFAULT_LANGUAGE, isLanguage } from "~/i18n";
import { pathInLanguage } from "~/lib/language";
import { readForm } from "~/lib/multipart.server";
import {
  languageCookie,
  redirectWithError,
  redirectWithToast,
  safeRedirect,
} from "~/session.server";

export async function action({ request, context, params }: ActionFunctionArgs) {
  const form = await readForm(request);
  const chosen = form.get("lang");
  const current = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const language = isLanguage(chosen) ? chosen : current;
  const back = safeRedirect(form.get("redirectTo")) ?? `/${current}/apps`;
  const to = pathInLanguage(back, language);
  const headers = { "Set-Cookie": await languageCookie.serialize(language) };
  if (await hasSession(request)) {
    // A signed-in user's choice is also their saved preference.
    const { api } = await requireUser(request, context);
    try {
      await api.call(setPreference, { body: { localeCode: language } });
    } catch (error) {
      if (error instanceof ApiError)
        return redirectWithError(to, { ...error.toJSON(), fallback: "savingData" }, { headers });
      throw error;
    }
    return redirectWithToast(to, { key: "savedSuccessfully" }, { headers });
  }
  return redirect(to, { headers });
}

export const loader = ({ params }: { params: { lang?: string } }) =>
  redirect(`/${isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE}/apps`);
