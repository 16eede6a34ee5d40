/**
 * Browser: what a first visit (empty cache) of a page downloads, from a real page load in
 * Debian's Chromium driven by Playwright: the JavaScript (each script's gzip size, and the
 * bytes it took on the wire as the server compressed it), and the HTML of the page.
 */
import { gzipSync } from "node:zlib";
import { type Browser, chromium, type Response } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/support/chromium";
import { atMost, chosenPage, figure, heading, kb, ms, table } from "./report";
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
  return {
    url: response.url(),
    gzip: gzipSync(body).length,
    wire: sizes.responseBodySize,
    encoding: (await response.headerValue("content-encoding")) ?? "none",
  };
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
      if ((type === "script" || type === "document") && response.status() === 200)
        pending.push(download(response).then((d) => ({ ...d, type })));
    });
    await page.goto(url, { waitUntil: "load" });
    // React has hydrated (root.tsx marks <html> with `js`), and whatever it loads next is in.
    await page.waitForFunction(() => document.documentElement.classList.contains("js"), undefined, {
      timeout: 15_000,
    });
    await page.waitForLoadState("networkidle");
    const finalUrl = page.url();
    const all = await Promise.all(pending);
    const scripts = all.filter((d) => d.type === "script").sort((a, b) => b.gzip - a.gzip);
    const html = all.filter((d) => d.type === "document").find((d) => d.url === finalUrl);
    if (!html) throw new Error(`no document answer for ${finalUrl}`);
    return {
      finalUrl,
      scripts,
      html,
      js: scripts.reduce((sum, s) => sum + s.gzip, 0),
      jsWire: scripts.reduce((sum, s) => sum + s.wire, 0),
    };
  } finally {
    await context.close();
  }
}

const fileOf = (url: string) => new URL(url).pathname;

/**
 * The first-visit JavaScript each page may download (gzip, KB): what React, Remix, the
 * translations and Conform weigh (113 KB) and a little for the page; a signed-in page more,
 * the platform editor most.
 */
const JS_LIMITS = { signedOut: 120, register: 135, signedIn: 135, editor: 150 } as const;

/** A phone's CPU, as Lighthouse simulates it: four times slower than this machine's. */
const PHONE_CPU_SLOWDOWN = 4;

/** What a long task of the page's main thread was busy with, by the trace events it holds. */
const TASK_KINDS: [string, RegExp][] = [
  [
    "script",
    /^(FunctionCall|EvaluateScript|v8\.evaluateModule|v8\.compileModule|RunMicrotasks|TimerFire|FireAnimationFrame|EventDispatch|v8\.compile)$/,
  ],
  ["HTML", /^(ParseHTML|HTMLDocumentParser::MaybeFetchQueuedPreloads)$/],
  ["style and layout", /^(UpdateLayoutTree|Layout|PrePaint|Paint|Layerize|RecalculateStyles)$/],
];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  args?: { beginData?: { url?: string }; data?: { url?: string; functionName?: string } };
}

/**
 * The long tasks (over 50 ms) of loading and hydrating `url` on a CPU slowed as a phone's,
 * from a Chromium trace: each task's length and what it was mostly busy with (the kind whose
 * events take most of it), longest first.
 */
async function longTasks(
  browser: Browser,
  url: string,
  cookie?: string,
): Promise<{ ms: number; kind: string }[]> {
  const context = await browser.newContext({ locale: "en-AU" });
  try {
    if (cookie) await context.addCookies(cookiesOf(cookie, new URL(url).hostname));
    const page = await context.newPage();
    const base = new URL(url).origin;
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE_CPU_SLOWDOWN });
    await browser.startTracing(page, {
      categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute"],
    });
    await page.goto(url, { waitUntil: "load" });
    await page.waitForFunction(() => document.documentElement.classList.contains("js"), undefined, {
      timeout: 30_000,
    });
    await page.waitForLoadState("networkidle");
    const events = (
      JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }
    ).traceEvents;
    // The page's main thread: the one that parsed its HTML (the browser's own pages run beside it).
    const pageThread = events.find(
      (event) => event.name === "ParseHTML" && event.args?.beginData?.url?.startsWith(base),
    )?.tid;
    if (pageThread === undefined) throw new Error(`no thread parsed ${url} in the trace`);
    const tasks = events.filter(
      (event) => event.name === "RunTask" && event.tid === pageThread && (event.dur ?? 0) > 50_000,
    );
    return tasks
      .map((task) => {
        const end = task.ts + (task.dur ?? 0);
        const inside = events.filter(
          (event) =>
            event.tid === task.tid &&
            event.ph === "X" &&
            event.ts >= task.ts &&
            event.ts + (event.dur ?? 0) <= end,
        );
        const busy = TASK_KINDS.map(([kind, names]) => ({
          kind,
          // Only events not nested in another of the same kind count, so that time is not counted twice.
          time: inside
            .filter((event) => names.test(event.name))
            .filter(
              (event, _, all) =>
                !all.some(
                  (outer) =>
                    outer !== event &&
                    outer.ts <= event.ts &&
                    outer.ts + (outer.dur ?? 0) >= event.ts + (event.dur ?? 0),
                ),
            )
            .reduce((sum, event) => sum + (event.dur ?? 0), 0),
        })).sort((x, y) => y.time - x.time)[0];
        // The script a script task ran longest: the event and the file or function it names.
        const [, scriptNames] = TASK_KINDS[0];
        const longest = inside
          .filter((event) => scriptNames.test(event.name))
          .sort((x, y) => (y.dur ?? 0) - (x.dur ?? 0))[0];
        const data = longest?.args?.data;
        const named = data?.url?.split("/").pop() || data?.functionName || "";
        const what =
          busy.kind === "script" && longest
            ? ` (${longest.name}${named ? ` ${named}` : ""} ${((longest.dur ?? 0) / 1000).toFixed(1)} ms)`
            : "";
        return {
          ms: (task.dur ?? 0) / 1000,
          kind: busy.time > 0 ? `${busy.kind}${what}` : "other",
        };
      })
      .sort((x, y) => y.ms - x.ms);
  } finally {
    await context.close();
  }
}

export async function benchBrowser(site: Site) {
  heading(`Browser: first visit in Chromium (empty cache), a company with ${site.apps} apps`);
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const base = site.product.consoleUrl;
    const pages: { name: string; url: string; signedIn: boolean; limit: number }[] = [
      {
        name: "sign-in",
        url: `${base}/en-AU/auth/signin`,
        signedIn: false,
        limit: JS_LIMITS.signedOut,
      },
      {
        name: "reset password",
        url: `${base}/en-AU/auth/reset-password`,
        signedIn: false,
        limit: JS_LIMITS.signedOut,
      },
      {
        name: "register",
        url: `${base}/en-AU/auth/register`,
        signedIn: false,
        limit: JS_LIMITS.register,
      },
      { name: "/apps", url: `${base}/en-AU/apps`, signedIn: true, limit: JS_LIMITS.signedIn },
      {
        name: "group versions",
        url: `${base}/en-AU/apps/group/${site.groupId}`,
        signedIn: true,
        limit: JS_LIMITS.signedIn,
      },
      {
        name: "marketplace",
        url: `${base}/en-AU/apps/${site.versionId}/marketplace`,
        signedIn: true,
        limit: JS_LIMITS.signedIn,
      },
      {
        name: "pricing",
        url: `${base}/en-AU/apps/group/${site.groupId}/pricing`,
        signedIn: true,
        limit: JS_LIMITS.signedIn,
      },
      {
        name: "data attestation",
        url: `${base}/en-AU/apps/${site.versionId}/data`,
        signedIn: true,
        limit: JS_LIMITS.signedIn,
      },
      {
        name: "security",
        url: `${base}/en-AU/apps/group/${site.groupId}/security`,
        signedIn: true,
        limit: JS_LIMITS.signedIn,
      },
      {
        name: "platform editor (desktop)",
        url: `${base}/en-AU/apps/${site.platformVersionId}/desktop`,
        signedIn: true,
        limit: JS_LIMITS.editor,
      },
      {
        name: "usage summary",
        url: `${base}/en-AU/usage`,
        signedIn: true,
        limit: JS_LIMITS.signedIn,
      },
      {
        name: "settings (users)",
        url: `${base}/en-AU/settings?tab=users`,
        signedIn: true,
        limit: JS_LIMITS.signedIn,
      },
      {
        name: "settings (company)",
        url: `${base}/en-AU/settings?tab=company`,
        signedIn: true,
        limit: JS_LIMITS.signedIn,
      },
      {
        name: `instances page`,
        url: `${base}/en-AU/instances?tab=live`,
        signedIn: true,
        limit: JS_LIMITS.signedIn,
      },
    ];
    const visits: { name: string; limit: number; visit: Awaited<ReturnType<typeof firstVisit>> }[] =
      [];
    for (const { name, url, signedIn, limit } of pages.filter((entry) => chosenPage(entry.name))) {
      const visit = await firstVisit(browser, url, signedIn ? site.cookie : undefined);
      if (signedIn && new URL(visit.finalUrl).pathname !== new URL(url).pathname)
        throw new Error(`${url} ended at ${visit.finalUrl}: not signed in?`);
      visits.push({ name, limit, visit });
    }

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
      for (const script of visit.scripts.slice(0, 6))
        console.log(`  ${kb(script.gzip).padStart(9)}  ${fileOf(script.url)}`);
    }
    for (const { name, limit, visit } of visits) {
      const label =
        name === "instances page" ? `the sandbox accounts page (${site.instances} accounts)` : name;
      figure(
        `first-visit JS of ${label} (gzip)`,
        kb(visit.js),
        atMost(visit.js / 1000, limit, " KB"),
      );
    }
    const apps = visits.find((entry) => entry.name === "/apps")?.visit;
    if (apps) {
      const html = apps.html.gzip;
      figure(
        `HTML of /apps (gzip, ${site.apps} apps)`,
        `${kb(html)} (${html.toLocaleString("en-AU")} bytes)`,
        atMost(html / 1000, 14.6, " KB"),
      );
      const tasks = await longTasks(browser, `${base}/en-AU/apps`, site.cookie);
      console.log(
        `long tasks of loading /apps at ${PHONE_CPU_SLOWDOWN}x CPU slowdown: ${tasks.map((task) => `${ms(task.ms)} (${task.kind})`).join(", ") || "none"}`,
      );
      const script = tasks.find((task) => task.kind.startsWith("script"))?.ms ?? 0;
      figure(
        `longest script task of loading and hydrating /apps (${site.apps} apps, ${PHONE_CPU_SLOWDOWN}x CPU slowdown)`,
        ms(script),
        atMost(script, 50, " ms"),
      );
    }
  } finally {
    await browser.close();
  }
}
