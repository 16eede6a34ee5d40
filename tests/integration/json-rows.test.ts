/**
 * Rows read as one JSON value (server/sandbox/db/json-rows.ts) are the rows drizzle reads
 * column by column: the same values, Dates to the millisecond, nulls kept. On PGlite, and on
 * PostgreSQL when DATABASE_URL is set.
 */
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { jsonRows } from "../../server/sandbox/db/json-rows";
import { appGroups } from "../../server/sandbox/db/schema/apps";
import { companies } from "../../server/sandbox/db/schema/companies";
import { ownDatabase } from "./own-database";

const database = ownDatabase("json-rows");

it("reads what a select of the same columns reads", async () => {
  const { db } = database();
  const [company] = await db.insert(companies).values({ name: "JSON rows" }).returning();
  await db.insert(appGroups).values([
    { companyId: company.id, name: "Plain", countryCode: "AU", appType: 0, apiKey: "a" },
    // Microseconds, which a Date cannot hold: both ways drop them alike.
    {
      companyId: company.id,
      name: 'Quotes " and \\ and ünïcode',
      countryCode: "UK",
      appType: 1,
      apiKey: "b",
      isArchived: true,
      modifiedAt: sql`'2026-02-03T04:05:06.789123Z'::timestamptz` as never,
    },
  ]);
  const columns = {
    id: appGroups.id,
    name: appGroups.name,
    appType: appGroups.appType,
    isArchived: appGroups.isArchived,
    modifiedAt: appGroups.modifiedAt,
    createdAt: appGroups.createdAt,
  };
  const where = eq(appGroups.companyId, company.id);
  const expected = await db.select(columns).from(appGroups).where(where).orderBy(appGroups.name);
  const rows = jsonRows(columns);
  const [{ rows: raw }] = await db.select({ rows: rows.select }).from(appGroups).where(where);
  const decoded = rows.decode(raw).sort((a, b) => a.name.localeCompare(b.name));
  expect(decoded).toEqual(expected);
  expect(decoded.find((row) => row.isArchived)?.modifiedAt.toISOString()).toBe(
    "2026-02-03T04:05:06.789Z",
  );

  const none = await db
    .select({ rows: rows.select })
    .from(appGroups)
    .where(eq(appGroups.name, "no such app"));
  expect(rows.decode(none[0].rows)).toEqual([]);
});
