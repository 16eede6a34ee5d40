/**
 * Provider calls per page: the console and the sandbox are started apart with a counting
 * proxy between them (API_BASE_URL points at the proxy), a fresh company with 10 apps signs
 * in, and each page (and each save, with the page it lands on) is requested once, one at a
 * time. Prints how many calls each made and which. Asserts nothing.
 * Usage: npx tsx bench/calls.ts
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import os from "node:os";
import path from "node:path";
import { fileForm, png } from "../tests/integration/fixtures";
import { validListingForm } from "../tests/support/listing";
import { createAppThroughApi } from "../tests/support/provider";
import { signedInJar, waitFor } from "./support";

const CONSOLE_PORT = 3710;
const SANDBOX_PORT = 3711;
const PROXY_PORT = 3712;
const CONSOLE = `http://localhost:${CONSOLE_PORT}`;
const SANDBOX = `http://localhost:${SANDBOX_PORT}`;
const ADMIN = "bench-admin-token-0123456789";
const root = path.resolve(import.meta.dirname, "..");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "console-calls-"));
const children: ChildProcess[] = [];

function start(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "server/start.ts", ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(CONSOLE_PORT), SANDBOX_PORT: String(SANDBOX_PORT), PROVIDER_ADMIN_TOKEN: ADMIN, NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
    stdio: process.env.BENCH_DEBUG ? "inherit" : "ignore",
    detached: true,
  });
  children.push(child);
}

/** Every API call the console makes passes here; `calls` holds them since the last reset. */
let calls: string[] = [];
const proxy = createServer((req, res) => {
  if (req.url?.startsWith("/api/")) calls.push(`${req.method} ${req.url.slice(5).replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, "{id}")}`);
  const upstream = httpRequest({ host: "localhost", port: SANDBOX_PORT, method: req.method, path: req.url, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on("error", () => res.writeHead(502).end());
  req.pipe(upstream);
});

try {
  start(["--sandbox-only"], {});
  await waitFor(`${SANDBOX}/healthz`);
  await new Promise<void>((resolve) => proxy.listen(PROXY_PORT, "127.0.0.1", resolve));
  const secrets = JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8"));
  start(["--console-only", "--build"], {
    API_BASE_URL: `http://localhost:${PROXY_PORT}/api`,
    OIDC_ISSUER: SANDBOX,
    OIDC_CLIENT_ID: "console",
    OIDC_CLIENT_SECRET: secrets.consoleClientSecret,
    SESSION_SECRET: secrets.sessionSecret,
  });
  await waitFor(`${CONSOLE}/healthz`);

  const { jar, provider, accessToken } = await signedInJar({ consoleUrl: CONSOLE, sandboxUrl: SANDBOX, adminToken: ADMIN, dataDir });
  const apps = [];
  for (let i = 0; i < 10; i++) apps.push(await createAppThroughApi(provider, accessToken));
  const app = apps[0];
  const icon = await (await provider.apiFetch("images?purpose=icon", { method: "POST", body: fileForm(png(256, 256), "icon.png", "image/png") }, accessToken)).json();

  const listing = () => validListingForm(icon);
  const details = () => new URLSearchParams({ intent: "save", categoryId: "1", name: "Matter notes", description: "Notes on matters." });

  /** One request as a signed-in browser without JS makes it; answers the calls it cost and where it went. */
  async function measure(method: "GET" | "POST", page: string, body?: FormData | URLSearchParams) {
    calls = [];
    const res = await fetch(`${CONSOLE}${page}`, { method, body, redirect: "manual", headers: { cookie: jar.header() } });
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
    `/en-AU/preview?app-id=${app.id}`,
    "/en-AU/apps/new/details",
    "/en-AU/settings",
  ];
  for (const page of pages) rows.push([`GET ${page}`, await measure("GET", page)]);
  for (const [page, body] of [
    [`/en-AU/apps/${app.id}/details`, details],
    [`/en-AU/apps/${app.id}/marketplace`, listing],
  ] as const) {
    const saved = await measure("POST", page, body());
    rows.push([`POST ${page} (save)`, saved]);
    if (saved.location) rows.push([`  then GET ${saved.location}`, await measure("GET", saved.location)]);
  }

  const label = (text: string) => text.replace(app.id, "{versionId}").replace(app.groupAppId, "{groupId}");
  console.log("provider calls per request (a company with 10 apps; one request at a time, without JS)");
  for (const [name, r] of rows) console.log(`${String(r.count).padStart(3)}  ${label(name)}\n       ${r.which.join(", ")}`);
  console.log(`total: ${rows.reduce((sum, [, r]) => sum + r.count, 0)}`);
} finally {
  proxy.close();
  for (const child of children) {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // already gone
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
}
