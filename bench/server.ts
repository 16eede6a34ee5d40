/**
 * Server: requests/s and latency of the console's pages under load (autocannon, signed in),
 * each beside the trivial route (/ping) of the same server in the same run, at 5 and at 20
 * connections; the provider calls (the sandbox's request log) of each page's first request of
 * the session and of the one right after it; the targets of the issue 'Every page fast under
 * load'. With BENCH_CPU_PROFILE=<folder>, after the measured runs, a CPU profile of each page's
 * load in every process of the product (through their inspectors), saved there and summed up.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { inspectProduct } from "./inspector";
import { type LoadResult, load } from "./load";
import { PAGES_INDEX, type PagesIndex, type Profile, pageSection } from "./profile";
import { atLeast, atMost, chosenPage, figure, heading, ms, reference, table } from "./report";
import type { Site } from "./site";

interface Page {
  name: string;
  path: string;
  signedIn: boolean;
  /** Its targets (none for the trivial routes): requests/s at 20 connections as a share (%) of /ping's, p95 at 5 connections. */
  minShare?: number;
  maxP95?: number;
}

/** Provider calls a page may make after the first visit of a session. */
const MAX_CALLS_AFTER = 3;
/** The sampling interval of the pages' CPU profiles, in microseconds. */
const PROFILE_INTERVAL_US = 200;
const PROFILE_CONNECTIONS = 20;

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export async function benchServer(site: Site, seconds: number) {
  const page = (name: string, path: string, minShare = 10, maxP95 = 100): Page => ({
    name,
    path,
    signedIn: true,
    minShare,
    maxP95,
  });
  const allPages: Page[] = [
    { name: "trivial (/ping)", path: "/ping", signedIn: false },
    { name: "/healthz (Express only)", path: "/healthz", signedIn: false },
    page("/en-AU/apps", "/en-AU/apps", 15),
    page("group page", `/en-AU/apps/group/${site.groupId}`),
    page("marketplace page", `/en-AU/apps/${site.versionId}/marketplace`),
    page("pricing page", `/en-AU/apps/group/${site.groupId}/pricing`),
    page("usage page", "/en-AU/usage"),
    page("settings page (users)", "/en-AU/settings?tab=users"),
    page("settings page (company)", "/en-AU/settings?tab=company"),
    page("instances page", "/en-AU/instances?tab=live"),
    page("submissions page", `/en-AU/apps/group/${site.groupId}/submissions`),
    page("approval page", `/en-AU/apps/group/${site.groupId}/approval`),
    page("security page", `/en-AU/apps/group/${site.groupId}/security`),
    page("data attestation page", `/en-AU/apps/${site.versionId}/data`),
    page("platform editor (desktop)", `/en-AU/apps/${site.platformVersionId}/desktop`, 8, 150),
  ];
  const pages = allPages.filter((page) => !page.signedIn || chosenPage(page.name));
  const url = (page: Page) => `${site.product.consoleUrl}${page.path}`;
  // A signed-in page sends the session's cookies and keeps those the console sets, as a browser does.
  const loadPage = (page: Page, connections: number, runSeconds: number) =>
    load(url(page), {
      connections,
      seconds: runSeconds,
      headers: { accept: "text/html" },
      ...(page.signedIn ? { cookies: site.jar } : {}),
    });

  heading(
    `Server: provider calls per page, its first request of the session and the next (a company with ${site.apps} apps)`,
  );
  const visit = async (page: Page) => {
    const mark = await site.product.logMark();
    const res = await fetch(url(page), {
      headers: page.signedIn
        ? { cookie: site.cookie, accept: "text/html" }
        : { accept: "text/html" },
      redirect: "manual",
    });
    if (page.signedIn) site.jar.store(res);
    await res.arrayBuffer();
    if (res.status !== 200)
      throw new Error(`${page.path}: ${res.status} ${res.headers.get("location") ?? ""}`);
    await site.product.logMark(); // the page's own calls, once written
    return site.product.requestsSince(mark);
  };
  // GET /api/apps/{id}, as bench/calls.ts names them: the same call of every page reads alike.
  const listed = (calls: string[]) =>
    `${calls.length}${calls.length ? ` (${calls.map((call) => call.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, "{id}")).join(", ")})` : ""}`;
  for (const page of pages) {
    const first = await visit(page);
    const after = await visit(page);
    if (!page.signedIn) {
      figure(`provider calls of ${page.name}`, `${first.length}, then ${after.length}`);
      continue;
    }
    figure(`provider calls of ${page.name}, first visit`, listed(first));
    figure(
      `provider calls of ${page.name} after the first visit`,
      `${listed(after)}; first visit ${first.length}`,
      atMost(after.length, MAX_CALLS_AFTER, ""),
    );
  }

  heading(
    `Server: autocannon, ${seconds} s per page and connection count, signed in, a company with ${site.apps} apps`,
  );
  // Warm-up (not counted): the first requests of each page compile and fill caches.
  for (const page of pages) await loadPage(page, 5, Math.min(3, seconds));
  const results = new Map<string, LoadResult>();
  const rows: string[][] = [];
  for (const connections of [5, 20]) {
    for (const page of pages) {
      const result = await loadPage(page, connections, seconds);
      results.set(`${page.path} ${connections}`, result);
      const trivial = results.get(`/ping ${connections}`)!;
      rows.push([
        page.name,
        String(connections),
        result.rps.toFixed(0),
        `${((100 * result.rps) / trivial.rps).toFixed(0)}%`,
        result.p50.toFixed(1),
        result.p95.toFixed(1),
        result.p99.toFixed(1),
        String(result.requests),
      ]);
    }
  }
  table(
    ["page", "connections", "req/s", "of trivial", "p50 ms", "p95 ms", "p99 ms", "requests"],
    rows,
  );

  heading(
    "Server: targets (requests/s at 20 connections as a share of /ping's in the same run, p95 at 5 connections)",
  );
  const trivial20 = results.get("/ping 20")!;
  const trivial5 = results.get("/ping 5")!;
  const shareOf = (result: LoadResult) => (100 * result.rps) / trivial20.rps;
  reference(
    "trivial route /ping",
    `${trivial20.rps.toFixed(0)} req/s at 20 connections; p95 ${ms(trivial5.p95)} at 5 connections`,
  );
  for (const page of pages) {
    const at20 = results.get(`${page.path} 20`)!;
    const at5 = results.get(`${page.path} 5`)!;
    if (page.path === "/healthz") {
      reference(
        `${page.name}`,
        `${at20.rps.toFixed(0)} req/s at 20 connections, ${shareOf(at20).toFixed(0)}% of /ping's; p95 ${ms(at5.p95)} at 5 connections`,
      );
    }
    if (page.minShare === undefined || page.maxP95 === undefined) continue;
    figure(
      `${page.name}: throughput at 20 connections`,
      `${at20.rps.toFixed(0)} req/s, ${shareOf(at20).toFixed(1)}% of /ping's ${trivial20.rps.toFixed(0)}`,
      atLeast(shareOf(at20), page.minShare, "% of /ping's"),
    );
    figure(`${page.name}: p95 at 5 connections`, ms(at5.p95), atMost(at5.p95, page.maxP95, " ms"));
  }

  const folder = process.env.BENCH_CPU_PROFILE;
  if (folder) await profilePages(site, pages, seconds, path.resolve(folder), loadPage);
}

/**
 * A CPU profile of each page's load at 20 connections in every process of the product, apart
 * from the measured runs (profiling slows the pages): `<folder>/<page>.<process>.cpuprofile`,
 * pages.json beside them, and each page's top owners and functions printed.
 */
async function profilePages(
  site: Site,
  pages: Page[],
  seconds: number,
  folder: string,
  loadPage: (page: Page, connections: number, seconds: number) => Promise<LoadResult>,
) {
  heading(
    `Server: CPU profile of each page at ${PROFILE_CONNECTIONS} connections, ${seconds} s, every process (into ${folder})`,
  );
  const pid = site.product.pid;
  if (!pid) throw new Error("the product does not run");
  const { processes, unreachable } = await inspectProduct(site.product.logFile, pid);
  if (processes.length === 0)
    throw new Error(
      `no inspector of the product answered (BENCH_CPU_PROFILE starts it with --inspect): ${unreachable.join(", ") || "none in its log"}`,
    );
  console.log(
    `processes: ${processes.map((entry) => `${entry.label} (pid ${entry.pid})`).join(", ")}` +
      (unreachable.length
        ? `; ${unreachable.length} inspector(s) in the log no longer answer (ended processes)`
        : ""),
  );
  mkdirSync(folder, { recursive: true });
  const index: PagesIndex = {
    connections: PROFILE_CONNECTIONS,
    seconds,
    intervalUs: PROFILE_INTERVAL_US,
    pages: [],
  };
  try {
    for (const { session } of processes) {
      await session.send("Profiler.enable");
      await session.send("Profiler.setSamplingInterval", { interval: PROFILE_INTERVAL_US });
    }
    for (const page of pages) {
      const slug = slugOf(page.name);
      await Promise.allSettled(processes.map(({ session }) => session.send("Profiler.start")));
      const result = await loadPage(page, PROFILE_CONNECTIONS, seconds);
      const stopped = await Promise.allSettled(
        processes.map(({ session }) => session.send<{ profile: Profile }>("Profiler.stop")),
      );
      // A process that ended meanwhile (and was restarted by its supervisor) has no profile of the page.
      const labelled = processes.flatMap(({ label }, i) => {
        const answer = stopped[i];
        if (answer.status === "fulfilled") return [{ label, profile: answer.value.profile }];
        console.log(
          `no profile of ${label}: ${answer.reason instanceof Error ? answer.reason.message : String(answer.reason)}`,
        );
        return [];
      });
      for (const { label, profile } of labelled)
        writeFileSync(path.join(folder, `${slug}.${label}.cpuprofile`), JSON.stringify(profile));
      index.pages.push({
        slug,
        name: page.name,
        path: page.path,
        processes: labelled.map(({ label }) => label),
      });
      console.log("");
      console.log(
        pageSection(`${page.name} (${result.rps.toFixed(0)} req/s while profiled)`, labelled).join(
          "\n",
        ),
      );
    }
  } finally {
    writeFileSync(path.join(folder, PAGES_INDEX), `${JSON.stringify(index, null, 2)}\n`);
    for (const { session } of processes) {
      await session.send("Profiler.disable").catch(() => {});
      session.close();
    }
  }
  console.log(
    `\nthe profiles are in ${folder}; the section for bench/README.md: npx tsx bench/profile.ts --markdown ${folder}`,
  );
}
