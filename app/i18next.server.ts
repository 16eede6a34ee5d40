/** Translations on the server: remix-i18next with the files of locales/ read from disk. */
import path from "node:path";
import Backend from "i18next-fs-backend";
import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LANGUAGE, i18nConfig, isLanguage, LANGUAGES } from "./i18n";

export const localesPath = path.resolve(process.cwd(), "locales/{{lng}}/{{ns}}.json");

const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    // The language is the first path segment of every console URL.
    findLocale: async (request) => {
      const first = new URL(request.url).pathname.split("/")[1];
      return isLanguage(first) ? first : DEFAULT_LANGUAGE;
    },
    order: ["custom"],
  },
  i18next: { ...i18nConfig, backend: { loadPath: localesPath } },
  plugins: [Backend],
});

export default i18next;
