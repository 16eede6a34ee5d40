/**
 * Server: requests/s and latency of the console's pages under load (autocannon, signed in),
 * each beside the trivial page of the same server in the same run, at 5 and at 20
 * connections; and the provider calls that one request of each page makes (the sandbox's
 * request log).
 */
import { load, type LoadResult } from "./load";
import { atLeast, atMost, chosenPage, figure, heading, ms, table } from "./report";
import type { Site } from "./site";

interface Page {
  name: string;
  path: string;
  signedIn: boolean;
}

export async function benchServer(site: Site, seconds: number) {
  const allPages: Page[] = [
    { name: "trivial (/ping)", path: "/ping", signedIn: false },
    { name: "/healthz (Express only)", path: "/healthz", signedIn: false },
    { name: "/en-AU/apps", path: "/en-AU/apps", signedIn: true },
    { name: "group page", path: `/en-AU/apps/group/${site.groupId}`, signedIn: true },
    { name: "marketplace page", path: `/en-AU/apps/${site.versionId}/marketplace`, signedIn: true },
    { name: "pricing page", path: `/en-AU/apps/group/${site.groupId}/pricing`, signedIn: true },
    { name: "usage page", path: "/en-AU/usage", signedIn: true },
    { name: "settings page (users)", path: "/en-AU/settings?tab=users", signedIn: true },
    { name: "settings page (company)", path: "/en-AU/settings?tab=company", signedIn: true },
    { name: "instances page", path: "/en-AU/instances?tab=live", signedIn: true },
    { name: "submissions page", path: `/en-AU/apps/group/${site.groupId}/submissions`, signedIn: true },
    { name: "approval page", path: `/en-AU/apps/group/${site.groupId}/approval`, signedIn: true },
    { name: "security page", path: `/en-AU/apps/group/${site.groupId}/security`, signedIn: true },
    { name: "data attestation page", path: `/en-AU/apps/${site.versionId}/data`, signedIn: true },
    { name: "platform editor (desktop)", path: `/en-AU/apps/${site.platformVersionId}/desktop`, signedIn: true },
  ];
  const pages = allPages.filter((page) => !page.signedIn || chosenPage(page.name));
  const url = (page: Page) => `${site.product.consoleUrl}${page.path}`;
  const headers = (page: Page): Record<string, string> => (page.signedIn ? { cookie: site.cookie, accept: "text/html" } : { accept: "text/html" });

  heading(`Server: provider calls per page (one request, a company with ${site.apps} apps)`);
  for (const page of pages) {
    const mark = await site.product.logMark();
    const res = await fetch(url(page), { headers: headers(page), redirect: "manual" });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${page.path}: ${res.status} ${res.headers.get("location") ?? ""}`);
    await site.product.logMark(); // the page's own calls, once written
    const calls = site.product.requestsSince(mark);
    figure(`provider calls of ${page.name}`, `${calls.length}${calls.length ? ` (${calls.join(", ")})` : ""}`);
  }

  heading(`Server: autocannon, ${seconds} s per page and connection count, signed in, a company with ${site.apps} apps`);
  // Warm-up (not counted): the first requests of each page compile and fill caches.
  for (const page of pages) await load(url(page), { connections: 5, seconds: Math.min(3, seconds), headers: headers(page) });
  const results = new Map<string, LoadResult>();
  const rows: string[][] = [];
  for (const connections of [5, 20]) {
    for (const page of pages) {
      const result = await load(url(page), { connections, seconds, headers: headers(page) });
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
  table(["page", "connections", "req/s", "of trivial", "p50 ms", "p95 ms", "p99 ms", "requests"], rows);

  const apps20 = results.get("/en-AU/apps 20");
  const trivial20 = results.get("/ping 20")!;
  const apps5 = results.get("/en-AU/apps 5");
  if (apps20 && apps5) {
    const share = (100 * apps20.rps) / trivial20.rps;
    figure(
      "/apps throughput at 20 connections",
      `${apps20.rps.toFixed(0)} req/s, ${share.toFixed(1)}% of the trivial page's ${trivial20.rps.toFixed(0)}`,
      atLeast(share, 50, "% of the trivial page"),
    );
    figure("/apps p95 at 5 connections", ms(apps5.p95), atMost(apps5.p95, 30, " ms"));
  }
}
