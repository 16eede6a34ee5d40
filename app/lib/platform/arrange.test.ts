import { describe, expect, it } from "vitest";
import { JSON_LIMITS } from "~/api/json-limits";
import { arrangedJson, arrangedLength } from "./arrange";

describe("arrangedJson", () => {
  it("prints a document with two spaces", () => {
    expect(arrangedJson({ platforms: [{ type: "web" }] })).toEqual({
      json: '{\n  "platforms": [\n    {\n      "type": "web"\n    }\n  ]\n}',
    });
  });

  it("refuses a document whose arranged text would be longer than a JSON text may be (8 KB of brackets became 32 MB)", () => {
    // 31 levels of empty-ended arrays, side by side: within the depth limit, each bracket a line indented up to 62 spaces.
    const block = JSON.parse(`${"[".repeat(30)}[]${"]".repeat(30)}`) as unknown;
    const wide = Array.from({ length: 8_000 }, () => block);
    expect(JSON.stringify(wide).length).toBeLessThan(JSON_LIMITS.textMax);
    expect(arrangedJson(wide)).toEqual({ code: "tooLarge" });
    expect(arrangedJson(Array.from({ length: 100 }, () => block))).toHaveProperty("json");
  });

  it("answers at most the limit: a document arranging to exactly the limit passes, one character more does not", () => {
    const value = { text: "" };
    const room = JSON_LIMITS.textMax - JSON.stringify(value, null, 2).length;
    expect(arrangedJson({ text: "x".repeat(room) })).toHaveProperty("json");
    expect(arrangedJson({ text: "x".repeat(room + 1) })).toEqual({ code: "tooLarge" });
  });
});

describe("arrangedLength", () => {
  it("is the length JSON.stringify(value, null, 2) has", () => {
    const values: unknown[] = [
      0,
      "text",
      [],
      {},
      [[]],
      { a: {} },
      [1, [2, [3, []], {}], { b: [null, true, false] }],
      {
        'quote"d': 'a " quote, a \\ backslash, [brackets] {braces}: and, commas',
        nested: { deeper: { list: ["x", "y", { z: 1.5e-7 }] } },
      },
      { unicode: "\u0000\u001f\u2028 é 😀", escaped: '\\\\"' },
      {
        platforms: [
          {
            type: "desktop",
            views: [
              {
                id: "matter",
                buttons: [
                  { actionType: "dropdown", items: [{ actionType: "sub-item", urls: [] }] },
                ],
              },
            ],
          },
        ],
      },
    ];
    for (const value of values)
      expect(arrangedLength(JSON.stringify(value)), JSON.stringify(value)).toBe(
        JSON.stringify(value, null, 2).length,
      );
  });
});
