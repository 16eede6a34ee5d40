/**
 * The published contract: the OpenAPI document of every endpoint object, with each call's
 * words from locales/<language>/reference.json, for a sandbox at a given URL.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type CallWords, openApiDocument } from "~/api/openapi";
import { DEFAULT_LANGUAGE, type Language } from "../identity/i18n";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** The URL the committed document (docs/openapi.json) is made for: the sandbox run locally. */
export const PUBLISHED_URL = "http://localhost:3001";

/** Where the committed document lives. */
export const PUBLISHED_FILE = path.join(root, "docs/openapi.json");

export interface ReferenceTexts {
  calls: Record<string, CallWords>;
  page: Record<string, string>;
  areas: Record<string, string>;
}

const texts = new Map<Language, ReferenceTexts>();

/** The reference's texts in a language (read once). */
export function referenceTexts(lang: Language): ReferenceTexts {
  let found = texts.get(lang);
  if (!found) {
    const file = path.join(root, "locales", lang, "reference.json");
    found = JSON.parse(readFileSync(file, "utf8")) as ReferenceTexts;
    texts.set(lang, found);
  }
  return found;
}

const version = (
  JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }
).version;

const documents = new Map<string, ReturnType<typeof openApiDocument>>();

/** The OpenAPI document of a sandbox served at `url`, its calls described in `lang` (made once). */
export function contractDocument(url: string, lang: Language = DEFAULT_LANGUAGE) {
  const key = `${lang} ${url}`;
  let found = documents.get(key);
  if (!found) {
    found = makeDocument(url, lang);
    documents.set(key, found);
  }
  return found;
}

function makeDocument(url: string, lang: Language) {
  const base = url.replace(/\/$/, "");
  const { calls } = referenceTexts(lang);
  return openApiDocument({
    apiUrl: `${base}/api`,
    issuer: base,
    version,
    words: (name) => {
      const words = calls[name];
      if (!words) throw new Error(`locales/${lang}/reference.json has no words for ${name}`);
      return words;
    },
  });
}

/** The committed document's text, as `npm run openapi` writes it. */
export const publishedText = () => `${JSON.stringify(contractDocument(PUBLISHED_URL), null, 2)}\n`;
