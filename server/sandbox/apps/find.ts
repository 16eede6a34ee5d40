/**
 * Finding an app version or group by an id from a request, within the caller's company: the
 * apps, submissions and approvals services and the reviewer all look up through these, so a
 * company never reaches another's rows. Ids that are not UUIDs find nothing.
 */
import { and, eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database, Tx } from "../db";
import { appGroups, appVersions } from "../db/schema/apps";
import { isUuid } from "../http/validate";

export type VersionRow = typeof appVersions.$inferSelect;
export type GroupRow = typeof appGroups.$inferSelect;
export type DbOrTx = Database | Tx;

/**
 * A version with its group within a company (any company when `companyId` is null, for the
 * reviewer); `lock` holds the version's row until the transaction ends.
 */
export async function findVersion(
  q: DbOrTx,
  companyId: string | null,
  id: string | undefined,
  lock = false,
) {
  if (!isUuid(id)) return undefined;
  const where = companyId
    ? and(
        eq(appVersions.id, id),
        eq(appVersions.companyId, companyId),
        eq(appGroups.companyId, companyId),
      )
    : eq(appVersions.id, id);
  const select = q
    .select({ version: appVersions, group: appGroups })
    .from(appVersions)
    .innerJoin(appGroups, eq(appGroups.id, appVersions.groupId))
    .where(where)
    .limit(1);
  const [row] = lock ? await select.for("update") : await select;
  return row;
}

/** A group of a company; `lock` holds its row until the transaction ends. */
export async function findGroup(
  q: DbOrTx,
  companyId: string,
  id: string | undefined,
  lock = false,
) {
  if (!isUuid(id)) return undefined;
  const select = q
    .select()
    .from(appGroups)
    .where(and(eq(appGroups.id, id), eq(appGroups.companyId, companyId)))
    .limit(1);
  const [row] = lock ? await select.for("update") : await select;
  return row;
}

/** The row of `table` with this id, locked until the transaction ends; undefined when none. */
export async function lockedRow<T extends PgTable & { id: PgColumn }>(
  tx: DbOrTx,
  table: T,
  id: string,
): Promise<T["$inferSelect"] | undefined> {
  const [row] = await tx
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))
    .for("update");
  return row as T["$inferSelect"] | undefined;
}
