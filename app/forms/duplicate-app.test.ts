import { describe, expect, it } from "vitest";
import { validateDuplicate } from "~/api/apps/rules";
import { keyT } from "~/lib/t.testing";
import { detailsSchema } from "./app-editor.server";
import { duplicateFieldErrors } from "./duplicate-app";
import { duplicateSchema } from "./duplicate-app.server";

/** A translator that shows the key and its values, so two messages are equal only when both are. */
const t = keyT;
const schema = duplicateSchema(t, "en-AU");
const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]);

/** The message the details form (creating an app) gives its name. */
function detailsNameMessage(name: string): string | undefined {
  const result = detailsSchema(t, "en-AU", { categoryIds: [1], countryCodes: ["AU"] }).safeParse({
    categoryId: 1,
    name,
    appType: 0,
    description: "D",
    countryCode: "AU",
  });
  return result.error?.issues.find((issue) => issue.path[0] === "name")?.message;
}

describe("the duplicate dialog's form", () => {
  it.each([
    [{}, ["appName", "countryCode"]],
    [{ appName: "  ", countryCode: "AU" }, ["appName"]],
    [{ appName: "Copy" }, ["countryCode"]],
    [{ appName: "x".repeat(101), countryCode: "AU" }, ["appName"]],
    [{ appName: ` ${"x".repeat(100)} `, countryCode: "AU" }, []],
    [{ appName: "Copy", countryCode: "AU" }, []],
  ])("agrees with validateDuplicate for %j", (input, failing) => {
    const result = schema.safeParse(input);
    const paths = result.success ? [] : result.error.issues.map((issue) => String(issue.path[0]));
    expect(paths.sort()).toEqual(failing);
    expect(Object.keys(validateDuplicate(input)).sort()).toEqual(failing);
  });

  it.each([
    ["empty", "  "],
    ["over 100 characters", "x".repeat(101)],
    ["not storable", "Copy \ud800"],
  ])("refuses a name that is %s with the message creating an app gives", (_, name) => {
    const message = detailsNameMessage(name);
    expect(message).toBeTruthy();
    expect(messagesOf(schema.safeParse({ appName: name, countryCode: "AU" }))).toEqual([
      ["appName", message],
    ]);
  });

  it("names the rule of the name and the country", () => {
    expect(messagesOf(schema.safeParse({ appName: "x".repeat(101) }))).toEqual([
      [
        "appName",
        'appEditor:errors.tooLong {"field":"appEditor:fields.name.label","min":"0","max":"100"}',
      ],
      ["countryCode", "appList:duplicate.errors.countryRequired"],
    ]);
    // A country with characters no country has is not one of the list.
    expect(messagesOf(schema.safeParse({ appName: "Copy", countryCode: "A\u0000U" }))).toEqual([
      ["countryCode", "appList:duplicate.errors.countryUnknown"],
    ]);
  });

  it("refuses a name sent twice as the editor does", () => {
    const result = schema.safeParse({ appName: ["a", "b"], countryCode: "AU" });
    expect(messagesOf(result)).toEqual([
      ["appName", 'appEditor:errors.notText {"field":"appEditor:fields.name.label"}'],
    ]);
  });

  it("trims the name and upper-cases the country", () => {
    expect(schema.parse({ appName: "  Copy ", countryCode: " uk" })).toEqual({
      appName: "Copy",
      countryCode: "UK",
    });
  });
});

describe("duplicateFieldErrors", () => {
  it("words each rule code the API names on the dialog's fields", () => {
    expect(duplicateFieldErrors(t, "en-AU", { appName: "invalidCharacters" })).toEqual({
      appName: [detailsNameMessage("Copy \ud800")],
    });
    expect(duplicateFieldErrors(t, "en-AU", { appName: "required" })).toEqual({
      appName: [detailsNameMessage("")],
    });
    expect(
      duplicateFieldErrors(t, "en-AU", { appName: "tooLong", countryCode: "unknownCountry" }),
    ).toEqual({
      appName: [detailsNameMessage("x".repeat(101))],
      countryCode: ["appList:duplicate.errors.countryUnknown"],
    });
  });

  it("is undefined for a refusal of another field or an unknown code (the error dialog shows the provider's words)", () => {
    expect(duplicateFieldErrors(t, "en-AU", undefined)).toBeUndefined();
    expect(duplicateFieldErrors(t, "en-AU", {})).toBeUndefined();
    expect(duplicateFieldErrors(t, "en-AU", { versionId: "required" })).toBeUndefined();
    expect(duplicateFieldErrors(t, "en-AU", { appName: "duplicateName" })).toBeUndefined();
  });
});
