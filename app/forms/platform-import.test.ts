import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { JSON_LIMITS } from "~/api/json-limits";
import { SCHEMA_LIMITS } from "~/api/schema/limits";
import { desktop } from "~/lib/platform/fixtures.test-support";
import { asT } from "~/lib/t.testing";
import { arrangeJson, importSchema } from "./platform-import.server";

/** A translator that shows the key, the field and the path. */
const t = asT((key, values) =>
  values && "field" in values
    ? `${key} (${String(values.field)}${values.path ? ` at ${String(values.path)}` : ""})`
    : key,
);

const post = (json: string | string[]) => {
  const data = new FormData();
  for (const entry of [json].flat()) data.append("json", entry);
  return data;
};
const parse = (json: string | string[], platform: "desktop" | "web" = "desktop") =>
  parseWithZod(post(json), { schema: importSchema(t, platform) });
const errorOf = (submission: ReturnType<typeof parse>) =>
  submission.status === "error" ? submission.error?.json?.[0] : undefined;

describe("the import dialog", () => {
  it("takes one platform, a whole document's platform of the page, or base-64 of either", () => {
    const doc = desktop();
    for (const json of [
      JSON.stringify(doc),
      JSON.stringify({ platforms: [{ type: "web" }, doc] }),
      btoa(JSON.stringify(doc)),
    ]) {
      const submission = parse(json);
      expect(submission.status === "success" && submission.value).toEqual(doc);
    }
  });

  it("refuses what is not JSON, and a document not of this platform or not of the contract's shape, naming the place", () => {
    expect(errorOf(parse("{ not json"))).toBe("platform:errors.invalidJson (platform:fields.json)");
    expect(errorOf(parse(""))).toBe("platform:errors.invalidJson (platform:fields.json)");
    expect(errorOf(parse(JSON.stringify(desktop()), "web"))).toBe(
      "platform:errors.validatingSchema (platform:fields.json at type)",
    );
    expect(errorOf(parse(JSON.stringify({ platforms: [{ type: "web" }] })))).toBe(
      "platform:errors.validatingSchema (platform:fields.json at platforms)",
    );
    expect(errorOf(parse(JSON.stringify({ ...desktop(), colour: "red" })))).toBe(
      "platform:errors.validatingSchema (platform:fields.json at colour)",
    );
    const broken = desktop();
    (broken.views![0].buttons![0] as unknown as Record<string, unknown>).actionType = "rocket";
    expect(errorOf(parse(JSON.stringify({ platforms: [broken] })))).toBe(
      "platform:errors.validatingSchema (platform:fields.json at platforms.0.views.0.buttons.0.actionType)",
    );
    expect(errorOf(parse(["{}", "{}"]))).toBe("platform:errors.notText (platform:fields.json)");
    expect(errorOf(parse('{"type":"desktop","views":[{"id":"a\\u0000"}]}'))).toBe(
      "platform:errors.validatingSchema (platform:fields.json at views.0.id)",
    );
  });

  it("refuses a document larger than the contract's document limit (tooLarge)", () => {
    const large = desktop();
    large.views![0].buttons![0].iconSvg = "s".repeat(SCHEMA_LIMITS.documentMax);
    expect(errorOf(parse(JSON.stringify(large)))).toBe(
      "platform:errors.tooLarge (platform:fields.json)",
    );
  });

  it("refuses a document past the JSON limits before reading it (tooDeep, tooLarge), also one that would be as saved", () => {
    const items = (depth: number) =>
      `{"type":"desktop","menus":[{"id":"m","items":${'[{"actionType":"dropdown","items":'.repeat(depth)}[]${"}]".repeat(depth)}}]}`;
    for (const depth of [500, 2_000])
      expect(errorOf(parse(items(depth)))).toBe("platform:errors.tooDeep (platform:fields.json)");
    expect(
      errorOf(parse(`{"type":"desktop","views":[{"id":"${"x".repeat(JSON_LIMITS.textMax)}"}]}`)),
    ).toBe("platform:errors.tooLarge (platform:fields.json)");
    // 32 levels as a platform are 34 in the document it is saved in.
    const depth = (JSON_LIMITS.depthMax - 6) / 2;
    expect(parse(items(depth)).status).toBe("success");
    expect(errorOf(parse(items(depth + 1)))).toBe("platform:errors.tooDeep (platform:fields.json)");
  });

  it("refuses a platform of more functions than a platform may hold (tooManyFunctions)", () => {
    const menu = (count: number) =>
      JSON.stringify({
        type: "desktop",
        menus: [
          {
            id: "menu-tools",
            items: Array.from({ length: count }, () => ({
              actionType: "menu-item",
              name: "M",
              label: "M",
            })),
          },
        ],
      });
    expect(parse(menu(SCHEMA_LIMITS.functionsMax)).status).toBe("success");
    expect(errorOf(parse(menu(SCHEMA_LIMITS.functionsMax + 1)))).toBe(
      "platform:errors.tooManyFunctions (platform:fields.json)",
    );
  });

  it("arranges JSON text, and leaves what is not JSON or over the JSON limits", () => {
    expect(arrangeJson('{"type":"web","views":[]}')).toBe('{\n  "type": "web",\n  "views": []\n}');
    expect(arrangeJson("{ nope")).toBeUndefined();
    expect(arrangeJson("[".repeat(2_000) + "]".repeat(2_000))).toBeUndefined();
  });
});
