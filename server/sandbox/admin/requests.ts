/**
 * The reviewer's hand on going live: live-app permissions granted, a queued version pushed
 * live, and the decision on a developer's pause or unpause request.
 */
import { eq } from "drizzle-orm";
import { STATUS_TABLE, statusName } from "~/api/apps/status";
import { STATUS_REQUEST_STATUS } from "~/api/submissions/schemas";
import { lockedRow } from "../apps/find";
import type { Database } from "../db";
import { appGroups, appVersions, statusRequests } from "../db/schema/apps";
import { recordChange } from "../history";
import { conflict } from "../http/errors";
import { isUuid } from "../http/validate";
import { grantLivePermissions } from "../security/service";
import { moveVersion, PROVIDER, pushVersion } from "../submissions/moves";
import type { RequestDecision } from "./service";

/**
 * Grants each tab's live-app client the permissions of its sandbox-app client, as approving
 * a submission does (docs/decisions/0054-live-app-permissions.md). Undefined for an unknown
 * group; 409 `clientsNotGenerated` when no tab has its two clients.
 */
export async function grantLiveAppPermissions(db: Database, groupId: string) {
  if (!isUuid(groupId)) return undefined;
  return db.transaction(async (tx) => {
    const [group] = await tx
      .select({ id: appGroups.id, companyId: appGroups.companyId })
      .from(appGroups)
      .where(eq(appGroups.id, groupId))
      .for("update");
    if (!group) return undefined;
    const clients = await grantLivePermissions(tx, group, PROVIDER, "granted-by-reviewer");
    if (clients.length === 0)
      throw conflict(
        "The app group's clients have not been generated yet: there is nothing to grant.",
        "isLive",
        "clientsNotGenerated",
      );
    return { appGroupId: group.id, clients };
  });
}

/** Pushes a queued version live or to beta, as the developer's go-live does. Undefined for an unknown id. */
export async function goLive(db: Database, versionId: string) {
  if (!isUuid(versionId)) return undefined;
  return pushVersion(db, null, versionId, PROVIDER);
}

/**
 * Approves or declines an open pause or unpause request: approved, the version moves
 * (Live to Paused, Beta to BetaPaused, Paused to Live, BetaPaused to Beta); declined, it stays.
 * Undefined for an unknown id; 409 when the request is decided or its version has moved on.
 */
export async function decideRequest(
  db: Database,
  requestId: string,
  decision: RequestDecision,
  notes = "",
) {
  if (!isUuid(requestId)) return undefined;
  return db.transaction(async (tx) => {
    const request = await lockedRow(tx, statusRequests, requestId);
    if (!request) return undefined;
    if (request.status !== STATUS_REQUEST_STATUS.open)
      throw conflict("The request has been decided already.", "status", "requestDecided");
    const version = (await lockedRow(tx, appVersions, request.appVersionId))!;
    const kind = request.kind === "pause" ? "pause" : "unpause";
    const from = statusName(version.statusCode);
    const reviewNotes = notes.trim();
    let current = version;
    if (decision === "approve") {
      const move = from === "Unknown" ? undefined : STATUS_TABLE[from].decisions[kind];
      if (!move?.to)
        throw conflict(
          `A version in status ${from} cannot be ${kind}d.`,
          "statusCode",
          "actionNotAllowed",
        );
      current = await moveVersion(tx, version, move.to, {
        action: kind,
        actor: PROVIDER,
        notes: reviewNotes,
        detail: { requestId: request.id },
      });
    } else {
      await recordChange(tx, {
        companyId: version.companyId,
        entityType: "app-version",
        entityId: version.id,
        action: kind === "pause" ? "provider-declinePause" : "provider-declineUnpause",
        fromState: version.statusCode,
        toState: version.statusCode,
        actor: PROVIDER,
        detail: { requestId: request.id, ...(reviewNotes ? { notes: reviewNotes } : {}) },
      });
    }
    const status =
      decision === "approve" ? STATUS_REQUEST_STATUS.approved : STATUS_REQUEST_STATUS.declined;
    await tx
      .update(statusRequests)
      .set({ status, decidedAt: new Date() })
      .where(eq(statusRequests.id, request.id));
    return {
      requestId: request.id,
      kind,
      status,
      versionId: current.id,
      versionStatus: statusName(current.statusCode),
    };
  });
}
