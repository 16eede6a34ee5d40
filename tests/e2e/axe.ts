/**
 * `expectAccessible(page)`: axe-core with the WCAG 2.2 AA rule set, zero violations allowed.
 *
 * In the `js` project axe runs in the page itself. In the `no-js` project it cannot (axe
 * is JavaScript; with scripts disabled the injection hangs), so the helper takes the page's
 * HTML as the browser rendered it without JS and loads it into a separate, JS-enabled
 * context at the same URL, with every script blocked: a `script-src 'none'` policy on the
 * document (inline and nonced scripts) and aborted script requests. Stylesheets, images and
 * fonts load from the server as usual, and `<noscript>` content is shown, so what axe sees
 * is what a no-JS user sees. The page's own Content-Security-Policy (recorded by
 * `trackDocuments`, which the fixtures call for every page) is kept alongside.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type TestInfo,
  test,
} from "@playwright/test";
import axe from "axe-core";

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export interface AccessibleOptions {
  /** CSS selectors left out of the check (use sparingly, say why at the call). */
  exclude?: string[];
  /** axe rule ids switched off (use sparingly, say why at the call). */
  disableRules?: string[];
}

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;
type Violation = AxeResults["violations"][number];

/** The Content-Security-Policy of each page's current document, for the no-JS snapshot. */
const documentPolicies = new WeakMap<Page, string>();

/** Records the CSP of every main-frame document the page loads. */
export function trackDocuments(page: Page) {
  page.on("response", (response) => {
    const request = response.request();
    if (!request.isNavigationRequest() || request.frame() !== page.mainFrame()) return;
    const policy = response.headers()["content-security-policy"];
    if (policy) documentPolicies.set(page, policy);
    else documentPolicies.delete(page);
  });
}

/** A readable list of violations: id, impact, what to do, and the failing elements. */
export function formatViolations(violations: Violation[], where: string): string {
  const lines = [`${violations.length} accessibility violation(s) on ${where}:`];
  violations.forEach((v, i) => {
    lines.push(`${i + 1}. ${v.id} [${v.impact ?? "unknown"}] ${v.help}`);
    lines.push(`   ${v.helpUrl}`);
    for (const node of v.nodes.slice(0, 10)) {
      const summary = (node.failureSummary ?? "").split("\n").slice(1, 2).join(" ").trim();
      lines.push(`   - ${JSON.stringify(node.target)}${summary ? `: ${summary}` : ""}`);
    }
    if (v.nodes.length > 10) lines.push(`   ... and ${v.nodes.length - 10} more element(s)`);
  });
  return lines.join("\n");
}

/** Frames of another origin than the page (axe's legacy single-run mode cannot reach them). */
function hasCrossOriginFrames(page: Page) {
  const origin = (url: string) => (/^https?:/.test(url) ? new URL(url).origin : "opaque");
  const own = origin(page.url());
  return page
    .frames()
    .some(
      (frame) =>
        frame !== page.mainFrame() &&
        !frame.url().startsWith("about:") &&
        origin(frame.url()) !== own,
    );
}

/**
 * Runs axe on the page as it is now. With frames of another origin, AxeBuilder's default
 * run (a partial run per frame, combined in a second blank page). Otherwise one axe.run in
 * the page, about twice as fast, which reaches same-origin frames by messages: axe is loaded
 * into every frame first and waited for, and the run goes to each frame without axe's
 * half-second ping, after which it would skip a frame in silence (AxeBuilder's own legacy
 * mode gives a frame one second to load axe, then skips it the same way: on a busy machine
 * frames went unchecked).
 */
async function analyze(page: Page, options: AccessibleOptions): Promise<AxeResults> {
  if (hasCrossOriginFrames(page)) {
    // `options` first: it replaces what `withTags` sets.
    let builder = new AxeBuilder({ page })
      .options({ resultTypes: ["violations"] })
      .withTags(AXE_TAGS);
    for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
    if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
    return builder.analyze();
  }
  // Loaded once per document: a page that changed without a navigation keeps it.
  for (const frame of page.frames()) {
    const loaded = await frame.evaluate(() => "axe" in window);
    if (!loaded) await frame.evaluate(axe.source);
  }
  // Checks the page as it is first shown: running animations (a toast fading out after
  // 3 s) are held at their start during the run, then put back where they were.
  await page.evaluate(() => {
    const held = document.getAnimations().filter((animation) => animation.playState === "running");
    (window as unknown as { __axeHeld: [Animation, CSSNumberish | null][] }).__axeHeld = held.map(
      (animation) => [animation, animation.currentTime],
    );
    for (const animation of held) {
      animation.pause();
      animation.currentTime = 0;
    }
  });
  try {
    return await runAxe(page, options);
  } finally {
    await page.evaluate(() => {
      const store = window as unknown as { __axeHeld?: [Animation, CSSNumberish | null][] };
      for (const [animation, time] of store.__axeHeld ?? []) {
        animation.currentTime = time;
        animation.play();
      }
      delete store.__axeHeld;
    });
  }
}

/** One axe.run in the page (axe loaded in every frame), reaching every frame without the ping. */
async function runAxe(page: Page, options: AccessibleOptions): Promise<AxeResults> {
  const context = options.exclude?.length
    ? { exclude: options.exclude.map((selector) => [selector]) }
    : null;
  const runOptions: axe.RunOptions = {
    runOnly: { type: "tag", values: AXE_TAGS },
    rules: Object.fromEntries((options.disableRules ?? []).map((id) => [id, { enabled: false }])),
    pingWaitTime: 0,
    // Only violations are judged: axe then keeps one node of each passing or inapplicable rule,
    // not every node, and hands back a small result.
    resultTypes: ["violations"],
  };
  const outcome = await page.evaluate(
    async ({ context, options }) => {
      const axeInPage = (window as unknown as { axe: typeof axe }).axe;
      try {
        return { results: await axeInPage.run(context ?? document, options) };
      } catch (error) {
        return { error: String(error instanceof Error ? error.message : error) };
      }
    },
    { context, options: runOptions },
  );
  if ("error" in outcome) throw new Error(`axe failed on ${page.url()}: ${outcome.error}`);
  return outcome.results as AxeResults;
}

/** Shows `<noscript>` content, as a browser with scripting disabled does. */
function unwrapNoscript(html: string) {
  return html.replace(/<noscript\b[^>]*>/gi, "").replace(/<\/noscript\s*>/gi, "");
}

/**
 * The context the no-JS snapshots are checked in, one per browser and set of context options
 * (a worker's tests, one at a time, share one): made once, not for every check.
 */
const snapshotContexts = new WeakMap<Browser, Map<string, Promise<BrowserContext>>>();

function snapshotContext(browser: Browser, options: BrowserContextOptions) {
  let contexts = snapshotContexts.get(browser);
  if (!contexts) {
    contexts = new Map();
    snapshotContexts.set(browser, contexts);
  }
  const key = JSON.stringify(options);
  let context = contexts.get(key);
  if (!context) {
    context = browser.newContext(options);
    contexts.set(key, context);
  }
  return context;
}

/** The console build's stylesheets and fonts as the snapshots loaded them (their names change with their content). */
const buildAssets = new Map<string, { headers: Record<string, string>; body: Buffer }>();

/** Runs axe on the no-JS rendering of `page` in a JS-enabled context with scripts blocked. */
async function analyzeWithoutScripts(
  page: Page,
  testInfo: TestInfo,
  options: AccessibleOptions,
): Promise<AxeResults> {
  const browser = page.context().browser();
  if (!browser)
    throw new Error("expectAccessible: the page has no browser to open a snapshot context in");
  const html = unwrapNoscript(await page.content());
  const pageUrl = page.url();
  const baseURL = testInfo.project.use.baseURL ?? "http://localhost";
  // Pages made with setContent (about:blank) get a stand-in address; the route answers it.
  const url = /^https?:/.test(pageUrl) ? pageUrl : new URL("/__axe-snapshot__", baseURL).href;
  const use = testInfo.project.use;
  const context = await snapshotContext(browser, {
    javaScriptEnabled: true,
    locale: use.locale,
    colorScheme: use.colorScheme,
    reducedMotion: use.reducedMotion,
    forcedColors: use.forcedColors,
    deviceScaleFactor: use.deviceScaleFactor,
  });
  // The test's own cookies only (images and stylesheets are fetched as that user).
  await context.clearCookies();
  await context.addCookies(await page.context().cookies());
  const snapshot = await context.newPage();
  try {
    const viewport = page.viewportSize();
    if (viewport) await snapshot.setViewportSize(viewport);
    const blockScripts = "script-src 'none'";
    const ownPolicy = documentPolicies.get(page);
    const policy = ownPolicy ? `${ownPolicy}, ${blockScripts}` : blockScripts;
    let served = false;
    await snapshot.route("**/*", async (route) => {
      const request = route.request();
      if (!served && request.isNavigationRequest() && request.frame() === snapshot.mainFrame()) {
        served = true;
        return route.fulfill({
          status: 200,
          contentType: "text/html; charset=utf-8",
          headers: { "content-security-policy": policy },
          body: html,
        });
      }
      if (request.resourceType() === "script") return route.abort("blockedbyclient");
      if (request.isNavigationRequest()) {
        // Frames inside the page: their own document, scripts blocked too.
        const response = await route.fetch();
        const headers = response.headers();
        const framePolicy = headers["content-security-policy"];
        return route.fulfill({
          response,
          headers: {
            ...headers,
            "content-security-policy": framePolicy
              ? `${framePolicy}, ${blockScripts}`
              : blockScripts,
          },
        });
      }
      // The build's assets (named by their content) once per worker: routing turns off the cache.
      if (new URL(request.url()).pathname.startsWith("/build/")) {
        let asset = buildAssets.get(request.url());
        if (!asset) {
          const response = await route.fetch();
          if (!response.ok()) return route.fulfill({ response });
          // The body as it was decoded: its encoding and length are no longer the server's.
          const { "content-encoding": _, "content-length": __, ...headers } = response.headers();
          asset = { headers, body: await response.body() };
          buildAssets.set(request.url(), asset);
        }
        return route.fulfill({ status: 200, ...asset });
      }
      return route.continue();
    });
    await snapshot.goto(url, { waitUntil: "load" });
    return await analyze(snapshot, options);
  } finally {
    await snapshot.close();
  }
}

/** Attributes whose values are words or data of one test (names, emails), not structure. */
const WORDED_ATTRIBUTES =
  /\s(aria-label|aria-valuetext|title|alt|placeholder|value|content|data-[\w-]+)="[^"]*"/g;

/**
 * The page's state as axe judges it, without what differs from one test to the next: the
 * markup with every text replaced by a mark (empty text stays empty), worded attributes
 * likewise, script bodies and nonces dropped, and numbers and UUIDs in other attribute values
 * (addresses) made alike. Element ids and the references between them are kept as they are,
 * so a page with a repeated id never passes for one without.
 */
export function pageState(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "<script></script>")
    .replace(/\snonce="[^"]*"/g, "")
    .replace(WORDED_ATTRIBUTES, (_, name: string) => ` ${name}="T"`)
    .replace(
      /\s(href|src|action|srcset|formaction)="([^"]*)"/g,
      (whole: string, name: string, value: string) =>
        value.startsWith("data:")
          ? whole
          : ` ${name}="${value
              .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, "U")
              .replace(/\d+/g, "#")
              .replace(/[?&].*$/, "?Q")}"`,
    )
    .replace(/>([^<]*)</g, (_, text: string) => (text.trim() ? ">T<" : "><"));
}

/**
 * Where a run records the page states that passed (the run's output folder, emptied when a
 * run starts, shared by its workers): a state already checked in the same project, language
 * and options is not checked again. E2E_AXE_EVERY_STATE=1 checks every call.
 */
function checkedMark(
  page: Page,
  html: string,
  testInfo: TestInfo,
  options: AccessibleOptions,
  noJs: boolean,
): string | null {
  if (process.env.E2E_AXE_EVERY_STATE === "1") return null;
  const viewport = page.viewportSize();
  const key = createHash("sha256")
    .update(
      JSON.stringify([
        noJs,
        viewport?.width,
        viewport?.height,
        options.exclude ?? [],
        options.disableRules ?? [],
      ]),
    )
    .update(pageState(html))
    .digest("hex")
    .slice(0, 32);
  return path.join(testInfo.project.outputDir, ".axe-passed", key);
}

/**
 * Fails with a readable list when axe finds any WCAG 2.2 AA violation on the page as it is
 * now. Works in both projects; call it on every page a test visits (a state that another
 * test of the run has already passed is not checked twice: see `checkedMark`).
 */
export async function expectAccessible(
  page: Page,
  testInfo: TestInfo = test.info(),
  options: AccessibleOptions = {},
) {
  const noJs = testInfo.project.use.javaScriptEnabled === false;
  const where = `${page.url()} (${noJs ? "no-js" : "js"})`;
  await test.step(
    `axe: ${where}`,
    async () => {
      if (!noJs) await page.waitForLoadState("load");
      const mark = checkedMark(page, await page.content(), testInfo, options, noJs);
      if (mark && existsSync(mark)) return;
      const results = noJs
        ? await analyzeWithoutScripts(page, testInfo, options)
        : await analyze(page, options);
      if (results.violations.length === 0) {
        if (mark) {
          mkdirSync(path.dirname(mark), { recursive: true });
          writeFileSync(mark, `${where}\n`);
        }
        return;
      }
      await testInfo.attach("axe-violations.json", {
        body: JSON.stringify(results.violations, null, 2),
        contentType: "application/json",
      });
      throw new Error(formatViolations(results.violations, where));
    },
    { box: true },
  );
}
