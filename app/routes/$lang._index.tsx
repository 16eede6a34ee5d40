import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { isLanguage } from "~/i18n";
import { redirectToLanguage } from "~/lib/redirects.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!isLanguage(params.lang)) return redirectToLanguage(request);
  return redirect(`/${params.lang}/apps`);
}
