/**
 * Uploaded files that nothing references are removed after a grace period
 * (server/sandbox/files/cleanup.ts, docs/decisions/0048-unreferenced-file-cleanup.md): on a
 * sandbox of this file's own, on PGlite, or on a PostgreSQL database of its own when
 * DATABASE_URL is set (the job must never see the files of the other tests' companies).
 */

import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileForm, pdf, png } from "../../server/conformance/files";
import { files } from "../../server/sandbox/db/schema/files";
import { removeUnreferencedFiles, startFileCleanup } from "../../server/sandbox/files/cleanup";
import type { RunningSandbox } from "../../server/sandbox/index";
import { type OwnDatabase, ownDatabase } from "../support/postgres";
import { type OwnSandbox, ownSandbox } from "./own-sandbox";
import { admin, apiFetch, newCompany, type TestCompany } from "./support";

const DAY = 24 * 60 * 60 * 1000;

let database: OwnDatabase | undefined;
let own: OwnSandbox;
let sandbox: RunningSandbox;

beforeAll(async () => {
  if (process.env.DATABASE_URL)
    database = await ownDatabase(process.env.DATABASE_URL, "file_cleanup");
  own = await ownSandbox("file-cleanup", { databaseUrl: database?.url });
  // The timer is off: each test runs the job when it wants to.
  sandbox = await own.start({ fileCleanup: { intervalMs: 0 } });
});

afterAll(async () => {
  await own?.dispose();
  await database?.drop();
});

async function upload(
  company: TestCompany,
  where: string,
  bytes: Uint8Array,
  name: string,
): Promise<string> {
  const res = await company.api(where, { method: "POST", body: fileForm(bytes, name) });
  if (res.status !== 201) throw new Error(`upload ${where}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/** Where each file's bytes are on disk (while its row is there). */
async function bytesPaths(ids: string[]): Promise<Map<string, string>> {
  const rows = await sandbox.ctx.db
    .select({ id: files.id, key: files.storageKey })
    .from(files)
    .where(inArray(files.id, ids));
  return new Map(
    rows.map((row) => [row.id, path.join(own.dataDir, "files", ...row.key.split("/"))]),
  );
}

const imageStatus = async (id: string) => (await apiFetch(`images/${id}`)).status;

/** A listing that passes every rule, with `icon` as its app icon. */
const listing = (icon: string) => ({
  detail: {
    description: `<p>${"Keeps the ledger and the practice in step, every receipt and payment posted at once. ".repeat(4)}</p>`,
    websiteUrl: "https://example.com",
    supportUrl: "https://example.com/support",
  },
  legal: {
    privacyPolicyUrl: "https://example.com/privacy",
    termsOfServiceUrl: "https://example.com/terms",
  },
  promo: { appIcon: { id: icon }, banners: [], screenshots: [] },
  visibility: true,
});

describe("unreferenced uploads", () => {
  it("are removed once past the grace period, rows and bytes; referenced ones and young ones stay", async () => {
    const a = await newCompany({
      companyIcon: {
        fileName: "logo.png",
        contentBase64: Buffer.from(png(256, 256)).toString("base64"),
      },
    });
    const listed = await upload(a, "images?purpose=icon", png(256, 256), "icon.png");
    const functionIcon = await upload(
      a,
      "images?purpose=function-icon",
      png(32, 32),
      "function.png",
    );
    const straySecondIcon = await upload(a, "images?purpose=icon", png(256, 256), "other.png");
    const strayDocument = await upload(a, "files?fileType=0", pdf(), "review.pdf");

    const id = randomUUID();
    const details = {
      name: "Cleanup app",
      description: "Uses one icon.",
      countryCode: "AU",
      categoryId: 1,
      appType: 0,
    };
    const created = await a.api("apps", {
      method: "POST",
      body: JSON.stringify({ id, details, marketplace: listing(listed) }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const schema = await admin(`versions/${id}/platform-schemas/web`, {
      method: "PUT",
      body: JSON.stringify({ functions: [{ name: "Open matter", icon: { id: functionIcon } }] }),
    });
    expect(schema.status).toBe(200);

    const [companyIcon] = (
      await sandbox.ctx.db
        .select({ id: files.id })
        .from(files)
        .where(inArray(files.companyId, [a.companyId]))
    ).filter((row) => ![listed, functionIcon, straySecondIcon, strayDocument].includes(row.id));
    expect(companyIcon, "the registration's company icon").toBeDefined();
    const stray = [straySecondIcon, strayDocument];
    const kept = [listed, functionIcon, companyIcon.id];
    const paths = await bytesPaths([...stray, ...kept]);

    // Within the grace period nothing goes, referenced or not.
    expect(await removeUnreferencedFiles(sandbox.ctx, { graceMs: DAY, now: Date.now() })).toEqual({
      removed: 0,
      bytes: 0,
      kept: 0,
    });

    const past = await removeUnreferencedFiles(sandbox.ctx, {
      graceMs: DAY,
      now: Date.now() + 2 * DAY,
    });
    expect(past.removed).toBe(2);
    expect(past.bytes).toBeGreaterThan(0);
    expect(await imageStatus(straySecondIcon)).toBe(404);
    expect((await a.api(`files/${strayDocument}/download`)).status).toBe(404);
    for (const gone of stray) expect(existsSync(paths.get(gone)!), `bytes of ${gone}`).toBe(false);
    for (const stays of kept) expect(existsSync(paths.get(stays)!), `bytes of ${stays}`).toBe(true);
    expect(await imageStatus(listed)).toBe(200);
    expect(await imageStatus(functionIcon)).toBe(200);

    // A second run finds nothing more.
    expect(
      (await removeUnreferencedFiles(sandbox.ctx, { graceMs: DAY, now: Date.now() + 2 * DAY }))
        .removed,
    ).toBe(0);
  });

  it("takes an image the listing stops using once the grace period has passed since its upload", async () => {
    const a = await newCompany();
    const first = await upload(a, "images?purpose=icon", png(256, 256), "first.png");
    const second = await upload(a, "images?purpose=icon", png(256, 256), "second.png");
    const id = randomUUID();
    const details = {
      name: "Icon swap",
      description: "Changes its icon.",
      countryCode: "AU",
      categoryId: 1,
      appType: 0,
    };
    expect(
      (
        await a.api("apps", {
          method: "POST",
          body: JSON.stringify({ id, details, marketplace: listing(first) }),
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await a.api(`apps/${id}`, {
          method: "PUT",
          body: JSON.stringify({ details, marketplace: listing(second) }),
        })
      ).status,
    ).toBe(200);

    await removeUnreferencedFiles(sandbox.ctx, { graceMs: DAY, now: Date.now() + 2 * DAY });
    expect(await imageStatus(first)).toBe(404);
    expect(await imageStatus(second)).toBe(200);
  });

  it("runs by itself on its interval and logs what it removed", async () => {
    const a = await newCompany();
    const stray = await upload(a, "images?purpose=icon", png(256, 256), "stray.png");
    const logged: { entry: object; message: string }[] = [];
    const log = {
      ...sandbox.ctx.log,
      info: (entry: object, message: string) => void logged.push({ entry, message }),
      debug: () => {},
    };
    const job = startFileCleanup(
      { ...sandbox.ctx, log: log as never },
      { graceMs: 1, intervalMs: 100 },
    );
    try {
      await expect.poll(() => imageStatus(stray), { timeout: 10_000 }).toBe(404);
      await expect.poll(() => logged.length).toBeGreaterThan(0);
    } finally {
      await job.stop();
    }
    expect(logged[0].message).toBe("unreferenced files removed");
    expect(logged[0].entry).toMatchObject({
      removed: expect.any(Number),
      bytes: expect.any(Number),
      graceDays: expect.any(Number),
    });
  });
});
