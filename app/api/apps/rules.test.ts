import { describe, expect, it } from "vitest";
import * as z from "zod";
import { regexes } from "zod/v4/core";
import { withoutRegionalInfo } from "./duplicate";
import {
  checkListingImage,
  EMAIL_PATTERN,
  formatVersion,
  isEmail,
  isHttpUrl,
  type MarketplaceValues,
  overviewPlainText,
  parseVersion,
  validateDetails,
  validateDuplicate,
  validateMarketplace,
} from "./rules";

describe("version numbers", () => {
  it("shows the minor padded to three digits", () => {
    expect(formatVersion(1, 0)).toBe("1.000");
    expect(formatVersion(2, 15)).toBe("2.015");
    expect(formatVersion(3, 1234)).toBe("3.1234");
    expect(parseVersion("2.015")).toEqual({ major: 2, minor: 15 });
    expect(parseVersion("2.1")).toBeUndefined();
  });
});

describe("isEmail", () => {
  it("is zod's email pattern", () => {
    expect(EMAIL_PATTERN.source).toBe(regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(regexes.email.flags);
  });

  it("takes what z.email() takes", () => {
    const email = z.email();
    for (const value of [
      "dev@example.com",
      "a.b+c@sub.example.co",
      "nope",
      "a@b",
      "a@@example.com",
      ".a@example.com",
      "a@example.c",
      " dev@example.com",
      "dev@exa_mple.com",
    ]) {
      expect(isEmail(value), value).toBe(email.safeParse(value).success);
    }
  });
});

const OVERVIEW = `<p>${"An overview of the app that is long enough. ".repeat(6)}</p>`;

function listing(
  overrides: Partial<{ detail: object; legal: object; promo: object }> = {},
): MarketplaceValues {
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
    legal: {
      privacyPolicyUrl: "https://example.com/privacy",
      termsOfServiceUrl: "http://example.com/terms",
      ...overrides.legal,
    },
    promo: {
      appIcon: { id: "icon" },
      banners: [],
      screenshots: [],
      youtubeUrl: "",
      ...overrides.promo,
    },
  };
}

describe("marketplace validation", () => {
  it("passes a complete listing", () => {
    expect(validateMarketplace(listing(), { appType: 0 })).toEqual({});
  });

  it("counts the overview on trimmed plain text: 200 to 10,000", () => {
    const of = (html: string) =>
      validateMarketplace(listing({ detail: { description: html } }), { appType: 0 })[
        "detail.description"
      ];
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
    expect(
      validateMarketplace(listing({ detail: { shortDescription: "x".repeat(115) } }), {
        appType: 0,
      }),
    ).toEqual({});
    expect(
      validateMarketplace(listing({ detail: { shortDescription: "x".repeat(116) } }), {
        appType: 0,
      }),
    ).toEqual({
      "detail.shortDescription": "tooLong",
    });
  });

  it("requires the contact email of a connector and checks it when filled", () => {
    expect(validateMarketplace(listing(), { appType: 1 })).toEqual({
      "detail.contactEmail": "required",
    });
    expect(
      validateMarketplace(listing({ detail: { contactEmail: "not-an-email" } }), { appType: 0 }),
    ).toEqual({
      "detail.contactEmail": "invalidEmail",
    });
    const long = `${"a".repeat(250)}@example.com`;
    expect(
      validateMarketplace(listing({ detail: { contactEmail: long } }), { appType: 0 }),
    ).toEqual({ "detail.contactEmail": "tooLong" });
    expect(
      validateMarketplace(listing({ detail: { contactEmail: " dev@example.com " } }), {
        appType: 1,
      }),
    ).toEqual({});
  });

  it("requires website, support, privacy and terms URLs with http or https", () => {
    const errors = validateMarketplace(
      listing({
        detail: { websiteUrl: "", supportUrl: "example.com" },
        legal: { privacyPolicyUrl: "javascript:alert(1)", termsOfServiceUrl: "ftp://x.y" },
      }),
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
      listing({
        detail: { documentationUrl: "docs", appURL: "//evil.example" },
        promo: { youtubeUrl: "javascript://x%0aalert(1)" },
      }),
      { appType: 0 },
    );
    expect(errors).toEqual({
      "detail.documentationUrl": "invalidUrl",
      "detail.appURL": "invalidUrl",
      "promo.youtubeUrl": "invalidUrl",
    });
    expect(isHttpUrl("https://www.youtube.com/watch?v=abc")).toBe(true);
    expect(isHttpUrl("https://")).toBe(false);
    expect(isHttpUrl("https://exa mple.com")).toBe(false);
  });

  it("requires the icon and holds screenshots and banners to 8", () => {
    const nine = Array.from({ length: 9 }, (_, i) => ({ id: String(i) }));
    const errors = validateMarketplace(
      listing({ promo: { appIcon: null, screenshots: nine, banners: nine } }),
      { appType: 0 },
    );
    expect(errors).toEqual({
      "promo.appIcon": "required",
      "promo.screenshots": "tooMany",
      "promo.banners": "tooMany",
    });
    expect(
      validateMarketplace(listing({ promo: { screenshots: nine.slice(1) } }), { appType: 0 }),
    ).toEqual({});
  });
});

describe("listing images", () => {
  const png = (width: number, height: number, fileSize = 1000) => ({
    contentType: "image/png",
    width,
    height,
    fileSize,
  });
  const svg = (width: number, height: number) => ({
    contentType: "image/svg+xml",
    width,
    height,
    fileSize: 1000,
  });

  it("wants an icon of exactly 256x256 and at most 400 KB", () => {
    expect(checkListingImage("icon", png(256, 256), { allowSvg: false })).toBeUndefined();
    expect(checkListingImage("icon", png(256, 255), { allowSvg: false })).toBe("imageSizeInvalid");
    expect(checkListingImage("icon", png(256, 256, 400 * 1024 + 1), { allowSvg: false })).toBe(
      "sizeGreater400KB",
    );
    expect(
      checkListingImage(
        "icon",
        { contentType: "image/jpeg", width: 256, height: 256, fileSize: 1 },
        { allowSvg: true },
      ),
    ).toBe("imageTypeInvalid");
  });

  it("takes an SVG of the right ratio only where SVG is allowed", () => {
    expect(checkListingImage("icon", svg(512, 512), { allowSvg: true })).toBeUndefined();
    expect(checkListingImage("icon", svg(512, 512), { allowSvg: false })).toBe("imageTypeInvalid");
    expect(checkListingImage("icon", svg(512, 300), { allowSvg: true })).toBe("imageSizeInvalid");
    expect(checkListingImage("banner", svg(1410, 480), { allowSvg: true })).toBeUndefined();
  });

  it("wants banners of exactly 1410x480 and at most 800 KB", () => {
    expect(checkListingImage("banner", png(1410, 480), { allowSvg: false })).toBeUndefined();
    expect(checkListingImage("banner", png(1200, 480), { allowSvg: false })).toBe(
      "imageSizeInvalid",
    );
    expect(checkListingImage("banner", png(1410, 480, 800 * 1024 + 1), { allowSvg: false })).toBe(
      "sizeGreater800KB",
    );
  });

  it("takes PNG or JPEG screenshots of any size up to 800 KB", () => {
    expect(checkListingImage("screenshot", png(1200, 480), { allowSvg: false })).toBeUndefined();
    expect(
      checkListingImage(
        "screenshot",
        { contentType: "image/jpeg", width: 10, height: 10, fileSize: 800 * 1024 },
        { allowSvg: false },
      ),
    ).toBeUndefined();
    expect(checkListingImage("screenshot", png(10, 10, 800 * 1024 + 1), { allowSvg: false })).toBe(
      "sizeGreater800KB",
    );
    expect(checkListingImage("screenshot", svg(10, 10), { allowSvg: true })).toBe(
      "imageTypeInvalid",
    );
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
    expect(
      validateDetails({
        categoryId: 0,
        name: " ",
        appType: 2,
        description: "d",
        countryCode: "AU",
      }),
    ).toEqual({
      categoryId: "required",
      name: "required",
      appType: "invalidAppType",
    });
  });

  it("holds the description to 450 characters after trimming", () => {
    const base = { categoryId: 1, name: "App", appType: 0, countryCode: "AU" };
    expect(validateDetails({ ...base, description: ` ${"d".repeat(450)} ` })).toEqual({});
    expect(validateDetails({ ...base, description: "d".repeat(451) })).toEqual({
      description: "tooLong",
    });
  });

  it("requires a new name and a country to duplicate", () => {
    expect(validateDuplicate({ appName: "", countryCode: null })).toEqual({
      appName: "required",
      countryCode: "required",
    });
    expect(validateDuplicate({ appName: "Copy", countryCode: "UK" })).toEqual({});
  });
});

describe("text the database cannot store", () => {
  it("is invalidCharacters in every text of the details and the duplicate, over the other rules", () => {
    const base = { categoryId: 1, name: "App", appType: 0, description: "d", countryCode: "AU" };
    expect(
      validateDetails({
        ...base,
        name: "A\u0000pp",
        description: "\ud800",
        countryCode: "A\u0000",
      }),
    ).toEqual({
      name: "invalidCharacters",
      description: "invalidCharacters",
      countryCode: "invalidCharacters",
    });
    expect(validateDetails({ ...base, name: `${"n".repeat(200)}\u0000` })).toEqual({
      name: "invalidCharacters",
    });
    expect(validateDuplicate({ appName: "Copy \udc00", countryCode: "UK\u0000" })).toEqual({
      appName: "invalidCharacters",
      countryCode: "invalidCharacters",
    });
  });

  it("is invalidCharacters in every text of the listing and in an image id", () => {
    const texts = {
      detail: [
        "appURL",
        "description",
        "shortDescription",
        "contactEmail",
        "features",
        "keywords",
        "supportUrl",
        "websiteUrl",
        "documentationUrl",
      ],
      legal: [
        "copyright",
        "privacyPolicy",
        "privacyPolicyUrl",
        "termsOfService",
        "termsOfServiceUrl",
      ],
      promo: ["youtubeUrl"],
    } as const;
    for (const [section, names] of Object.entries(texts)) {
      for (const name of names) {
        const errors = validateMarketplace(
          listing({ [section]: { [name]: "https://example.com/\u0000" } }),
          { appType: 0 },
        );
        expect(errors, `${section}.${name}`).toEqual({
          [`${section}.${name}`]: "invalidCharacters",
        });
      }
    }
    const images = validateMarketplace(
      listing({
        promo: {
          appIcon: { id: "\ud800" },
          banners: [{ id: "b" }, { id: "b\u0000" }],
          screenshots: [{ id: "\udc00" }],
        },
      }),
      { appType: 0 },
    );
    expect(images).toEqual({
      "promo.appIcon": "invalidCharacters",
      "promo.banners": "invalidCharacters",
      "promo.screenshots": "invalidCharacters",
    });
  });
});

describe("duplicating a platform schema", () => {
  it("drops matter types and regional info from every visibility, nothing else", () => {
    const document = {
      type: "desktop",
      views: [
        {
          id: "matter",
          visibility: {
            matterTypes: ["a"],
            states: [{ name: "NSW" }],
            location: [{ root: "r" }],
            cardType: ["People"],
          },
          buttons: [{ name: "Go", visibility: { matterTypes: ["b"], entityType: 1 } }],
        },
      ],
      matterTypes: "kept outside a visibility",
    };
    expect(withoutRegionalInfo(document)).toEqual({
      type: "desktop",
      views: [
        {
          id: "matter",
          visibility: { cardType: ["People"] },
          buttons: [{ name: "Go", visibility: { entityType: 1 } }],
        },
      ],
      matterTypes: "kept outside a visibility",
    });
    expect(document.views[0].visibility.matterTypes).toEqual(["a"]);
  });
});
