import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { SCHEMA_LIMITS } from "~/api/schema/limits";
import type { PlatformFunction } from "~/api/schema/schemas";
import { asT } from "~/lib/t.testing";
import {
  functionIconRule,
  itemDefaults,
  itemTabOf,
  itemTabsWithErrors,
  precedentLocations,
  precedentValue,
} from "./platform-item";
import { itemSchema } from "./platform-item.server";

/** A translator that shows the key and the field. */
const t = asT((key, values) =>
  values && "field" in values ? `${key} (${String(values.field)})` : key,
);

const URLS = {
  "urls.dev": "https://dev.example.com/a",
  "urls.test": "https://test.example.com/a",
  "urls.beta": "https://beta.example.com/a",
  "urls.live": "https://example.com/a",
};

function post(entries: Record<string, string | string[]>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries))
    for (const entry of [value].flat()) data.append(key, entry);
  return data;
}

const parse = (
  entries: Record<string, string | string[]>,
  context: Partial<Parameters<typeof itemSchema>[1]> = {},
) =>
  parseWithZod(post(entries), {
    schema: itemSchema(t, {
      platform: "desktop",
      viewType: "matter",
      actionTypes: ["button", "dropdown"],
      ...context,
    }),
  });

const errorsOf = (submission: ReturnType<typeof parse>) =>
  submission.status === "error"
    ? Object.fromEntries(
        Object.entries(submission.error ?? {}).map(([name, messages]) => [name, messages?.[0]]),
      )
    : {};

describe("the item dialog", () => {
  it("reads a button with its endpoints, visibility, window and advanced options", () => {
    const submission = parse({
      actionType: "button",
      name: " Open ",
      label: "Open",
      description: "Opens the app\r\nfor the matter",
      windowType: "system",
      width: "80",
      ...URLS,
      "visibility.matterTypes": ["au-mt-sale", "au-mt-purchase"],
      "visibility.billingModes": "218",
      "visibility.entityType": "1",
      "visibility.location": [
        precedentValue("sale", "sale/letters"),
        precedentValue("sale", "sale/forms"),
      ],
      "window.title": "Open",
      "window.width": "800",
      "window.height": "600",
      "window.hideControls": "on",
      timeTracked: "2",
      formNames: "A, B,,",
      messageBus: "on",
    });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      actionType: "button",
      name: "Open",
      label: "Open",
      description: "Opens the app\nfor the matter",
      windowType: "system",
      width: 80,
      urls: [
        { env: "dev", url: "https://dev.example.com/a" },
        { env: "test", url: "https://test.example.com/a" },
        { env: "beta", url: "https://beta.example.com/a" },
        { env: "live", url: "https://example.com/a" },
      ],
      visibility: {
        matterTypes: ["au-mt-sale", "au-mt-purchase"],
        billingModes: [218],
        entityType: 1,
        location: [{ root: "sale", paths: ["sale/letters", "sale/forms"] }],
      },
      window: { title: "Open", width: 800, height: 600, hideControls: true },
      timeTracked: 2,
      formNames: ["A", "B"],
      messageBus: true,
    } satisfies PlatformFunction);
  });

  it("refuses by the contract's rules, each on its field", () => {
    const submission = parse({
      name: "x".repeat(31),
      "urls.dev": "not a url",
      windowType: "system",
      "window.width": "0",
      width: "120",
    });
    expect(errorsOf(submission)).toEqual({
      name: "platform:errors.tooLong (platform:fields.name)",
      label: "platform:errors.required (platform:fields.label)",
      description: "platform:errors.required (platform:fields.description)",
      "urls.dev": "platform:errors.invalidUrl (platform:fields.urls.dev)",
      "urls.test": "platform:errors.required (platform:fields.urls.test)",
      "urls.beta": "platform:errors.required (platform:fields.urls.beta)",
      "urls.live": "platform:errors.required (platform:fields.urls.live)",
      "window.width": "platform:errors.outOfRange (platform:fields.window.width)",
      "window.height": "platform:errors.required (platform:fields.window.height)",
      width: "platform:errors.outOfRange (platform:fields.width)",
    });
  });

  it("asks a precedent-list item for matter types and a precedent location, a context-menu item for form names", () => {
    expect(
      errorsOf(
        parse(
          { name: "L", label: "L", ...URLS },
          { actionTypes: ["list-item"], viewType: "precedent" },
        ),
      ),
    ).toEqual({
      "visibility.matterTypes": "platform:errors.required (platform:fields.visibility.matterTypes)",
      "visibility.location": "platform:errors.required (platform:fields.visibility.location)",
    });
    expect(
      errorsOf(
        parse(
          { name: "C", label: "C", description: "d", ...URLS },
          { actionTypes: ["context-menu"] },
        ),
      ),
    ).toEqual({
      "visibility.formNames": "platform:errors.required (platform:fields.visibility.formNames)",
    });
  });

  it("needs no endpoints for a dropdown, and no description for a header", () => {
    expect(parse({ actionType: "dropdown", name: "D", label: "D", description: "d" }).status).toBe(
      "success",
    );
    expect(parse({ name: "H", label: "H" }, { actionTypes: ["context-header"] }).status).toBe(
      "success",
    );
  });

  it("refuses what the form does not offer: another action type, window type, a size that is no number, a repeated field, NUL", () => {
    expect(
      errorsOf(
        parse({
          actionType: "report-item",
          windowType: "popup",
          "window.width": "wide",
          name: "a",
          label: "a\u0000b",
          description: "d",
          ...URLS,
        }),
      ),
    ).toEqual({
      actionType: "platform:errors.invalid (platform:fields.actionType)",
      windowType: "platform:errors.invalid (platform:fields.windowType)",
      "window.width": "platform:errors.invalid (platform:fields.window.width)",
      label: "platform:errors.invalidCharacters (platform:fields.label)",
    });
    expect(errorsOf(parse({ name: ["a", "b"], label: "a", description: "d", ...URLS }))).toEqual({
      name: "platform:errors.notText (platform:fields.name)",
    });
    expect(
      errorsOf(
        parse({
          name: "a",
          label: "a",
          description: "d",
          ...URLS,
          "visibility.location": "no-bar",
          "visibility.cardType": "Alien",
        }),
      ),
    ).toEqual({
      "visibility.location": "platform:errors.invalid (platform:fields.visibility.location)",
      "visibility.cardType": "platform:errors.invalid (platform:fields.visibility.cardType)",
    });
  });

  it("refuses texts and lists over the contract's limits with the same codes, on their fields and tabs", () => {
    const submission = parse({
      name: "a",
      label: "a",
      description: "d",
      ...URLS,
      windowType: "system",
      "window.width": "10",
      "window.height": "10",
      groupLabel: "g".repeat(SCHEMA_LIMITS.groupLabelMax + 1),
      functionGroupId: "f".repeat(SCHEMA_LIMITS.functionGroupIdMax + 1),
      iconSvg: "s".repeat(SCHEMA_LIMITS.iconSvgMax + 1),
      "window.title": "t".repeat(SCHEMA_LIMITS.windowTitleMax + 1),
      "window.closeHandler": "c".repeat(SCHEMA_LIMITS.closeHandlerMax + 1),
      formNames: Array.from(
        { length: SCHEMA_LIMITS.formNamesMax + 1 },
        (_, index) => `F${index}`,
      ).join(","),
      "visibility.tableIds": `t1, ${"t".repeat(SCHEMA_LIMITS.textMax + 1)}`,
      "urls.dev": `https://dev.example.com/${"a".repeat(SCHEMA_LIMITS.urlMax)}`,
    });
    expect(errorsOf(submission)).toEqual({
      groupLabel: "platform:errors.tooLong (platform:fields.groupLabel)",
      functionGroupId: "platform:errors.tooLong (platform:fields.functionGroupId)",
      iconSvg: "platform:errors.tooLong (platform:fields.iconSvg)",
      "window.title": "platform:errors.tooLong (platform:fields.window.title)",
      "window.closeHandler": "platform:errors.tooLong (platform:fields.window.closeHandler)",
      formNames: "platform:errors.tooMany (platform:fields.formNames)",
      "visibility.tableIds": "platform:errors.tooLong (platform:fields.visibility.tableIds)",
      "urls.dev": "platform:errors.tooLong (platform:fields.urls.dev)",
    });
    expect(itemTabsWithErrors(Object.keys(errorsOf(submission)))).toEqual([
      "details",
      "visibility",
      "endpoints",
      "window",
      "advanced",
    ]);
  });

  it("gives the form's values of an item, which read back into the same item", () => {
    const item: PlatformFunction = {
      actionType: "button",
      name: "Open",
      label: "Open",
      description: "d",
      width: 75,
      urls: [
        { env: "dev", url: "https://dev.example.com" },
        { env: "test", url: "https://test.example.com" },
        { env: "beta", url: "https://beta.example.com" },
        { env: "live", url: "https://example.com" },
      ],
      visibility: {
        cardType: ["Trust"],
        formNames: ["F1", "F2"],
        location: [{ root: "r", paths: ["r/a"] }],
      },
      window: { width: 10, height: 20, useNativeLoading: true },
      popOutWindow: true,
    };
    const defaults = itemDefaults(item);
    const entries: Record<string, string | string[]> = {};
    const flatten = (prefix: string, value: unknown) => {
      if (value === undefined || value === null) return;
      if (Array.isArray(value)) entries[prefix] = value.map(String);
      else if (typeof value === "object")
        for (const [key, inner] of Object.entries(value))
          flatten(prefix ? `${prefix}.${key}` : key, inner);
      else entries[prefix] = String(value);
    };
    flatten("", defaults);
    const submission = parse(entries);
    expect(submission.status === "success" && submission.value).toEqual(item);
  });
});

describe("the item dialog's tabs", () => {
  it("puts each field on its tab and marks the tabs with errors in order", () => {
    expect(itemTabOf("urls.dev")).toBe("endpoints");
    expect(itemTabOf("window.width")).toBe("window");
    expect(itemTabOf("visibility.location")).toBe("visibility");
    expect(itemTabOf("messageBus")).toBe("advanced");
    expect(itemTabOf("name")).toBe("details");
    expect(itemTabsWithErrors(["window.width", "name", "urls.live", "label"])).toEqual([
      "details",
      "endpoints",
      "window",
    ]);
  });

  it("reads ticked precedents into locations by root", () => {
    expect(precedentLocations(["a|a/1", "b|b/1", "a|a/2"])).toEqual([
      { root: "a", paths: ["a/1", "a/2"] },
      { root: "b", paths: ["b/1"] },
    ]);
    expect(precedentLocations(["|x"])).toBeUndefined();
    expect(precedentLocations([])).toEqual([]);
  });
});

describe("the function icon", () => {
  /** The beginning of a PNG of `width` x `height` pixels: its signature and IHDR chunk. */
  function png(width: number, height: number): Uint8Array {
    const bytes = new Uint8Array(33);
    bytes.set([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
    ]);
    const view = new DataView(bytes.buffer);
    view.setUint32(16, width);
    view.setUint32(20, height);
    return bytes;
  }

  it("takes a PNG of 28 to 65 pixels a side, at most 50 KB, and a list item's of 24x24", () => {
    expect(functionIconRule(png(28, 65), 2_000, { actionType: "button" })).toBeUndefined();
    expect(functionIconRule(png(24, 24), 2_000, { actionType: "list-item" })).toBeUndefined();
  });

  it("refuses another size, a larger file and what is no image", () => {
    expect(functionIconRule(png(24, 24), 2_000, { actionType: "button" })).toBe("invalidSize");
    expect(functionIconRule(png(28, 28), 2_000, { actionType: "list-item" })).toBe("invalidSize");
    expect(functionIconRule(png(40, 40), 50 * 1024 + 1, { actionType: "button" })).toBe(
      "sizeGreater50KB",
    );
    expect(functionIconRule(new TextEncoder().encode("GIF89a"), 6, { actionType: "button" })).toBe(
      "invalidType",
    );
  });
});

describe("a refused icon file", () => {
  const item = {
    actionType: "button",
    name: "Open",
    label: "Open",
    description: "Opens the app.",
    ...URLS,
  };

  it("refuses the item next to the file while it stands, by the rule the file broke", () => {
    expect(errorsOf(parse({ ...item, refusedIcon: "invalidSize" }))).toEqual({
      iconFile: expect.stringContaining("platform:errors.invalidSize"),
    });
    // A rule the page never keeps reads as the wrong type.
    expect(errorsOf(parse({ ...item, refusedIcon: "tooDeep" }))).toEqual({
      iconFile: expect.stringContaining("platform:errors.invalidType"),
    });
  });

  it("lets the item be saved once the file is left out or the icon removed on purpose", () => {
    expect(parse(item).status).toBe("success");
    expect(parse({ ...item, refusedIcon: "invalidType", dropRefusedIcon: "on" }).status).toBe(
      "success",
    );
    expect(parse({ ...item, refusedIcon: "invalidType", removeIcon: "on" }).status).toBe("success");
  });
});
