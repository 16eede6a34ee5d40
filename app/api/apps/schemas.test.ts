import { describe, expect, it } from "vitest";
import { appVersionInput } from "./schemas";

describe("request shape", () => {
  it("reads nulls as empty and keeps the listing optional", () => {
    const parsed = appVersionInput.parse({
      id: "x",
      details: { name: null, countryCode: "AU", categoryId: 1, appType: 0, description: "d" },
      extra: "ignored",
    });
    expect(parsed.details.name).toBe("");
    expect(parsed.marketplace).toBeUndefined();
    const withListing = appVersionInput.parse({
      details: {},
      marketplace: { detail: { description: null }, promo: { banners: null } },
    });
    expect(withListing.marketplace?.promo.banners).toEqual([]);
    expect(withListing.marketplace?.visibility).toBe(true);
    expect(appVersionInput.safeParse({ details: { name: 5 } }).success).toBe(false);
  });

  it("refuses text the database cannot store and numbers an integer column cannot hold", () => {
    const paths = (input: unknown) => {
      const result = appVersionInput.safeParse(input);
      return result.success
        ? []
        : [...new Set(result.error.issues.map((issue) => issue.path.join(".")))];
    };
    expect(paths({ details: { name: "a\u0000" } })).toEqual(["details.name"]);
    expect(
      paths({
        details: {},
        marketplace: { legal: { copyright: "\ud800" }, promo: { banners: [{ id: "\u0000" }] } },
      }),
    ).toEqual(["marketplace.legal.copyright", "marketplace.promo.banners.0.id"]);
    for (const categoryId of [2147483648, -1, 1.5, 1e300])
      expect(paths({ details: { categoryId } }), String(categoryId)).toEqual([
        "details.categoryId",
      ]);
    expect(paths({ details: { categoryId: 2147483647, appType: 0 } })).toEqual([]);
  });
});
