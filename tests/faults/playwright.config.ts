/**
 * Faults (issue 11): the console while its provider sandbox stops, comes back and restarts.
 * The run starts its own product (global-setup.ts): a fresh production build of the console
 * and the embedded sandbox on a fresh data folder, each a process of its own on a free port;
 * the tests stop and start the sandbox through the runner (control.ts). One test at a time,
 * since they share the one sandbox; two projects as in e2e, `js` and `no-js`.
 *
 *   npm run test:faults
 */
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { browserProjects, browserUse } from "../support/chromium";
import { settleRun } from "./run";

await settleRun();
const { CONSOLE_URL } = await import("../e2e/env");

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  outputDir: path.join(
    import.meta.dirname,
    "..",
    "..",
    "test-results",
    `faults-${path.basename(process.env.E2E_DATA_DIR as string)}`,
  ),
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: "list",
  use: browserUse(CONSOLE_URL),
  projects: browserProjects,
  globalSetup: "./global-setup.ts",
});
