import { describe, expect, it } from "vitest";
import {
  ACTIONS_BY_STATUS,
  APP_LIMITS,
  STATUS_COLOURS,
  VERSION_STATUS,
  VERSION_STATUS_NAMES,
  appVersionInput,
  canArchive,
  canDelete,
  checkListingImage,
  fieldLimit,
  filterByArchived,
  formatVersion,
  isEditable,
  isHttpUrl,
  overviewPlainText,
  parseVersion,
  prefixErrors,
  ruleMessage,
  showCardMenu,
  statusColour,
  statusName,
  validateDetails,
  validateDuplicate,
  validateMarketplace,
  versionActions,
  withoutRegionalInfo,
  type MarketplaceValues,
} from "./apps";

const S = VERSION_STATUS;
const v = (...codes: number[]) => codes.map((statusCode) => ({ statusCode }));

describe("version status codes", () => {
  it("names every code of the spec table", () => {
    expect(VERSION_STATUS_NAMES).toHaveLength(14);
    expect(statusName(0)).toBe("Sandbox");
    expect(statusName(113)).toBe("BetaToLiveAwaitingReview");
    expect(statusName(310)).toBe("BetaPaused");
    expect(statusName(999)).toBe("Unknown");
  });

  it("groups the badge colours as the spec says", () => {
    const by = (colour: string) => VERSION_STATUS_NAMES.filter((name) => STATUS_COLOURS[name] === colour).sort();
    expect(by("info")).toEqual(["AwaitingReview", "BetaAwaitingReview", "BetaToLiveAwaitingReview", "Sandbox"]);
    expect(by("warning")).toEqual(["BetaPaused", "BetaQueuedForLive", "Paused", "QueuedForBeta", "QueuedForLive"]);
    expect(by("success")).toEqual(["Beta", "Live"]);
    expect(by("danger")).toEqual(["BetaRejected", "Rejected"]);
    expect(by("error")).toEqual(["Archived"]);
    expect(statusColour(S.Live)).toBe("success");
  });
});

describe("actions by status", () => {
  it("follows the table of spec 01 section 4", () => {
    expect(versionActions(S.Sandbox)).toEqual(["submit", "duplicate", "preview"]);
    expect(versionActions(S.Beta)).toEqual(["submitToLive", "pause", "duplicate", "preview"]);
    expect(versionActions(S.Live)).toEqual(["pause", "duplicate", "preview"]);
    expect(versionActions(S.BetaQueuedForLive)).toEqual(["pushToLive", "rollbackToBeta", "duplicate", "preview"]);
    expect(versionActions(S.QueuedForBeta)).toEqual(["pushToBeta", "archive", "duplicate", "preview"]);
    for (const name of ["AwaitingReview", "BetaAwaitingReview", "BetaToLiveAwaitingReview"] as const) {
      expect(ACTIONS_BY_STATUS[name]).toEqual(["withdraw"]);
    }
    for (const name of ["Rejected", "BetaRejected", "QueuedForLive", "QueuedForBeta", "Paused", "BetaPaused"] as const) {
      expect(ACTIONS_BY_STATUS[name]).toContain("archive");
    }
    expect(ACTIONS_BY_STATUS.Paused).toContain("unpause");
  });

  it("hides the preview for app level 3 only", () => {
    expect(versionActions(S.Sandbox, { appLevel: 3 })).toEqual(["submit", "duplicate"]);
    expect(versionActions(S.Sandbox, { appLevel: 1 })).toContain("preview");
  });
});

describe("rules of the app's state", () => {
  it("edits only Sandbox, Rejected and BetaRejected versions of a current app", () => {
    for (const code of Object.values(S)) {
      const expected = code === S.Sandbox || code === S.Rejected || code === S.BetaRejected;
      expect(isEditable(code, false)).toBe(expected);
      expect(isEditable(code, true)).toBe(false);
    }
  });

  it("deletes only without a Live, Paused, Beta or BetaPaused version", () => {
    expect(canDelete(v(S.Sandbox, S.Rejected, S.Archived, S.QueuedForLive))).toBe(true);
    for (const code of [S.Live, S.Paused, S.Beta, S.BetaPaused]) expect(canDelete(v(S.Sandbox, code))).toBe(false);
    expect(canDelete([])).toBe(true);
  });

  it("archives and shows the card menu only without a Live version", () => {
    expect(canArchive(v(S.Beta, S.Paused, S.BetaPaused))).toBe(true);
    expect(canArchive(v(S.Sandbox, S.Live))).toBe(false);
    expect(showCardMenu(v(S.Live))).toBe(false);
    expect(showCardMenu(v(S.Beta))).toBe(true);
  });

  it("filters by archive state", () => {
    const items = [{ isArchived: true }, { isArchived: false }];
    expect(filterByArchived(items, -1)).toHaveLength(2);
    expect(filterByArchived(items, 0)).toEqual([{ isArchived: false }]);
    expect(filterByArchived(items, 1)).toEqual([{ isArchived: true }]);
  });
});

describe("version numbers", () => {
  it("shows the minor padded to three digits", () => {
    expect(formatVersion(1, 0)).toBe("1.000");
    expect(formatVersion(2, 15)).toBe("2.015");
    expect(formatVersion(3, 1234)).toBe("3.1234");
    expect(parseVersion("2.015")).toEqual({ major: 2, minor: 15 });
    expect(parseVersion("2.1")).toBeUndefined();
  });
});

const OVERVIEW = "<p>" + "An overview of the app that is long enough. ".repeat(6) + "</p>";

function listing(overrides: Partial<{ detail: object; legal: object; promo: object }> = {}): MarketplaceValues {
  return {
    detail: {
      description: OVERVIEW,
      shortDescription: "Short",
      contactEmail: "",
      websiteUrl: "https://example.com",
      supportUrl: "https://example.com/support",
      documentationUrl: "",
      appURL: "",
      ...overrides.detail,
    },
    legal: { privacyPolicyUrl: "https://example.com/privacy", termsOfServiceUrl: "http://example.com/terms", ...overrides.legal },
    promo: { appIcon: { id: "icon" }, banners: [], screenshots: [], youtubeUrl: "", ...overrides.promo },
  };
}

describe("marketplace validation", () => {
  it("passes a complete listing", () => {
    expect(validateMarketplace(listing(), { appType: 0 })).toEqual({});
  });

  it("counts the overview on trimmed plain text: 200 to 10,000", () => {
    const of = (html: string) => validateMarketplace(listing({ detail: { description: html } }), { appType: 0 })["detail.description"];
    expect(of("")).toBe("required");
    expect(of("<p> </p>")).toBe("required");
    expect(of(`<p><strong>${"a".repeat(199)}</strong></p>`)).toBe("tooShort");
    expect(of(`   <p>${"a".repeat(200)}</p>   `)).toBeUndefined();
    expect(of(`<h1>${"a".repeat(10_000)}</h1>`)).toBeUndefined();
    expect(of(`<h1>${"a".repeat(10_001)}</h1>`)).toBe("tooLong");
    // Entities count as the character they stand for.
    expect(overviewPlainText("<p>a &amp; b&#33;</p>")).toBe("a & b!");
  });

  it("limits the short overview to 115", () => {
    expect(validateMarketplace(listing({ detail: { shortDescription: "x".repeat(115) } }), { appType: 0 })).toEqual({});
    expect(validateMarketplace(listing({ detail: { shortDescription: "x".repeat(116) } }), { appType: 0 })).toEqual({
      "detail.shortDescription": "tooLong",
    });
  });

  it("requires the contact email of a connector and checks it when filled", () => {
    expect(validateMarketplace(listing(), { appType: 1 })).toEqual({ "detail.contactEmail": "required" });
    expect(validateMarketplace(listing({ detail: { contactEmail: "not-an-email" } }), { appType: 0 })).toEqual({
      "detail.contactEmail": "invalidEmail",
    });
    const long = `${"a".repeat(250)}@example.com`;
    expect(validateMarketplace(listing({ detail: { contactEmail: long } }), { appType: 0 })).toEqual({ "detail.contactEmail": "tooLong" });
    expect(validateMarketplace(listing({ detail: { contactEmail: " dev@example.com " } }), { appType: 1 })).toEqual({});
  });

  it("requires website, support, privacy and terms URLs with http or https", () => {
    const errors = validateMarketplace(
      listing({ detail: { websiteUrl: "", supportUrl: "example.com" }, legal: { privacyPolicyUrl: "javascript:alert(1)", termsOfServiceUrl: "ftp://x.y" } }),
      { appType: 0 },
    );
    expect(errors).toEqual({
      "detail.websiteUrl": "required",
      "detail.supportUrl": "invalidUrl",
      "legal.privacyPolicyUrl": "invalidUrl",
      "legal.termsOfServiceUrl": "invalidUrl",
    });
  });

  it("accepts empty documentation, video and app URLs but checks them when filled", () => {
    const errors = validateMarketplace(
      listing({ detail: { documentationUrl: "docs", appURL: "//evil.example" }, promo: { youtubeUrl: "javascript://x%0aalert(1)" } }),
      { appType: 0 },
    );
    expect(errors).toEqual({ "detail.documentationUrl": "invalidUrl", "detail.appURL": "invalidUrl", "promo.youtubeUrl": "invalidUrl" });
    expect(isHttpUrl("https://www.youtube.com/watch?v=abc")).toBe(true);
    expect(isHttpUrl("https://")).toBe(false);
    expect(isHttpUrl("https://exa mple.com")).toBe(false);
  });

  it("requires the icon and holds screenshots and banners to 8", () => {
    const nine = Array.from({ length: 9 }, (_, i) => ({ id: String(i) }));
    const errors = validateMarketplace(listing({ promo: { appIcon: null, screenshots: nine, banners: nine } }), { appType: 0 });
    expect(errors).toEqual({ "promo.appIcon": "required", "promo.screenshots": "tooMany", "promo.banners": "tooMany" });
    expect(validateMarketplace(listing({ promo: { screenshots: nine.slice(1) } }), { appType: 0 })).toEqual({});
  });
});

describe("listing images", () => {
  const png = (width: number, height: number, fileSize = 1000) => ({ contentType: "image/png", width, height, fileSize });
  const svg = (width: number, height: number) => ({ contentType: "image/svg+xml", width, height, fileSize: 1000 });

  it("wants an icon of exactly 256x256 and at most 400 KB", () => {
    expect(checkListingImage("icon", png(256, 256), { allowSvg: false })).toBeUndefined();
    expect(checkListingImage("icon", png(256, 255), { allowSvg: false })).toBe("imageSizeInvalid");
    expect(checkListingImage("icon", png(256, 256, 400 * 1024 + 1), { allowSvg: false })).toBe("sizeGreater400KB");
    expect(checkListingImage("icon", { contentType: "image/jpeg", width: 256, height: 256, fileSize: 1 }, { allowSvg: true })).toBe(
      "imageTypeInvalid",
    );
  });

  it("takes an SVG of the right ratio only where SVG is allowed", () => {
    expect(checkListingImage("icon", svg(512, 512), { allowSvg: true })).toBeUndefined();
    expect(checkListingImage("icon", svg(512, 512), { allowSvg: false })).toBe("imageTypeInvalid");
    expect(checkListingImage("icon", svg(512, 300), { allowSvg: true })).toBe("imageSizeInvalid");
    expect(checkListingImage("banner", svg(1410, 480), { allowSvg: true })).toBeUndefined();
  });

  it("wants banners of exactly 1410x480 and at most 800 KB", () => {
    expect(checkListingImage("banner", png(1410, 480), { allowSvg: false })).toBeUndefined();
    expect(checkListingImage("banner", png(1200, 480), { allowSvg: false })).toBe("imageSizeInvalid");
    expect(checkListingImage("banner", png(1410, 480, 800 * 1024 + 1), { allowSvg: false })).toBe("sizeGreater800KB");
  });

  it("takes PNG or JPEG screenshots of any size up to 800 KB", () => {
    expect(checkListingImage("screenshot", png(1200, 480), { allowSvg: false })).toBeUndefined();
    expect(checkListingImage("screenshot", { contentType: "image/jpeg", width: 10, height: 10, fileSize: 800 * 1024 }, { allowSvg: false })).toBeUndefined();
    expect(checkListingImage("screenshot", png(10, 10, 800 * 1024 + 1), { allowSvg: false })).toBe("sizeGreater800KB");
    expect(checkListingImage("screenshot", svg(10, 10), { allowSvg: true })).toBe("imageTypeInvalid");
  });
});

describe("details and duplicate validation", () => {
  it("requires category, name, description, country and the app type", () => {
    expect(validateDetails({})).toEqual({
      categoryId: "required",
      name: "required",
      appType: "required",
      description: "required",
      countryCode: "required",
    });
    expect(validateDetails({ categoryId: 0, name: " ", appType: 2, description: "d", countryCode: "AU" })).toEqual({
      categoryId: "required",
      name: "required",
      appType: "invalidAppType",
    });
  });

  it("holds the description to 450 characters after trimming", () => {
    const base = { categoryId: 1, name: "App", appType: 0, countryCode: "AU" };
    expect(validateDetails({ ...base, description: ` ${"d".repeat(450)} ` })).toEqual({});
    expect(validateDetails({ ...base, description: "d".repeat(451) })).toEqual({ description: "tooLong" });
  });

  it("requires a new name and a country to duplicate", () => {
    expect(validateDuplicate({ appName: "", countryCode: null })).toEqual({ appName: "required", countryCode: "required" });
    expect(validateDuplicate({ appName: "Copy", countryCode: "UK" })).toEqual({});
  });
});

describe("messages", () => {
  it("words every key with the field's limit", () => {
    expect(ruleMessage("details.description", "tooLong")).toBe("must be at most 450 characters");
    expect(ruleMessage("marketplace.detail.description", "tooShort")).toBe("must be 200 to 10000 characters of text");
    expect(ruleMessage("marketplace.detail.shortDescription", "tooLong")).toBe("must be at most 115 characters");
    expect(ruleMessage("marketplace.promo.screenshots", "tooMany")).toBe("must hold at most 8 images");
    expect(ruleMessage("marketplace.promo.appIcon", "sizeGreater400KB")).toBe("File size greater than 400KB");
    expect(ruleMessage("x", "imageSizeInvalid")).toBe("Image size invalid");
    expect(fieldLimit("marketplace.detail.websiteUrl")).toEqual({ max: APP_LIMITS.urlMax });
    expect(prefixErrors("details", { name: "required" })).toEqual({ "details.name": "required" });
  });
});

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

describe("duplicating a platform schema", () => {
  it("drops matter types and regional info from every visibility, nothing else", () => {
    const document = {
      type: "desktop",
      views: [
        {
          id: "matter",
          visibility: { matterTypes: ["a"], states: [{ name: "NSW" }], location: [{ root: "r" }], cardType: ["People"] },
          buttons: [{ name: "Go", visibility: { matterTypes: ["b"], entityType: 1 } }],
        },
      ],
      matterTypes: "kept outside a visibility",
    };
    expect(withoutRegionalInfo(document)).toEqual({
      type: "desktop",
      views: [{ id: "matter", visibility: { cardType: ["People"] }, buttons: [{ name: "Go", visibility: { entityType: 1 } }] }],
      matterTypes: "kept outside a visibility",
    });
    expect(document.views[0].visibility.matterTypes).toEqual(["a"]);
  });
});
