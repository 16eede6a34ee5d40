import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { JSON_LIMITS } from "../json-limits";
import { SCHEMA_RULE_CODES } from "./codes";
import type { LocationCapabilities } from "./context";
import {
  checkWholeSchema,
  validateDocument,
  validatePlatform,
  wholeSchemaErrors,
} from "./document";
import {
  checkFunctionIcon,
  needsDescription,
  validateEndpoints,
  validateFunction,
  validateItems,
} from "./items";
import {
  addsFunctionsPastLimit,
  checkPlatformLimits,
  countFunctions,
  decodeSchemaJson,
} from "./json";
import {
  checkDocumentSize,
  FUNCTION_LIMITS,
  listLimitOf,
  SCHEMA_LIMITS,
  textLimitOf,
} from "./limits";
import {
  checkCloneTarget,
  checkLocationChoice,
  checkViewWindow,
  everyFunction,
  validateCustomView,
  windowOptionsAllowed,
} from "./locations";
import { isPrecedentPath, validateVisibilityChoice } from "./lookups";
import { type PlatformFunction, type PlatformSchema, schemaDocument } from "./schemas";
import {
  checkDesktopVersion,
  checkExceptionUrl,
  validateDesktopVersions,
  validateRootVisibility,
} from "./settings";

const urls = (base = "https://app.example.com") =>
  (["dev", "test", "beta", "live"] as const).map((env) => ({ env, url: `${base}/${env}` }));

const button = (extra: Partial<PlatformFunction> = {}): PlatformFunction => ({
  actionType: "button",
  name: "Send",
  label: "Send letter",
  description: "Sends the letter to the client.",
  urls: urls(),
  ...extra,
});

describe("function details", () => {
  it("takes a complete button", () => {
    expect(validateFunction(button(), { platform: "desktop", viewType: "matter" })).toEqual({});
  });

  it("requires name and text of at most 30 characters", () => {
    expect(
      validateFunction(button({ name: " ", label: undefined }), { platform: "web" }),
    ).toMatchObject({ name: "required", label: "required" });
    expect(
      validateFunction(button({ name: "x".repeat(31), label: "y".repeat(30) }), {
        platform: "web",
      }),
    ).toEqual({ name: "tooLong" });
  });

  it("requires a description of at most 450, except for headers, precedent-list items and person or card sub-items", () => {
    expect(validateFunction(button({ description: "" }), { platform: "web" })).toEqual({
      description: "required",
    });
    expect(validateFunction(button({ description: "d".repeat(451) }), { platform: "web" })).toEqual(
      { description: "tooLong" },
    );
    expect(needsDescription("context-header")).toBe(false);
    expect(needsDescription("context-menu-header")).toBe(false);
    expect(needsDescription("report-folder")).toBe(false);
    expect(needsDescription("list-item")).toBe(false);
    expect(needsDescription("sub-item", "person")).toBe(false);
    expect(needsDescription("sub-item", "card")).toBe(false);
    expect(needsDescription("sub-item", "matter")).toBe(true);
    expect(
      validateFunction(
        { actionType: "context-header", name: "Tools", label: "Tools" },
        { platform: "desktop" },
      ),
    ).toEqual({});
  });

  it("requires the header label of a secondary-tab dropdown, which has no endpoints and no window", () => {
    const tab: PlatformFunction = {
      actionType: "secondary-tab-dropdown",
      name: "Tab",
      label: "Tab",
      description: "A tab",
      windowType: "system",
    };
    expect(validateFunction(tab, { platform: "desktop" })).toEqual({ headerLabel: "required" });
    expect(validateFunction({ ...tab, headerLabel: "Documents" }, { platform: "desktop" })).toEqual(
      {},
    );
  });

  it("requires all four endpoint URLs, each a valid URL", () => {
    expect(validateEndpoints(urls())).toEqual({});
    expect(
      validateEndpoints([
        { env: "dev", url: "ftp://x" },
        { env: "live", url: "https://ok.example.com" },
      ]),
    ).toEqual({
      "urls.dev": "invalidUrl",
      "urls.test": "required",
      "urls.beta": "required",
    });
    expect(validateFunction(button({ urls: [] }), { platform: "web" })).toMatchObject({
      "urls.live": "required",
    });
  });

  it("requires a system window's width and height of at least 1", () => {
    expect(validateFunction(button({ windowType: "system" }), { platform: "desktop" })).toEqual({
      "window.width": "required",
      "window.height": "required",
    });
    expect(
      validateFunction(button({ windowType: "system", window: { width: 0, height: 400 } }), {
        platform: "desktop",
      }),
    ).toEqual({ "window.width": "outOfRange" });
    expect(
      validateFunction(button({ windowType: "web", window: { width: 0 } }), {
        platform: "desktop",
      }),
    ).toEqual({});
  });

  it("holds the button width to 60..100", () => {
    expect(
      validateFunction(button({ width: FUNCTION_LIMITS.widthDefault }), { platform: "desktop" }),
    ).toEqual({});
    expect(validateFunction(button({ width: 59 }), { platform: "desktop" })).toEqual({
      width: "outOfRange",
    });
    expect(validateFunction(button({ width: 101 }), { platform: "desktop" })).toEqual({
      width: "outOfRange",
    });
  });

  it("requires matter types and a precedent location of a precedent-list item, form names of a context-menu item", () => {
    const listItem = button({ actionType: "list-item", description: "" });
    expect(validateFunction(listItem, { platform: "desktop" })).toEqual({
      "visibility.matterTypes": "required",
      "visibility.location": "required",
    });
    expect(
      validateFunction(
        {
          ...listItem,
          visibility: { matterTypes: ["mt-1"], location: [{ root: "root", paths: ["a"] }] },
        },
        { platform: "desktop" },
      ),
    ).toEqual({});
    expect(
      validateFunction(button({ actionType: "context-menu", visibility: { formNames: [" "] } }), {
        platform: "desktop",
      }),
    ).toEqual({
      "visibility.formNames": "required",
    });
    expect(
      validateFunction(
        button({ actionType: "context-menu", visibility: { formNames: ["Invoice"] } }),
        { platform: "desktop" },
      ),
    ).toEqual({});
  });

  it("walks nested items with their paths", () => {
    const dropdown: PlatformFunction = {
      actionType: "dropdown",
      name: "More",
      label: "More",
      description: "More",
      items: [button(), button({ label: "" })],
    };
    expect(validateItems([dropdown], { platform: "web" })).toEqual({
      "0.items.1.label": "required",
    });
  });
});

describe("desktop versions", () => {
  it("wants four dot-separated parts, not below the minimum, at most 30 characters", () => {
    expect(checkDesktopVersion("6.2.0.14")).toBeUndefined();
    expect(checkDesktopVersion("6.2.0")).toBe("invalidVersion");
    expect(checkDesktopVersion("6.2.0.x")).toBe("invalidVersion");
    expect(checkDesktopVersion("1".repeat(31))).toBe("tooLong");
    expect(checkDesktopVersion("6.1.9.99", "6.2.0.0")).toBe("minimumVersionIs");
    expect(checkDesktopVersion("6.10.0.0", "6.2.0.0")).toBeUndefined();
  });

  it("refuses a maximum less than the minimum", () => {
    expect(validateDesktopVersions(["6.2.0.0", "6.1.0.0"])).toEqual({
      1: "maxVerCannotBeLessMinVer",
    });
    expect(validateDesktopVersions(["6.2.0.0", ""])).toEqual({});
    expect(validateDesktopVersions(["6.2", "6.1.0.0"])).toEqual({ 0: "invalidVersion" });
  });

  it("takes a maximum with an empty minimum: from the oldest supported version (decision 71)", () => {
    expect(validateDesktopVersions(["", "2.5.2.17"], "2.4.0.88")).toEqual({});
    expect(validateDesktopVersions(["  ", "2.5.2.17"], "2.4.0.88")).toEqual({});
    // The maximum is held to the oldest supported version all the same.
    expect(validateDesktopVersions(["", "2.3.0.0"], "2.4.0.88")).toEqual({ 1: "minimumVersionIs" });
  });
});

describe("web exception URLs", () => {
  it("takes URLs with an optional leading and trailing wildcard", () => {
    for (const url of [
      "https://example.com",
      "*.example.com",
      "example.com/*",
      "*example.com/docs*",
      "http://localhost:3000/x",
    ]) {
      expect(checkExceptionUrl(url), url).toBeUndefined();
    }
  });
  it("refuses blanks, whitespace and wildcards elsewhere", () => {
    expect(checkExceptionUrl("  ")).toBe("required");
    for (const url of ["exa mple.com", "ex*ample.com", "*", "**.example.com", "https://"])
      expect(checkExceptionUrl(url), url).toBe("invalidUrl");
  });
});

describe("icons", () => {
  it("takes a PNG of 28 to 65 px, or exactly 24x24 for a list item, at most 50 KB", () => {
    expect(
      checkFunctionIcon({ format: "png", fileSize: 2000, width: 32, height: 32 }),
    ).toBeUndefined();
    expect(checkFunctionIcon({ format: "png", fileSize: 2000, width: 24, height: 24 })).toBe(
      "invalidSize",
    );
    expect(
      checkFunctionIcon(
        { format: "png", fileSize: 2000, width: 24, height: 24 },
        { listItem: true },
      ),
    ).toBeUndefined();
    expect(checkFunctionIcon({ format: "png", fileSize: 2000, width: 66, height: 40 })).toBe(
      "invalidSize",
    );
    expect(checkFunctionIcon({ format: "png", fileSize: 51 * 1024, width: 32, height: 32 })).toBe(
      "sizeGreater50KB",
    );
    expect(checkFunctionIcon({ format: "jpeg", fileSize: 2000, width: 32, height: 32 })).toBe(
      "invalidType",
    );
  });
});

describe("locations and cloning", () => {
  it("requires a location to be chosen", () => {
    expect(checkLocationChoice("")).toBe("mustSelectLocation");
    expect(checkLocationChoice("matter")).toBeUndefined();
  });
  it("refuses a clone into the accounting menu when it already has buttons", () => {
    expect(checkCloneTarget({ id: "menu-accounting", itemCount: 1 })).toBe(
      "menuAccountingNotAllowed",
    );
    expect(checkCloneTarget({ id: "menu-accounting", itemCount: 0 })).toBeUndefined();
    expect(checkCloneTarget({ id: "menu-tools", itemCount: 3 })).toBeUndefined();
  });
});

const capabilities = (
  id: string,
  extra: Partial<LocationCapabilities> = {},
): LocationCapabilities => ({
  id,
  allowButtons: true,
  allowContextAtRoot: false,
  allowContextMenu: false,
  allowDefinableTableApp: false,
  allowSecondaryTabButtons: false,
  isPrecedentListView: false,
  grids: [],
  ...extra,
});

describe("a platform and the whole-schema check", () => {
  const desktop: PlatformSchema = {
    type: "desktop",
    productVariants: [1],
    views: [
      {
        id: "matter",
        name: "Matter",
        type: "matter",
        buttons: [button()],
        visibility: { productVariants: null },
      },
      {
        id: "custom-view",
        name: "Custom View",
        isCustomView: true,
        visibility: { productVariants: [] },
      },
    ],
    menus: [{ id: "menu-tools", name: "Tools Menu", items: [button({ actionType: "menu-item" })] }],
    exceptions: [
      { url: "*.example.com", isInternal: true },
      { url: "bad url", isInternal: false },
    ],
  };

  it("lists custom views without settings and locations without product variants", () => {
    expect(checkWholeSchema(desktop, { productVariantsEnabled: true })).toEqual({
      updateRequired: [{ path: "views.1", id: "custom-view", name: "Custom View" }],
      missingProductVariants: [
        { path: "views.1", id: "custom-view", name: "Custom View" },
        { path: "menus.0", id: "menu-tools", name: "Tools Menu" },
      ],
    });
    expect(checkWholeSchema(desktop).missingProductVariants).toEqual([]);
    expect(
      checkWholeSchema({ ...desktop, type: "web" }, { productVariantsEnabled: true })
        .missingProductVariants,
    ).toEqual([]);
  });

  it("stops a desktop platform without app-level product variants where the country has them", () => {
    const enabled = { productVariantsEnabled: true, productVariantIds: [1, 2] };
    for (const productVariants of [undefined, []]) {
      expect(checkWholeSchema({ ...desktop, productVariants }, enabled).productVariants).toBe(
        "required",
      );
      expect(checkWholeSchema({ ...desktop, productVariants }).productVariants).toBeUndefined();
      expect(
        checkWholeSchema({ ...desktop, type: "web", productVariants }, enabled).productVariants,
      ).toBeUndefined();
    }
    expect(checkWholeSchema({ ...desktop, productVariants: [7] }, enabled).productVariants).toBe(
      "unknownProductVariant",
    );
    expect(
      checkWholeSchema({ ...desktop, productVariants: null }, enabled).productVariants,
    ).toBeUndefined();
    expect(checkWholeSchema(desktop, enabled).productVariants).toBeUndefined();
    expect(wholeSchemaErrors({ ...desktop, productVariants: [] }, enabled)).toMatchObject({
      productVariants: "required",
    });
  });

  it("names every failing path of a platform", () => {
    expect(
      validatePlatform(desktop, {
        productVariantsEnabled: true,
        locations: { desktop: [capabilities("matter"), capabilities("custom-view")] },
      }),
    ).toEqual({
      "views.1": "updateRequired",
      "views.1.label": "required",
      "views.1.urls.dev": "required",
      "views.1.urls.test": "required",
      "views.1.urls.beta": "required",
      "views.1.urls.live": "required",
      "views.1.visibility.productVariants": "missingProductVariants",
      "menus.0.id": "unknownLocation",
      "menus.0.visibility.productVariants": "missingProductVariants",
      "exceptions.1.url": "invalidUrl",
    });
  });

  it("refuses a location twice and the app-level product variants missing", () => {
    const twice: PlatformSchema = { type: "desktop", views: [{ id: "matter" }, { id: "matter" }] };
    expect(validatePlatform(twice, { productVariantsEnabled: true })).toMatchObject({
      "views.1.id": "duplicateLocation",
      productVariants: "required",
    });
  });

  it("answers full paths for a document", () => {
    expect(
      validateDocument({
        platforms: [
          { type: "web" },
          { type: "desktop", exceptions: [{ url: "", isInternal: false }] },
        ],
      }),
    ).toEqual({
      "platforms.1.exceptions.0.url": "required",
    });
  });
});

describe("locations against their settings", () => {
  it("refuses items in a list the location does not allow, and a grid it does not have", () => {
    const platform: PlatformSchema = {
      type: "desktop",
      views: [
        {
          id: "matter",
          buttons: [button()],
          contextMenu: [button({ actionType: "context-menu", visibility: { formNames: ["F"] } })],
          reports: [],
          grids: [{ gridId: "other" }],
        },
      ],
    };
    expect(
      validatePlatform(platform, { locations: { desktop: [capabilities("matter")] } }),
    ).toEqual({
      "views.0.contextMenu": "notAllowedHere",
      "views.0.grids.0.gridId": "notAllowedHere",
    });
    const reporting: PlatformSchema = {
      type: "reporting",
      views: [
        {
          id: "matter-reports",
          reports: [{ actionType: "report-folder", name: "R", label: "R", items: [] }],
        },
      ],
    };
    expect(
      validatePlatform(reporting, {
        locations: { reporting: [capabilities("matter-reports", { allowButtons: false })] },
      }),
    ).toEqual({});
  });

  it("refuses a product variant the country does not have", () => {
    const platform: PlatformSchema = {
      type: "desktop",
      productVariants: [1, 9],
      views: [{ id: "matter", visibility: { productVariants: [2] } }],
    };
    expect(
      validatePlatform(platform, { productVariantsEnabled: true, productVariantIds: [1, 2, 3] }),
    ).toEqual({ productVariants: "unknownProductVariant" });
  });

  it("refuses matter types the country does not have, and billing modes outside the UK", () => {
    const platform: PlatformSchema = {
      type: "web",
      views: [
        {
          id: "matter",
          visibility: { matterTypes: ["mt-1"], billingModes: [0] },
          buttons: [button({ visibility: { matterTypes: ["mt-9"], billingModes: [] } })],
        },
      ],
    };
    expect(
      validatePlatform(platform, { matterTypeIds: ["mt-1"], billingModesAllowed: false }),
    ).toEqual({
      "views.0.visibility.billingModes": "notAllowedHere",
      "views.0.buttons.0.visibility.matterTypes": "unknownMatterType",
    });
    expect(validatePlatform(platform, { billingModesAllowed: true })).toEqual({});
  });

  it("walks every function with its path", () => {
    const platform: PlatformSchema = {
      type: "web",
      views: [
        {
          id: "matter",
          type: "card",
          buttons: [{ ...button(), items: [button({ actionType: "sub-item" })] }],
          grids: [{ gridId: "g", click: [button()] }],
        },
      ],
      menus: [{ id: "menu-tools", items: [button()] }],
    };
    expect(everyFunction(platform).map((placed) => [placed.path, placed.viewType])).toEqual([
      ["views.0.buttons.0", "card"],
      ["views.0.buttons.0.items.0", "card"],
      ["views.0.grids.0.click.0", "card"],
      ["menus.0.items.0", undefined],
    ]);
  });
});

describe("a matter view's window options are integratorType 1's (decision 0065)", () => {
  it("offers a window type and fullscreen on a matter view to a company of integratorType 1 only", () => {
    expect(windowOptionsAllowed("matter", 1)).toBe(true);
    expect(windowOptionsAllowed("matter", 0)).toBe(false);
    expect(windowOptionsAllowed("card", 0)).toBe(true);
    expect(windowOptionsAllowed("menu", 0)).toBe(true);
    for (const windowType of ["system", "web", "hidden", "notApplicable"] as const) {
      expect(checkViewWindow({ windowType }, "matter", 0)).toEqual({
        windowType: "integratorOnly",
      });
      expect(checkViewWindow({ windowType }, "matter", 1)).toEqual({});
    }
    expect(checkViewWindow({ windowType: null, isFullScreen: true }, "matter", 0)).toEqual({
      isFullScreen: "integratorOnly",
    });
    expect(checkViewWindow({ windowType: null, isFullScreen: false }, "matter", 0)).toEqual({});
    expect(checkViewWindow({ windowType: "web", isFullScreen: true }, "person", 0)).toEqual({});
  });

  it("judges a platform's views by the location's view type, when the company's integratorType is known", () => {
    const platform: PlatformSchema = {
      type: "web",
      views: [
        // The document's own type does not take a matter view out of the rule.
        {
          id: "custom-view",
          type: "person",
          isCustomView: true,
          label: "V",
          urls: urls(),
          windowType: "web",
          isFullScreen: true,
        },
        { id: "card", type: "card", windowType: "system" },
      ],
    };
    const locations = {
      web: [
        capabilities("custom-view", { viewType: "matter" }),
        capabilities("card", { viewType: "card" }),
      ],
    };
    expect(validatePlatform(platform, { locations, integratorType: 0 })).toEqual({
      "views.0.windowType": "integratorOnly",
      "views.0.isFullScreen": "integratorOnly",
    });
    expect(validatePlatform(platform, { locations, integratorType: 1 })).toEqual({});
    expect(validatePlatform(platform, { locations })).toEqual({});
  });
});

describe("matter types and precedents a visibility names", () => {
  const library = [
    { precedentId: "pr-will", parentId: null },
    { precedentId: "pr-agreements", parentId: "pr-will" },
    { precedentId: "pr-simple", parentId: "pr-agreements" },
  ];

  it("takes a path down a library from its top, and nothing else", () => {
    expect(isPrecedentPath("pr-will/pr-agreements/pr-simple", library)).toBe(true);
    expect(isPrecedentPath("pr-will", library)).toBe(true);
    for (const path of [
      "pr-agreements/pr-simple",
      "pr-will/pr-simple",
      "pr-will/pr-nowhere",
      "",
      "pr-will/",
      "a/b",
    ])
      expect(isPrecedentPath(path, library), path).toBe(false);
  });

  it("refuses a matter type the country does not have and a precedent outside its matter type's library", () => {
    const known = { matterTypeIds: ["mt-will", "mt-sale"], precedents: { "mt-will": library } };
    const good = {
      matterTypes: ["mt-will"],
      location: [{ root: "mt-will", paths: ["pr-will/pr-agreements/pr-simple", "pr-will"] }],
    };
    expect(validateVisibilityChoice(good, known)).toEqual({});
    expect(validateVisibilityChoice({ matterTypes: ["mt-nowhere"] }, known)).toEqual({
      "visibility.matterTypes": "unknownMatterType",
    });
    // A matter type without a library, a path of another matter type's library, a path that is not one.
    for (const location of [
      [{ root: "mt-sale", paths: ["pr-will"] }],
      [{ root: "root", paths: ["a/b"] }],
      [{ root: "mt-will", paths: ["pr-simple"] }],
      [{ root: "toString", paths: ["x"] }],
    ]) {
      expect(
        validateVisibilityChoice({ matterTypes: ["mt-will"], location }, known),
        JSON.stringify(location),
      ).toEqual({ "visibility.location": "unknownPrecedent" });
    }
    expect(
      validateVisibilityChoice(
        { matterTypes: ["mt-nowhere"], location: [{ root: "x", paths: ["y"] }] },
        {},
      ),
    ).toEqual({});
  });

  it("refuses them wherever a platform holds a visibility", () => {
    const platform: PlatformSchema = {
      type: "desktop",
      views: [
        {
          id: "custom-view",
          isCustomView: true,
          label: "V",
          urls: urls(),
          visibility: { matterTypes: ["mt-gone"] },
        },
        {
          id: "precedent-list",
          listItems: [
            button({
              actionType: "list-item",
              visibility: {
                matterTypes: ["mt-will"],
                location: [{ root: "mt-will", paths: ["pr-will/x"] }],
              },
            }),
          ],
        },
      ],
    };
    expect(
      validatePlatform(platform, {
        matterTypeIds: ["mt-will"],
        precedents: { "mt-will": library },
      }),
    ).toEqual({
      "views.0.visibility.matterTypes": "unknownMatterType",
      "views.1.listItems.0.visibility.location": "unknownPrecedent",
    });
  });
});

describe("a custom location's settings need an entry in each of their lists (decision 0065)", () => {
  it("needs all four endpoint URLs, and on desktop where the country has them at least one product variant ('All' counts)", () => {
    expect(Object.keys(validateCustomView({ label: "View", urls: urls().slice(0, 3) }))).toEqual([
      "urls.live",
    ]);
    expect(validateCustomView({ label: "View", urls: [] })).toMatchObject({
      "urls.dev": "required",
      "urls.live": "required",
    });
    const variants = { productVariantsEnabled: true, productVariantIds: [1, 2] };
    expect(validateRootVisibility({ productVariants: [] }, "desktop", variants)).toEqual({
      "visibility.productVariants": "required",
    });
    expect(validateRootVisibility({}, "desktop", variants)).toEqual({
      "visibility.productVariants": "required",
    });
    expect(validateRootVisibility({ productVariants: null }, "desktop", variants)).toEqual({});
    // Matter types and desktop versions may stay empty: none limits the view.
    expect(validateRootVisibility({ productVariants: [1] }, "desktop", variants)).toEqual({});
    expect(validateRootVisibility({}, "web", variants)).toEqual({});
  });
});

describe("the document's shape", () => {
  it("refuses a key it does not name and a platform twice", () => {
    const extra = schemaDocument.safeParse({
      platforms: [{ type: "web", views: [{ id: "matter", lable: "x" }] }],
    });
    expect(extra.success).toBe(false);
    expect(extra.error?.issues[0]).toMatchObject({
      code: "unrecognized_keys",
      path: ["platforms", 0, "views", 0],
      keys: ["lable"],
    });
    const twice = schemaDocument.safeParse({ platforms: [{ type: "web" }, { type: "web" }] });
    expect(twice.error?.issues[0]?.path).toEqual(["platforms", 1, "type"]);
  });

  it("takes the document as an object, JSON text or base-64 of JSON text", () => {
    const document = { platforms: [{ type: "web", views: [{ id: "matter", label: "Zoë" }] }] };
    const text = JSON.stringify(document);
    const base64 = btoa(String.fromCharCode(...new TextEncoder().encode(text)));
    expect(decodeSchemaJson(document)).toEqual({ value: document });
    expect(decodeSchemaJson(text)).toEqual({ value: document });
    expect(decodeSchemaJson(base64)).toEqual({ value: document });
    expect(decodeSchemaJson("not json")).toEqual({ refused: "invalidJson" });
  });

  it("refuses a document past the JSON limits before parsing it: as text, as base-64 and as a value", () => {
    const items = (depth: number) =>
      `{"platforms":[{"type":"web","menus":[{"id":"m","items":${'[{"items":'.repeat(depth)}[]${"}]".repeat(depth)}}]}]}`;
    for (const depth of [500, 2000]) {
      expect(decodeSchemaJson(items(depth))).toEqual({ refused: "tooDeep" });
      expect(decodeSchemaJson(btoa(items(depth)))).toEqual({ refused: "tooDeep" });
    }
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(decodeSchemaJson({ platforms: deep })).toEqual({ refused: "tooDeep" });
    expect(
      decodeSchemaJson(
        JSON.stringify({ platforms: [{ type: "web", text: "x".repeat(JSON_LIMITS.textMax) }] }),
      ),
    ).toEqual({ refused: "tooLarge" });
    expect(decodeSchemaJson(items(5))).toHaveProperty("value");
  });

  it("holds a platform to the limits as it is saved, two levels down", () => {
    let deep: unknown = [];
    for (let i = 0; i < JSON_LIMITS.depthMax - 4; i++) deep = [deep];
    expect(checkPlatformLimits({ type: "web", views: deep })).toBeUndefined();
    expect(checkPlatformLimits({ type: "web", views: [deep] })).toBe("tooDeep");
  });

  it("holds a platform to at most functionsMax functions, nested ones included", () => {
    const item = (items: PlatformFunction[] = []): PlatformFunction => ({
      actionType: "dropdown",
      name: "D",
      label: "D",
      items,
    });
    // Each top-level item holds one sub-item: two functions.
    const platform = (pairs: number): PlatformSchema => ({
      type: "web",
      menus: [{ id: "menu-tools", items: Array.from({ length: pairs }, () => item([item()])) }],
    });
    const half = SCHEMA_LIMITS.functionsMax / 2;
    expect(countFunctions(platform(half))).toBe(SCHEMA_LIMITS.functionsMax);
    expect(checkPlatformLimits(platform(half))).toBeUndefined();
    const over = { ...platform(half), views: [{ id: "matter", buttons: [button()] }] };
    expect(checkPlatformLimits(over)).toBe("tooManyFunctions");
    // The provider judges a platform of too many functions no further.
    expect(validateDocument({ platforms: [over] })).toEqual({ "platforms.0": "tooManyFunctions" });
    expect(validateDocument({ platforms: [platform(half)] })["platforms.0"]).toBeUndefined();
    // The editor keeps no change that adds functions past the limit, and every change that removes some.
    expect(addsFunctionsPastLimit(over, platform(half))).toBe(true);
    expect(addsFunctionsPastLimit(platform(half), over)).toBe(false);
    expect(
      addsFunctionsPastLimit(over, {
        ...over,
        views: [{ id: "matter", buttons: [button(), button()] }],
      }),
    ).toBe(false);
  });
});

describe("limits where the spec names none (decision 0055, 'Limits')", () => {
  const place = { platform: "desktop" as const, viewType: "matter" };

  it("refuses each unbounded text of a function over its limit with tooLong at its path", () => {
    const long = (max: number) => "x".repeat(max + 1);
    const errors = validateFunction(
      button({
        actionType: "secondary-tab-dropdown",
        headerLabel: long(SCHEMA_LIMITS.headerLabelMax),
        groupLabel: long(SCHEMA_LIMITS.groupLabelMax),
        functionGroupId: long(SCHEMA_LIMITS.functionGroupIdMax),
        iconSvg: long(SCHEMA_LIMITS.iconSvgMax),
        window: {
          title: long(SCHEMA_LIMITS.windowTitleMax),
          closeHandler: long(SCHEMA_LIMITS.closeHandlerMax),
        },
        formNames: [long(SCHEMA_LIMITS.textMax)],
        visibility: { tableIds: ["a", long(SCHEMA_LIMITS.textMax)], states: ["NSW"] },
        icon: { id: long(SCHEMA_LIMITS.textMax), url: "https://img.example.com/1.png" },
      }),
      place,
    );
    expect(errors).toMatchObject({
      headerLabel: "tooLong",
      groupLabel: "tooLong",
      functionGroupId: "tooLong",
      iconSvg: "tooLong",
      "window.title": "tooLong",
      "window.closeHandler": "tooLong",
      formNames: "tooLong",
      "visibility.tableIds": "tooLong",
      "icon.id": "tooLong",
    });
    expect(errors["visibility.states"]).toBeUndefined();
  });

  it("takes texts at their limits", () => {
    const at = (max: number) => "x".repeat(max);
    expect(
      validateFunction(
        button({
          groupLabel: at(SCHEMA_LIMITS.groupLabelMax),
          functionGroupId: at(SCHEMA_LIMITS.functionGroupIdMax),
          iconSvg: at(SCHEMA_LIMITS.iconSvgMax),
          window: {
            title: at(SCHEMA_LIMITS.windowTitleMax),
            closeHandler: at(SCHEMA_LIMITS.closeHandlerMax),
          },
          formNames: Array.from({ length: SCHEMA_LIMITS.formNamesMax }, () =>
            at(SCHEMA_LIMITS.textMax),
          ),
          description: at(FUNCTION_LIMITS.descriptionMax),
        }),
        place,
      ),
    ).toEqual({});
  });

  it("refuses lists with too many entries with tooMany", () => {
    const names = (count: number) => Array.from({ length: count }, (_, index) => `form${index}`);
    expect(
      validateFunction(
        button({
          formNames: names(SCHEMA_LIMITS.formNamesMax + 1),
          visibility: { tableIds: names(SCHEMA_LIMITS.tableIdsMax + 1) },
        }),
        place,
      ),
    ).toMatchObject({
      formNames: "tooMany",
      "visibility.tableIds": "tooMany",
    });
    const platform: PlatformSchema = {
      type: "web",
      exceptions: Array.from({ length: SCHEMA_LIMITS.exceptionsMax + 1 }, () => ({
        url: "*.example.com",
        isInternal: false,
      })),
      menus: [
        {
          id: "menu-tools",
          items: Array.from({ length: SCHEMA_LIMITS.listMax + 1 }, () => button()),
        },
      ],
    };
    expect(validateDocument({ platforms: [platform] })).toMatchObject({
      "platforms.0.exceptions": "tooMany",
      "platforms.0.menus.0.items": "tooMany",
    });
  });

  it("refuses an endpoint or exception URL over 2048 characters", () => {
    const long = `https://example.com/${"a".repeat(SCHEMA_LIMITS.urlMax)}`;
    expect(validateEndpoints([{ env: "dev", url: long }, ...urls().slice(1)])).toEqual({
      "urls.dev": "tooLong",
    });
    expect(checkExceptionUrl(long)).toBe("tooLong");
  });

  it("judges nested functions and every part of a document with full paths", () => {
    const document = {
      platforms: [
        {
          type: "desktop" as const,
          menus: [
            {
              id: "menu-tools",
              name: "x".repeat(SCHEMA_LIMITS.textMax + 1),
              items: [
                button({
                  actionType: "dropdown",
                  urls: undefined,
                  items: [button({ groupLabel: "g".repeat(51) })],
                }),
              ],
            },
          ],
          productVariantsMap: { "1": "v".repeat(SCHEMA_LIMITS.textMax + 1) },
        },
      ],
    };
    expect(validateDocument(document)).toMatchObject({
      "platforms.0.menus.0.name": "tooLong",
      "platforms.0.menus.0.items.0.items.0.groupLabel": "tooLong",
      "platforms.0.productVariantsMap.1": "tooLong",
    });
  });

  it("refuses a whole document over its size with tooLarge at the document, judging nothing else", () => {
    const svg = "s".repeat(SCHEMA_LIMITS.iconSvgMax);
    const items = Array.from(
      { length: Math.ceil(SCHEMA_LIMITS.documentMax / SCHEMA_LIMITS.iconSvgMax) + 1 },
      () => button({ iconSvg: svg, name: "" }),
    );
    const document = {
      platforms: [{ type: "web" as const, menus: [{ id: "menu-tools", items }] }],
    };
    expect(checkDocumentSize(document)).toBe("tooLarge");
    expect(validateDocument(document)).toEqual({ "": "tooLarge" });
    expect(checkDocumentSize({ platforms: [] })).toBeUndefined();
  });

  it("gives each field's limit by its name or path", () => {
    expect(textLimitOf("window.title")).toBe(SCHEMA_LIMITS.windowTitleMax);
    expect(textLimitOf("urls.live")).toBe(SCHEMA_LIMITS.urlMax);
    expect(textLimitOf("platforms.0.views.2.buttons.1.iconSvg")).toBe(SCHEMA_LIMITS.iconSvgMax);
    expect(textLimitOf("visibility.states")).toBe(SCHEMA_LIMITS.textMax);
    expect(listLimitOf("visibility.formNames")).toBe(SCHEMA_LIMITS.formNamesMax);
    expect(listLimitOf("views.0.buttons")).toBe(SCHEMA_LIMITS.listMax);
  });
});

describe("the console's words for every rule code", () => {
  it("has platform:errors.{code} in each language", () => {
    for (const language of ["en-AU", "nl-NL"]) {
      const { errors } = JSON.parse(readFileSync(`locales/${language}/platform.json`, "utf8")) as {
        errors: Record<string, string>;
      };
      expect(
        SCHEMA_RULE_CODES.filter((code) => !errors[code]),
        language,
      ).toEqual([]);
    }
  });
});
