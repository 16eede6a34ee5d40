/**
 * Every call the contract declares (app/api/<area>/endpoints.ts) has its sandbox route, with
 * the same method and path, and every route of the provider API comes from a declared call:
 * a path is written once. Each call's refusals are declared (app/api/endpoint.ts `refusals`).
 */

import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { contractEndpoints } from "~/api/contract";
import type { SandboxContext } from "../context";
import { routePath } from "../http/route";
import type { Accounts } from "../identity/accounts";
import { apiRoutes } from "./index";

/** The routes (method and path) the sandbox serves under /api; building them touches nothing. */
function servedRoutes(): Set<string> {
  const ctx = {
    config: { url: "http://sandbox.test", dataEncryptionKey: Buffer.alloc(32).toString("base64") },
  } as unknown as SandboxContext;
  const root = new Hono();
  root.route("/api", apiRoutes(ctx, {} as Accounts));
  return new Set(root.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`));
}

describe("endpoints and routes", () => {
  const endpoints = contractEndpoints();
  const served = servedRoutes();

  it("finds the contract's endpoints", () => {
    expect(endpoints.length).toBeGreaterThan(20);
    expect(endpoints.map((e) => e.name)).toContain("apps.getApp");
  });

  it("has a sandbox route for every declared endpoint", () => {
    const missing = endpoints
      .filter(({ endpoint }) => !served.has(`${endpoint.method} /api${routePath(endpoint)}`))
      .map((e) => e.name);
    expect(missing).toEqual([]);
  });

  it("serves no API route that is not a declared endpoint", () => {
    const known = new Set(
      endpoints.map(({ endpoint }) => `${endpoint.method} /api${routePath(endpoint)}`),
    );
    expect([...served].filter((r) => !known.has(r))).toEqual([]);
  });

  it("declares each method and path once", () => {
    const keys = endpoints.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it("declares a 404 on every call with a path parameter (an id not the caller's is not found)", () => {
    const undeclared = endpoints
      .filter(({ endpoint }) => endpoint.path.includes(":") && !endpoint.refusals?.[404])
      .map((e) => e.name);
    expect(undeclared).toEqual([]);
  });
});
