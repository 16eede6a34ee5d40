/**
 * The conformance kit against the sandbox: every check holds; and against the same sandbox
 * behind a proxy that breaks one rule (a call of the app list without a token is answered
 * as the last signed-in caller), it fails, naming that endpoint.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { table } from "../../server/conformance/report";
import { type KitOptions, runConformance } from "../../server/conformance/run";
import { consoleUrl, newCompany, sandboxUrl, type TestCompany } from "./support";

let a: TestCompany;
let b: TestCompany;

beforeAll(async () => {
  [a, b] = await Promise.all([newCompany(), newCompany()]);
});

const kit = (api: string): KitOptions => ({
  api,
  client: {
    issuer: sandboxUrl(),
    clientId: inject("clientId"),
    clientSecret: inject("clientSecret"),
    redirectUri: `${consoleUrl()}/en-AU/auth/callback`,
  },
  accounts: [
    { email: a.email, password: a.password },
    { email: b.email, password: b.password },
  ],
});

describe("the conformance kit", () => {
  it("passes against the sandbox", async () => {
    const results = await runConformance(kit(`${sandboxUrl()}/api`));
    console.log(table(results));
    expect(results.filter((r) => r.outcome === "failed").map((r) => r.failed)).toEqual([]);
    expect(results.filter((r) => r.outcome === "not tried").map((r) => r.name)).toEqual([]);
  });

  describe("against a provider with one rule switched off", () => {
    let proxy: Server;
    beforeAll(async () => {
      let lastToken: string | undefined;
      proxy = createServer(async (req, res) => {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers))
          if (typeof value === "string" && name !== "host") headers.set(name, value);
        if (headers.has("authorization")) lastToken = headers.get("authorization")!;
        // The broken rule: the app list answers a caller without a token as the last one.
        else if (req.method === "GET" && req.url?.split("?")[0] === "/api/apps" && lastToken)
          headers.set("authorization", lastToken);
        const answer = await fetch(`${sandboxUrl()}${req.url}`, {
          method: req.method,
          headers,
          body: chunks.length ? Buffer.concat(chunks) : undefined,
        });
        res.writeHead(answer.status, Object.fromEntries(answer.headers));
        res.end(Buffer.from(await answer.arrayBuffer()));
      });
      await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    });
    afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

    it("fails, naming the endpoint", async () => {
      const { port } = proxy.address() as AddressInfo;
      const results = await runConformance(kit(`http://127.0.0.1:${port}/api`));
      const failed = results.filter((r) => r.outcome === "failed");
      expect(failed.map((r) => r.name)).toEqual(["apps.listApps"]);
      expect(failed[0].failed.join("\n")).toMatch(/no token: 401: answered 200/);
    });
  });
});
