/**
 * Opens the provider database: PostgreSQL when a URL is given, otherwise embedded PGlite
 * in DATA_DIR. Both get the same drizzle schema and the same migration set.
 */

import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as apps from "./schema/apps";
import * as companies from "./schema/companies";
import * as files from "./schema/files";
import * as instances from "./schema/instances";
import * as lookups from "./schema/lookups";
import * as records from "./schema/records";

/** Every table, for drizzle's relational queries and the Database type. */
const schema = { ...lookups, ...companies, ...files, ...apps, ...instances, ...records };

import { readTemplate, saveTemplate, templateFile } from "./template";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder });
    return { db: db as unknown as Database, kind: "postgres", close: () => pool.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const dir = path.join(options.dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  // A new folder starts from the migrated empty database kept by an earlier start (./template.ts).
  const isNew = !existsSync(path.join(dir, "PG_VERSION"));
  const template = isNew ? templateFile(migrationsFolder) : undefined;
  const tarball = template ? readTemplate(template) : undefined;
  const client = new PGlite(dir, tarball ? { loadDataDir: tarball } : undefined);
  await client.waitReady;
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  if (template && !tarball) await saveTemplate(client, template);
  return { db: db as unknown as Database, kind: "pglite", close: () => client.close() };
}

export { schema };
