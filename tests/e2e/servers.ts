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
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

/** Set by the runner when it starts the servers itself, so workers tell the modes apart. */
const OWN_RUN = "E2E_OWN_SERVERS";

/** Listens on `port` (0: any) on every interface, as the servers do; the port, or null when busy. */
function tryListen(port: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", (error: NodeJS.ErrnoException) => (error.code === "EADDRINUSE" ? resolve(null) : reject(error)));
    server.listen(port, () => {
      const address = server.address();
      const bound = typeof address === "object" && address ? address.port : null;
      server.close(() => resolve(bound));
    });
  });
}

/** Who listens on a TCP port, as `ss` tells it ('node, pid 1234'), or undefined. */
export function portHolder(port: number): string | undefined {
  try {
    const out = execFileSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    const users = [...out.matchAll(/\("([^"]+)",pid=(\d+)/g)].map(([, name, pid]) => `${name}, pid ${pid}`);
    if (users.length > 0) return [...new Set(users)].join("; ");
  } catch {
    // ss is missing or refused: the message goes without the process.
  }
  return undefined;
}

async function requireFree(port: number, variable: string) {
  if ((await tryListen(port)) !== null) return;
  const holder = portHolder(port);
  throw new Error(
    `The e2e run cannot start its servers: port ${port} (${variable}) is busy${holder ? `, held by ${holder}` : ""}. ` +
      `Stop that process (a server left by an earlier run?), or unset ${variable} to let the run pick free ports. ` +
      `To run against a product you started yourself, set E2E_DATA_DIR to its data folder.`,
  );
}

async function freePort(): Promise<number> {
  const port = await tryListen(0);
  if (port === null) throw new Error("no free TCP port for the e2e servers");
  return port;
}

export type RunMode = "own" | "reuse";

/** Settles the mode, ports and data folder into the environment (once per run). */
async function settle(): Promise<RunMode> {
  if (process.env[OWN_RUN]) return "own";
  if (process.env.E2E_DATA_DIR) return "reuse";

  const consolePort = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : await freePort();
  if (process.env.E2E_PORT) await requireFree(consolePort, "E2E_PORT");
  let sandboxPort = process.env.E2E_SANDBOX_PORT ? Number(process.env.E2E_SANDBOX_PORT) : await freePort();
  if (process.env.E2E_SANDBOX_PORT) await requireFree(sandboxPort, "E2E_SANDBOX_PORT");
  while (sandboxPort === consolePort) sandboxPort = await freePort();

  const dir = mkdtempSync(path.join(os.tmpdir(), "console-e2e-"));
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  Object.assign(process.env, {
    [OWN_RUN]: "1",
    E2E_DATA_DIR: dir,
    E2E_PORT: String(consolePort),
    E2E_SANDBOX_PORT: String(sandboxPort),
  });
  return "own";
}

export const runMode: RunMode = await settle();
