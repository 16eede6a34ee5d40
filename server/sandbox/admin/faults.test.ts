import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv, SandboxContext } from "../context";
import { ApiError, errorBody, sendError } from "../http/errors";
import { answerFaults } from "./faults";
import { adminRoutes } from "./routes";
import type { Reviewer } from "./service";

const ADMIN_TOKEN = "reviewer-token-0123456789";
const PRICES = "/api/app-monetization/app-groups/0b7e9d3c-3f0a-4c57-9a43-2f1b8f0c6a11/prices";
const COMPANY_A = "6f1c2d3e-4a5b-4c6d-8e7f-90a1b2c3d4e5";
const COMPANY_B = "7a2b3c4d-5e6f-4a7b-9c8d-e0f1a2b3c4d5";

/** The test's access tokens: `token-<company id>`; any other token is not valid. */
const verify = async (token: string) => {
  if (!token.startsWith("token-")) throw new ApiError(401, "The access token is not valid.");
  return { companyId: token.slice("token-".length) };
};
const as = (companyId: string, init: RequestInit = {}) => ({
  ...init,
  headers: { authorization: `Bearer token-${companyId}` },
});

/** A sandbox's reviewer endpoints and an API of two calls, sharing one context. */
function sandbox() {
  const ctx = { config: { adminToken: ADMIN_TOKEN } } as SandboxContext;
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("traceId", "trace-1");
    await next();
  });
  app.onError((error, c) =>
    error instanceof ApiError
      ? sendError(c, error)
      : c.json(errorBody(500, "unexpected", "trace-1"), 500),
  );
  app.route("/admin", adminRoutes(ctx, {} as Reviewer));
  const api = new Hono<AppEnv>();
  api.use("*", answerFaults(ctx, verify));
  api.get("/app-monetization/app-groups/:id/prices", (c) =>
    c.json({ scheduledPrices: [], priceHistories: [] }),
  );
  api.post("/app-monetization/app-groups/:id/prices", (c) => c.json({ created: true }, 201));
  api.get("/user", (c) => c.json({ id: "u1" }));
  app.route("/api", api);
  const admin = (path: string, method: string, body?: unknown) =>
    app.request(`/admin/${path}`, {
      method,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return { app, admin };
}

describe("faults set by the reviewer", () => {
  it("make one call answer the status in the error shape until cleared, and leave every other call alone", async () => {
    const { app, admin } = sandbox();
    expect((await app.request(PRICES)).status).toBe(200);
    const set = await admin("faults", "PUT", { method: "GET", path: PRICES, status: 503 });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual([{ method: "GET", path: PRICES, status: 503 }]);

    const failed = await app.request(PRICES);
    expect(failed.status).toBe(503);
    expect(await failed.json()).toMatchObject({
      status: 503,
      detail: expect.any(String),
      traceId: "trace-1",
    });
    expect((await app.request(PRICES, { method: "POST" })).status).toBe(201);
    expect((await app.request(PRICES.replace("0b7e", "1b7e"))).status).toBe(200);
    expect((await app.request("/api/user")).status).toBe(200);

    const cleared = await admin(
      `faults?${new URLSearchParams({ method: "GET", path: PRICES })}`,
      "DELETE",
    );
    expect(await cleared.json()).toEqual([]);
    expect((await app.request(PRICES)).status).toBe(200);
  });

  it("of one company answer that company's callers only, and leave other companies, anonymous callers and forged tokens alone", async () => {
    const { app, admin } = sandbox();
    const fault = { method: "GET", path: "/api/user", companyId: COMPANY_A };
    const set = await admin("faults", "PUT", { ...fault, status: 502 });
    expect(await set.json()).toEqual([{ ...fault, status: 502 }]);

    const failed = await app.request("/api/user", as(COMPANY_A));
    expect(failed.status).toBe(502);
    expect(await failed.json()).toMatchObject({ status: 502, traceId: "trace-1" });
    expect((await app.request("/api/user", as(COMPANY_B))).status).toBe(200);
    expect((await app.request("/api/user")).status).toBe(200);
    expect(
      (await app.request("/api/user", { headers: { authorization: "Bearer forged" } })).status,
    ).toBe(200);
    expect((await app.request(PRICES, as(COMPANY_A))).status).toBe(200);

    // A fault of every caller on the same call stands beside it, and each is cleared apart.
    await admin("faults", "PUT", { method: "GET", path: "/api/user", status: 503 });
    expect((await app.request("/api/user", as(COMPANY_B))).status).toBe(503);
    await admin(`faults?${new URLSearchParams({ method: "GET", path: "/api/user" })}`, "DELETE");
    expect((await app.request("/api/user", as(COMPANY_B))).status).toBe(200);
    expect((await app.request("/api/user", as(COMPANY_A))).status).toBe(502);
    const cleared = await admin(`faults?${new URLSearchParams(fault)}`, "DELETE");
    expect(await cleared.json()).toEqual([]);
    expect((await app.request("/api/user", as(COMPANY_A))).status).toBe(200);
  });

  it("refuse a fault that is not a failure of an API path, and need the reviewer token", async () => {
    const { app, admin } = sandbox();
    for (const [body, field] of [
      [{ method: "GET", path: PRICES, status: 404 }, "status"],
      [{ method: "GET", path: PRICES, status: "503" }, "status"],
      [{ method: "GET", path: "/admin/companies", status: 500 }, "path"],
      [{ method: "GET", path: `${PRICES}?x=1`, status: 500 }, "path"],
      [{ method: "TRACE", path: PRICES, status: 500 }, "method"],
      [{ method: "GET", path: PRICES, status: 500, companyId: "acme" }, "companyId"],
    ] as const) {
      const res = await admin("faults", "PUT", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { field?: string }).field).toBe(field);
    }
    expect(
      (
        await app.request("/admin/faults", {
          method: "PUT",
          body: JSON.stringify({ method: "GET", path: PRICES, status: 500 }),
        })
      ).status,
    ).toBe(401);
    expect((await app.request(PRICES)).status).toBe(200);
  });
});
