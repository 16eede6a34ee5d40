import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError, createApiClient } from "./client.server";

const respond = (status: number, body?: unknown) =>
  (async () => new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { "content-type": "application/json" } })) as typeof fetch;

describe("provider client", () => {
  it("sends the bearer token and the language, parses the answer", async () => {
    let seen: Headers | undefined;
    const client = createApiClient({
      baseUrl: "http://provider.test/api",
      token: "t0k",
      language: "nl-NL",
      fetch: (async (_url: string, init: RequestInit) => {
        seen = new Headers(init.headers);
        return new Response(JSON.stringify({ a: 1 }), { status: 200 });
      }) as typeof fetch,
    });
    expect(await client.get("things", z.object({ a: z.number() }))).toEqual({ a: 1 });
    expect(seen?.get("authorization")).toBe("Bearer t0k");
    expect(seen?.get("accept-language")).toBe("nl-NL");
  });

  it("turns an error answer into the spec's shape", async () => {
    const client = createApiClient({ baseUrl: "http://p.test/api", language: "en-AU", fetch: respond(409, { detail: "Nope", traceId: "abc123" }) });
    const error: ApiError | undefined = await client.get("x", z.unknown()).then(() => undefined, (e: unknown) => e as ApiError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error?.toJSON()).toEqual({ status: 409, errorType: "api", url: "http://p.test/api/x", detail: "Nope", traceId: "abc123", field: undefined });
  });

  it("keeps no detail when the error answer is not JSON", async () => {
    const client = createApiClient({
      baseUrl: "http://p.test/api",
      language: "en-AU",
      fetch: (async () => new Response("<html>", { status: 502 })) as typeof fetch,
    });
    const error: ApiError | undefined = await client.get("x", z.unknown()).then(() => undefined, (e: unknown) => e as ApiError);
    expect(error?.status).toBe(502);
    expect(error?.detail).toBeUndefined();
  });

  it("calls onUnauthorized on a 401", async () => {
    const client = createApiClient({
      baseUrl: "http://p.test/api",
      language: "en-AU",
      fetch: respond(401, { detail: "expired" }),
      onUnauthorized: () => {
        throw new Error("signed out");
      },
    });
    await expect(client.get("x", z.unknown())).rejects.toThrow("signed out");
  });

  it("refuses an answer that does not fit the contract", async () => {
    const client = createApiClient({ baseUrl: "http://p.test/api", language: "en-AU", fetch: respond(200, { a: "no" }) });
    const error: ApiError | undefined = await client.get("x", z.object({ a: z.number() })).then(() => undefined, (e: unknown) => e as ApiError);
    expect(error?.status).toBe(502);
  });
});
