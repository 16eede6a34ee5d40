import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { asT } from "~/lib/t.testing";
import { grantValue, readPermissions, securityRuleMessage } from "./security";
import { callbackUrlsSchema } from "./security.server";

const t = asT((key: string, options?: Record<string, unknown>) =>
  options && "max" in options && key.endsWith("tooMany") ? `${key}:${options.max}` : key,
);
const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};
const parse = (text?: string) =>
  parseWithZod(form(text === undefined ? [] : [["callbackUrls", text]]), {
    schema: callbackUrlsSchema(t),
  });
const errorsOf = (text?: string) => {
  const result = parse(text);
  return result.status === "error" ? result.error : undefined;
};

describe("callback URL form", () => {
  it("sends the URLs without whitespace", () => {
    const result = parse(" https://a.example/cb , /http://localhost:4100/x ");
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value.callbackUrls).toEqual([
      "https://a.example/cb",
      "/http://localhost:4100/x",
    ]);
  });

  it("says required when empty and callbacksMustBeValidURI for anything else", () => {
    for (const text of [undefined, "", " , "])
      expect(errorsOf(text)).toEqual({ callbackUrls: ["security:errors.required"] });
    expect(errorsOf("https://a.example, a.example")).toEqual({
      callbackUrls: ["security:errors.callbacksMustBeValidURI"],
    });
    expect(errorsOf("https://a.example\u0000")).toEqual({
      callbackUrls: ["security:errors.callbacksMustBeValidURI"],
    });
    expect(
      errorsOf(Array.from({ length: 21 }, (_, i) => `https://a${i}.example`).join(",")),
    ).toEqual({ callbackUrls: ["security:errors.tooMany:20"] });
  });

  it("words unknown codes generally", () => {
    expect(securityRuleMessage(t, "liveAppReadOnly")).toBe("security:errors.liveAppReadOnly");
    expect(securityRuleMessage(t, "somethingElse")).toBe("security:errors.invalid");
  });
});

describe("permissions form", () => {
  it("reads each route's methods and the offline access toggle", () => {
    const data = form([
      ["grant", grantValue("POST", "/api/v1/cards")],
      ["grant", grantValue("GET", "/api/v1/cards")],
      ["grant", grantValue("GET", "/api/v1/matters")],
      ["offlineAccess", "on"],
    ]);
    expect(readPermissions(data)).toEqual({
      routes: [
        { route: "/api/v1/cards", methods: ["GET", "POST"] },
        { route: "/api/v1/matters", methods: ["GET"] },
      ],
      offlineAccess: true,
    });
    expect(readPermissions(form([]))).toEqual({ routes: [], offlineAccess: false });
  });

  it("refuses values the form does not send", () => {
    for (const grant of ["PATCH /api/v1/matters", "GET", "nonsense", "GET /a b", "GET /a\u0000"])
      expect(readPermissions(form([["grant", grant]])), grant).toBeUndefined();
    expect(readPermissions(form([["offlineAccess", "yes"]]))).toBeUndefined();
    expect(
      readPermissions(
        form([
          ["offlineAccess", "on"],
          ["offlineAccess", "on"],
        ]),
      ),
    ).toBeUndefined();
  });
});
