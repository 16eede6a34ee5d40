import { describe, expect, it } from "vitest";
import { checkJsonText, checkJsonValue, JSON_LIMITS } from "./json-limits";

const nested = (depth: number, leaf = "0") => `${"[".repeat(depth)}${leaf}${"]".repeat(depth)}`;

/** A value nested `depth` arrays deep, built without recursion. */
function deepValue(depth: number): unknown {
  let value: unknown = 0;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe("checkJsonText", () => {
  it("takes a text nested as deep as the limit and refuses one level more", () => {
    expect(checkJsonText(nested(JSON_LIMITS.depthMax))).toBeUndefined();
    expect(checkJsonText(nested(JSON_LIMITS.depthMax + 1))).toEqual({ code: "tooDeep" });
  });

  it("refuses the documents of the attack: 500 and 2,000 levels of items, and 5,000 of arrays", () => {
    const items = (depth: number) =>
      `{"type":"web","menus":[{"id":"m","items":${'[{"items":'.repeat(depth)}[]${"}]".repeat(depth)}}]}`;
    expect(checkJsonText(items(500))).toEqual({ code: "tooDeep", key: "menus" });
    expect(checkJsonText(items(2000))).toEqual({ code: "tooDeep", key: "menus" });
    expect(checkJsonText(nested(5000))).toEqual({ code: "tooDeep" });
  });

  it("counts objects and arrays alike", () => {
    const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
    expect(checkJsonText(objects(JSON_LIMITS.depthMax))).toBeUndefined();
    expect(checkJsonText(objects(JSON_LIMITS.depthMax + 1))).toEqual({ code: "tooDeep", key: "a" });
  });

  it("does not count brackets inside strings, escaped quotes included", () => {
    const inString = JSON.stringify({ text: "[".repeat(100), quoted: `\\"${"{".repeat(100)}"\\` });
    expect(checkJsonText(inString)).toBeUndefined();
    // A backslash before the closing quote ends the escape, not the string: the brackets after it count.
    expect(checkJsonText(`["\\\\", ${nested(40)}]`)).toEqual({ code: "tooDeep" });
    expect(checkJsonText(`["\\"", ${nested(20)}]`)).toBeUndefined();
  });

  it("names the top-level key the nesting went too deep under, decoded", () => {
    const body = `{"appIdOld":"x", "json" : {"platforms":[${nested(40)}]}}`;
    expect(checkJsonText(body)).toEqual({ code: "tooDeep", key: "json" });
    expect(checkJsonText(`{"a":[1,"b"],"k\\u0065y\\n":${nested(40)}}`)).toEqual({
      code: "tooDeep",
      key: "key\n",
    });
    // A string value at the top is no key.
    expect(checkJsonText(`{"a":"b","c":${nested(40)}}`)).toEqual({ code: "tooDeep", key: "c" });
  });

  it("refuses a text longer than the limit before reading it", () => {
    expect(checkJsonText(" ".repeat(JSON_LIMITS.textMax))).toBeUndefined();
    expect(checkJsonText(" ".repeat(JSON_LIMITS.textMax + 1))).toEqual({ code: "tooLarge" });
    expect(checkJsonText("[1,2]", { depthMax: 4, textMax: 4 })).toEqual({ code: "tooLarge" });
  });

  it("never lets stray closing brackets lower the count", () => {
    expect(checkJsonText(`${"]".repeat(100)}${nested(40)}`)).toEqual({ code: "tooDeep" });
  });
});

describe("checkJsonValue", () => {
  it("refuses a value nested past the limit without overflowing the stack, however deep", () => {
    expect(checkJsonValue(deepValue(JSON_LIMITS.depthMax))).toBeUndefined();
    expect(checkJsonValue(deepValue(JSON_LIMITS.depthMax + 1))).toEqual({ code: "tooDeep" });
    expect(checkJsonValue(deepValue(1_000_000))).toEqual({ code: "tooDeep" });
    expect(checkJsonValue({ a: { b: [{ c: deepValue(40) }] } })).toEqual({ code: "tooDeep" });
  });

  it("refuses a value whose compact JSON is longer than the limit", () => {
    expect(checkJsonValue({ text: "x".repeat(JSON_LIMITS.textMax) })).toEqual({ code: "tooLarge" });
    expect(checkJsonValue({ text: "x".repeat(100) })).toBeUndefined();
    expect(checkJsonValue("plain")).toBeUndefined();
  });
});
