/** Texts of the identity provider's own pages and mails, from locales/{lang}/provider.json. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import i18next, { type TFunction } from "i18next";

export const LANGUAGES = ["en-AU", "nl-NL"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en-AU";

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../locales");

const resources = Object.fromEntries(
  LANGUAGES.map((lang) => [
    lang,
    { provider: JSON.parse(readFileSync(path.join(localesDir, lang, "provider.json"), "utf8")) },
  ]),
);

const instance = i18next.createInstance();
void instance.init({
  resources,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: ["provider"],
  defaultNS: "provider",
  interpolation: { escapeValue: false },
  initImmediate: false,
});

export function translator(lang: Language): TFunction {
  return instance.getFixedT(lang, "provider");
}

/** The first supported language in a list such as ui_locales or a query value. */
export function pickLanguage(...candidates: (string | undefined | null)[]): Language {
  for (const candidate of candidates) {
    for (const tag of (candidate ?? "").split(/[\s,]+/)) {
      const found = LANGUAGES.find((lang) => lang.toLowerCase() === tag.toLowerCase());
      if (found) return found;
    }
  }
  return DEFAULT_LANGUAGE;
}
