import { describe, expect, it } from "vitest";
import { unstorablePath } from "./validate";

describe("unstorablePath", () => {
  it("names the first string or key the database cannot store, in document order", () => {
    expect(unstorablePath({ a: "ok", b: [1, true, null, { c: "x" }] })).toBeUndefined();
    expect(unstorablePath("\u0000")).toBe("body");
    expect(unstorablePath({ details: { name: "a\u0000", description: "\ud800" } })).toBe("details.name");
    expect(unstorablePath({ promo: { banners: [{ id: "ok" }, { id: "\udc00" }] } })).toBe("promo.banners.1.id");
    expect(unstorablePath({ first: "\ud800", ["key\u0000"]: "ok" })).toBe("first");
    expect(unstorablePath({ ok: 1, ["key\u0000"]: "fine" })).toBe("key\ufffd");
    expect(unstorablePath({ nested: { ["\ud800"]: 1 } })).toBe("nested.\ufffd");
  });

  it("walks any depth and any width without running out of stack", () => {
    let deep: unknown = "\u0000";
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(unstorablePath(deep)).toMatch(/^0(\.0)+$/);
    const wide = Array.from({ length: 100_000 }, (_, i) => ({ [`k${i}`]: "fine" }));
    expect(unstorablePath(wide)).toBeUndefined();
  });
});
