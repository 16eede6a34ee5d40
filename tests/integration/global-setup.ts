/**
 * Starts one provider sandbox for the integration run: PGlite in a fresh folder, or the
 * PostgreSQL server of DATABASE_URL. Tests isolate themselves by creating fresh companies.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { loadLocalSecrets, parseEnv, sandboxConfig } from "../../server/config";
import { startSandbox } from "../../server/sandbox/index";
import { freePort } from "../support/ports";

export { freePort };

/** One key for every sandbox of the run: they may share the PostgreSQL of DATABASE_URL, where each start checks it. */
export const TEST_DATA_ENCRYPTION_KEY = "integration-tests-data-encryption-key-00000";

declare module "vitest" {
  export interface ProvidedContext {
    sandboxUrl: string;
    consoleUrl: string;
    adminToken: string;
    clientId: string;
    clientSecret: string;
    databaseKind: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "sandbox-it-"));
  const port = await freePort();
  const adminToken = "integration-admin-token-0123456789";
  const env = parseEnv({
    NODE_ENV: "test",
    SANDBOX_PORT: String(port),
    PORT: "39999",
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL,
    PROVIDER_ADMIN_TOKEN: adminToken,
    DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
    LOG_LEVEL: process.env.LOG_LEVEL ?? "silent",
  });
  const config = sandboxConfig(env, loadLocalSecrets(dataDir));
  const sandbox = await startSandbox(config);
  project.provide("sandboxUrl", sandbox.url);
  project.provide("consoleUrl", config.consoleUrl);
  project.provide("adminToken", adminToken);
  project.provide("clientId", config.consoleClientId);
  project.provide("clientSecret", config.consoleClientSecret);
  project.provide("databaseKind", config.databaseUrl ? "postgres" : "pglite");
  return async () => {
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
