import { describe, expect, it } from "vitest";
import {
  emailAddress,
  INT32,
  INVALID_CHARACTERS,
  isStorableText,
  optionalText,
  optionalUrl,
  password,
  requiredText,
  storableCopy,
  storableText,
  wholeNumber,
} from "./common";

const UNSTORABLE = ["\u0000", "a\u0000b", "\ud800", "x\udc00", "\udbff\ud800", "end\ud83d"];
const STORABLE = [
  "",
  "plain",
  "tab\tand\nnewline",
  "emoji \ud83d\ude00",
  "日本語",
  "\u0001\u007f",
  "\ufffd",
];

describe("the text rule", () => {
  it("keeps its words after schemas are built with it", () => {
    storableText();
    expect(storableText().safeParse("a\u0000").error?.issues[0].message).toBe(
      "must not contain a NUL character or a lone surrogate",
    );
    expect(INVALID_CHARACTERS.message).toBe("must not contain a NUL character or a lone surrogate");
  });

  it("refuses a NUL and a lone surrogate, and only those", () => {
    for (const value of UNSTORABLE)
      expect(isStorableText(value), JSON.stringify(value)).toBe(false);
    for (const value of STORABLE) expect(isStorableText(value), JSON.stringify(value)).toBe(true);
  });

  it("makes a storable copy with U+FFFD in their place", () => {
    expect(storableCopy("a\u0000b\ud800c")).toBe("a\ufffdb\ufffdc");
    expect(storableCopy("emoji \ud83d\ude00")).toBe("emoji \ud83d\ude00");
    for (const value of UNSTORABLE) expect(isStorableText(storableCopy(value))).toBe(true);
  });

  it("is part of every text schema of the contract, with the code invalidCharacters", () => {
    const schemas = [requiredText(100), optionalText(100), emailAddress, optionalUrl, password];
    for (const schema of schemas) {
      for (const value of ["Valid-pass-1\u0000", "Valid-pass-1\ud800"]) {
        const result = schema.safeParse(value);
        expect(result.success).toBe(false);
        const issue = result.error?.issues[0];
        expect(issue?.code).toBe("custom");
        expect(issue?.code === "custom" && issue.params?.code).toBe("invalidCharacters");
      }
    }
    expect(requiredText(100).parse(" fine ")).toBe("fine");
  });
});

describe("the whole-number rule", () => {
  it("holds a number to what an integer column takes", () => {
    const any = wholeNumber();
    for (const value of [0, 1, -1, INT32.min, INT32.max])
      expect(any.safeParse(value).success, String(value)).toBe(true);
    for (const value of [
      INT32.max + 1,
      INT32.min - 1,
      2 ** 53,
      1.5,
      Number.NaN,
      Infinity,
      -Infinity,
      "1",
      null,
    ]) {
      expect(any.safeParse(value).success, String(value)).toBe(false);
    }
  });

  it("narrows the range, never past int32", () => {
    const id = wholeNumber({ min: 0 });
    expect(id.safeParse(-1).success).toBe(false);
    expect(id.safeParse(0).success).toBe(true);
    expect(wholeNumber({ min: 1, max: 1000 }).safeParse(1001).success).toBe(false);
    expect(wholeNumber({ max: 2 ** 40 }).safeParse(INT32.max + 1).success).toBe(false);
  });
});
