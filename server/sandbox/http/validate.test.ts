import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { JSON_LIMITS } from "~/api/json-limits";
import { ApiError } from "./errors";
import { BODY_LIMITS, jsonBody, unstorablePath } from "./validate";

describe("unstorablePath", () => {
  it("names the first string or key the database cannot store, in document order", () => {
    expect(unstorablePath({ a: "ok", b: [1, true, null, { c: "x" }] })).toBeUndefined();
    expect(unstorablePath("\u0000")).toBe("body");
    expect(unstorablePath({ details: { name: "a\u0000", description: "\ud800" } })).toBe(
      "details.name",
    );
    expect(unstorablePath({ promo: { banners: [{ id: "ok" }, { id: "\udc00" }] } })).toBe(
      "promo.banners.1.id",
    );
    expect(unstorablePath({ first: "\ud800", "key\u0000": "ok" })).toBe("first");
    expect(unstorablePath({ ok: 1, "key\u0000": "fine" })).toBe("key\ufffd");
    expect(unstorablePath({ nested: { "\ud800": 1 } })).toBe("nested.\ufffd");
  });

  it("walks any depth and any width without running out of stack", () => {
    let deep: unknown = "\u0000";
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(unstorablePath(deep)).toMatch(/^0(\.0)+$/);
    const wide = Array.from({ length: 100_000 }, (_, i) => ({ [`k${i}`]: "fine" }));
    expect(unstorablePath(wide)).toBeUndefined();
  });
});

describe("jsonBody", () => {
  const app = new Hono();
  app.onError((error, c) =>
    error instanceof ApiError
      ? c.json({ field: error.extra.field, errors: error.extra.errors }, error.status)
      : c.text("failed", 500),
  );
  app.post("/", async (c) =>
    c.json(await jsonBody(c, z.object({ name: z.string(), profile: z.string().optional() }))),
  );
  const post = async (body: unknown) => {
    const res = await app.request("/", { method: "POST", body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as unknown };
  };

  it("refuses a string or key the schema let through, naming it", async () => {
    expect(await post({ name: "ok", profile: "a\u0000" })).toEqual({
      status: 400,
      body: { field: "profile", errors: { profile: "invalidCharacters" } },
    });
    expect(await post({ name: "ok", "k\ud800": 1 })).toEqual({
      status: 400,
      body: { field: "k\ufffd", errors: { "k\ufffd": "invalidCharacters" } },
    });
    expect(await post({ name: "ok", profile: "fine" })).toEqual({
      status: 200,
      body: { name: "ok", profile: "fine" },
    });
  });

  it("names it next to the schema's own refusals", async () => {
    expect(await post({ profile: "\u0000" })).toEqual({
      status: 400,
      body: { field: "name", errors: { name: "required", profile: "invalidCharacters" } },
    });
  });

  it("refuses a body past the JSON limits before parsing it, naming the top-level key it nests too deeply under", async () => {
    const nest = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
    const raw = async (text: string) => {
      const res = await app.request("/", { method: "POST", body: text });
      return { status: res.status, body: (await res.json()) as unknown };
    };
    // A document may nest JSON_LIMITS.depthMax levels; the body one more for its envelope.
    expect(await raw(`{"name":"ok","profile":${nest(BODY_LIMITS.depthMax - 1)}}`)).toMatchObject({
      status: 400,
      body: { field: "profile", errors: { profile: "invalidType" } },
    });
    expect(await raw(`{"name":"ok","profile":${nest(BODY_LIMITS.depthMax)}}`)).toEqual({
      status: 400,
      body: { field: "profile", errors: { profile: "tooDeep" } },
    });
    expect(await raw(`{"name":"ok","profile":${nest(5_000)}}`)).toEqual({
      status: 400,
      body: { field: "profile", errors: { profile: "tooDeep" } },
    });
    expect(await raw(nest(5_000))).toEqual({
      status: 400,
      body: { field: "body", errors: { body: "tooDeep" } },
    });
    expect(await raw(`{"name":"${"x".repeat(JSON_LIMITS.textMax)}"}`)).toEqual({
      status: 400,
      body: { field: "body", errors: { body: "tooLarge" } },
    });
  });
});
