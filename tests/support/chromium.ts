/**
 * The browser of the Playwright suites (tests/e2e, tests/faults): Debian's chromium headless
 * shell (browsers cannot be downloaded on these machines), and the two projects every
 * feature is tried in, `js` and `no-js` (JavaScript disabled). The benchmarks measure the
 * full chromium, the browser people use.
 */
import type { PlaywrightTestConfig } from "@playwright/test";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const chromiumLaunchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

/**
 * Chromium without its user interface (Debian's `chromium-headless-shell`, the same engine as
 * `chromium`), as Playwright's own headless runs use: the full browser builds a window of
 * its own for each test's context, which took about half of the browser tests' time.
 */
export const HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

/** What every test of a suite uses, against the console at `baseURL`. */
export const browserUse = (baseURL: string): PlaywrightTestConfig["use"] => ({
  baseURL,
  browserName: "chromium",
  locale: "en-AU",
  launchOptions: { executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS },
  // Recording a trace costs about a fifth of a run's time, so it is asked for: E2E_TRACE=1
  // keeps the trace of each failed test (a screenshot is kept either way).
  trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
  screenshot: "only-on-failure",
});

export const browserProjects: PlaywrightTestConfig["projects"] = [
  { name: "js", use: { javaScriptEnabled: true } },
  { name: "no-js", use: { javaScriptEnabled: false } },
];
