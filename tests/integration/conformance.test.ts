/**
 * The conformance kit against the sandbox: every check holds, and the declared refusals it
 * does not try are exactly the listed ones; against the same sandbox behind a proxy that
 * breaks one rule (a call of the app list without a token is answered as the last signed-in
 * caller; a declared refusal answered with another declared code), it fails, naming that endpoint.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { table, untriedRefusals } from "../../server/conformance/report";
import { type KitOptions, runConformance } from "../../server/conformance/run";
import { consoleUrl, newCompany, sandboxUrl, type TestCompany } from "./support";

let a: TestCompany;
let b: TestCompany;

beforeAll(async () => {
  [a, b] = await Promise.all([newCompany(), newCompany()]);
});

/**
 * The declared refusals the kit does not send to the sandbox, each noted with its reason (a
 * decision of the provider, a file no upload makes, the registration limit...): a code
 * declared later must be tried or added here.
 */
const NOT_TRIED = [
  "approvals.createPreApproval noContent",
  "approvals.createPreApproval mustBePdf",
  "approvals.createPreApproval tooBig",
  "approvals.createPreApproval totalTooBig",
  "approvals.createPreApproval versionMajorLive",
  "approvals.withdrawPreApproval preApprovalNotPending",
  "apps.createApp noContent",
  "apps.createApp sizeGreater50KB",
  "apps.createApp sizeGreater800KB",
  "apps.deleteApp 409",
  "apps.duplicateApp taken",
  "apps.setArchived 409",
  "apps.updateApp noContent",
  "apps.updateApp sizeGreater50KB",
  "apps.updateApp sizeGreater800KB",
  "apps.updateApp unknownCountry",
  "data-attestation.saveDataAttestation mustBePdf",
  "data-attestation.saveDataAttestation noContent",
  "data-attestation.saveDataAttestation tooBig",
  "instances.deleteInstance noTestAccess",
  "instances.updateConfiguration noTestAccess",
  "pricing.createPrice invalidAmount",
  "pricing.submitPriceChange invalidAmount",
  "pricing.submitPriceChange samePrice",
  "pricing.submitPriceChange freeForever",
  "pricing.submitPriceChange priceChangePending",
  "pricing.updatePrice invalidAmount",
  "pricing.updatePrice priceExists",
  "pricing.updatePrice priceNotEditable",
  "registration.register imageSizeInvalid",
  "registration.register imageTypeInvalid",
  "registration.register notOffered",
  "registration.register replayed",
  "registration.register sizeGreater400KB",
  "registration.register unknownCountry",
  "registration.register taken",
  "security.generateClients testAccessRequired",
  "security.updateClient callbacksMustBeValidURI",
  "security.updateClient methodNotOffered",
  "security.updateClient unknownRoute",
  "security.updateClient testAccessRequired",
  "security.updateClient clientsNotGenerated",
  "security.updateClient liveAppReadOnly",
  "settings.saveCompanyDetails noContent",
  "submissions.createSubmission noContent",
  "submissions.createSubmission mustBePdf",
  "submissions.createSubmission tooBig",
  "submissions.createSubmission totalTooBig",
  "submissions.createSubmission actionNotAllowed",
  "submissions.requestPause requestOpen",
  "submissions.requestResume requestOpen",
  "user.getUser 404",
];

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
  it("passes against the sandbox", { timeout: 240_000 }, async () => {
    const results = await runConformance(kit(`${sandboxUrl()}/api`));
    console.log(table(results));
    expect(results.filter((r) => r.outcome === "failed").map((r) => r.failed)).toEqual([]);
    expect(results.filter((r) => r.outcome === "not tried").map((r) => r.name)).toEqual([]);
    expect(untriedRefusals(results)).toEqual(NOT_TRIED);
    const reasons = results.flatMap((r) => r.notTried.map((line) => `${r.name} ${line}`));
    expect(reasons.filter((line) => line.endsWith(": no trigger"))).toEqual([]);
  });

  describe("against a provider with one rule switched off", () => {
    let proxy: Server;
    beforeAll(async () => {
      let lastToken: string | undefined;
      proxy = await proxyOf((req, headers) => {
        if (headers.has("authorization")) lastToken = headers.get("authorization")!;
        // The broken rule: the app list answers a caller without a token as the last one.
        else if (req.method === "GET" && req.url?.split("?")[0] === "/api/apps" && lastToken)
          headers.set("authorization", lastToken);
      });
    });
    afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

    it("fails, naming the endpoint", { timeout: 240_000 }, async () => {
      const failed = await failedThrough(proxy);
      expect(failed.map((r) => r.name)).toEqual(["apps.listApps"]);
      expect(failed[0].failed.join("\n")).toMatch(/no token: 401: answered 200/);
    });
  });

  describe("against a provider answering a declared refusal with another code", () => {
    let proxy: Server;
    beforeAll(async () => {
      // The broken rule: a new app of an unknown category is refused as of an unknown country.
      proxy = await proxyOf(
        () => {},
        (req, text) =>
          req.method === "POST" && req.url === "/api/apps"
            ? text.replace('"unknownCategory"', '"unknownCountry"')
            : text,
      );
    });
    afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

    it("fails, naming the endpoint and the code", { timeout: 240_000 }, async () => {
      const failed = await failedThrough(proxy);
      expect(failed.map((r) => r.name)).toEqual(["apps.createApp"]);
      expect(failed[0].failed.join("\n")).toMatch(
        /^unknownCategory: a category no one has: the 400 does not name unknownCategory/m,
      );
    });
  });
});

/** The endpoints the kit fails through `proxy`. */
async function failedThrough(proxy: Server) {
  const { port } = proxy.address() as AddressInfo;
  const results = await runConformance(kit(`http://127.0.0.1:${port}/api`));
  return results.filter((r) => r.outcome === "failed");
}

/**
 * A proxy to the sandbox: `request` may change a call's headers; `answer` a JSON answer's text.
 */
async function proxyOf(
  request: (req: IncomingMessage, headers: Headers) => void,
  answer: (req: IncomingMessage, text: string) => string = (_req, text) => text,
): Promise<Server> {
  const proxy = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === "string" && name !== "host") headers.set(name, value);
    request(req, headers);
    const reply = await fetch(`${sandboxUrl()}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    const isJson = reply.headers.get("content-type")?.startsWith("application/json");
    const body = isJson
      ? Buffer.from(answer(req, await reply.text()))
      : Buffer.from(await reply.arrayBuffer());
    const replyHeaders = Object.fromEntries(reply.headers);
    // The body may have changed: its length is the new one, sent as it is.
    delete replyHeaders["content-length"];
    delete replyHeaders["content-encoding"];
    res.writeHead(reply.status, replyHeaders);
    res.end(body);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  return proxy;
}
