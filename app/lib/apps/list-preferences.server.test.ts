import { describe, expect, it } from "vitest";
import {
  applyPreferences,
  DEFAULT_PREFERENCES,
  type ListPreferences,
  listPreferences,
  listPreferencesCookie,
  preferencesFromCookie,
  preferencesFromSearch,
  preferencesToSearch,
} from "./list-preferences.server";

const search = (query: string) => new URLSearchParams(query);

describe("preferencesFromSearch", () => {
  it("is undefined when the URL names no filter (the remembered ones apply)", () => {
    expect(preferencesFromSearch(search(""))).toBeUndefined();
    expect(preferencesFromSearch(search("confirm=delete&app=x"))).toBeUndefined();
  });

  it("reads countries, archive state and sort", () => {
    expect(
      preferencesFromSearch(search("country=AU&country=uk&archived=1&sort=name-desc")),
    ).toEqual({
      countries: ["AU", "UK"],
      archived: 1,
      sort: "name-desc",
    });
  });

  it("treats All alone, and no country, as every country", () => {
    expect(preferencesFromSearch(search("country=all&archived=0"))?.countries).toEqual([]);
    expect(preferencesFromSearch(search("country=ALL"))?.countries).toEqual([]);
    expect(preferencesFromSearch(search("archived=-1"))?.countries).toEqual([]);
  });

  it("lets a country ticked win over All, as a form without JS sends them", () => {
    expect(preferencesFromSearch(search("country=all&country=UK&archived=0"))?.countries).toEqual([
      "UK",
    ]);
    expect(preferencesFromSearch(search("country=AU&country=all&country=nz"))?.countries).toEqual([
      "AU",
      "NZ",
    ]);
  });

  it("drops malformed and repeated countries, and falls back to the defaults for bad values", () => {
    expect(
      preferencesFromSearch(
        search("country=AU&country=AU&country=<x>&country=TOOLONG&archived=7&sort=evil"),
      ),
    ).toEqual({
      countries: ["AU"],
      archived: DEFAULT_PREFERENCES.archived,
      sort: DEFAULT_PREFERENCES.sort,
    });
    expect(preferencesFromSearch(search("archived=abc"))?.archived).toBe(0);
    expect(preferencesFromSearch(search("archived=-1"))?.archived).toBe(-1);
  });

  it("round-trips through preferencesToSearch", () => {
    const values: ListPreferences[] = [
      { countries: [], archived: -1, sort: "recent" },
      { countries: ["AU", "NZ"], archived: 1, sort: "name-asc" },
    ];
    for (const value of values)
      expect(preferencesFromSearch(preferencesToSearch(value))).toEqual(value);
  });
});

describe("preferencesFromCookie", () => {
  it.each([undefined, null, "x", 42, [], { countries: "AU" }])(
    "gives the defaults for %j",
    (value) => {
      expect(preferencesFromCookie(value)).toEqual(DEFAULT_PREFERENCES);
    },
  );
  it("keeps valid values and repairs bad ones", () => {
    expect(preferencesFromCookie({ countries: ["nz", 3], archived: 1, sort: "bad" })).toEqual({
      countries: ["NZ"],
      archived: 1,
      sort: "recent",
    });
  });
});

describe("listPreferences", () => {
  const request = (query: string, cookie?: string) =>
    new Request(`http://console.test/en-AU/apps${query}`, {
      headers: cookie ? { Cookie: cookie } : {},
    });
  const cookieOf = async (value: ListPreferences) =>
    (await listPreferencesCookie.serialize(value)).split(";")[0];

  it("uses the defaults on a first visit, without setting a cookie", async () => {
    expect(await listPreferences(request(""))).toEqual({ preferences: DEFAULT_PREFERENCES });
  });

  it("remembers what the URL asks for, and uses it on the next bare visit", async () => {
    const { preferences, setCookie } = await listPreferences(
      request("?country=UK&archived=-1&sort=name-asc"),
    );
    expect(preferences).toEqual({ countries: ["UK"], archived: -1, sort: "name-asc" });
    expect(setCookie).toMatch(
      /^console_app_list=.*; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax/,
    );
    const next = await listPreferences(request("", setCookie!.split(";")[0]));
    expect(next).toEqual({ preferences });
  });

  it("remembers the countries ticked with All, and shows them on the next bare visit", async () => {
    const { preferences, setCookie } = await listPreferences(
      request("?country=all&country=UK&archived=0&sort=recent"),
    );
    expect(preferences).toEqual({ countries: ["UK"], archived: 0, sort: "recent" });
    expect(await listPreferences(request("", setCookie!.split(";")[0]))).toEqual({ preferences });
  });

  it("sets no cookie when the URL asks for what is remembered", async () => {
    const remembered: ListPreferences = { countries: ["AU"], archived: 1, sort: "recent" };
    const result = await listPreferences(
      request("?country=AU&archived=1&sort=recent", await cookieOf(remembered)),
    );
    expect(result).toEqual({ preferences: remembered });
  });

  it("ignores a tampered cookie", async () => {
    expect((await listPreferences(request("", "console_app_list=%%%garbage"))).preferences).toEqual(
      DEFAULT_PREFERENCES,
    );
  });
});

describe("applyPreferences", () => {
  const item = (
    name: string,
    countryCode: string,
    isArchived: boolean,
    lastModifiedDate: string,
  ) => ({ name, countryCode, isArchived, lastModifiedDate });
  const items = [
    item("bravo", "AU", false, "2026-01-02T00:00:00Z"),
    item("Alpha", "UK", false, "2026-01-01T00:00:00Z"),
    item("Charlie", "US", true, "2026-01-03T00:00:00Z"),
    item("Émile", "AU", false, "2026-01-01T00:00:00Z"),
  ];
  const names = (prefs: Partial<ListPreferences>) =>
    applyPreferences(items, { ...DEFAULT_PREFERENCES, ...prefs }, "en-AU").map((i) => i.name);

  it("shows current apps, most recently updated first, by default", () => {
    expect(names({})).toEqual(["bravo", "Alpha", "Émile"]);
  });
  it("filters by archive state", () => {
    expect(names({ archived: 1 })).toEqual(["Charlie"]);
    expect(names({ archived: -1 })).toEqual(["Charlie", "bravo", "Alpha", "Émile"]);
  });
  it("filters by countries", () => {
    expect(names({ countries: ["AU"] })).toEqual(["bravo", "Émile"]);
    expect(names({ countries: ["AU", "US"], archived: -1 })).toEqual(["Charlie", "bravo", "Émile"]);
  });
  it("sorts by name either way, ignoring case and accents", () => {
    expect(names({ sort: "name-asc", archived: -1 })).toEqual([
      "Alpha",
      "bravo",
      "Charlie",
      "Émile",
    ]);
    expect(names({ sort: "name-desc", archived: -1 })).toEqual([
      "Émile",
      "Charlie",
      "bravo",
      "Alpha",
    ]);
  });
  it("does not change its input", () => {
    const copy = [...items];
    names({ sort: "name-asc" });
    expect(items).toEqual(copy);
  });
});
