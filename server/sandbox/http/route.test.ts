/**
 * A route hands its handler the endpoint's input already read, and under test holds each JSON
 * answer to the endpoint's `answer` schema: a mismatch is a 500, never a quiet answer.
 */
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { endpoint } from "~/api/endpoint";
import type { AppEnv } from "../context";
import { ApiError, sendError } from "./errors";
import { route } from "./route";

const echo = endpoint({
  method: "POST",
  path: "things/:id",
  query: z.object({ flag: z.enum(["on", "off"]) }),
  body: z.object({ name: z.string() }),
  answer: z.object({ id: z.string(), flag: z.string(), name: z.string() }),
});
const broken = endpoint({ method: "GET", path: "broken", answer: z.object({ n: z.number() }) });
const strict = endpoint({
  method: "DELETE",
  path: "strict/:id",
  answer: z.null(),
  refusals: { 404: true },
});

function app() {
  const logged: string[] = [];
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set("traceId", "t");
    c.set("log", { error: (_: unknown, line: string) => logged.push(line) } as never);
    await next();
  });
  app.onError((error, c) =>
    error instanceof ApiError ? sendError(c, error) : c.json({ error: error.message }, 500),
  );
  route(app, echo, async (c, { params, query, body }) =>
    c.json({ id: params.id, flag: query.flag, name: body.name }),
  );
  route(app, broken, async (c) => c.json({ n: "one" }));
  route(app, strict, async (_c, { params }) => {
    throw params.id === "gone" ? new ApiError(404, "gone") : new ApiError(409, "taken");
  });
  return { app, logged };
}

describe("route", () => {
  it("hands the handler its path parameters, query and body, read", async () => {
    const res = await app().app.request("/things/7?flag=on", {
      method: "POST",
      body: JSON.stringify({ name: "x" }),
    });
    expect(await res.json()).toEqual({ id: "7", flag: "on", name: "x" });
  });

  it("refuses a bad query or body with a 400 naming the field", async () => {
    const res = await app().app.request("/things/7?flag=maybe", {
      method: "POST",
      body: JSON.stringify({ name: "x" }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).field).toBe("flag");
  });

  it("fails an answer outside the contract loudly, naming the endpoint and the field", async () => {
    const { app: served, logged } = app();
    const res = await served.request("/broken");
    expect(res.status).toBe(500);
    expect(logged).toEqual([
      expect.stringMatching(/^GET broken answers outside its contract at n:/),
    ]);
  });

  it("fails a refusal the endpoint does not declare, naming the endpoint and the status", async () => {
    const { app: served, logged } = app();
    expect((await served.request("/strict/gone", { method: "DELETE" })).status).toBe(404);
    const res = await served.request("/strict/other", { method: "DELETE" });
    expect(res.status).toBe(500);
    expect(logged).toEqual(["DELETE strict/:id answers a refusal it does not declare: status 409"]);
  });
});
