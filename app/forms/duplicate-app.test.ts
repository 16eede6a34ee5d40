import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { duplicateSchema } from "./duplicate-app";

const t = ((key: string) => key) as unknown as TFunction;

describe("the duplicate dialog's form", () => {
  it("refuses a name the database cannot store with its own message, and such a country as not one of the list", () => {
    const result = duplicateSchema(t).safeParse({ appName: "Copy \ud800", countryCode: "A\u0000U" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["appName", "appList:duplicate.errors.appNameInvalidCharacters"],
      ["countryCode", "appList:duplicate.errors.countryUnknown"],
    ]);
  });
});
