import { readFileSync } from "node:fs";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { contractEndpoints } from "~/api/contract";
import { LANGUAGES } from "../identity/i18n";
import { contractDocument, PUBLISHED_FILE, publishedText, referenceTexts } from "./document";
import { referencePage } from "./page";

type Operations = Record<string, Record<string, { operationId: string }>>;

const operationIds = (document: Record<string, unknown>) =>
  Object.values(document.paths as Operations).flatMap((methods) =>
    Object.values(methods).map((operation) => operation.operationId),
  );

describe("the published contract", () => {
  const names = contractEndpoints().map((e) => e.name);

  it.each(LANGUAGES)("validates as OpenAPI 3.1 (%s)", async (lang) => {
    const validator = new Validator();
    const result = await validator.validate(contractDocument("http://sandbox.test", lang) as never);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("covers every endpoint object, once", () => {
    const ids = operationIds(contractDocument("http://sandbox.test"));
    expect(ids.sort()).toEqual([...names].sort());
  });

  it("describes every call in every language, and nothing else", () => {
    for (const lang of LANGUAGES)
      expect(Object.keys(referenceTexts(lang).calls).sort()).toEqual([...names].sort());
  });

  it("is committed up to date (npm run openapi writes docs/openapi.json)", () => {
    expect(readFileSync(PUBLISHED_FILE, "utf8")).toBe(publishedText());
  });

  it("names the bearer scheme and the identity provider's discovery document", () => {
    const document = contractDocument("https://provider.example/") as {
      servers: { url: string }[];
      components: { securitySchemes: Record<string, Record<string, string>> };
    };
    expect(document.servers).toEqual([{ url: "https://provider.example/api" }]);
    expect(document.components.securitySchemes.bearer.scheme).toBe("bearer");
    expect(document.components.securitySchemes.openIdConnect.openIdConnectUrl).toBe(
      "https://provider.example/.well-known/openid-configuration",
    );
  });
});

describe("the API reference page", () => {
  it.each(LANGUAGES)("lists every call in %s, without a script", async (lang) => {
    const { body, headers } = referencePage("http://sandbox.test", lang);
    const text = String(await body);
    expect(text).toContain(`<html lang="${lang}">`);
    for (const name of contractEndpoints().map((e) => e.name))
      expect(text).toContain(`<article id="${name}">`);
    expect(text).toContain(referenceTexts(lang).calls["apps.getApp"].summary);
    expect(text).not.toMatch(/<script/i);
    expect(headers["Content-Security-Policy"]).toContain("default-src 'none'; style-src 'self'");
    expect(text).not.toMatch(/<style/i);
  });
});
