/**
 * The submissions area of the provider (spec 01 sections 3, 4, 5 and 7, `app-submissions/*`):
 * submit, submit to live, resubmit, withdraw, pause and unpause requests, go-live, archive and
 * roll back, each checked against the status table, with the submission blockers and the
 * documents rules of the contract (app/api/submissions/rules.ts). Every id is looked up within
 * the caller's company (404 otherwise); every move is recorded in the state history.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { hasApprovedPreApproval } from "~/api/approvals/rules";
import { APP_PLATFORMS, formatVersion } from "~/api/apps/rules";
import { statusName } from "~/api/apps/status";
import { SCHEDULED_STATUSES } from "~/api/pricing/rules";
import {
  archiveCallMove,
  blockerErrors,
  requestAllowed,
  SUBMISSION_STATUS,
  type SubmissionBlocker,
  submissionBlockers,
  submissionKindOf,
  submissionStatusText,
  submitMove,
  TIMELINE_ACTIONS,
  type TimelineAction,
  validateStatusRequest,
  validateSubmission,
} from "~/api/submissions/rules";
import {
  STATUS_REQUEST_STATUS,
  type StatusRequest,
  type Submission,
  type SubmissionInit,
  type statusRequestBody,
  type submissionRequest,
  type TimelineEntry,
  type VersionMove,
} from "~/api/submissions/schemas";
import type { Caller, SandboxContext } from "../context";
import {
  appVersions,
  companyEntities,
  instances,
  platformSchemas,
  preApprovals,
  prices,
  stateChanges,
  statusRequests,
  submissionDocuments,
  submissions,
  users,
} from "../db/schema";
import { recordChange } from "../history";
import { notFound } from "../http/errors";
import { isUuid } from "../http/validate";
import { linkedDocuments, resolveDocuments } from "./documents";
import {
  type DbOrTx,
  findGroup,
  findVersion,
  type GroupRow,
  moveAnswer,
  moveVersion,
  openSubmission,
  PROVIDER,
  pushVersion,
  type VersionRow,
} from "./moves";
import { notAllowed, refuse } from "./wording";

type SubmissionRow = typeof submissions.$inferSelect;
type RequestRow = typeof statusRequests.$inferSelect;
export type SubmissionInput = z.output<typeof submissionRequest>;
export type StatusRequestInput = z.output<typeof statusRequestBody>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The kind a stored request is kept under ('resume' for an unpause request). */
const storedKind = (kind: "pause" | "unpause") => (kind === "pause" ? "pause" : "resume");
const requestKind = (stored: string): "pause" | "unpause" =>
  stored === "pause" ? "pause" : "unpause";

export function requestAnswer(row: RequestRow): StatusRequest {
  return {
    id: row.id,
    appId: row.appVersionId,
    kind: requestKind(row.kind),
    status: row.status,
    name: row.name,
    email: row.email,
    phone: row.phone,
    reason: row.reason,
    requestDateTime: row.createdAt.toISOString(),
    decisionDateTime: iso(row.decidedAt),
  };
}

/** Full names of a company's users, by id. */
export async function namesOf(q: DbOrTx, companyId: string): Promise<Map<string, string>> {
  const rows = await q
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.companyId, companyId));
  return new Map(rows.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim()]));
}

/** What the blockers need to know of a version and its group. */
export async function blockersOf(
  q: DbOrTx,
  version: VersionRow,
  group: GroupRow,
): Promise<SubmissionBlocker[]> {
  const [priceRows, approvalRows, schemaRows] = await Promise.all([
    q
      .select({ id: prices.id })
      .from(prices)
      .where(and(eq(prices.groupId, group.id), inArray(prices.status, [...SCHEDULED_STATUSES])))
      .limit(1),
    q
      .select({ status: preApprovals.status, isWithdrawn: preApprovals.isWithdrawn })
      .from(preApprovals)
      .where(eq(preApprovals.groupId, group.id)),
    q
      .select({ platform: platformSchemas.platform })
      .from(platformSchemas)
      .where(eq(platformSchemas.appVersionId, version.id)),
  ]);
  return submissionBlockers({
    isArchived: group.isArchived,
    isPriceRequired: group.isPriceRequired,
    hasPrice: priceRows.length > 0,
    isPreApprovalRequired: group.isPreApprovalRequired,
    hasApprovedPreApproval: hasApprovedPreApproval(approvalRows),
    appType: version.appType,
    platforms: schemaRows.map((row) => APP_PLATFORMS[row.platform] ?? String(row.platform)),
  });
}

export type SubmissionsService = ReturnType<typeof createSubmissionsService>;

export function createSubmissionsService(ctx: SandboxContext) {
  const { db } = ctx;

  async function submissionAnswers(
    q: DbOrTx,
    companyId: string,
    rows: SubmissionRow[],
  ): Promise<Submission[]> {
    const [docs, names] = await Promise.all([
      linkedDocuments(
        ctx,
        q,
        {
          table: submissionDocuments,
          owner: submissionDocuments.submissionId,
          fileId: submissionDocuments.fileId,
        },
        rows.map((row) => row.id),
      ),
      namesOf(q, companyId),
    ]);
    return rows.map((row) => ({
      id: row.id,
      appId: row.appVersionId,
      appGroupId: row.groupId,
      version: row.version,
      status: row.status,
      statusText: row.statusText,
      isSoftDeleted: row.isSoftDeleted,
      submissionDateTime: row.submittedAt.toISOString(),
      reviewDateTime: iso(row.reviewedAt),
      submittedBy: row.submittedById ? (names.get(row.submittedById) ?? null) : null,
      submissionNotes: row.submissionNotes,
      reviewNotes: row.reviewNotes,
      documents: docs.get(row.id) ?? [],
      contactName: row.contactName,
      contactEmail: row.contactEmail,
      contactPhoneNumber: row.contactPhoneNumber,
      instanceId: row.instanceId,
      releaseDateAndTime: iso(row.releaseAt),
      isBeta: row.isBeta,
    }));
  }

  async function ownsVersion(caller: Caller, id: string): Promise<boolean> {
    return Boolean(await findVersion(db, caller.companyId, id));
  }

  // -------------------------------------------------------------------------
  // GET app-submissions/init/{versionId}
  // -------------------------------------------------------------------------

  async function init(caller: Caller, versionId: string): Promise<SubmissionInit> {
    const found = await findVersion(db, caller.companyId, versionId);
    if (!found) throw notFound("app");
    const { version, group } = found;
    const move = submitMove(version.statusCode);
    const [[last], [entity], blockers] = await Promise.all([
      db
        .select()
        .from(submissions)
        .where(and(eq(submissions.groupId, group.id), eq(submissions.companyId, caller.companyId)))
        .orderBy(desc(submissions.submittedAt))
        .limit(1),
      db
        .select({ phone: companyEntities.phoneNumber })
        .from(companyEntities)
        .where(eq(companyEntities.companyId, caller.companyId))
        .orderBy(desc(companyEntities.isDefault))
        .limit(1),
      blockersOf(db, version, group),
    ]);
    return {
      appId: version.id,
      appGroupId: group.id,
      version: formatVersion(version.versionMajor, version.versionMinor),
      statusCode: version.statusCode,
      action: move?.action ?? null,
      isBetaOffered: move?.betaOffered ?? false,
      isBeta: move ? move.isBeta : false,
      contactName: last?.contactName ?? caller.name,
      contactEmail: last?.contactEmail ?? caller.email,
      contactPhoneNumber: last?.contactPhoneNumber ?? entity?.phone ?? "",
      blockers,
    };
  }

  // -------------------------------------------------------------------------
  // GET app-submissions/{groupId}, app-submissions/history/{groupId}
  // -------------------------------------------------------------------------

  async function list(caller: Caller, groupId: string): Promise<Submission[]> {
    const group = await findGroup(db, caller.companyId, groupId);
    if (!group) throw notFound("app group");
    const rows = await db
      .select()
      .from(submissions)
      .where(and(eq(submissions.groupId, group.id), eq(submissions.companyId, caller.companyId)))
      .orderBy(desc(submissions.submittedAt));
    return submissionAnswers(db, caller.companyId, rows);
  }

  async function timeline(caller: Caller, groupId: string): Promise<TimelineEntry[]> {
    const group = await findGroup(db, caller.companyId, groupId);
    if (!group) throw notFound("app group");
    const versions = await db
      .select()
      .from(appVersions)
      .where(and(eq(appVersions.groupId, group.id), eq(appVersions.companyId, caller.companyId)));
    if (versions.length === 0) return [];
    const [changes, names] = await Promise.all([
      db
        .select()
        .from(stateChanges)
        .where(
          and(
            eq(stateChanges.entityType, "app-version"),
            inArray(
              stateChanges.entityId,
              versions.map((v) => v.id),
            ),
          ),
        )
        .orderBy(asc(stateChanges.at)),
      namesOf(db, caller.companyId),
    ]);
    const versionOf = new Map(
      versions.map((v) => [v.id, formatVersion(v.versionMajor, v.versionMinor)]),
    );
    const code = (state: string | null) =>
      state !== null && /^\d+$/.test(state) ? Number(state) : null;
    return changes.flatMap((change): TimelineEntry[] => {
      const action = change.action.replace(/^provider-/, "");
      if (!(TIMELINE_ACTIONS as readonly string[]).includes(action as TimelineAction)) return [];
      const notes = (change.detail as { notes?: unknown } | null)?.notes;
      const byProvider = change.actor === PROVIDER;
      return [
        {
          appId: change.entityId,
          version: versionOf.get(change.entityId) ?? "",
          at: change.at.toISOString(),
          action,
          by: byProvider ? "provider" : "developer",
          byName: byProvider ? null : (names.get(change.actor) ?? null),
          fromStatusCode: code(change.fromState),
          toStatusCode: code(change.toState),
          notes: typeof notes === "string" ? notes : null,
        },
      ];
    });
  }

  // -------------------------------------------------------------------------
  // POST app-submissions
  // -------------------------------------------------------------------------

  /**
   * Submit, submit to live or resubmit, as the version's status allows. Order of refusals:
   * the fields and documents (400), the version (404), the status table (409), the blockers
   * (409, every blocker named in `errors`).
   */
  async function submit(caller: Caller, body: SubmissionInput): Promise<Submission> {
    const values = {
      submissionNotes: body.submissionNotes.trim(),
      contactName: body.contactName.trim(),
      contactEmail: body.contactEmail.trim(),
      contactPhoneNumber: body.contactPhoneNumber.trim(),
      releaseDateAndTime: body.releaseDateAndTime?.trim() || null,
    };
    const instanceId = body.instanceId?.trim() || null;
    return db.transaction(async (tx) => {
      const errors: Record<string, string> = validateSubmission(values);
      if (instanceId) {
        const [instance] = isUuid(instanceId)
          ? await tx
              .select({ id: instances.id })
              .from(instances)
              .where(and(eq(instances.id, instanceId), eq(instances.companyId, caller.companyId)))
              .limit(1)
          : [];
        if (!instance) errors.instanceId = "instanceNotFound";
      }
      const documents = await resolveDocuments(tx, caller.companyId, body.documents);
      Object.assign(errors, documents.errors);
      if (Object.keys(errors).length > 0) refuse(errors);

      const found = await findVersion(tx, caller.companyId, body.appId.trim(), true);
      if (!found) throw notFound("app");
      const { version, group } = found;
      const move = submitMove(version.statusCode, body.isBeta === true);
      if (!move) notAllowed("a submit for review", statusName(version.statusCode));
      const blockers = await blockersOf(tx, version, group);
      if (blockers.length > 0) refuse(blockerErrors(blockers), 409);

      const [row] = await tx
        .insert(submissions)
        .values({
          appVersionId: version.id,
          groupId: group.id,
          companyId: caller.companyId,
          version: formatVersion(version.versionMajor, version.versionMinor),
          status: SUBMISSION_STATUS.AwaitingReview,
          statusText: submissionStatusText(
            submissionKindOf(move.to),
            SUBMISSION_STATUS.AwaitingReview,
          ),
          isBeta: move.isBeta,
          submittedById: caller.userId,
          submissionNotes: values.submissionNotes,
          contactName: values.contactName,
          contactEmail: values.contactEmail,
          contactPhoneNumber: values.contactPhoneNumber,
          instanceId,
          releaseAt: values.releaseDateAndTime ? new Date(values.releaseDateAndTime) : new Date(),
        })
        .returning();
      if (documents.files.length > 0) {
        await tx
          .insert(submissionDocuments)
          .values(documents.files.map((file) => ({ submissionId: row.id, fileId: file.id })));
      }
      await moveVersion(tx, version, move.to, {
        action: move.action,
        actor: caller.userId,
        notes: values.submissionNotes,
        detail: { submissionId: row.id, beta: move.isBeta },
      });
      const [answer] = await submissionAnswers(tx, caller.companyId, [row]);
      return answer;
    });
  }

  // -------------------------------------------------------------------------
  // PUT app-submissions/pause/{id}, resume/{id}
  // -------------------------------------------------------------------------

  /** A pause or unpause request: stored open; the version stays as it is until the provider decides. */
  async function request(
    caller: Caller,
    kind: "pause" | "unpause",
    versionId: string,
    body: StatusRequestInput,
  ): Promise<StatusRequest> {
    const values = {
      name: body.name.trim(),
      email: body.email.trim(),
      phone: body.phone.trim(),
      reason: body.reason.trim(),
    };
    const errors = validateStatusRequest(values);
    if (Object.keys(errors).length > 0) refuse(errors);
    return db.transaction(async (tx) => {
      const found = await findVersion(tx, caller.companyId, versionId, true);
      if (!found) throw notFound("app");
      const { version } = found;
      if (!requestAllowed(kind, version.statusCode))
        notAllowed(`a ${kind} request`, statusName(version.statusCode));
      const [open] = await tx
        .select({ id: statusRequests.id })
        .from(statusRequests)
        .where(
          and(
            eq(statusRequests.appVersionId, version.id),
            eq(statusRequests.status, STATUS_REQUEST_STATUS.open),
          ),
        )
        .limit(1);
      if (open) refuse({ statusCode: "requestOpen" }, 409);
      const [row] = await tx
        .insert(statusRequests)
        .values({
          appVersionId: version.id,
          companyId: caller.companyId,
          kind: storedKind(kind),
          ...values,
          requestedById: caller.userId,
        })
        .returning();
      await recordChange(tx, {
        companyId: caller.companyId,
        entityType: "app-version",
        entityId: version.id,
        action: kind,
        fromState: version.statusCode,
        toState: version.statusCode,
        actor: caller.userId,
        detail: {
          requestId: row.id,
          notes: values.reason,
          name: values.name,
          email: values.email,
          phone: values.phone,
        },
      });
      return requestAnswer(row);
    });
  }

  // -------------------------------------------------------------------------
  // PUT app-submissions/go-live/{id}, archive/{id}
  // -------------------------------------------------------------------------

  /** Push to live or to beta; a version going Live replaces the group's Live or Paused one. */
  async function goLive(caller: Caller, versionId: string): Promise<VersionMove> {
    const moved = await pushVersion(db, caller.companyId, versionId, caller.userId);
    if (!moved) throw notFound("app");
    return moved;
  }

  /** Withdraw the submission, roll back to beta, or archive: the version's status tells which. */
  async function archive(caller: Caller, versionId: string): Promise<VersionMove> {
    return db.transaction(async (tx) => {
      const found = await findVersion(tx, caller.companyId, versionId, true);
      if (!found) throw notFound("app");
      const { version } = found;
      const move = archiveCallMove(version.statusCode);
      if (!move)
        notAllowed("archiving, withdrawing or rolling back", statusName(version.statusCode));
      let detail: Record<string, unknown> | undefined;
      if (move.action === "withdraw") {
        const open = await openSubmission(tx, version.id);
        if (open) {
          await tx
            .update(submissions)
            .set({ isSoftDeleted: true })
            .where(eq(submissions.id, open.id));
          detail = { submissionId: open.id };
        }
      }
      const moved = await moveVersion(tx, version, move.to, {
        action: move.action,
        actor: caller.userId,
        detail,
      });
      return moveAnswer(moved, move.action);
    });
  }

  return { ownsVersion, init, list, timeline, submit, request, goLive, archive };
}
