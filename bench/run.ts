/**
 * `npm run bench [-- part ...]`: the benchmarks of the quality gates, on this machine, each
 * figure printed beside its target. Parts: sandbox, server, browser, lighthouse (all when
 * none is named). Measure on a quiet machine: nothing else running.
 *
 * Settings (environment): BENCH_SECONDS per load run (10), BENCH_APPS in the company of the
 * pages (50), BENCH_SANDBOX_APPS for GET apps (1000), BENCH_LIGHTHOUSE_RUNS per page (3),
 * BENCH_CPU_PROFILE=<folder> for a CPU profile of each page of the server part (bench/server.ts).
 */
import { execFileSync } from "node:child_process";
import os from "node:os";
import { benchBrowser } from "./browser";
import { benchLighthouse } from "./lighthouse";
import { ROOT, stopAll } from "./product";
import { heading, printTargets } from "./report";
import { benchSandbox } from "./sandbox";
import { benchServer } from "./server";
import { type Site, startSite } from "./site";

const PARTS = ["sandbox", "server", "browser", "lighthouse"] as const;
type Part = (typeof PARTS)[number];

const setting = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};

function machine(): string {
  const cpus = os.cpus();
  let commit = "?";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], {
      cwd: ROOT,
      encoding: "utf8",
    }).trim();
  } catch {
    // not a git checkout
  }
  return [
    `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, commit ${commit}`,
    `${cpus.length} x ${cpus[0]?.model ?? "?"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}`,
    `Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  ].join("\n");
}

async function main(): Promise<number> {
  const named = process.argv.slice(2);
  const unknown = named.filter((name) => !PARTS.includes(name as Part));
  if (unknown.length > 0) {
    console.error(`unknown part(s): ${unknown.join(", ")}; parts: ${PARTS.join(", ")}`);
    return 2;
  }
  const parts = new Set<Part>(named.length > 0 ? (named as Part[]) : PARTS);
  const seconds = setting("BENCH_SECONDS", 10);
  heading("Machine");
  console.log(machine());
  const started = performance.now();
  try {
    if (parts.has("sandbox")) await benchSandbox(setting("BENCH_SANDBOX_APPS", 1000), seconds);
    if (parts.has("server") || parts.has("browser") || parts.has("lighthouse")) {
      heading("The product");
      const site: Site = await startSite(setting("BENCH_APPS", 50));
      if (parts.has("server")) await benchServer(site, seconds);
      if (parts.has("browser")) await benchBrowser(site);
      if (parts.has("lighthouse")) await benchLighthouse(site, setting("BENCH_LIGHTHOUSE_RUNS", 3));
    }
  } finally {
    await stopAll();
  }
  printTargets();
  console.log(`\nbenchmarks took ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    console.error(error);
    await stopAll();
    process.exit(1);
  },
);
