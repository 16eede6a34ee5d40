import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { trustedProxies } from "../../trust-proxy";
import { remoteAddress, resolveClientAddress } from "./auth";

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

/** A server as the sandbox's: the client's address resolved before any route; its routes answer what they see. */
async function serve(trustProxy: string[]): Promise<string> {
  const app = new Hono();
  app.get("/", (c) =>
    c.json({ address: remoteAddress(c), proto: c.req.header("x-forwarded-proto") ?? null }),
  );
  const listener = getRequestListener(app.fetch);
  const trusted = trustedProxies(trustProxy);
  const server = createServer((req, res) => {
    resolveClientAddress(req, trusted);
    void listener(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

const forwarded = { "x-forwarded-for": "198.51.100.7", "x-forwarded-proto": "https" };

describe("the sandbox's view of the client", () => {
  it("is the connection, whatever a client forwards, when no proxy is trusted; the forwarded headers go", async () => {
    const res = await fetch(await serve([]), { headers: forwarded });
    expect(await res.json()).toEqual({ address: "127.0.0.1", proto: null });
  });

  it("is the address a trusted proxy names", async () => {
    const res = await fetch(await serve(["loopback"]), { headers: forwarded });
    expect(await res.json()).toEqual({ address: "198.51.100.7", proto: "https" });
  });

  it("is the connection when it is not one of the trusted proxies", async () => {
    const res = await fetch(await serve(["10.0.0.0/8"]), { headers: forwarded });
    expect(await res.json()).toEqual({ address: "127.0.0.1", proto: null });
  });
});
