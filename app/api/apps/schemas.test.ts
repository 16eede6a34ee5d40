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
    const withListing = appVersionInput.parse({ details: {}, marketplace: { detail: { description: null }, promo: { banners: null } } });
    expect(withListing.marketplace?.promo.banners).toEqual([]);
    expect(withListing.marketplace?.visibility).toBe(true);
    expect(appVersionInput.safeParse({ details: { name: 5 } }).success).toBe(false);
  });
});

