/** Languages of the console: en-AU is the default and fallback. */
export const LANGUAGES = ["en-AU", "nl-NL"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en-AU";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

export const i18nConfig = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: "common",
  ns: ["common"],
  react: { useSuspense: false },
  interpolation: { escapeValue: false },
};

/** A path segment that looks like a language tag (en, en-AU, nl_nl...). */
export const LANGUAGE_LIKE = /^[a-z]{2}([-_][a-z]{2})?$/i;

/** The best supported language in an Accept-Language header. */
export function languageFromHeader(header: string | null | undefined): Language | undefined {
  return bestLanguage(header, LANGUAGES);
}

/**
 * The best of `available` for an Accept-Language header: by the header's order of preference,
 * a tag itself, else one of the same base language (`nl-BE` takes `nl-NL`).
 */
export function bestLanguage<T extends string>(
  header: string | null | undefined,
  available: readonly T[],
): T | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const exact = available.find((lang) => lang.toLowerCase() === tag);
    if (exact) return exact;
    const base = available.find((lang) => lang.toLowerCase().split("-")[0] === tag.split("-")[0]);
    if (base) return base;
  }
  return undefined;
}

/**
 * i18next works out a language's hierarchy (its code, base language and fallbacks) again on
 * every translation, the hottest part of rendering (and hydrating) a long page: here it is worked out once per
 * instance and language. The options that decide it are fixed when the instance is made.
 */
export function withKnownHierarchy<
  T extends {
    services: {
      languageUtils: {
        toResolveHierarchy(code: string, fallbackCode?: unknown): readonly string[];
      };
    };
  },
>(instance: T): T {
  const utils = instance.services.languageUtils;
  const resolve = utils.toResolveHierarchy.bind(utils);
  const known = new Map<string, readonly string[]>();
  utils.toResolveHierarchy = (code, fallbackCode) => {
    if (fallbackCode !== undefined || typeof code !== "string") return resolve(code, fallbackCode);
    let found = known.get(code);
    if (!found) {
      found = [...resolve(code)];
      known.set(code, found);
    }
    // A copy: callers may change the list they get.
    return found.slice();
  };
  return instance;
}
