/**
 * Which product the e2e run talks to, settled once in the runner before anything reads the
 * ports (playwright.config.ts imports this module first; workers inherit the environment).
 *
 * - By default the run starts its own sandbox and console on a fresh data folder, on two
 *   ports that are free now (or on E2E_PORT and E2E_SANDBOX_PORT when given: a busy one
 *   stops the run at once, naming the process that holds it). A server left over from an
 *   earlier run is never reused.
 * - With E2E_DATA_DIR set, the run uses a product that is already running, on E2E_PORT
 *   (default 3100) and E2E_SANDBOX_PORT (default the next port), started with that DATA_DIR
 *   and the e2e admin token; global-setup.ts checks that it is that product before any test.
 * - Either way the run starts another provider of its own (another-provider.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { consoleBuildDir } from "../support/console-build";
import { freePort, portHolder, tryListen } from "../support/ports";

export { portHolder };

/** Set by the runner when it starts the servers itself, so workers tell the modes apart. */
const OWN_RUN = "E2E_OWN_SERVERS";

async function requireFree(port: number, variable: string) {
  if ((await tryListen(port)) !== null) return;
  const holder = portHolder(port);
  throw new Error(
    `The e2e run cannot start its servers: port ${port} (${variable}) is busy${holder ? `, held by ${holder}` : ""}. ` +
      `Stop that process (a server left by an earlier run?), or unset ${variable} to let the run pick free ports. ` +
      `To run against a product you started yourself, set E2E_DATA_DIR to its data folder.`,
  );
}

export type RunMode = "own" | "reuse";

/** Settles the mode, ports and data folder into the environment (once per run). */
async function settle(): Promise<RunMode> {
  if (process.env[OWN_RUN]) return "own";
  if (process.env.E2E_DATA_DIR) return "reuse";

  const consolePort = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : await freePort();
  if (process.env.E2E_PORT) await requireFree(consolePort, "E2E_PORT");
  let sandboxPort = process.env.E2E_SANDBOX_PORT
    ? Number(process.env.E2E_SANDBOX_PORT)
    : await freePort();
  if (process.env.E2E_SANDBOX_PORT) await requireFree(sandboxPort, "E2E_SANDBOX_PORT");
  while (sandboxPort === consolePort) sandboxPort = await freePort();

  const dir = mkdtempSync(path.join(os.tmpdir(), "console-e2e-"));
  // The build of the sources as they are (made by the console's server command when missing).
  const build = consoleBuildDir();
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  Object.assign(process.env, {
    [OWN_RUN]: "1",
    E2E_DATA_DIR: dir,
    E2E_BUILD_DIR: build,
    E2E_PORT: String(consolePort),
    E2E_SANDBOX_PORT: String(sandboxPort),
  });
  return "own";
}

/**
 * The other provider's ports and folder (tests/e2e/another-provider.ts), in either mode: its
 * console, its sandbox and the gateway in front of the sandbox's API, free ports all.
 */
async function settleAnotherProvider() {
  if (process.env.E2E_OTHER_DATA_DIR) return;
  const taken = new Set([Number(process.env.E2E_PORT), Number(process.env.E2E_SANDBOX_PORT)]);
  const ports: number[] = [];
  while (ports.length < 3) {
    const port = await freePort();
    if (!taken.has(port)) {
      taken.add(port);
      ports.push(port);
    }
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "console-e2e-other-"));
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  Object.assign(process.env, {
    E2E_OTHER_DATA_DIR: dir,
    E2E_OTHER_PORT: String(ports[0]),
    E2E_OTHER_SANDBOX_PORT: String(ports[1]),
    E2E_OTHER_API_PORT: String(ports[2]),
  });
}

export const runMode: RunMode = await settle();
await settleAnotherProvider();
