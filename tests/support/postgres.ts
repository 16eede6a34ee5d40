/**
 * A database of its own for a test run on the PostgreSQL server of a URL (trust auth on this
 * machine): created empty, dropped afterwards, so that runs never see each other's rows.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export interface OwnDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Whether the server of `url` answers (within a few seconds); the reason when it does not. */
export async function postgresProblem(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates `<label>_<random>` on the server of `url`; answers its URL and how to drop it. */
export async function ownDatabase(url: string, label: string): Promise<OwnDatabase> {
  const name = `${label.replace(/\W/g, "_")}_${randomBytes(5).toString("hex")}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return { url: own.href, drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
