// @vitest-environment node
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { keyT } from "~/lib/t.testing";
import { firstMessages } from "./agreement.testing";
import {
  apiFieldRule,
  type DetailsContext,
  detailsMessages,
  fieldMessage,
  listingMessages,
} from "./app-editor";
import { detailsBody, detailsSchema, listingBody, listingSchema } from "./app-editor.server";
import { checkForm } from "./check";
import { parseForm } from "./parse.server";
import { formRules } from "./rules.server";

/** A translate function that shows the key and its values, so tests see what was asked for. */
const t = keyT;

const form = (entries: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries))
    for (const v of [value].flat()) data.append(key, v);
  return data;
};

const context = { categoryIds: [1, 99], countryCodes: ["AU", "UK"] };

describe("fieldMessage", () => {
  it("names the field and its limits, formatted for the language", () => {
    expect(fieldMessage(t, "en-AU", "name", "required")).toBe(
      'appEditor:errors.required {"field":"appEditor:fields.name.label","min":"0","max":"100"}',
    );
    expect(fieldMessage(t, "nl-NL", "detail.description", "tooShort")).toBe(
      'appEditor:errors.overviewLength {"field":"appEditor:fields.detail.description.label","min":"200","max":"10.000"}',
    );
  });
});

describe("detailsSchema", () => {
  const parse = (entries: Record<string, string>, options = context) =>
    parseWithZod(form(entries), { schema: detailsSchema(t, "en-AU", options) });

  it("asks for every field of a new app", () => {
    const result = parse({});
    expect(result.status).toBe("error");
    expect(Object.keys(result.status === "error" ? (result.error ?? {}) : {}).sort()).toEqual([
      "appType",
      "categoryId",
      "countryCode",
      "description",
      "name",
    ]);
  });

  it("takes a complete new app, and its body is trimmed", () => {
    const result = parse({
      categoryId: "1",
      name: "  App  ",
      appType: "1",
      description: " Does things.\r\nWell. ",
      countryCode: "UK",
    });
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(detailsBody(result.value)).toEqual({
      categoryId: 1,
      name: "App",
      appType: 1,
      description: "Does things.\nWell.",
      countryCode: "UK",
    });
  });

  it("refuses a description over 450 characters, a name over 100, and values not offered", () => {
    const result = parse({
      categoryId: "7",
      name: "n".repeat(101),
      appType: "2",
      description: "d".repeat(451),
      countryCode: "IE",
    });
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
    const result = parse({
      categoryId: "1",
      name: "App\u0000",
      appType: "0",
      description: "\u0000",
      countryCode: "AU",
    });
    expect(result.status === "error" && result.error).toEqual({
      name: [expect.stringContaining("appEditor:errors.invalidCharacters")],
      description: [expect.stringContaining("appEditor:errors.invalidCharacters")],
    });
  });

  it("refuses a category that is not a number without failing", () => {
    const result = parse({
      categoryId: "abc",
      name: "App",
      appType: "0",
      description: "d",
      countryCode: "AU",
    });
    expect(result.status === "error" && result.error?.categoryId).toEqual([
      expect.stringContaining("unknownCategory"),
    ]);
  });

  it("keeps the type and country of an existing app, whatever the form sends", () => {
    const locked = { ...context, locked: { appType: 0, countryCode: "AU" } };
    const result = parse(
      { categoryId: "99", name: "App", description: "d", appType: "1", countryCode: "UK" },
      locked,
    );
    expect(result.status).toBe("success");
    if (result.status === "success")
      expect(detailsBody(result.value, locked.locked)).toMatchObject({
        appType: 0,
        countryCode: "AU",
      });
  });
});

// The browser checks the form by the rules the page's loader derives from the action's schema
// and by the rule functions the schema refines with: each field's first message is the action's.
describe("the details form in the browser", () => {
  const browser = (entries: Record<string, string | string[]>, options: DetailsContext) =>
    firstMessages(
      checkForm(form(entries), formRules(detailsSchema(t, "en-AU", options)), (payload) =>
        detailsMessages(t, "en-AU", options, payload),
      ),
    );
  const action = (entries: Record<string, string | string[]>, options: DetailsContext) =>
    firstMessages(parseForm(form(entries), detailsSchema(t, "en-AU", options)));
  const valid = {
    categoryId: "1",
    name: "App",
    appType: "0",
    description: "Does things.",
    countryCode: "AU",
  };
  const locked = { ...context, locked: { appType: 0, countryCode: "AU" } };

  it.each<[string, Record<string, string | string[]>, DetailsContext]>([
    ["a complete new app", valid, context],
    ["an empty form", {}, context],
    ["blank text", { ...valid, name: "   ", description: " \n " }, context],
    [
      "a name over 100 and a description over 450 characters",
      { ...valid, name: "n".repeat(101), description: "d".repeat(451) },
      context,
    ],
    [
      "a category, type and country not offered",
      { ...valid, categoryId: "7", appType: "2", countryCode: "IE" },
      context,
    ],
    ["a category that is not a number", { ...valid, categoryId: "abc" }, context],
    ["a category that is not whole", { ...valid, categoryId: "1.5" }, context],
    [
      "text the database cannot store",
      { ...valid, name: "App\u0000", description: "\u0000" },
      context,
    ],
    [
      "an existing app's type and country, whatever the form sends",
      { ...valid, appType: "1", countryCode: "UK" },
      locked,
    ],
    ["an existing app with an empty name", { ...valid, name: "" }, locked],
  ])("agrees with the action on %s", (_, entries, options) => {
    expect(browser(entries, options)).toEqual(action(entries, options));
  });

  it("checks the number fields by the rules the loader sends", () => {
    const rules = formRules(detailsSchema(t, "en-AU", context));
    expect(Object.keys(rules).sort()).toEqual(["appType", "categoryId"]);
    expect(rules.categoryId?.[0]).toEqual([
      "number",
      fieldMessage(t, "en-AU", "categoryId", "unknownCategory"),
    ]);
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
  const parse = (entries: Record<string, string | string[]>, appType = 0) =>
    parseWithZod(form(entries), { schema: listingSchema(t, "en-AU", { appType }) });

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
    const result = parse({
      ...complete,
      "detail.keywords": "sync\u0000",
      "legal.copyright": "\u0000 Example",
      "promo.banners[0].id": "b\u0000",
    });
    expect(result.status === "error" && result.error).toEqual({
      "detail.keywords": [expect.stringContaining("appEditor:errors.invalidCharacters")],
      "legal.copyright": [expect.stringContaining("appEditor:errors.invalidCharacters")],
      "promo.banners": [expect.stringContaining("appEditor:errors.invalidCharacters")],
    });
  });

  it("refuses a ninth screenshot", () => {
    const shots = Object.fromEntries(
      Array.from({ length: 9 }, (_, i) => [`promo.screenshots[${i}].id`, `s${i}`]),
    );
    const result = parse({ ...complete, ...shots });
    expect(result.status === "error" && result.error?.["promo.screenshots"]).toEqual([
      expect.stringContaining("tooMany"),
    ]);
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
    expect(body.detail).toMatchObject({
      description: `[${overview}]`,
      features: "one\ntwo",
      appURL: "",
      keywords: "",
    });
    expect(body.promo).toEqual({
      appIcon: { id: "icon-id" },
      banners: [{ id: "b1" }, { id: "b2" }],
      screenshots: [],
      youtubeUrl: "",
    });
    expect(body.visibility).toBe(true);
    expect(body.legal?.copyright).toBe("");
  });

  it.each<[string, Record<string, string | string[]>, number]>([
    ["a complete listing", complete, 0],
    ["an empty connector's listing", {}, 1],
    [
      "URLs, an email, a short overview and an overview that break their rules",
      {
        ...complete,
        "detail.description": `<p>${"y".repeat(150)}</p>`,
        "detail.websiteUrl": "javascript:alert(1)",
        "detail.appURL": "www.example.com",
        "promo.youtubeUrl": "ftp://example.com/v",
        "detail.contactEmail": "nope",
        "detail.shortDescription": "s".repeat(116),
        "legal.copyright": "c".repeat(10_001),
      },
      0,
    ],
    [
      "text the database cannot store",
      { ...complete, "detail.keywords": "sync\u0000", "promo.banners[0].id": "b\u0000" },
      0,
    ],
    [
      "a ninth screenshot",
      {
        ...complete,
        ...Object.fromEntries(
          Array.from({ length: 9 }, (_, i) => [`promo.screenshots[${i}].id`, `s${i}`]),
        ),
      },
      0,
    ],
  ])("agrees in the browser with the action on %s", (_, entries, appType) => {
    const schema = listingSchema(t, "en-AU", { appType });
    const browser = checkForm(form(entries), formRules(schema), (payload) =>
      listingMessages(t, "en-AU", { appType }, payload),
    );
    expect(firstMessages(browser)).toEqual(firstMessages(parseForm(form(entries), schema)));
  });

  it("gives the shape only, without the rules, for a form sent to change its images", () => {
    const result = parseWithZod(form({}), {
      schema: listingSchema(t, "en-AU", { appType: 1 }, { validate: false }),
    });
    expect(result.status).toBe("success");
  });
});

describe("apiFieldRule", () => {
  it("finds the field and the rule of an API refusal's code", () => {
    expect(apiFieldRule("marketplace.detail.websiteUrl", "invalidUrl", "marketplace")).toEqual({
      field: "detail.websiteUrl",
      key: "invalidUrl",
    });
    expect(apiFieldRule("marketplace.promo.banners.2", "imageNotFound", "marketplace")).toEqual({
      field: "promo.banners",
      key: "imageNotFound",
    });
  });

  it("answers nothing for a refusal that is not a field's rule", () => {
    expect(apiFieldRule("details.appType", "locked", "details")).toBeUndefined();
    expect(apiFieldRule("details.name", "required", "marketplace")).toBeUndefined();
  });
});
