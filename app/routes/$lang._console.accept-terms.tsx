/** Accepting the terms: the checkbox must be ticked; then PUT user/accept-terms. */
import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { ApiError } from "~/api/client.server";
import { acceptTerms } from "~/api/user/endpoints";
import { requireUser, SUSPENDED_MESSAGE, signInPath, signOutRedirect } from "~/auth.server";
import { readForm } from "~/lib/multipart.server";
import { redirectWithError, safeRedirect } from "~/session.server";

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api, language } = await requireUser(request, context);
  const form = await readForm(request);
  const back = safeRedirect(form.get("redirectTo")) ?? `/${params.lang}/apps`;
  if (form.get("accept") !== "yes") {
    const url = new URL(back, "http://console.invalid");
    url.searchParams.set("terms", "required");
    return redirect(`${url.pathname}${url.search}`);
  }
  const url = new URL(back, "http://console.invalid");
  url.searchParams.delete("terms");
  try {
    await api.call(acceptTerms);
  } catch (error) {
    // A suspended account: signed out from here, with the reason, rather than by the next
    // page's loaders (run side by side, one of them may sign out without it).
    if (error instanceof ApiError && error.status === 403)
      return signOutRedirect(request, signInPath(language, { message: SUSPENDED_MESSAGE }));
    if (error instanceof ApiError)
      return redirectWithError(`${url.pathname}${url.search}`, {
        ...error.toJSON(),
        fallback: "savingData",
      });
    throw error;
  }
  return redirect(`${url.pathname}${url.search}`);
}

export const loader = ({ params }: LoaderFunctionArgs) => redirect(`/${params.lang}/apps`);
