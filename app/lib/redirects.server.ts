import { redirect } from "@remix-run/node";
import { DEFAULT_LANGUAGE, type Language, languageFromHeader } from "~/i18n";
import { preferredLanguage } from "~/session.server";
import { pathInLanguage } from "./language";

/** The user's language: the remembered choice, else the browser's, else en-AU. */
export async function chosenLanguage(request: Request): Promise<Language> {
  return (
    (await preferredLanguage(request)) ??
    languageFromHeader(request.headers.get("accept-language")) ??
    DEFAULT_LANGUAGE
  );
}

/** The same path with a valid language segment. */
export async function redirectToLanguage(request: Request): Promise<never> {
  const url = new URL(request.url);
  throw redirect(pathInLanguage(`${url.pathname}${url.search}`, await chosenLanguage(request)));
}
