/** Data and keys survive a restart of the sandbox on the same data folder. */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadLocalSecrets, parseEnv, sandboxConfig } from "../../server/config";
import { startSandbox } from "../../server/sandbox/index";
import { freePort } from "./global-setup";
import { newCompany, signIn, useTarget } from "./support";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "sandbox-restart-"));
afterAll(() => {
  useTarget(undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

describe("restart", () => {
  it("keeps companies, users, signing keys and refresh tokens", async () => {
    const env = parseEnv({
      NODE_ENV: "test",
      SANDBOX_PORT: String(await freePort()),
      PORT: "39997",
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.DATABASE_URL,
      PROVIDER_ADMIN_TOKEN: "restart-admin-token-0123456789",
      LOG_LEVEL: "silent",
    });
    const config = sandboxConfig(env, loadLocalSecrets(dataDir));
    const target = {
      sandboxUrl: config.url,
      consoleUrl: config.consoleUrl,
      adminToken: "restart-admin-token-0123456789",
      clientId: config.consoleClientId,
      clientSecret: config.consoleClientSecret,
    };
    useTarget(target);

    let sandbox = await startSandbox(config);
    const company = await newCompany();
    await sandbox.close();

    // Same folder, same secrets file: the console's client secret is the same too.
    expect(loadLocalSecrets(dataDir).consoleClientSecret).toBe(config.consoleClientSecret);
    sandbox = await startSandbox(config);
    try {
      expect((await company.api("user")).status).toBe(200);
      await expect(signIn(company.email, company.password)).resolves.toMatchObject({ access_token: expect.any(String) });
    } finally {
      await sandbox.close();
    }
  }, 60_000);
});
