/**
 * The provider's direct hand on app versions and groups: a status moved along the status
 * table, the group's flags, a platform schema document. Tests and the provider command use it.
 */
import { eq } from "drizzle-orm";
import { formatVersion } from "~/api/apps/rules";
import {
  GO_LIVE_STATUSES,
  IN_MARKET_STATUSES,
  pathBetween,
  statusName,
  VERSION_STATUS,
  type VersionStatusName,
} from "~/api/apps/status";
import type { Database } from "../db";
import { appGroups, appVersions, platformSchemas } from "../db/schema/apps";
import { recordChange } from "../history";
import { conflict } from "../http/errors";
import { isUuid } from "../http/validate";
import type { AppGroupFlags } from "./service";

/**
 * Moves a version to a status the way the status table allows, step by step (the
 * developer's actions and the provider's decisions, by the shortest way): tests reach Live, Beta, Paused... this way. Each step is recorded; a status the
 * table cannot reach from the current one (nothing leaves Archived) is refused with 409.
 * Entering Live or Beta sets the went-live time once; leaving the marketplace statuses sets
 * the stopped-live time. `isLiveSubmissionRejected` marks a Beta version whose submission
 * to live was rejected.
 */
export async function setVersionStatus(
  db: Database,
  versionId: string,
  statusCode: number,
  options: { isLiveSubmissionRejected?: boolean } = {},
) {
  if (!isUuid(versionId)) return undefined;
  return db.transaction(async (tx) => {
    const [version] = await tx
      .select()
      .from(appVersions)
      .where(eq(appVersions.id, versionId))
      .for("update");
    if (!version) return undefined;
    const from = statusName(version.statusCode);
    const to = statusName(statusCode);
    const path = from === "Unknown" || to === "Unknown" ? undefined : pathBetween(from, to);
    if (!path)
      throw conflict(
        `A version cannot move from ${from} to ${to}: the status table has no way there.`,
        "statusCode",
        "unreachable",
      );
    const now = new Date();
    const wasIn = IN_MARKET_STATUSES.includes(version.statusCode);
    const isIn = IN_MARKET_STATUSES.includes(statusCode);
    const rejectedOnTheWay = path.some((step) => step.liveSubmissionRejected);
    const liveSubmissionRejected =
      options.isLiveSubmissionRejected ?? (rejectedOnTheWay ? true : undefined);
    const [updated] = await tx
      .update(appVersions)
      .set({
        statusCode,
        modifiedAt: now,
        ...(GO_LIVE_STATUSES.includes(statusCode) && !version.wentLiveAt
          ? { wentLiveAt: now }
          : {}),
        ...(wasIn && !isIn ? { stoppedLiveAt: now } : {}),
        ...(liveSubmissionRejected !== undefined ? { liveSubmissionRejected } : {}),
      })
      .where(eq(appVersions.id, versionId))
      .returning();
    await tx.update(appGroups).set({ modifiedAt: now }).where(eq(appGroups.id, version.groupId));
    for (const step of path) {
      await recordChange(tx, {
        companyId: version.companyId,
        entityType: "app-version",
        entityId: version.id,
        action: step.by === "provider" ? `provider-${step.action}` : step.action,
        fromState: VERSION_STATUS[step.from],
        toState: VERSION_STATUS[step.to as VersionStatusName],
        actor: "provider",
        ...(step.beta ? { detail: { beta: true } } : {}),
      });
    }
    if (options.isLiveSubmissionRejected !== undefined) {
      await recordChange(tx, {
        companyId: version.companyId,
        entityType: "app-version",
        entityId: version.id,
        action: "live-submission-rejected-set",
        fromState: statusCode,
        toState: statusCode,
        actor: "provider",
        detail: { isLiveSubmissionRejected: options.isLiveSubmissionRejected },
      });
    }
    return {
      id: updated.id,
      groupId: updated.groupId,
      version: formatVersion(updated.versionMajor, updated.versionMinor),
      statusCode: updated.statusCode,
      status: statusName(updated.statusCode),
      isLiveSubmissionRejected: updated.liveSubmissionRejected,
    };
  });
}

/** Sets the provider's flags of an app group (docs/decisions/0003-app-group-flags.md). */
export async function setAppGroupFlags(db: Database, groupId: string, flags: AppGroupFlags) {
  if (!isUuid(groupId)) return undefined;
  return db.transaction(async (tx) => {
    const [group] = await tx
      .select()
      .from(appGroups)
      .where(eq(appGroups.id, groupId))
      .for("update");
    if (!group) return undefined;
    const changes = Object.fromEntries(
      Object.entries(flags).filter(([, value]) => value !== undefined),
    ) as AppGroupFlags;
    if (Object.keys(changes).length > 0) {
      await tx.update(appGroups).set(changes).where(eq(appGroups.id, groupId));
      await recordChange(tx, {
        companyId: group.companyId,
        entityType: "app-group",
        entityId: group.id,
        action: "flags-set",
        actor: "provider",
        detail: {
          from: {
            isPreApprovalRequired: group.isPreApprovalRequired,
            isPriceRequired: group.isPriceRequired,
            appLevel: group.appLevel,
          },
          to: changes,
        },
      });
    }
    const [after] = await tx.select().from(appGroups).where(eq(appGroups.id, groupId));
    return {
      appGroupId: after.id,
      isPreApprovalRequired: after.isPreApprovalRequired,
      isPriceRequired: after.isPriceRequired,
      appLevel: after.appLevel,
    };
  });
}

/** Stores a platform schema document of a version (a test aid until the schema editor's calls exist). */
export async function setPlatformSchema(
  db: Database,
  versionId: string,
  platform: number,
  document: unknown,
) {
  if (!isUuid(versionId)) return undefined;
  return db.transaction(async (tx) => {
    const [version] = await tx.select().from(appVersions).where(eq(appVersions.id, versionId));
    if (!version) return undefined;
    await tx
      .insert(platformSchemas)
      .values({ appVersionId: versionId, platform, document })
      .onConflictDoUpdate({
        target: [platformSchemas.appVersionId, platformSchemas.platform],
        set: { document, modifiedAt: new Date() },
      });
    await recordChange(tx, {
      companyId: version.companyId,
      entityType: "app-version",
      entityId: versionId,
      action: "platform-schema-set",
      actor: "provider",
      detail: { platform },
    });
    return { appVersionId: versionId, platform };
  });
}
