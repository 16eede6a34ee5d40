/**
 * Many rows read as one JSON value: `json_agg` of one array per row, in the order of the
 * columns given. The database hands back a single value that JSON.parse reads in one go,
 * where a row set is decoded column by column in JavaScript (PGlite spends most of a long
 * list's time there: 1,000 versions read in about a third of the time this way).
 *
 *   const versions = jsonRows({ id: appVersions.id, modifiedAt: appVersions.modifiedAt });
 *   const [{ rows }] = await db.select({ rows: versions.select }).from(appVersions).where(...);
 *   versions.decode(rows); // [{ id: "…", modifiedAt: Date }]
 *
 * Timestamps travel as milliseconds since the epoch and come back as Dates, as drizzle gives
 * them; everything else as JSON gives it (numbers, strings, booleans, null).
 */
import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

type Columns = Record<string, PgColumn>;

/** The value a column gives: its data type, or null when the column allows it. */
export type RowOf<T extends Columns> = {
  [K in keyof T]: T[K]["_"]["notNull"] extends true ? T[K]["_"]["data"] : T[K]["_"]["data"] | null;
};

const isTimestamp = (column: PgColumn) => column.columnType === "PgTimestamp";

export function jsonRows<T extends Columns>(
  columns: T,
): { select: SQL<unknown[][]>; decode(rows: unknown[][]): RowOf<T>[] } {
  const keys = Object.keys(columns);
  const timestamps = keys.map((key) => isTimestamp(columns[key]));
  const values = keys.map((key, i) =>
    timestamps[i] ? sql`(extract(epoch from ${columns[key]}) * 1000)` : sql`${columns[key]}`,
  );
  return {
    select: sql<
      unknown[][]
    >`coalesce(json_agg(json_build_array(${sql.join(values, sql`, `)})), '[]'::json)`,
    decode(rows) {
      return rows.map((row) => {
        const out: Record<string, unknown> = {};
        for (let i = 0; i < keys.length; i++) {
          const value = row[i];
          out[keys[i]] = timestamps[i] && value !== null ? new Date(Number(value)) : value;
        }
        return out as RowOf<T>;
      });
    },
  };
}
