/**
 * Browser tests (tests/e2e): Debian's chromium, two projects (`js`, and `no-js` with
 * JavaScript disabled: every feature must work without it), and the whole product started
 * for the run on a fresh data folder and on free ports: first the provider sandbox, then a
 * fresh build of the console (the same as `npm start`, one half per process so each has its
 * health check). A server left running by an earlier run is never reused.
 *
 * To run against servers you started yourself, start them with PROVIDER_ADMIN_TOKEN set to
 * the e2e token (tests/e2e/env.ts) and a DATA_DIR, and pass that folder as E2E_DATA_DIR (and
 * their ports as E2E_PORT and E2E_SANDBOX_PORT unless 3100 and 3101); the run checks that
 * they are that product before any test (tests/e2e/global-setup.ts).
 */
import path from "node:path";
import { defineConfig, type PlaywrightTestConfig } from "@playwright/test";
import { runMode } from "./tests/e2e/servers";
import { browserProjects, browserUse } from "./tests/support/chromium";

// Read only now that servers.ts has settled the ports (a static import may run first).
const { ADMIN_TOKEN, CONSOLE_PORT, CONSOLE_URL, OTHER_API_URL, SANDBOX_PORT, SANDBOX_URL } =
  await import("./tests/e2e/env");

const serverEnv = {
  DATA_DIR: process.env.E2E_DATA_DIR as string,
  PORT: String(CONSOLE_PORT),
  SANDBOX_PORT: String(SANDBOX_PORT),
  PROVIDER_ADMIN_TOKEN: ADMIN_TOKEN,
  LOG_LEVEL: "warn",
  NODE_ENV: "production",
  // The build of the sources as they are (tests/support/console-build.ts).
  ...(process.env.E2E_BUILD_DIR ? { CONSOLE_BUILD_DIR: process.env.E2E_BUILD_DIR } : {}),
};

/** The product of the run: started for it, never one found running on the ports. */
/**
 * Another provider (tests/e2e/another-provider.ts): first, so that its sandbox starts beside
 * the run's own; it answers at once and global-setup.ts waits for its console.
 */
const anotherProvider = {
  name: "another provider",
  command: "npx tsx tests/e2e/another-provider.ts",
  url: `${OTHER_API_URL.replace(/\/api$/, "")}/healthz`,
  env: { LOG_LEVEL: "warn" },
  reuseExistingServer: false,
  timeout: 30_000,
  gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  stdout: "pipe",
  stderr: "pipe",
} satisfies NonNullable<PlaywrightTestConfig["webServer"]>;

const ownServers: PlaywrightTestConfig["webServer"] = [
  anotherProvider,
  {
    name: "sandbox",
    command: "npm run sandbox",
    url: `${SANDBOX_URL}/healthz`,
    env: serverEnv,
    reuseExistingServer: false,
    // A fresh PGlite folder is migrated and seeded first: 20 to 40 s on a busy 2-core machine.
    timeout: 120_000,
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    stdout: "pipe",
    stderr: "pipe",
  },
  {
    // Started after the sandbox, whose first start writes DATA_DIR/secrets.json (the
    // console's OIDC client secret); on the build of the sources as they are, made when missing.
    name: "console",
    command: "npx tsx tests/support/console-build.ts && npm run console",
    url: `${CONSOLE_URL}/healthz`,
    env: serverEnv,
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    stdout: "pipe",
    stderr: "pipe",
  },
];

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  // Each run that starts its own servers keeps its traces and screenshots apart (a run clears
  // its output folder when it starts), in test-results/<the run's data folder name>.
  outputDir:
    runMode === "own"
      ? path.join("test-results", path.basename(process.env.E2E_DATA_DIR as string))
      : "test-results",
  // Generous for a 2-core machine that runs two browsers and both servers at once: a test
  // takes 5 to 10 s there when quiet, and two to three times that under load.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"], ["./tests/e2e/language-pairs.ts"]],
  use: browserUse(CONSOLE_URL),
  projects: browserProjects,
  globalSetup: "./tests/e2e/global-setup.ts",
  webServer: runMode === "own" ? ownServers : [anotherProvider],
});
