/**
 * The moves of a version through the review lifecycle, shared by the developer's calls
 * (./service.ts) and the reviewer (../admin/service.ts): one update of the version with its
 * times and marks, and one entry in the state history with who, when and the notes given.
 * Every caller checks the move against the status table (app/api/apps/status.ts) first.
 */
import { and, eq, inArray, ne } from "drizzle-orm";
import { formatVersion } from "~/api/apps/rules";
import {
  GO_LIVE_STATUSES,
  IN_MARKET_STATUSES,
  statusName,
  VERSION_STATUS,
  type VersionStatusName,
} from "~/api/apps/status";
import type { VersionMove } from "~/api/submissions/schemas";
import { goLiveMove } from "~/api/submissions/status";
import type { Database, Tx } from "../db";
import { appGroups, appVersions, statusRequests, submissions } from "../db/schema/apps";
import { recordChange } from "../history";
import { ApiError } from "../http/errors";

export { type DbOrTx, findGroup, findVersion, type GroupRow, type VersionRow } from "../apps/find";

import type { DbOrTx, VersionRow } from "../apps/find";
import { findVersion } from "../apps/find";

/** The actor of the reviewer side in the state history. */
export const PROVIDER = "provider";

export interface MoveChange {
  /** The action or decision, as the timeline shows it (`approve`, `pushToLive`...). */
  action: string;
  /** A user id, or PROVIDER. */
  actor: string;
  notes?: string | null;
  detail?: Record<string, unknown>;
  /** Sets or clears the 'submission to live rejected' mark. */
  liveSubmissionRejected?: boolean;
}

/**
 * Moves a version to `to` and records it. Entering Live or Beta sets the went-live time once;
 * leaving the marketplace statuses sets the stopped-live time. The history's action is the
 * change's, prefixed `provider-` for the reviewer's decisions.
 */
export async function moveVersion(
  tx: Tx,
  version: VersionRow,
  to: VersionStatusName,
  change: MoveChange,
): Promise<VersionRow> {
  const statusCode = VERSION_STATUS[to];
  const now = new Date();
  const byProvider = change.actor === PROVIDER;
  const [updated] = await tx
    .update(appVersions)
    .set({
      statusCode,
      modifiedAt: now,
      ...(byProvider ? {} : { modifiedById: change.actor }),
      ...(GO_LIVE_STATUSES.includes(statusCode) && !version.wentLiveAt ? { wentLiveAt: now } : {}),
      ...(IN_MARKET_STATUSES.includes(version.statusCode) &&
      !IN_MARKET_STATUSES.includes(statusCode)
        ? { stoppedLiveAt: now }
        : {}),
      ...(change.liveSubmissionRejected !== undefined
        ? { liveSubmissionRejected: change.liveSubmissionRejected }
        : {}),
    })
    .where(eq(appVersions.id, version.id))
    .returning();
  await tx.update(appGroups).set({ modifiedAt: now }).where(eq(appGroups.id, version.groupId));
  await recordChange(tx, {
    companyId: version.companyId,
    entityType: "app-version",
    entityId: version.id,
    action: byProvider ? `provider-${change.action}` : change.action,
    fromState: version.statusCode,
    toState: statusCode,
    actor: change.actor,
    detail: { ...(change.notes ? { notes: change.notes } : {}), ...change.detail },
  });
  if (statusCode === VERSION_STATUS.Archived) {
    // An archived version's open pause or unpause request has nothing left to decide.
    await tx
      .update(statusRequests)
      .set({ status: 1, decidedAt: now })
      .where(and(eq(statusRequests.appVersionId, version.id), eq(statusRequests.status, 0)));
  }
  return updated;
}

/**
 * A version going Live replaces the group's other Live or Paused version: that one is
 * archived by the provider (docs/decisions/0050-submissions-and-pre-approvals.md).
 */
export async function retireReplacedVersions(tx: Tx, live: VersionRow): Promise<void> {
  const others = await tx
    .select()
    .from(appVersions)
    .where(
      and(
        eq(appVersions.groupId, live.groupId),
        ne(appVersions.id, live.id),
        inArray(appVersions.statusCode, [VERSION_STATUS.Live, VERSION_STATUS.Paused]),
      ),
    )
    .for("update");
  for (const other of others) {
    await moveVersion(tx, other, "Archived", {
      action: "archive",
      actor: PROVIDER,
      notes: `Replaced by version ${formatVersion(live.versionMajor, live.versionMinor)}.`,
    });
  }
}

/**
 * Push to live or to beta (go-live), by the developer (`actor` a user id, within `companyId`)
 * or the reviewer (PROVIDER, any company): a version going Live replaces the group's Live or
 * Paused one. Undefined when there is no such version; 409 when its status has no go-live.
 */
export async function pushVersion(
  db: Database,
  companyId: string | null,
  versionId: string,
  actor: string,
): Promise<VersionMove | undefined> {
  return db.transaction(async (tx) => {
    const found = await findVersion(tx, companyId, versionId, true);
    if (!found) return undefined;
    const { version } = found;
    const move = goLiveMove(version.statusCode);
    if (!move) notAllowed("going live", statusName(version.statusCode));
    const moved = await moveVersion(tx, version, move.to, {
      action: move.action,
      actor,
      liveSubmissionRejected: false,
    });
    if (move.to === "Live") await retireReplacedVersions(tx, moved);
    return moveAnswer(moved, move.action);
  });
}

/** The open (awaiting review, not withdrawn) submission of a version, newest first. */
export async function openSubmission(q: DbOrTx, versionId: string) {
  const rows = await q
    .select()
    .from(submissions)
    .where(
      and(
        eq(submissions.appVersionId, versionId),
        eq(submissions.status, 0),
        eq(submissions.isSoftDeleted, false),
      ),
    )
    .for("update");
  return rows.sort((a, b) => b.submittedAt.getTime() - a.submittedAt.getTime())[0];
}

export function moveAnswer(version: VersionRow, action: string): VersionMove {
  return {
    appId: version.id,
    appGroupId: version.groupId,
    action,
    statusCode: version.statusCode,
    status: statusName(version.statusCode),
    isLiveSubmissionRejected: version.liveSubmissionRejected,
    appWentLiveDateTime: version.wentLiveAt ? version.wentLiveAt.toISOString() : null,
  };
}

/** A 409 of the status table: the version's status does not allow the action. */
export function notAllowed(action: string, status: string): never {
  throw new ApiError(409, `A version in status ${status} does not allow ${action}.`, {
    field: "statusCode",
    errors: { statusCode: "actionNotAllowed" },
  });
}
