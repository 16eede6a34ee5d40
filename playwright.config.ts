/**
 * Browser tests (tests/e2e): Debian's chromium, two projects (`js`, and `no-js` with
 * JavaScript disabled: every feature must work without it), and the whole product started
 * for the run on a fresh data folder: first the provider sandbox, then a fresh build of the
 * console (the same as `npm start`, one half per process so each has its health check).
 *
 * To run against servers you started yourself (outside CI), start them with the same ports,
 * PROVIDER_ADMIN_TOKEN and a DATA_DIR, and pass that folder as E2E_DATA_DIR.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { ADMIN_TOKEN, CONSOLE_PORT, CONSOLE_URL, SANDBOX_PORT, SANDBOX_URL } from "./tests/e2e/env";

// The config is loaded by the runner and again by every worker: the runner makes the
// folder once and the workers inherit it through the environment.
if (!process.env.E2E_DATA_DIR) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "console-e2e-"));
  process.env.E2E_DATA_DIR = dir;
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
}
const dataDir = process.env.E2E_DATA_DIR;

const serverEnv = {
  DATA_DIR: dataDir,
  PORT: String(CONSOLE_PORT),
  SANDBOX_PORT: String(SANDBOX_PORT),
  PROVIDER_ADMIN_TOKEN: ADMIN_TOKEN,
  LOG_LEVEL: "warn",
  NODE_ENV: "production",
};

const reuseExistingServer = !process.env.CI;

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: "list",
  use: {
    baseURL: CONSOLE_URL,
    browserName: "chromium",
    locale: "en-AU",
    launchOptions,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "no-js", use: { javaScriptEnabled: false } },
  ],
  webServer: [
    {
      name: "sandbox",
      command: "npm run sandbox",
      url: `${SANDBOX_URL}/healthz`,
      env: serverEnv,
      reuseExistingServer,
      timeout: 60_000,
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      // Started after the sandbox, whose first start writes DATA_DIR/secrets.json (the
      // console's OIDC client secret); always on a fresh build of app/.
      name: "console",
      command: "npm run build && npm run console",
      url: `${CONSOLE_URL}/healthz`,
      env: serverEnv,
      reuseExistingServer,
      timeout: 120_000,
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
      stdout: "pipe",
      stderr: "pipe",
    },
  ],
});
