/** The language selector's target: remembers the choice, saves it for a signed-in user, returns to the same page. */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { userPreference } from "~/api/user";
import { hasSession, requireUser } from "~/auth.server";
import { DEFAULT_LANGUAGE, isLanguage } from "~/i18n";
import { pathInLanguage } from "~/lib/language";
import { languageCookie, safeRedirect } from "~/session.server";

export async function action({ request, context, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const chosen = form.get("lang");
  const current = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const language = isLanguage(chosen) ? chosen : current;
  const back = safeRedirect(form.get("redirectTo")) ?? `/${current}/apps`;
  if (await hasSession(request)) {
    const { api } = await requireUser(request, context);
    await api.put("user/preference", userPreference, { localeCode: language }).catch(() => undefined);
  }
  return redirect(pathInLanguage(back, language), {
    headers: { "Set-Cookie": await languageCookie.serialize(language) },
  });
}

export const loader = ({ params }: { params: { lang?: string } }) =>
  redirect(`/${isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE}/apps`);
