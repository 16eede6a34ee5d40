/** Unknown paths go to the app list in the same language. */
import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { isLanguage } from "~/i18n";
import { redirectToLanguage } from "~/lib/redirects.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!isLanguage(params.lang)) return redirectToLanguage(request);
  return redirect(`/${params.lang}/apps`);
}

export const action = loader as (args: ActionFunctionArgs) => ReturnType<typeof loader>;
