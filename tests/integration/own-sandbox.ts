/**
 * A sandbox of a test file's own (special limits, restarts), on a fresh data folder:
 * PGlite there, or the PostgreSQL of DATABASE_URL. The file's helpers are pointed at it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadLocalSecrets, parseEnv, type SandboxConfig, sandboxConfig } from "../../server/config";
import { type RunningSandbox, type SandboxOptions, startSandbox } from "../../server/sandbox/index";
import { freePort, TEST_DATA_ENCRYPTION_KEY } from "./global-setup";
import { type Target, useTarget } from "./support";

export interface OwnSandbox {
  config: SandboxConfig;
  target: Target;
  dataDir: string;
  /** Starts (or starts again, on the same folder) the sandbox. */
  start(options?: SandboxOptions): Promise<RunningSandbox>;
  stop(): Promise<void>;
  /** Stops it, removes the folder and points the helpers back at the run's sandbox. */
  dispose(): Promise<void>;
}

/** `databaseUrl`: a PostgreSQL database of the sandbox's own instead of DATABASE_URL's. */
export async function ownSandbox(
  label: string,
  options: { databaseUrl?: string } = {},
): Promise<OwnSandbox> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `sandbox-${label}-`));
  const adminToken = `${label}-admin-token-0123456789`;
  const env = parseEnv({
    NODE_ENV: "test",
    SANDBOX_PORT: String(await freePort()),
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl ?? process.env.DATABASE_URL,
    PROVIDER_ADMIN_TOKEN: adminToken,
    DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
    LOG_LEVEL: "silent",
  });
  const config = sandboxConfig(env, loadLocalSecrets(dataDir));
  const target: Target = {
    sandboxUrl: config.url,
    consoleUrl: config.consoleUrl,
    adminToken,
    clientId: config.consoleClientId,
    clientSecret: config.consoleClientSecret,
  };
  useTarget(target);
  let running: RunningSandbox | undefined;
  const own: OwnSandbox = {
    config,
    target,
    dataDir,
    async start(options) {
      running = await startSandbox(config, options);
      return running;
    },
    async stop() {
      await running?.close();
      running = undefined;
    },
    async dispose() {
      await own.stop();
      useTarget(undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return own;
}
