/**
 * Page latency and weight of the console, against the whole product started on a fresh data
 * folder. Prints a table; asserts nothing. Usage: npx tsx bench/pages.ts [requests]
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { signedInJar, waitFor } from "./support";

const CONSOLE = "http://localhost:3700";
const SANDBOX = "http://localhost:3701";
const ADMIN = "bench-admin-token-0123456789";
const requests = Number(process.argv[2] ?? 200);
const root = path.resolve(import.meta.dirname, "..");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "console-bench-"));

const server = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "server/start.ts", "--build"], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, PORT: "3700", SANDBOX_PORT: "3701", PROVIDER_ADMIN_TOKEN: ADMIN, NODE_ENV: "production", LOG_LEVEL: "warn" },
  stdio: "ignore",
  detached: true,
});
const stopServer = () => {
  try {
    process.kill(-server.pid!, "SIGTERM");
  } catch {
    // already gone
  }
};

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(url: string, cookie: string, concurrency: number) {
  const times: number[] = [];
  let html = "";
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next += 1;
        const t0 = performance.now();
        const res = await fetch(url, { headers: { cookie }, redirect: "manual" });
        html = await res.text();
        times.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const context = /window\.__remixContext = (.*?);<\/script>/s.exec(html)?.[1] ?? "";
  return { p50: percentile(times, 50), p95: percentile(times, 95), rps: requests / seconds, htmlKiB: html.length / 1024, dataKiB: context.length / 1024 };
}

try {
  await waitFor(`${SANDBOX}/healthz`);
  await waitFor(`${CONSOLE}/healthz`);
  const { jar } = await signedInJar({ consoleUrl: CONSOLE, sandboxUrl: SANDBOX, adminToken: ADMIN, dataDir });
  const pages = ["/en-AU/apps", "/nl-NL/apps", "/en-AU/settings", "/en-AU/auth/reset-password", "/en-AU/terms", "/en-AU/privacy"];
  console.log(`${requests} requests per page and concurrency; times in ms`);
  console.log("page".padEnd(30), "conc", "p50".padStart(7), "p95".padStart(7), "req/s".padStart(7), "html KiB".padStart(9), "data KiB".padStart(9));
  for (const page of pages) {
    for (const concurrency of [1, 8]) {
      const r = await measure(`${CONSOLE}${page}`, jar.header(), concurrency);
      console.log(page.padEnd(30), String(concurrency).padStart(4), r.p50.toFixed(1).padStart(7), r.p95.toFixed(1).padStart(7), r.rps.toFixed(0).padStart(7), r.htmlKiB.toFixed(1).padStart(9), r.dataKiB.toFixed(1).padStart(9));
    }
  }
} finally {
  stopServer();
  rmSync(dataDir, { recursive: true, force: true });
}
