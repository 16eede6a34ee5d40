/**
 * Where a page's load spends the browser's time: the site of the bench (a build with source
 * maps), the page loaded in Chromium with its CPU slowed four times as a phone's, and a CPU
 * profile of it read through the source maps: self time by package (or folder of app/), the
 * top functions by self time, and the console's own components by inclusive time.
 * `(program)` is the browser's own work (parsing HTML, style, layout) outside JavaScript.
 *
 * Usage: npx tsx bench/browser-profile.ts [path, default /en-AU/apps]   (BENCH_APPS apps, 50)
 */

import { readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { SourceMapConsumer } from "source-map";
import { chromiumLaunchOptions } from "../tests/support/chromium";
import { cookiesOf } from "./browser";
import { ownerOf } from "./packages";
import { stopAll } from "./product";
import { startSite } from "./site";

interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
}

process.env.BENCH_SOURCEMAP = "1";
const site = await startSite(Number(process.env.BENCH_APPS ?? 50));
try {
  const browser = await chromium.launch(chromiumLaunchOptions);
  const context = await browser.newContext({ locale: "en-AU" });
  const url = `${site.product.consoleUrl}${process.argv[2] ?? "/en-AU/apps"}`;
  await context.addCookies(cookiesOf(site.cookie, new URL(url).hostname));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 250 });
  await cdp.send("Profiler.start");
  await page.goto(url, { waitUntil: "load" });
  await page.waitForFunction(() => document.documentElement.classList.contains("js"), undefined, {
    timeout: 60000,
  });
  await page.waitForLoadState("networkidle");
  const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: CpuProfile };
  const buildDir = site.product.options.buildDir ?? "build";
  const consumers = new Map<string, SourceMapConsumer | null>();
  const consumerOf = async (u: string) => {
    if (!u.includes("/build/")) return null;
    if (!consumers.has(u)) {
      const file = path.join(buildDir, "assets", new URL(u).pathname.replace(/^\/build\//, ""));
      try {
        consumers.set(
          u,
          await new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, "utf8"))),
        );
      } catch {
        consumers.set(u, null);
      }
    }
    return consumers.get(u)!;
  };
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>(),
    owners = new Map<string, number>(),
    incl = new Map<string, number>();
  const names = new Map<number, { fn: string; owner: string }>();
  for (const n of profile.nodes) {
    const f = n.callFrame;
    const c = await consumerOf(f.url);
    if (c) {
      const pos = c.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber });
      names.set(n.id, {
        fn: `${pos.name ?? f.functionName} ${pos.source ? path.basename(pos.source) : ""}:${pos.line}`,
        owner: pos.source ? ownerOf(pos.source) : "?",
      });
    } else
      names.set(n.id, {
        fn: f.functionName || `(${f.url.split("/").pop() || "native"})`,
        owner: f.url ? "other" : "(native)",
      });
  }
  const dt = profile.timeDeltas;
  profile.samples.forEach((id, i) => {
    const ms = (dt[i + 1] ?? 0) / 1000;
    const { fn, owner } = names.get(id)!;
    self.set(fn, (self.get(fn) ?? 0) + ms);
    owners.set(owner, (owners.get(owner) ?? 0) + ms);
    const seen = new Set<string>();
    for (let p: number | undefined = id; p !== undefined; p = parent.get(p)) {
      const k = names.get(p)!.fn;
      if (!seen.has(k)) {
        seen.add(k);
        incl.set(k, (incl.get(k) ?? 0) + ms);
      }
    }
  });
  const print = (title: string, m: Map<string, number>, n: number) => {
    console.log(`\n${title}`);
    for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n))
      console.log(v.toFixed(0).padStart(8), k);
  };
  print("owners (self)", owners, 25);
  print("functions (self)", self, 40);
  print("functions (inclusive, app)", new Map([...incl].filter(([k]) => /\.tsx?:/.test(k))), 40);
  await browser.close();
} finally {
  await stopAll();
}
