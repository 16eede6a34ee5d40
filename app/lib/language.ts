import { isLanguage, LANGUAGE_LIKE, type Language } from "~/i18n";

/** The same path in another language: the first segment is replaced (or added). */
export function pathInLanguage(pathWithQuery: string, language: Language): string {
  const url = new URL(pathWithQuery, "http://console.invalid");
  const segments = url.pathname.split("/");
  const first = segments[1] ?? "";
  if (isLanguage(first) || LANGUAGE_LIKE.test(first)) segments[1] = language;
  else segments.splice(1, 0, language);
  const pathname = segments.join("/").replace(/\/+$/, "") || `/${language}`;
  return `${pathname}${url.search}${url.hash}`;
}

export function languageOfPath(pathname: string): Language | undefined {
  const first = pathname.split("/")[1];
  return isLanguage(first) ? first : undefined;
}
