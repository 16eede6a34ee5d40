/** Accepting the terms: the checkbox must be ticked; then PUT user/accept-terms. */
import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { ApiError } from "~/api/client.server";
import { acceptTerms } from "~/api/user/endpoints";
import { requireUser } from "~/auth.server";
import { readForm } from "~/lib/multipart.server";
import { redirectWithError, safeRedirect } from "~/session.server";

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context);
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
