import { describe, expect, it } from "vitest";
import { forEnvironment, isConfigured, judgeDocument } from "./service";

const urls = ["dev", "test", "beta", "live"].map((env) => ({
  env,
  url: `https://${env}.example.com`,
}));

describe("judging a document", () => {
  it("names a key the schema does not name at its own path, and a rule with its words", () => {
    expect(
      judgeDocument(
        { platforms: [{ type: "web", menus: [{ id: "menu-tools", colour: "red" }] }] },
        {},
      ),
    ).toEqual({
      errors: { "platforms.0.menus.0.colour": "unknownKey" },
      messages: { "platforms.0.menus.0.colour": "is not a key of the platform schema" },
    });
    const judged = judgeDocument(
      {
        platforms: [
          {
            type: "web",
            menus: [{ id: "menu-tools", items: [{ actionType: "menu-item", urls }] }],
          },
        ],
      },
      {},
    );
    expect(judged.errors).toEqual({
      "platforms.0.menus.0.items.0.name": "required",
      "platforms.0.menus.0.items.0.label": "required",
      "platforms.0.menus.0.items.0.description": "required",
    });
    expect(judged.document).toBeDefined();
  });

  it("refuses text the database cannot store, JSON that is no JSON, and takes base-64", () => {
    expect(
      judgeDocument({ platforms: [{ type: "web", menus: [{ id: "a\u0000" }] }] }, {}).errors,
    ).toEqual({ "platforms.0.menus.0.id": "invalidCharacters" });
    expect(judgeDocument("{", {}).errors).toEqual({ "": "invalidJson" });
    const base64 = Buffer.from(JSON.stringify({ platforms: [] })).toString("base64");
    expect(judgeDocument(base64, {})).toMatchObject({ errors: {}, document: { platforms: [] } });
  });
});

describe("a configuration for one environment", () => {
  it("replaces every urls list by the one url of the environment, wherever it is", () => {
    const document = {
      type: "web",
      views: [
        {
          id: "custom-view",
          urls,
          grids: [{ gridId: "g", click: [{ actionType: "click", urls: urls.slice(0, 1) }] }],
        },
      ],
    };
    expect(forEnvironment(document, "beta")).toEqual({
      type: "web",
      views: [
        {
          id: "custom-view",
          url: "https://beta.example.com",
          grids: [{ gridId: "g", click: [{ actionType: "click", url: "" }] }],
        },
      ],
    });
  });
});

describe("a configured platform", () => {
  it("holds a location, an exception URL or app-level product variants", () => {
    expect(isConfigured({ type: "web" })).toBe(false);
    expect(isConfigured({ type: "web", views: [], menus: [] })).toBe(false);
    expect(isConfigured({ type: "web", menus: [{ id: "menu-tools" }] })).toBe(true);
    expect(
      isConfigured({ type: "desktop", exceptions: [{ url: "*.x.com", isInternal: false }] }),
    ).toBe(true);
    expect(isConfigured({ type: "desktop", productVariants: null })).toBe(true);
  });
});
