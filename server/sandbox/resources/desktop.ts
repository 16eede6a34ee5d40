/** The desktop app's versions and downloads (staging builds only for users with test access). */
import { asc, eq } from "drizzle-orm";
import type { DesktopDownload, DesktopVersion } from "~/api/resources/schemas";
import type { Caller } from "../context";
import type { Database } from "../db";
import { users } from "../db/schema/companies";
import { desktopDownloads, desktopVersions } from "../db/schema/lookups";
import { compareVersions, visibleDownloads } from "../seed/lookups";

export async function desktopVersionsList(db: Database) {
  const rows = await db.select().from(desktopVersions);
  rows.sort((a, b) => compareVersions(a.version, b.version));
  return rows.map((row): DesktopVersion => ({ version: row.version, isMinimum: row.isMinimum }));
}

export async function desktopDownload(db: Database, caller: Caller | undefined) {
  let hasAccessToTest = false;
  if (caller) {
    const [user] = await db
      .select({ hasAccessToTest: users.hasAccessToTest })
      .from(users)
      .where(eq(users.id, caller.userId))
      .limit(1);
    hasAccessToTest = user?.hasAccessToTest ?? false;
  }
  const rows = await db.select().from(desktopDownloads).orderBy(asc(desktopDownloads.id));
  return visibleDownloads(rows, hasAccessToTest).map(
    (row): DesktopDownload => ({
      url: row.url,
      country: row.country,
      versionNumber: row.versionNumber,
      isStaging: row.isStaging,
    }),
  );
}
