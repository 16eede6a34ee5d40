// @vitest-environment node
import { describe, expect, it } from "vitest";
import { keyT } from "~/lib/t.testing";
import { actionMessages, browserMessages, formOf } from "./agreement.testing";
import { formRules } from "./rules.server";
import { checkCallbackUrls } from "./security";
import { callbackUrlsSchema } from "./security.server";

/** A translator that shows the key and its values, so two messages are equal only when both are. */
const t = keyT;

describe("the browser's check of the callback URL form", () => {
  const schema = callbackUrlsSchema(t);
  const rules = formRules(schema);
  const more = (payload: Record<string, unknown>) => ({
    callbackUrls: checkCallbackUrls(
      t,
      typeof payload.callbackUrls === "string" ? payload.callbackUrls : undefined,
    ).error,
  });

  it.each<[string, Record<string, string>]>([
    ["two URLs", { callbackUrls: "https://a.example/cb, /http://b.example" }],
    ["none", { callbackUrls: "" }],
    ["one that is not http", { callbackUrls: "ftp://a.example" }],
    ["a NUL character", { callbackUrls: "https://a.example/\0" }],
    [
      "too many",
      { callbackUrls: Array.from({ length: 21 }, (_, i) => `https://a${i}.example`).join(",") },
    ],
  ])("agrees with the action on %s", (_, entries) => {
    const data = formOf(entries);
    expect(browserMessages(data, rules, more)).toEqual(actionMessages(schema, data));
  });
});
