import { describe, expect, it } from "vitest";
import { arrangedJson } from "./arrange";

describe("arrangedJson", () => {
  it("prints a document with two spaces", () => {
    expect(arrangedJson({ platforms: [{ type: "web" }] })).toBe('{\n  "platforms": [\n    {\n      "type": "web"\n    }\n  ]\n}');
  });

  it("answers nothing for a document nested too deeply to print, which JSON.parse still reads", () => {
    const deep = JSON.parse(`${"[".repeat(5000)}${"]".repeat(5000)}`) as unknown;
    expect(arrangedJson(deep)).toBeUndefined();
  });
});
