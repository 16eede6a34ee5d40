import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { chosenLanguage } from "~/lib/redirects.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return redirect(`/${await chosenLanguage(request)}/apps`);
}
