/**
 * The JSON limits over real HTTP (app/api/json-limits.ts, docs/decisions/0066-json-depth-and-size.md):
 * a platform schema nested 500 or 2,000 levels deep, as a value, as JSON text or as base-64 of
 * it, is refused by validate and save with 400 `tooDeep` at `json` before anything walks it
 * (both answered 500 before); a body longer than a JSON text may be is 400 `tooLarge`; a
 * document of 100,000 wrong entries is answered naming at most ERRORS_MAX paths; and the
 * worst documents the limits let in (tests/support/worst-case-json.ts) are read through.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { JSON_LIMITS } from "~/api/json-limits";
import { SCHEMA_LIMITS } from "~/api/schema/limits";
import { validateSchemaResponse } from "~/api/schema/schemas";
import { ERRORS_MAX } from "../../server/sandbox/http/errors";
import { worstCaseImport } from "../support/worst-case-json";
import { createApp, expectRefused, ok, type TestApp } from "./review-support";
import { newCompany, type TestCompany } from "./support";

let a: TestCompany;
let app: TestApp;

beforeAll(async () => {
  a = await newCompany();
  app = await createApp(a);
});

/** A web platform whose menu's items nest `depth` dropdowns, as JSON text (written out: no stack is needed). */
const deepText = (depth: number) =>
  `{"platforms":[{"type":"web","menus":[{"id":"menu-tools","items":${'[{"actionType":"dropdown","name":"x","items":'.repeat(depth)}[]${"}]".repeat(depth)}}]}]}`;

/** The body of a call carrying `json` as it is written: a value (the text inlined), a JSON string or base-64 of it. */
const bodyOf = (text: string, as: "value" | "text" | "base64", extra = "") => {
  const json =
    as === "value"
      ? text
      : JSON.stringify(as === "text" ? text : Buffer.from(text).toString("base64"));
  return `{${extra}"json":${json}}`;
};

const post = (path: string, body: string) =>
  a.api(path, { method: "POST", body, headers: { "content-type": "application/json" } });
const versionCount = async () =>
  (await ok<{ versions: unknown[] }>(await a.api(`apps/group/${app.groupId}`))).versions.length;

describe("a schema nested past the limit", () => {
  for (const depth of [500, 2_000]) {
    for (const as of ["value", "text", "base64"] as const) {
      it(`${depth} levels as ${as}: validate and save answer 400 tooDeep at json, and no version is made`, async () => {
        await expectRefused(await post("app-schema/validate", bodyOf(deepText(depth), as)), 400, {
          json: "tooDeep",
        });
        const before = await versionCount();
        await expectRefused(
          await post("app-schema", bodyOf(deepText(depth), as, `"appIdOld":"${app.versionId}",`)),
          400,
          { json: "tooDeep" },
        );
        await expectRefused(
          await post(
            "app-schema/validate",
            bodyOf(deepText(depth), as, `"appId":"${app.versionId}",`),
          ),
          400,
          { json: "tooDeep" },
        );
        expect(await versionCount()).toBe(before);
      });
    }
  }

  it("takes a document as deep as the limit: judged by the rules, not refused by the limit", async () => {
    const depth = (JSON_LIMITS.depthMax - 6) / 2;
    for (const as of ["value", "text"] as const) {
      const verdict = validateSchemaResponse.parse(
        await ok(await post("app-schema/validate", bodyOf(deepText(depth), as))),
      );
      expect(verdict.errors.map((error) => error.code)).not.toContain("tooDeep");
      await expectRefused(await post("app-schema/validate", bodyOf(deepText(depth + 1), as)), 400, {
        json: "tooDeep",
      });
    }
  });
});

describe("a body longer than a JSON text may be", () => {
  it("is refused with 400 tooLarge, as text and as a value", async () => {
    const long = `{"platforms":[{"type":"web","menus":[{"id":"${"x".repeat(JSON_LIMITS.textMax)}"}]}]}`;
    await expectRefused(await post("app-schema/validate", bodyOf(long, "text")), 400, {
      body: "tooLarge",
    });
    await expectRefused(
      await post("app-schema", bodyOf(long, "value", `"appIdOld":"${app.versionId}",`)),
      400,
      { body: "tooLarge" },
    );
  });
});

describe("a document of many wrong entries", () => {
  it("gets a verdict naming at most ERRORS_MAX paths, as a save its refusal", async () => {
    const text = JSON.stringify({
      platforms: [{ type: "web", menus: Array.from({ length: 100_000 }, () => 0) }],
    });
    const res = await post("app-schema/validate", bodyOf(text, "text"));
    const verdict = validateSchemaResponse.parse(await ok(res));
    expect(verdict.errors).toHaveLength(ERRORS_MAX);
    const refused = await expectRefused(
      await post("app-schema", bodyOf(text, "value", `"appIdOld":"${app.versionId}",`)),
      400,
      { "json.platforms.0.menus.0": "invalidType" },
    );
    expect(Object.keys(refused.errors ?? {})).toHaveLength(ERRORS_MAX);
  });
});

describe("a platform of more functions than it may hold", () => {
  it("is refused by validate and save with tooManyFunctions at the platform, and no version is made", async () => {
    const menuItem = {
      actionType: "menu-item",
      name: "Item",
      label: "Item",
      description: "An item.",
    };
    const platform = {
      type: "web",
      menus: [
        {
          id: "menu-tools",
          items: Array.from({ length: SCHEMA_LIMITS.functionsMax + 1 }, () => menuItem),
        },
      ],
    };
    const text = JSON.stringify({ platforms: [platform] });
    const before = await versionCount();
    const verdict = validateSchemaResponse.parse(
      await ok(await post("app-schema/validate", bodyOf(text, "value"))),
    );
    expect(verdict.valid).toBe(false);
    expect(verdict.errors.map((error) => [error.path, error.code])).toEqual([
      ["platforms.0", "tooManyFunctions"],
    ]);
    await expectRefused(
      await post("app-schema", bodyOf(text, "text", `"appIdOld":"${app.versionId}",`)),
      400,
      { "json.platforms.0": "tooManyFunctions" },
    );
    expect(await versionCount()).toBe(before);
  });
});

describe("the worst document the limits let in", () => {
  it("is read through by validate, as text and as a value, without a 5xx", async () => {
    const text = `{"platforms":[${worstCaseImport("web")}]}`;
    for (const as of ["value", "text"] as const) {
      const verdict = validateSchemaResponse.parse(
        await ok(await post("app-schema/validate", bodyOf(text, as))),
      );
      expect(verdict.errors.map((error) => error.code)).not.toContain("tooDeep");
    }
  });
});
