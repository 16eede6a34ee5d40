/**
 * The mail outbox can be read while the sandbox runs: `npm run provider -- mail` asks the
 * running sandbox (PGlite serves one process at a time) with the token of the run, which
 * reads the outbox and nothing else, from this machine only; without a token it is refused.
 */
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RUNNING_FILE, type RunningSandboxFile } from "../../server/sandbox/admin/local";
import { type OwnSandbox, ownSandbox } from "./own-sandbox";
import { admin, latestMail, sandboxUrl } from "./support";

const root = path.resolve(import.meta.dirname, "../..");
let own: OwnSandbox;
const pglite = !process.env.DATABASE_URL;

/** `npm run provider -- <args>` on the sandbox's folder, without PROVIDER_ADMIN_TOKEN. */
async function provider(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: own.dataDir, LOG_LEVEL: "silent" };
  delete env.PROVIDER_ADMIN_TOKEN;
  try {
    const { stdout, stderr } = await promisify(execFile)(
      path.join(root, "node_modules", ".bin", "tsx"),
      ["server/sandbox/cli.ts", ...args],
      {
        cwd: root,
        env,
        timeout: 90_000,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

const running = () =>
  JSON.parse(readFileSync(path.join(own.dataDir, RUNNING_FILE), "utf8")) as RunningSandboxFile;
const outbox = (token?: string, query = "") =>
  fetch(`${sandboxUrl()}/admin/outbox${query}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

beforeAll(async () => {
  own = await ownSandbox("outbox");
  await own.start();
}, 120_000);
afterAll(() => own?.dispose());

describe("the outbox while the sandbox runs", () => {
  it("is listed by the reviewer command with each mail's address, kind and link", async () => {
    const email = own.config.demoEmail;
    const asked = await fetch(`${sandboxUrl()}/password/forgot`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, lang: "en-AU" }),
    });
    expect(asked.status).toBe(202);
    const link = (await latestMail(email, "reset-password"))?.link;
    expect(link).toMatch(/\/password\/reset\//);

    const listed = await provider("mail", email, "--limit", "5");
    expect(listed.stderr).not.toMatch(/error/i);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`Mail to ${email}: reset password`);
    expect(listed.stdout.split("\n")).toContain(`  ${link}`);
    // With PGlite through the running sandbox; with PostgreSQL from the database itself.
    if (pglite)
      expect(listed.stdout).toContain(`The outbox of the sandbox running at ${running().url}`);
  }, 120_000);

  it.runIf(pglite)(
    "is the only command while the sandbox holds the PGlite folder",
    async () => {
      const verify = await provider("verify", own.config.demoEmail);
      expect(verify.code).toBe(1);
      expect(verify.stderr).toContain(
        `The sandbox (process ${process.pid}) is using the database in ${own.dataDir}: stop it first`,
      );
    },
    120_000,
  );

  it("is refused without the admin token or with a wrong one", async () => {
    for (const res of [
      await outbox(),
      await outbox("not-the-token-0123456789"),
      await outbox(`${running().outboxToken}x`),
    ]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({
        status: 401,
        detail: "A valid reviewer token is required.",
      });
    }
  });

  it("is read with the token of the run, which opens nothing else", async () => {
    const { outboxToken } = running();
    const read = await outbox(outboxToken, `?to=${encodeURIComponent(own.config.demoEmail)}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "reset-password", to: own.config.demoEmail }),
      ]),
    );
    for (const other of [
      fetch(`${sandboxUrl()}/admin/users`, { headers: { authorization: `Bearer ${outboxToken}` } }),
      fetch(`${sandboxUrl()}/admin/companies`, {
        headers: { authorization: `Bearer ${outboxToken}` },
      }),
    ]) {
      expect((await other).status).toBe(401);
    }
    expect((await admin("outbox")).status).toBe(200);
  });

  it("is no longer announced once the sandbox stops", async () => {
    expect(existsSync(path.join(own.dataDir, RUNNING_FILE))).toBe(true);
    await own.stop();
    expect(existsSync(path.join(own.dataDir, RUNNING_FILE))).toBe(false);
  });
});
