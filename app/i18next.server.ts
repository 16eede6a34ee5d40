/**
 * Translations on the server: remix-i18next with the texts of locales/, read from disk once
 * per process in production (at every use in development, so an edited text shows at once)
 * and handed to each request's i18next instance from memory.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createInstance, type i18n as I18n, type Resource } from "i18next";
import { LRUCache } from "lru-cache";
import { initReactI18next } from "react-i18next";
import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LANGUAGE, i18nConfig, isLanguage, LANGUAGES, withKnownHierarchy } from "./i18n";

const localesDir = path.resolve(process.cwd(), "locales");

let loaded: Resource | undefined;

/** Every text of locales/: `{ "nl-NL": { common: {...}, appList: {...} } }`. */
export function localeResources(): Resource {
  if (loaded && process.env.NODE_ENV === "production") return loaded;
  const resources: Resource = {};
  for (const lng of LANGUAGES) {
    const dir = path.join(localesDir, lng);
    resources[lng] = Object.fromEntries(
      readdirSync(dir)
        .filter((file) => file.endsWith(".json"))
        .map((file) => [
          file.slice(0, -".json".length),
          JSON.parse(readFileSync(path.join(dir, file), "utf8")),
        ]),
    );
  }
  loaded = resources;
  return resources;
}

/** i18next's options on the server; `resources` is read when an instance is made. */
export const serverI18nOptions = {
  ...i18nConfig,
  get resources() {
    return localeResources();
  },
};

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
  i18next: serverI18nOptions,
});

/**
 * In production the texts never change while the process runs, so each language has one
 * i18next instance, made once with every namespace and its hierarchy known, and shared by
 * every request: a request's `t` is that instance bound to its language. In development each
 * use makes a fresh instance, so that an edited text shows at once.
 */
const shared = new Map<string, Promise<I18n>>();

async function newInstance(lng: string, ns: readonly string[]): Promise<I18n> {
  const instance = createInstance();
  await instance.use(initReactI18next).init({ ...serverI18nOptions, lng, ns: [...ns] });
  return withKnownHierarchy(instance);
}

/** The i18next instance of a page's render in `lng` with (at least) the namespaces `ns`. */
export function i18nInstance(lng: string, ns: readonly string[]): Promise<I18n> {
  if (process.env.NODE_ENV !== "production") return newInstance(lng, ns);
  let instance = shared.get(lng);
  if (!instance) {
    instance = newInstance(lng, Object.keys(localeResources()[lng] ?? {})).then(withKnownTexts);
    shared.set(lng, instance);
  }
  return instance;
}

/** How many translations a shared instance remembers (least recently used forgotten first). */
const KNOWN_TEXTS = 20_000;

/** Whether a translation's options are plain values only (a text, a number, a list of texts): then the same options give the same text. */
function plainOptions(options: unknown): options is Record<string, unknown> {
  if (options === undefined) return true;
  if (!options || typeof options !== "object") return false;
  return Object.values(options).every(
    (value) =>
      value === undefined ||
      value === null ||
      ["string", "number", "boolean"].includes(typeof value) ||
      (Array.isArray(value) && value.every((item) => typeof item === "string")),
  );
}

/**
 * A shared instance's texts never change, so each translation is remembered by its key and
 * options: a long page asks for the same texts many times (a card's menus), and i18next
 * resolves each one again (namespaces, fallbacks, interpolation, nesting).
 */
export function withKnownTexts(instance: I18n): I18n {
  const translate = instance.t.bind(instance) as (key: unknown, options?: unknown) => unknown;
  const known = new LRUCache<string, string>({ max: KNOWN_TEXTS });
  instance.t = ((key: unknown, options?: unknown) => {
    if (typeof key !== "string" || !plainOptions(options) || options?.returnObjects)
      return translate(key, options);
    const id = options ? `${key}\u0000${JSON.stringify(options)}` : key;
    let text = known.get(id);
    if (text === undefined) {
      const made = translate(key, options);
      if (typeof made !== "string") return made;
      text = made;
      known.set(id, text);
    }
    return text;
  }) as I18n["t"];
  return instance;
}

const getFixedT = i18next.getFixedT.bind(i18next);
/** A loader's `t` in production: the language's shared instance, bound (remix-i18next would make and load an instance each time). */
i18next.getFixedT = (async (
  requestOrLocale: Request | string,
  namespaces?: string | readonly string[],
  options: { keyPrefix?: string } = {},
) => {
  if (
    process.env.NODE_ENV !== "production" ||
    Object.keys(options).some((key) => key !== "keyPrefix")
  ) {
    return getFixedT(requestOrLocale as never, namespaces as never, options as never);
  }
  const locale =
    typeof requestOrLocale === "string"
      ? requestOrLocale
      : await i18next.getLocale(requestOrLocale);
  const instance = await i18nInstance(locale, []);
  return instance.getFixedT(locale, namespaces as string[] | undefined, options.keyPrefix);
}) as typeof i18next.getFixedT;

export default i18next;
