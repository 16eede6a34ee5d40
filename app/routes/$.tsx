/** A path without a valid language segment: the same path in the user's language. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirectToLanguage } from "~/lib/redirects.server";

export const loader = ({ request }: LoaderFunctionArgs) => redirectToLanguage(request);
export const action = ({ request }: ActionFunctionArgs) => redirectToLanguage(request);
