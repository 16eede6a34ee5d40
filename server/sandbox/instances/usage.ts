/**
 * The usage summary's report (GET apps/report;
 * docs/decisions/0058-sandbox-accounts-and-usage.md): the caller's company's app versions
 * that are live (Live) or in beta (Beta, BetaQueuedForLive, BetaToLiveAwaitingReview), with
 * the firms using them as the provider recorded (`recordUsage`, the reviewer command
 * `record-usage`), each usage row in the list of its app's level (app/api/usage/rules.ts).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { statusName, VERSION_STATUS, type VersionStatusName } from "~/api/apps/status";
import { USAGE_STATUSES, usageListOf } from "~/api/usage/rules";
import type { AppsReport, ReportApp } from "~/api/usage/schemas";
import type { DbOrTx } from "../apps/find";
import type { SandboxContext } from "../context";
import type { Database } from "../db";
import { appGroups, appMarketplaceImages, appVersions } from "../db/schema/apps";
import { appUsage } from "../db/schema/instances";
import { imageUrl } from "../files/service";
import { recordChange } from "../history";
import { conflict } from "../http/errors";
import { isUuid } from "../http/validate";

const USAGE_CODES = USAGE_STATUSES.map((name) => VERSION_STATUS[name as VersionStatusName]);

/** The report of a company. */
export async function appsReport(
  ctx: SandboxContext,
  q: DbOrTx,
  companyId: string,
): Promise<AppsReport> {
  const rows = await q
    .select({
      id: appVersions.id,
      name: appVersions.name,
      countryCode: appVersions.countryCode,
      statusCode: appVersions.statusCode,
      appLevel: appGroups.appLevel,
    })
    .from(appVersions)
    .innerJoin(appGroups, eq(appGroups.id, appVersions.groupId))
    .where(
      and(
        eq(appVersions.companyId, companyId),
        eq(appGroups.companyId, companyId),
        inArray(appVersions.statusCode, USAGE_CODES),
      ),
    )
    .orderBy(asc(appVersions.name), asc(appVersions.id));
  const report: AppsReport = { apps: [], firmApps: [], staffApps: [], alwaysOnBetaApps: [] };
  if (rows.length === 0) return report;
  const ids = rows.map((row) => row.id);
  const [icons, usage] = await Promise.all([
    q
      .select()
      .from(appMarketplaceImages)
      .where(
        and(inArray(appMarketplaceImages.appVersionId, ids), eq(appMarketplaceImages.kind, "icon")),
      ),
    q
      .select()
      .from(appUsage)
      .where(inArray(appUsage.appVersionId, ids))
      .orderBy(asc(appUsage.firmName), asc(appUsage.firmId)),
  ]);
  for (const row of rows) {
    const icon = icons
      .filter((image) => image.appVersionId === row.id)
      .sort((x, y) => x.position - y.position)[0];
    const app: ReportApp = {
      appId: row.id,
      appName: row.name,
      appImageURL: icon ? imageUrl(ctx, icon.fileId) : "",
      countryCode: row.countryCode,
      appLevel: row.appLevel,
      appStatus: statusName(row.statusCode),
    };
    report.apps.push(app);
    const list = usageListOf(app);
    if (!list) continue;
    for (const used of usage.filter((u) => u.appVersionId === row.id)) {
      report[list].push({
        appId: row.id,
        firmId: used.firmId,
        firmName: used.firmName,
        count: used.count,
      });
    }
  }
  return report;
}

export interface UsageRecord {
  firmId: string;
  firmName?: string | null;
  count: number;
}

/**
 * The reviewer records a firm using a live or beta app version with a count (users); a count
 * of 0 removes the firm's row. Undefined for an unknown version; 409 `notLiveOrBeta` for a
 * version in another status.
 */
export async function recordUsage(db: Database, versionId: string, record: UsageRecord) {
  if (!isUuid(versionId)) return undefined;
  return db.transaction(async (tx) => {
    const [version] = await tx
      .select()
      .from(appVersions)
      .where(eq(appVersions.id, versionId.toLowerCase()))
      .limit(1);
    if (!version) return undefined;
    if (!USAGE_CODES.includes(version.statusCode as (typeof USAGE_CODES)[number])) {
      throw conflict(
        `Usage is recorded for live and beta app versions only; this one is ${statusName(version.statusCode)}.`,
        "statusCode",
        "notLiveOrBeta",
      );
    }
    const firmId = record.firmId.trim();
    const firmName = record.firmName?.trim() || null;
    if (record.count === 0) {
      await tx
        .delete(appUsage)
        .where(and(eq(appUsage.appVersionId, version.id), eq(appUsage.firmId, firmId)));
    } else {
      const values = {
        appVersionId: version.id,
        firmId,
        firmName,
        count: record.count,
        recordedAt: new Date(),
      };
      await tx
        .insert(appUsage)
        .values(values)
        .onConflictDoUpdate({
          target: [appUsage.appVersionId, appUsage.firmId],
          set: { firmName, count: record.count, recordedAt: values.recordedAt },
        });
    }
    await recordChange(tx, {
      companyId: version.companyId,
      entityType: "app-usage",
      entityId: version.id,
      action: "usage-recorded",
      actor: "provider",
      detail: { firmId, firmName, count: record.count },
    });
    return {
      appId: version.id,
      appName: version.name,
      status: statusName(version.statusCode),
      firmId,
      firmName,
      count: record.count,
    };
  });
}
