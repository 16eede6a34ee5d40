// @vitest-environment node
import { describe, expect, it } from "vitest";
import { keyT } from "~/lib/t.testing";
import { actionMessages, browserMessages, formOf } from "./agreement.testing";
import { DUPLICATE_FIELDS, duplicateMessages } from "./duplicate-app";
import { duplicateSchema } from "./duplicate-app.server";
import { payloadTexts } from "./payload";
import { formRules } from "./rules.server";

/** A translator that shows the key and its values, so two messages are equal only when both are. */
const t = keyT;

describe("the browser's check of the duplicate dialog", () => {
  const schema = duplicateSchema(t, "nl-NL");
  const rules = formRules(schema);
  const more = (payload: Record<string, unknown>) =>
    duplicateMessages(t, "nl-NL", payloadTexts(payload, DUPLICATE_FIELDS));

  it.each<[string, Record<string, string>]>([
    ["a valid form", { appName: "Copy", countryCode: "AU" }],
    ["nothing filled in", { appName: "", countryCode: "" }],
    ["a blank name", { appName: "   ", countryCode: "AU" }],
    ["a name too long", { appName: "x".repeat(101), countryCode: "AU" }],
    [
      "a name of 100 characters between spaces",
      { appName: ` ${"x".repeat(100)} `, countryCode: "AU" },
    ],
    ["a NUL character", { appName: "Co\0py", countryCode: "AU" }],
  ])("agrees with the action on %s", (_, entries) => {
    const data = formOf(entries);
    expect(browserMessages(data, rules, more)).toEqual(actionMessages(schema, data));
  });
});
