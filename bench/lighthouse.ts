/**
 * Lighthouse (its default: a mobile device on a throttled network and CPU, simulated) on the
 * sign-in page, /apps, and an app's marketplace, pricing, data attestation and security
 * pages (the security page with its Live clients) and the platform editor of a desktop schema
 * of 40 functions, in Debian's Chromium started by
 * chrome-launcher, headless, a fresh one for each page. For the signed-in pages the session's
 * cookies are put in that browser first (Playwright over its debugging port); Lighthouse
 * keeps cookies between its runs and clears the cache and the rest of the origin's storage.
 * Each page is measured `runs` times; the performance score printed is the median run's.
 */

import { chromium } from "@playwright/test";
import { launch } from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";
import { cookiesOf } from "./browser";
import { atLeast, atMost, chosenPage, figure, heading, table } from "./report";
import type { Site } from "./site";

const METRICS = [
  ["first-contentful-paint", "FCP"],
  ["largest-contentful-paint", "LCP"],
  ["total-blocking-time", "TBT"],
  ["cumulative-layout-shift", "CLS"],
  ["speed-index", "SI"],
] as const;

export async function benchLighthouse(site: Site, runs: number) {
  heading(`Lighthouse: performance (median of ${runs}) and accessibility, default mobile settings`);
  const rows: string[][] = [];
  const base = site.product.consoleUrl;
  const pages = [
    { name: "sign-in", url: `${base}/en-AU/auth/signin`, cookie: undefined },
    { name: "/apps", url: `${base}/en-AU/apps`, cookie: site.cookie },
    {
      name: "marketplace",
      url: `${base}/en-AU/apps/${site.versionId}/marketplace`,
      cookie: site.cookie,
    },
    {
      name: "pricing",
      url: `${base}/en-AU/apps/group/${site.groupId}/pricing`,
      cookie: site.cookie,
    },
    {
      name: "data attestation",
      url: `${base}/en-AU/apps/${site.versionId}/data`,
      cookie: site.cookie,
    },
    {
      name: "security",
      url: `${base}/en-AU/apps/group/${site.groupId}/security`,
      cookie: site.cookie,
    },
    {
      name: "platform editor (desktop)",
      url: `${base}/en-AU/apps/${site.platformVersionId}/desktop`,
      cookie: site.cookie,
    },
    { name: "settings (users)", url: `${base}/en-AU/settings?tab=users`, cookie: site.cookie },
    { name: "settings (company)", url: `${base}/en-AU/settings?tab=company`, cookie: site.cookie },
    { name: "instances page", url: `${base}/en-AU/instances?tab=live`, cookie: site.cookie },
  ];
  for (const page of pages.filter((entry) => chosenPage(entry.name))) {
    const chrome = await launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
    });
    try {
      if (page.cookie) {
        const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
        await browser.contexts()[0].addCookies(cookiesOf(page.cookie, new URL(page.url).hostname));
        await browser.close();
      }
      const reports: Result[] = [];
      for (let run = 0, lost = 0; run < runs; ) {
        const result = await lighthouse(page.url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility"],
        });
        if (!result) throw new Error(`Lighthouse answered nothing for ${page.url}`);
        const lhr = result.lhr;
        // A trace Chromium failed to record (NO_NAVSTART, on a busy machine) says nothing of the page: that run is made again, twice at most.
        if (lhr.runtimeError?.code === "NO_NAVSTART" && lost++ < 2) continue;
        if (lhr.runtimeError)
          throw new Error(
            `Lighthouse on ${page.url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
          );
        if (!lhr.finalDisplayedUrl.startsWith(page.url))
          throw new Error(`Lighthouse on ${page.url} ended at ${lhr.finalDisplayedUrl}`);
        reports.push(lhr);
        run++;
      }
      const score = (lhr: Result, category: string) =>
        Math.round(100 * (lhr.categories[category]?.score ?? 0));
      reports.sort((a, b) => score(a, "performance") - score(b, "performance"));
      const median = reports[Math.floor(reports.length / 2)];
      const performance = score(median, "performance");
      const accessibility = Math.min(...reports.map((lhr) => score(lhr, "accessibility")));
      rows.push([
        page.name,
        reports.map((lhr) => score(lhr, "performance")).join(" "),
        String(accessibility),
        ...METRICS.map(([id]) => median.audits[id]?.displayValue ?? "?"),
      ]);
      figure(
        `Lighthouse performance, ${page.name}`,
        String(performance),
        atLeast(performance, 95, ""),
      );
      const blocking = median.audits["total-blocking-time"]?.numericValue ?? Number.NaN;
      figure(
        `Lighthouse total blocking time, ${page.name}`,
        `${Math.round(blocking)} ms`,
        atMost(blocking, 150, " ms"),
      );
      figure(
        `Lighthouse accessibility, ${page.name}`,
        String(accessibility),
        atLeast(accessibility, 100, ""),
      );
      const failing = Object.values(median.audits).filter(
        (audit) =>
          median.categories.accessibility.auditRefs.some(
            (ref) => ref.id === audit.id && ref.weight > 0,
          ) &&
          audit.score !== null &&
          audit.score < 1,
      );
      for (const audit of failing)
        console.log(`  accessibility audit failed: ${audit.id} (${audit.title})`);
    } finally {
      await chrome.kill();
    }
  }
  table(
    [
      "page",
      "performance (each run)",
      "accessibility",
      ...METRICS.map(([, name]) => `${name} (median run)`),
    ],
    rows,
  );
}
