/**
 * The lookup seed replaces what an earlier version seeded: a database that outlives a change
 * of the reference data (a PostgreSQL database, a data folder kept across upgrades) gets the
 * new values at the next start, and seeding twice changes nothing more. On PGlite, and on
 * PostgreSQL when DATABASE_URL is set.
 */
import { and, count, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import {
  desktopDownloads,
  featureFlags,
  matterTypes,
  permissions,
  platformLocations,
  productVariants,
} from "../../server/sandbox/db/schema/lookups";
import { seedLookups } from "../../server/sandbox/seed/lookups";
import { ownDatabase } from "./own-database";

const database = ownDatabase("seed-upgrade");

it("puts back the seeded values over what an earlier seed left", async () => {
  const { db } = database();
  const [permission] = await db
    .select()
    .from(permissions)
    .where(eq(permissions.operationId, "getTrustBalance"));
  expect(permission, "a seeded permission").toBeDefined();
  const [flag] = await db.select().from(featureFlags).limit(1);

  // As an earlier version of the seed left them.
  await db
    .update(permissions)
    .set({ countries: null, description: "old words" })
    .where(eq(permissions.operationId, permission.operationId));
  await db
    .update(featureFlags)
    .set({ enabled: !flag.enabled })
    .where(eq(featureFlags.countryCode, flag.countryCode));
  const [downloadsBefore] = await db.select({ n: count() }).from(desktopDownloads);

  await seedLookups(db);
  const [after] = await db
    .select()
    .from(permissions)
    .where(eq(permissions.operationId, permission.operationId));
  expect(after).toEqual(permission);
  const flagsAfter = await db
    .select()
    .from(featureFlags)
    .where(eq(featureFlags.countryCode, flag.countryCode));
  expect(flagsAfter.find((f) => f.flag === flag.flag)?.enabled).toBe(flag.enabled);
  const [downloadsAfter] = await db.select({ n: count() }).from(desktopDownloads);
  expect(downloadsAfter.n, "no row twice").toBe(downloadsBefore.n);
});

it("gives the Dutch names of locations, grids, product variants and matter types to a database seeded before they had them", async () => {
  const { db } = database();
  const location = and(
    eq(platformLocations.countryCode, "AU"),
    eq(platformLocations.platform, 0),
    eq(platformLocations.id, "time-and-fees"),
  );
  const variant = and(eq(productVariants.countryCode, "AU"), eq(productVariants.firmType, 1));
  const matterType = eq(matterTypes.id, "au-mt-divorce");
  // As the seed of an earlier version left them: English only (the migration's empty names).
  const [before] = await db.select().from(platformLocations).where(location);
  await db
    .update(platformLocations)
    .set({ names: {}, grids: before.grids.map(({ gridId, name }) => ({ gridId, name })) })
    .where(location);
  await db.update(productVariants).set({ names: {} }).where(variant);
  await db.update(matterTypes).set({ names: {} }).where(matterType);

  await seedLookups(db);
  const [after] = await db.select().from(platformLocations).where(location);
  expect(after.names).toEqual({ "nl-NL": "Tijd en honoraria" });
  expect(after.grids.map((grid) => grid.names)).toEqual([
    { "nl-NL": "Honoraria" },
    { "nl-NL": "Doorbelaste kosten" },
  ]);
  expect((await db.select().from(productVariants).where(variant))[0].names).toEqual({
    "nl-NL": "Advocatenkantoor",
  });
  expect((await db.select().from(matterTypes).where(matterType))[0].names).toEqual({
    "nl-NL": "Echtscheiding",
  });
});
