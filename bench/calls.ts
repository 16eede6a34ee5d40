/**
 * Provider calls per page: the console and the sandbox are started apart with a counting
 * proxy between them (API_BASE_URL points at the proxy), a fresh company with 10 apps signs
 * in, and each page (and each save, with the page it lands on) is requested once, one at a
 * time. Prints how many calls each made and which. Asserts nothing.
 * Usage: npx tsx bench/calls.ts
 */
import { readFileSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import path from "node:path";
import { ATTESTATION_TEXT_FIELDS } from "../app/api/data-attestation/schemas";
import { fileForm, pdf, png } from "../server/conformance/files";
import { validListingForm } from "../tests/support/listing";
import { freePort } from "../tests/support/ports";
import { createAppThroughApi } from "../tests/support/provider";
import {
  ADMIN_TOKEN,
  buildConsole,
  ProductProcess,
  productPorts,
  stopAll,
  tempDir,
} from "./product";
import { signedInJar, withLiveClients } from "./support";

const dataDir = tempDir("calls");
const ports = await productPorts();
const proxyPort = await freePort(ports.sandboxPort + 1);

/** Every API call the console makes passes here; `calls` holds them since the last reset. */
let calls: string[] = [];
const proxy = createServer((req, res) => {
  if (req.url?.startsWith("/api/"))
    calls.push(`${req.method} ${req.url.slice(5).replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, "{id}")}`);
  const upstream = httpRequest(
    {
      host: "localhost",
      port: ports.sandboxPort,
      method: req.method,
      path: req.url,
      headers: req.headers,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on("error", () => res.writeHead(502).end());
  req.pipe(upstream);
});

try {
  const sandbox = new ProductProcess({ args: ["--sandbox-only"], dataDir, ...ports });
  await sandbox.start();
  await new Promise<void>((resolve) => proxy.listen(proxyPort, "127.0.0.1", resolve));
  const secrets = JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8")) as {
    consoleClientSecret: string;
    sessionSecret: string;
  };
  const consoleProcess = new ProductProcess({
    args: ["--console-only"],
    dataDir,
    ...ports,
    buildDir: buildConsole(),
    env: {
      API_BASE_URL: `http://localhost:${proxyPort}/api`,
      OIDC_ISSUER: sandbox.sandboxUrl,
      OIDC_CLIENT_ID: "console",
      OIDC_CLIENT_SECRET: secrets.consoleClientSecret,
      SESSION_SECRET: secrets.sessionSecret,
    },
  });
  await consoleProcess.start();
  const CONSOLE = consoleProcess.consoleUrl;

  const { jar, provider, accessToken } = await signedInJar({
    consoleUrl: CONSOLE,
    sandboxUrl: sandbox.sandboxUrl,
    adminToken: ADMIN_TOKEN,
    dataDir,
  });
  const apps = [];
  for (let i = 0; i < 10; i++) apps.push(await createAppThroughApi(provider, accessToken));
  const app = apps[0];
  await withLiveClients(provider, accessToken, app.groupAppId);
  const icon = await (
    await provider.apiFetch(
      "images?purpose=icon",
      { method: "POST", body: fileForm(png(256, 256), "icon.png", "image/png") },
      accessToken,
    )
  ).json();

  const listing = () => validListingForm(icon);
  const details = () =>
    new URLSearchParams({
      intent: "save",
      categoryId: "1",
      name: "Matter notes",
      description: "Notes on matters.",
    });
  const attestation = () => {
    const form = new FormData();
    form.set("intent", "save");
    for (const field of ATTESTATION_TEXT_FIELDS)
      form.set(field, "Matter titles, read hourly, kept 30 days.");
    form.set("diagram", new Blob([pdf() as BlobPart], { type: "application/pdf" }), "flow.pdf");
    return form;
  };

  /** One request as a signed-in browser without JS makes it; answers the calls it cost and where it went. */
  async function measure(method: "GET" | "POST", page: string, body?: FormData | URLSearchParams) {
    calls = [];
    const res = await fetch(`${CONSOLE}${page}`, {
      method,
      body,
      redirect: "manual",
      headers: { cookie: jar.header() },
    });
    await res.arrayBuffer();
    jar.store(res);
    if (res.status >= 400) throw new Error(`${method} ${page}: ${res.status}`);
    return { count: calls.length, which: [...calls], location: res.headers.get("location") };
  }

  const rows: [string, Awaited<ReturnType<typeof measure>>][] = [];
  const pages = [
    "/en-AU/apps",
    `/en-AU/apps/group/${app.groupAppId}`,
    `/en-AU/apps/${app.id}/details`,
    `/en-AU/apps/${app.id}/marketplace`,
    `/en-AU/apps/group/${app.groupAppId}/security`,
    `/en-AU/apps/${app.id}/data`,
    `/en-AU/preview?app-id=${app.id}`,
    "/en-AU/apps/new/details",
    "/en-AU/settings",
  ];
  for (const page of pages) rows.push([`GET ${page}`, await measure("GET", page)]);
  for (const [page, body] of [
    [`/en-AU/apps/${app.id}/details`, details],
    [`/en-AU/apps/${app.id}/marketplace`, listing],
    [`/en-AU/apps/${app.id}/data`, attestation],
  ] as const) {
    const saved = await measure("POST", page, body());
    rows.push([`POST ${page} (save)`, saved]);
    if (saved.location)
      rows.push([`  then GET ${saved.location}`, await measure("GET", saved.location)]);
  }

  const label = (text: string) =>
    text.replace(app.id, "{versionId}").replace(app.groupAppId, "{groupId}");
  console.log(
    "provider calls per request (a company with 10 apps; one request at a time, without JS)",
  );
  for (const [name, r] of rows)
    console.log(`${String(r.count).padStart(3)}  ${label(name)}\n       ${r.which.join(", ")}`);
  console.log(`total: ${rows.reduce((sum, [, r]) => sum + r.count, 0)}`);
} finally {
  proxy.close();
  await stopAll();
}
