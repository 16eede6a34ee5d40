/** The pure parts of the app list's components: dialog links, platform icons (the duplicate form's rules: ~/forms/duplicate-app.test.ts). */
import { describe, expect, it } from "vitest";
import { keepPageForDialogs, pageSearch } from "~/lib/page-action";
import { platformIcons } from "./PlatformIcons";

describe("pageSearch", () => {
  it("keeps the page's own query and drops dialog parameters and Remix's markers", () => {
    expect(
      pageSearch(
        "?index&country=AU&archived=-1&confirm=delete&app=x&duplicate=y&_data=z",
      ).toString(),
    ).toBe("country=AU&archived=-1");
    expect(pageSearch("").toString()).toBe("");
  });
});

describe("keepPageForDialogs", () => {
  const decide = (from: string, to: string, formMethod?: "GET" | "POST") =>
    keepPageForDialogs({
      currentUrl: new URL(from, "http://console.test"),
      nextUrl: new URL(to, "http://console.test"),
      formMethod,
      defaultShouldRevalidate: true,
    } as Parameters<typeof keepPageForDialogs>[0]);

  it("keeps the page when only a dialog opens or closes", () => {
    expect(
      decide("/en-AU/apps?sort=name-asc", "/en-AU/apps?sort=name-asc&confirm=delete&app=x"),
    ).toBe(false);
    expect(decide("/en-AU/apps?duplicate=y", "/en-AU/apps")).toBe(false);
  });

  it("loads again for the page's own query, another page, the same URL and a post", () => {
    expect(decide("/en-AU/apps?sort=name-asc", "/en-AU/apps?sort=name-desc")).toBe(true);
    expect(decide("/en-AU/apps", "/en-AU/apps/group/g?confirm=archive")).toBe(true);
    expect(decide("/en-AU/apps", "/en-AU/apps")).toBe(true);
    expect(decide("/en-AU/apps?confirm=delete&app=x", "/en-AU/apps", "POST")).toBe(true);
  });
});

describe("platformIcons", () => {
  it("shows desktop, web and reporting in that order, and the connector icon for appType 1", () => {
    expect(platformIcons(["reporting", "mobile", "desktop"], 0)).toEqual(["desktop", "reporting"]);
    expect(platformIcons([], 1)).toEqual(["connector"]);
    expect(platformIcons(["web"], 1)).toEqual(["web", "connector"]);
  });
});
