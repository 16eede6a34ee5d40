import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { apiFieldRule, detailsBody, detailsSchema, fieldMessage, listingBody, listingSchema, type Translate } from "./app-editor";

/** A translate function that shows the key and its values, so tests see what was asked for. */
const t: Translate = (key, values) => (values ? `${key} ${JSON.stringify(values)}` : key);

const form = (entries: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) for (const v of [value].flat()) data.append(key, v);
  return data;
};

const context = { categoryIds: [1, 99], countryCodes: ["AU", "UK"] };

describe("fieldMessage", () => {
  it("names the field and its limits, formatted for the language", () => {
    expect(fieldMessage(t, "en-AU", "name", "required")).toBe('appEditor:errors.required {"field":"appEditor:fields.name.label","min":"0","max":"100"}');
    expect(fieldMessage(t, "nl-NL", "detail.description", "tooShort")).toBe(
      'appEditor:errors.overviewLength {"field":"appEditor:fields.detail.description.label","min":"200","max":"10.000"}',
    );
  });
});

describe("detailsSchema", () => {
  const parse = (entries: Record<string, string>, options = context) => parseWithZod(form(entries), { schema: detailsSchema(t, "en-AU", options) });

  it("asks for every field of a new app", () => {
    const result = parse({});
    expect(result.status).toBe("error");
    expect(Object.keys(result.status === "error" ? (result.error ?? {}) : {}).sort()).toEqual(["appType", "categoryId", "countryCode", "description", "name"]);
  });

  it("takes a complete new app, and its body is trimmed", () => {
    const result = parse({ categoryId: "1", name: "  App  ", appType: "1", description: " Does things.\r\nWell. ", countryCode: "UK" });
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(detailsBody(result.value)).toEqual({ categoryId: 1, name: "App", appType: 1, description: "Does things.\nWell.", countryCode: "UK" });
  });

  it("refuses a description over 450 characters, a name over 100, and values not offered", () => {
    const result = parse({ categoryId: "7", name: "n".repeat(101), appType: "2", description: "d".repeat(451), countryCode: "IE" });
    expect(result.status === "error" && result.error).toMatchObject({
      categoryId: [expect.stringContaining("unknownCategory")],
      name: [expect.stringContaining("tooLong")],
      appType: [expect.stringContaining("invalidAppType")],
      description: [expect.stringContaining('"max":"450"')],
      countryCode: [expect.stringContaining("unknownCountry")],
    });
  });

  // A form's values are Unicode strings (a lone surrogate becomes U+FFFD on the way in): a NUL is what gets through.
  it("refuses text the database cannot store, with its own message, before the API is called", () => {
    const result = parse({ categoryId: "1", name: "App\u0000", appType: "0", description: "\u0000", countryCode: "AU" });
    expect(result.status === "error" && result.error).toEqual({
      name: [expect.stringContaining("appEditor:errors.invalidCharacters")],
      description: [expect.stringContaining("appEditor:errors.invalidCharacters")],
    });
  });

  it("refuses a category that is not a number without failing", () => {
    const result = parse({ categoryId: "abc", name: "App", appType: "0", description: "d", countryCode: "AU" });
    expect(result.status === "error" && result.error?.categoryId).toEqual([expect.stringContaining("unknownCategory")]);
  });

  it("keeps the type and country of an existing app, whatever the form sends", () => {
    const locked = { ...context, locked: { appType: 0, countryCode: "AU" } };
    const result = parse({ categoryId: "99", name: "App", description: "d", appType: "1", countryCode: "UK" }, locked);
    expect(result.status).toBe("success");
    if (result.status === "success") expect(detailsBody(result.value, locked.locked)).toMatchObject({ appType: 0, countryCode: "AU" });
  });
});

describe("listingSchema", () => {
  const overview = `<p>${"x".repeat(200)}</p>`;
  const complete = {
    "detail.description": overview,
    "detail.websiteUrl": "https://a.example",
    "detail.supportUrl": "https://a.example/s",
    "legal.privacyPolicyUrl": "https://a.example/p",
    "legal.termsOfServiceUrl": "https://a.example/t",
    "promo.appIcon.id": "icon-id",
    "promo.appIcon.url": "https://img.example/icon",
  };
  const parse = (entries: Record<string, string | string[]>, appType = 0) => parseWithZod(form(entries), { schema: listingSchema(t, "en-AU", { appType }) });

  it("asks for the overview, the four URLs and the icon; a connector's contact email too", () => {
    const result = parse({}, 1);
    expect(Object.keys(result.status === "error" ? (result.error ?? {}) : {}).sort()).toEqual([
      "detail.contactEmail",
      "detail.description",
      "detail.supportUrl",
      "detail.websiteUrl",
      "legal.privacyPolicyUrl",
      "legal.termsOfServiceUrl",
      "promo.appIcon",
    ]);
  });

  it("checks URLs, the email, the short overview and the overview's plain text", () => {
    const result = parse({
      ...complete,
      "detail.description": `<p><strong>${"y".repeat(150)}</strong></p>${"<br>".repeat(100)}`,
      "detail.websiteUrl": "javascript:alert(1)",
      "detail.documentationUrl": "www.example.com",
      "detail.contactEmail": "nope",
      "detail.shortDescription": "s".repeat(116),
    });
    expect(result.status === "error" && result.error).toMatchObject({
      "detail.description": [expect.stringContaining("overviewLength")],
      "detail.websiteUrl": [expect.stringContaining("invalidUrl")],
      "detail.documentationUrl": [expect.stringContaining("invalidUrl")],
      "detail.contactEmail": [expect.stringContaining("invalidEmail")],
      "detail.shortDescription": [expect.stringContaining("tooLong")],
    });
  });

  it("refuses text the database cannot store in any field, with its own message", () => {
    const result = parse({ ...complete, "detail.keywords": "sync\u0000", "legal.copyright": "\u0000 Example", "promo.banners[0].id": "b\u0000" });
    expect(result.status === "error" && result.error).toEqual({
      "detail.keywords": [expect.stringContaining("appEditor:errors.invalidCharacters")],
      "legal.copyright": [expect.stringContaining("appEditor:errors.invalidCharacters")],
      "promo.banners": [expect.stringContaining("appEditor:errors.invalidCharacters")],
    });
  });

  it("refuses a ninth screenshot", () => {
    const shots = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`promo.screenshots[${i}].id`, `s${i}`]));
    const result = parse({ ...complete, ...shots });
    expect(result.status === "error" && result.error?.["promo.screenshots"]).toEqual([expect.stringContaining("tooMany")]);
  });

  it("gives the API's listing: every field, trimmed, images by id, in order", () => {
    const result = parse({
      ...complete,
      "detail.features": " one\r\ntwo ",
      "promo.banners[1].id": "b2",
      "promo.banners[0].id": "b1",
      visibility: "on",
    });
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    const body = listingBody(result.value, (html) => `[${html}]`);
    expect(body.detail).toMatchObject({ description: `[${overview}]`, features: "one\ntwo", appURL: "", keywords: "" });
    expect(body.promo).toEqual({ appIcon: { id: "icon-id" }, banners: [{ id: "b1" }, { id: "b2" }], screenshots: [], youtubeUrl: "" });
    expect(body.visibility).toBe(true);
    expect(body.legal?.copyright).toBe("");
  });

  it("gives the shape only, without the rules, for a form sent to change its images", () => {
    const result = parseWithZod(form({}), { schema: listingSchema(t, "en-AU", { appType: 1 }, { validate: false }) });
    expect(result.status).toBe("success");
  });
});

describe("apiFieldRule", () => {
  it("finds the field and the rule of an API refusal's code", () => {
    expect(apiFieldRule("marketplace.detail.websiteUrl", "invalidUrl", "marketplace")).toEqual({ field: "detail.websiteUrl", key: "invalidUrl" });
    expect(apiFieldRule("marketplace.promo.banners.2", "imageNotFound", "marketplace")).toEqual({ field: "promo.banners", key: "imageNotFound" });
  });

  it("answers nothing for a refusal that is not a field's rule", () => {
    expect(apiFieldRule("details.appType", "locked", "details")).toBeUndefined();
    expect(apiFieldRule("details.name", "required", "marketplace")).toBeUndefined();
  });
});
