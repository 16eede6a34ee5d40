/**
 * Migration 0007 gives the filtered foreign keys of the pages and removals their indexes
 * (docs/decisions/0073-provider-http-caching.md): they exist after the migrations, and the
 * planner can answer a company's bank details by one. On PGlite, and on PostgreSQL when
 * DATABASE_URL is set.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { ownDatabase } from "./own-database";

const database = ownDatabase("page-indexes");

/** The rows of a statement, as both drivers answer them. */
const rowsOf = async <T>(query: PromiseLike<unknown>) => ((await query) as { rows: T[] }).rows;

const INDEXES = {
  bank_details_company_idx: "bank_details",
  instance_configurations_group_idx: "instance_configurations",
  pre_approvals_version_idx: "pre_approvals",
  status_requests_version_idx: "status_requests",
  submissions_version_idx: "submissions",
  user_tokens_user_idx: "user_tokens",
};

it("creates an index on each of the filtered foreign keys", async () => {
  const { db } = database();
  const rows = await rowsOf<{ indexname: string; tablename: string }>(
    db.execute(sql`select indexname, tablename from pg_indexes where schemaname = 'public'`),
  );
  const found = Object.fromEntries(rows.map((row) => [row.indexname, row.tablename]));
  for (const [index, table] of Object.entries(INDEXES)) expect(found[index], index).toBe(table);
});

it("reads a company's bank details by its index", async () => {
  const { db } = database();
  const plan = await db.transaction(async (tx) => {
    // A table this small is read whole unless told otherwise: the question is whether the index can serve.
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = await rowsOf<Record<string, string>>(
      tx.execute(sql`explain select * from bank_details where company_id = ${randomUUID()}`),
    );
    return rows.map((row) => Object.values(row)[0]).join("\n");
  });
  expect(plan).toMatch(/Index.*bank_details_company_idx/);
});
