import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  HEAVY_POST_BYTES,
  isCrossOrigin,
  isFramable,
  isHeavyPost,
} from "./console";

const headers = (h: Record<string, string>) => ({ method: "POST", headers: h }) as never;

describe("cross-origin check", () => {
  const origin = "http://localhost:3000";
  it("lets same-origin posts and every GET through", () => {
    expect(isCrossOrigin(headers({ origin, "sec-fetch-site": "same-origin" }), origin)).toBe(false);
    expect(isCrossOrigin(headers({}), origin)).toBe(false);
    expect(
      isCrossOrigin({ method: "GET", headers: { origin: "https://evil.test" } } as never, origin),
    ).toBe(false);
  });
  it("refuses posts from another site or origin", () => {
    expect(isCrossOrigin(headers({ "sec-fetch-site": "cross-site" }), origin)).toBe(true);
    expect(isCrossOrigin(headers({ "sec-fetch-site": "same-site" }), origin)).toBe(true);
    expect(isCrossOrigin(headers({ origin: "https://evil.test" }), origin)).toBe(true);
    expect(isCrossOrigin(headers({ origin: "null" }), origin)).toBe(true);
  });
});

describe("content security policy", () => {
  const csp = contentSecurityPolicy("abc", {
    issuerUrl: "http://localhost:3001",
    apiBaseUrl: "http://localhost:3001/api",
    appUrl: "http://localhost:3000",
  });
  it("allows scripts only with the nonce", () => {
    expect(csp).toContain("script-src 'self' 'nonce-abc'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
  it("allows no plugin content (the terms PDF is a same-origin frame)", () => {
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-src 'self'");
  });
  it("lets forms post to the identity provider and nowhere else", () => {
    expect(csp).toContain("form-action 'self' http://localhost:3001");
    expect(csp).toContain("frame-ancestors 'none'");
  });
  it("lets only the console's own legal PDFs be framed, by the console itself", () => {
    const options = {
      issuerUrl: "http://i.test",
      apiBaseUrl: "http://i.test/api",
      appUrl: "http://c.test",
    };
    expect(isFramable("/legal/terms-of-use-en-AU.pdf")).toBe(true);
    expect(isFramable("/en-AU/apps")).toBe(false);
    expect(isFramable("/legal/../build/x.js")).toBe(false);
    expect(contentSecurityPolicy("n", options, true)).toContain("frame-ancestors 'self'");
  });
  it("upgrades insecure requests only when served over https", () => {
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(
      contentSecurityPolicy("n", {
        issuerUrl: "https://id.test",
        apiBaseUrl: "https://api.test",
        appUrl: "https://console.test",
      }),
    ).toContain("upgrade-insecure-requests");
  });
});

describe("large posts to the platform editor take turns", () => {
  const post = (path: string, length?: number, method = "POST") => ({
    method,
    path,
    headers: length === undefined ? {} : { "content-length": String(length) },
  });
  it("counts a post of the editor over HEAVY_POST_BYTES, or of no declared length, and nothing else", () => {
    expect(isHeavyPost(post("/en-AU/apps/abc/desktop", HEAVY_POST_BYTES + 1))).toBe(true);
    expect(isHeavyPost(post("/nl-NL/apps/abc/web"))).toBe(true);
    expect(isHeavyPost(post("/en-AU/apps/abc/reporting", HEAVY_POST_BYTES))).toBe(false);
    expect(isHeavyPost(post("/en-AU/apps/abc/desktop", 10 * HEAVY_POST_BYTES, "GET"))).toBe(false);
    expect(isHeavyPost(post("/en-AU/apps/abc/marketplace", 10 * HEAVY_POST_BYTES))).toBe(false);
  });
});
