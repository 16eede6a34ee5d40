/**
 * A database of a test file's own, for tests of the database layer: PGlite in a fresh folder,
 * or the PostgreSQL of DATABASE_URL; migrated and seeded with the lookups before the file's
 * tests, closed (and its folder removed) after them.
 *
 *   const database = ownDatabase("json-rows");
 *   it("...", async () => { const { db } = database(); ... });
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../server/sandbox/db";
import { seedLookups } from "../../server/sandbox/seed/lookups";

export function ownDatabase(label: string): () => DatabaseHandle {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${label}-`));
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL });
    await seedLookups(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return () => {
    if (!handle) throw new Error("the database opens before the tests run");
    return handle;
  };
}
