/**
 * Browser: what a first visit (empty cache) of a page downloads, from a real page load in
 * Debian's Chromium driven by Playwright: the JavaScript (each script's gzip size, and the
 * bytes it took on the wire as the server compressed it), and the HTML of the page.
 */
import { gzipSync } from "node:zlib";
import { chromium, type Browser, type Response } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/support/chromium";
import { atMost, chosenPage, figure, heading, kb, table } from "./report";
import type { Site } from "./site";

interface Download {
  url: string;
  gzip: number;
  wire: number;
  encoding: string;
}

const download = async (response: Response): Promise<Download> => {
  const body = await response.body();
  const sizes = await response.request().sizes();
  return { url: response.url(), gzip: gzipSync(body).length, wire: sizes.responseBodySize, encoding: (await response.headerValue("content-encoding")) ?? "none" };
};

/**
 * The cookies of a Cookie header, for a browser context on the console's host. In production
 * the console's cookies are Secure (`__Host-`), which Chromium keeps for http://localhost too.
 */
export const cookiesOf = (header: string, host: string) =>
  header
    .split("; ")
    .filter(Boolean)
    .map((pair) => ({
      name: pair.slice(0, pair.indexOf("=")),
      value: pair.slice(pair.indexOf("=") + 1),
      domain: host,
      path: "/",
      secure: true,
      httpOnly: true,
      sameSite: "Lax" as const,
    }));

/** Loads `url` in a fresh context (empty cache) and answers the scripts and the document it downloaded. */
async function firstVisit(browser: Browser, url: string, cookie?: string) {
  const context = await browser.newContext({ locale: "en-AU" });
  try {
    if (cookie) await context.addCookies(cookiesOf(cookie, new URL(url).hostname));
    const page = await context.newPage();
    const pending: Promise<Download & { type: string }>[] = [];
    page.on("response", (response) => {
      const type = response.request().resourceType();
      if ((type === "script" || type === "document") && response.status() === 200) pending.push(download(response).then((d) => ({ ...d, type })));
    });
    await page.goto(url, { waitUntil: "load" });
    // React has hydrated (root.tsx marks <html> with `js`), and whatever it loads next is in.
    await page.waitForFunction(() => document.documentElement.classList.contains("js"), undefined, { timeout: 15_000 });
    await page.waitForLoadState("networkidle");
    const finalUrl = page.url();
    const all = await Promise.all(pending);
    const scripts = all.filter((d) => d.type === "script").sort((a, b) => b.gzip - a.gzip);
    const html = all.filter((d) => d.type === "document").find((d) => d.url === finalUrl);
    if (!html) throw new Error(`no document answer for ${finalUrl}`);
    return { finalUrl, scripts, html, js: scripts.reduce((sum, s) => sum + s.gzip, 0), jsWire: scripts.reduce((sum, s) => sum + s.wire, 0) };
  } finally {
    await context.close();
  }
}

const fileOf = (url: string) => new URL(url).pathname;

export async function benchBrowser(site: Site) {
  heading(`Browser: first visit in Chromium (empty cache), a company with ${site.apps} apps`);
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const base = site.product.consoleUrl;
    const visit = (name: string, url: string, cookie?: string) => (chosenPage(name) ? firstVisit(browser, url, cookie).then((result) => ({ name, visit: result })) : undefined);
    const visits: { name: string; visit: Awaited<ReturnType<typeof firstVisit>> }[] = [];
    for (const [name, url, cookie] of [
      ["sign-in", `${base}/en-AU/auth/signin`, undefined],
      ["/apps", `${base}/en-AU/apps`, site.cookie],
      ["marketplace", `${base}/en-AU/apps/${site.versionId}/marketplace`, site.cookie],
      ["platform editor (desktop)", `${base}/en-AU/apps/${site.platformVersionId}/desktop`, site.cookie],
      ["usage summary", `${base}/en-AU/usage`, site.cookie],
      ["settings (users)", `${base}/en-AU/settings?tab=users`, site.cookie],
      ["settings (company)", `${base}/en-AU/settings?tab=company`, site.cookie],
      ["instances page", `${base}/en-AU/instances?tab=live`, site.cookie],
    ] as const) {
      const result = await visit(name, url, cookie);
      if (!result) continue;
      if (cookie && new URL(result.visit.finalUrl).pathname !== new URL(url).pathname) throw new Error(`${url} ended at ${result.visit.finalUrl}: not signed in?`);
      visits.push(result);
    }
    const of = (name: string) => visits.find((entry) => entry.name === name)?.visit;

    table(
      ["page", "scripts", "JS gzip", "JS on the wire", "HTML gzip", "HTML on the wire"],
      visits.map(({ name, visit }) => [
        name,
        String(visit.scripts.length),
        kb(visit.js),
        kb(visit.jsWire),
        kb(visit.html.gzip),
        `${kb(visit.html.wire)} (${visit.html.encoding})`,
      ]),
    );
    for (const { name, visit } of visits) {
      console.log(`largest scripts of ${name} (gzip):`);
      for (const script of visit.scripts.slice(0, 6)) console.log(`  ${kb(script.gzip).padStart(9)}  ${fileOf(script.url)}`);
    }

    const [apps, signIn, marketplace, editor] = [of("/apps"), of("sign-in"), of("marketplace"), of("platform editor (desktop)")];
    if (apps) figure("first-visit JS of /apps (gzip)", kb(apps.js), atMost(apps.js / 1000, 90, " KB"));
    if (signIn) figure("first-visit JS of sign-in (gzip)", kb(signIn.js), atMost(signIn.js / 1000, 90, " KB"));
    if (marketplace) figure("first-visit JS of the marketplace page (gzip)", kb(marketplace.js));
    if (editor) figure("first-visit JS of the platform editor (gzip)", kb(editor.js), atMost(editor.js / 1000, 90, " KB"));
    const usage = of("usage summary");
    if (usage) figure("first-visit JS of the usage summary (gzip)", kb(usage.js), atMost(usage.js / 1000, 90, " KB"));
    const settings = of("settings (users)");
    if (settings) figure("first-visit JS of the settings page, users tab (gzip)", kb(settings.js), atMost(settings.js / 1000, 90, " KB"));
    const company = of("settings (company)");
    if (company) figure("first-visit JS of the settings page, company tab (gzip)", kb(company.js), atMost(company.js / 1000, 90, " KB"));
    const instances = of("instances page");
    if (instances) figure(`first-visit JS of the sandbox accounts page (gzip, ${site.instances} accounts)`, kb(instances.js), atMost(instances.js / 1000, 90, " KB"));
    if (apps) {
      const html = apps.html.gzip;
      figure(`HTML of /apps (gzip, ${site.apps} apps)`, `${kb(html)} (${html.toLocaleString("en-AU")} bytes)`, atMost(html / 1000, 14.6, " KB"));
    }
  } finally {
    await browser.close();
  }
}
