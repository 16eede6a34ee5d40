/**
 * The app list's filters and sort: country (several, or all), archive
 * state (all -1, current 0 by default, archived 1) and sort order, remembered between visits.
 *
 * The spec keeps them in the browser's local storage; we keep them in a cookie instead, so
 * that the server renders the list already filtered, with JavaScript or without. The URL
 * wins: a list URL that names any filter (`country`, `archived`, `sort`, as the filter form
 * sends them) is applied and remembered; a bare `/apps` uses the remembered values.
 *
 * URL form (a GET form, so it works without JS):
 *   country=AU&country=UK   some countries; none, or only `country=all`, means every country.
 *                           A country ticked wins over All: without JS a person ticks United
 *                           Kingdom and applies, All still ticked, and means United Kingdom
 *                           (with JS, ticking a country unticks All, and All the countries).
 *   archived=-1|0|1         all, current (default), archived
 *   sort=recent|name-asc|name-desc
 *
 * Filtering and sorting happen here, in the console's server: `GET apps` answers all of
 * the company's apps.
 */

import * as z from "zod";
import { ARCHIVE_FILTERS, filterByArchived } from "~/api/apps/status";
import { consoleCookie } from "~/session.server";

export const LIST_SORTS = ["recent", "name-asc", "name-desc"] as const;
export type ListSort = (typeof LIST_SORTS)[number];

export const ARCHIVE_FILTER_VALUES = [
  ARCHIVE_FILTERS.all,
  ARCHIVE_FILTERS.current,
  ARCHIVE_FILTERS.archived,
] as const;
export type ArchiveFilter = (typeof ARCHIVE_FILTER_VALUES)[number];

/** The value of the country filter's All option. */
export const ALL_COUNTRIES = "all";

/** The URL parameters of the filter form. */
export const FILTER_PARAMS = ["country", "archived", "sort"] as const;

export interface ListPreferences {
  /** Country codes to show; empty means every country. */
  countries: string[];
  archived: ArchiveFilter;
  sort: ListSort;
}

export const DEFAULT_PREFERENCES: ListPreferences = {
  countries: [],
  archived: ARCHIVE_FILTERS.current,
  sort: "recent",
};

const COUNTRY_CODE = /^[A-Z]{2,3}$/;
/** More than every country there is; a longer list is cut. */
const MAX_COUNTRIES = 20;

/** The countries named; All, with or without countries, adds none (no country is every country). */
function parseCountries(values: readonly unknown[]): string[] {
  const codes = values
    .filter((v): v is string => typeof v === "string")
    .map((v) => v.trim().toUpperCase());
  return [
    ...new Set(
      codes.filter((code) => code !== ALL_COUNTRIES.toUpperCase() && COUNTRY_CODE.test(code)),
    ),
  ].slice(0, MAX_COUNTRIES);
}

function parseArchived(value: unknown): ArchiveFilter {
  const n =
    typeof value === "number"
      ? value
      : typeof value === "string" && /^-?\d$/.test(value.trim())
        ? Number(value)
        : NaN;
  return (ARCHIVE_FILTER_VALUES as readonly number[]).includes(n)
    ? (n as ArchiveFilter)
    : DEFAULT_PREFERENCES.archived;
}

function parseSort(value: unknown): ListSort {
  return (LIST_SORTS as readonly unknown[]).includes(value)
    ? (value as ListSort)
    : DEFAULT_PREFERENCES.sort;
}

/**
 * The preferences a list URL names; undefined when it names none (then the remembered
 * ones apply). Unknown or malformed values fall back to the defaults: never an error.
 */
export function preferencesFromSearch(params: URLSearchParams): ListPreferences | undefined {
  if (!FILTER_PARAMS.some((name) => params.has(name))) return undefined;
  return {
    countries: parseCountries(params.getAll("country")),
    archived: parseArchived(params.get("archived")),
    sort: parseSort(params.get("sort")),
  };
}

/** The canonical query of some preferences (as the filter form would send them). */
export function preferencesToSearch(preferences: ListPreferences): URLSearchParams {
  const params = new URLSearchParams();
  if (preferences.countries.length === 0) params.append("country", ALL_COUNTRIES);
  for (const code of preferences.countries) params.append("country", code);
  params.set("archived", String(preferences.archived));
  params.set("sort", preferences.sort);
  return params;
}

const stored = z.object({
  countries: z.array(z.unknown()).optional(),
  archived: z.unknown(),
  sort: z.unknown(),
});

/** Preferences from the cookie's value; the defaults for anything else. */
export function preferencesFromCookie(value: unknown): ListPreferences {
  const parsed = stored.safeParse(value);
  if (!parsed.success) return { ...DEFAULT_PREFERENCES };
  return {
    countries: parseCountries(parsed.data.countries ?? []),
    archived: parseArchived(parsed.data.archived),
    sort: parseSort(parsed.data.sort),
  };
}

export const listPreferencesCookie = consoleCookie("console_app_list", {
  maxAge: 60 * 60 * 24 * 365,
});

const samePreferences = (a: ListPreferences, b: ListPreferences) =>
  a.archived === b.archived && a.sort === b.sort && a.countries.join(",") === b.countries.join(",");

/**
 * The preferences of a list request, and the Set-Cookie header that remembers them when
 * the URL changed them (the loader adds it with `context.appendSetCookie`).
 */
export async function listPreferences(
  request: Request,
): Promise<{ preferences: ListPreferences; setCookie?: string }> {
  const remembered = preferencesFromCookie(
    await listPreferencesCookie.parse(request.headers.get("Cookie")),
  );
  const asked = preferencesFromSearch(new URL(request.url).searchParams);
  if (!asked) return { preferences: remembered };
  if (samePreferences(asked, remembered)) return { preferences: asked };
  return { preferences: asked, setCookie: await listPreferencesCookie.serialize(asked) };
}

// ---------------------------------------------------------------------------
// Applying them (pure)
// ---------------------------------------------------------------------------

interface Listable {
  name: string;
  countryCode: string;
  isArchived: boolean;
  lastModifiedDate: string;
}

/** The items the preferences show, in their order. `language` orders names as people of that language expect. */
export function applyPreferences<T extends Listable>(
  items: readonly T[],
  preferences: ListPreferences,
  language: string,
): T[] {
  const countries = new Set(preferences.countries);
  const shown = filterByArchived(items, preferences.archived).filter(
    (item) => countries.size === 0 || countries.has(item.countryCode.toUpperCase()),
  );
  const collator = new Intl.Collator(language, { sensitivity: "base", numeric: true });
  const byName = (a: T, b: T) => collator.compare(a.name, b.name);
  const byRecent = (a: T, b: T) =>
    Date.parse(b.lastModifiedDate) - Date.parse(a.lastModifiedDate) || byName(a, b);
  switch (preferences.sort) {
    case "name-asc":
      return shown.sort((a, b) => byName(a, b) || byRecent(a, b));
    case "name-desc":
      return shown.sort((a, b) => byName(b, a) || byRecent(a, b));
    default:
      return shown.sort(byRecent);
  }
}
