/** Every console URL starts with its language; anything else is sent to a valid one. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { isLanguage } from "~/i18n";
import { redirectToLanguage } from "~/lib/redirects.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!isLanguage(params.lang)) return redirectToLanguage(request);
  return null;
}

export default function LanguageRoot() {
  return <Outlet />;
}
