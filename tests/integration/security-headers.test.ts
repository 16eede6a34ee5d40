/**
 * Every answer of the sandbox carries the security headers, oidc-provider's own pages and
 * documents included (issue 9): a CSP without plugins, scripts or framing, nosniff and
 * X-Frame-Options. Pages with needs of their own (the identity pages' styles) keep theirs.
 */
import { describe, expect, it } from "vitest";
import { sandboxUrl } from "./support";

async function headersOf(path: string) {
  const res = await fetch(`${sandboxUrl()}${path}`, { redirect: "manual" });
  await res.arrayBuffer();
  return res.headers;
}

describe("security headers of the sandbox", () => {
  it.each([
    "/session/end",
    "/.well-known/openid-configuration",
    "/jwks",
    "/auth?client_id=nobody",
    "/healthz",
    "/api/resources/countries",
    "/no-such-page",
  ])(
    "%s has a CSP with object-src 'none' and frame-ancestors 'none', nosniff and DENY",
    async (path) => {
      const headers = await headersOf(path);
      const csp = headers.get("content-security-policy") ?? "";
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toContain("script-src");
      expect(headers.get("x-content-type-options")).toBe("nosniff");
      expect(headers.get("x-frame-options")).toBe("DENY");
    },
  );

  it("keeps the identity pages' own policy (a nonce for their styles)", async () => {
    const headers = await headersOf("/password/reset/not-a-token");
    expect(headers.get("content-security-policy")).toMatch(/style-src 'nonce-[^']+'/);
  });
});
