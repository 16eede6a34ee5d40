/**
 * The lookup seed replaces what an earlier version seeded: a database that outlives a change
 * of the reference data (a PostgreSQL database, a data folder kept across upgrades) gets the
 * new values at the next start, and seeding twice changes nothing more. On PGlite, and on
 * PostgreSQL when DATABASE_URL is set.
 */
import { count, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { desktopDownloads, featureFlags, permissions } from "../../server/sandbox/db/schema";
import { seedLookups } from "../../server/sandbox/seed/lookups";
import { ownDatabase } from "./own-database";

const database = ownDatabase("seed-upgrade");

it("puts back the seeded values over what an earlier seed left", async () => {
  const { db } = database();
  const [permission] = await db.select().from(permissions).where(eq(permissions.operationId, "getTrustBalance"));
  expect(permission, "a seeded permission").toBeDefined();
  const [flag] = await db.select().from(featureFlags).limit(1);

  // As an earlier version of the seed left them.
  await db.update(permissions).set({ countries: null, description: "old words" }).where(eq(permissions.operationId, permission.operationId));
  await db.update(featureFlags).set({ enabled: !flag.enabled }).where(eq(featureFlags.countryCode, flag.countryCode));
  const [downloadsBefore] = await db.select({ n: count() }).from(desktopDownloads);

  await seedLookups(db);
  const [after] = await db.select().from(permissions).where(eq(permissions.operationId, permission.operationId));
  expect(after).toEqual(permission);
  const flagsAfter = await db.select().from(featureFlags).where(eq(featureFlags.countryCode, flag.countryCode));
  expect(flagsAfter.find((f) => f.flag === flag.flag)?.enabled).toBe(flag.enabled);
  const [downloadsAfter] = await db.select({ n: count() }).from(desktopDownloads);
  expect(downloadsAfter.n, "no row twice").toBe(downloadsBefore.n);
});
