import { describe, expect, it } from "vitest";
import { storableValue } from "./history";

describe("storableValue", () => {
  it("makes every string and key of a change's detail storable, and keeps the rest", () => {
    const at = new Date(0);
    expect(
      storableValue({ name: "a\u0000b", list: ["\ud800", 1, true, null], "k\u0000": { at } }),
    ).toEqual({
      name: "a\ufffdb",
      list: ["\ufffd", 1, true, null],
      "k\ufffd": { at },
    });
    expect(storableValue({ name: "Matter Sync" })).toEqual({ name: "Matter Sync" });
  });
});
