/**
 * The review queue: what waits for the reviewer, and the decisions on submissions,
 * pre-approvals and prices. Each decision runs in one transaction and is recorded.
 */
import { and, asc, eq, type SQL } from "drizzle-orm";
import type { PgColumn, SelectedFields } from "drizzle-orm/pg-core";
import { canWithdrawPreApproval, PRE_APPROVAL_STATUS } from "~/api/approvals/rules";
import { STATUS_TABLE, statusName } from "~/api/apps/status";
import { STATUS_REQUEST_STATUS } from "~/api/submissions/schemas";
import {
  SUBMISSION_STATUS,
  submissionKindOf,
  submissionStatusText,
} from "~/api/submissions/status";
import { lockedRow } from "../apps/find";
import type { Database } from "../db";
import {
  appGroups,
  appVersions,
  preApprovals,
  statusRequests,
  submissions,
} from "../db/schema/apps";
import { recordChange } from "../history";
import { conflict } from "../http/errors";
import { isUuid } from "../http/validate";
import { decidePrice, pendingPrices } from "../pricing/review";
import { grantLivePermissions } from "../security/service";
import { pendingCompanyDetails } from "../settings/service";
import { moveVersion, PROVIDER } from "../submissions/moves";
import type { ReviewDecision } from "./service";

/** Rows of a table that wait for the reviewer, each with its app's name, oldest first. */
function waitingWithApp<Fields extends SelectedFields>(
  db: Database,
  table: typeof submissions | typeof preApprovals,
  fields: Fields,
  waiting: SQL | undefined,
  since: PgColumn,
) {
  return db
    .select({ ...fields, app: appGroups.name })
    .from(table)
    .innerJoin(appGroups, eq(appGroups.id, table.groupId))
    .where(waiting)
    .orderBy(asc(since));
}

/** What waits for the reviewer: submissions awaiting review, pending pre-approvals, open requests; oldest first. */
export async function pending(db: Database) {
  const [awaiting, approvals, requests, priceRows, companyDetails] = await Promise.all([
    waitingWithApp(
      db,
      submissions,
      {
        id: submissions.id,
        companyId: submissions.companyId,
        versionId: submissions.appVersionId,
        version: submissions.version,
        statusText: submissions.statusText,
        submittedAt: submissions.submittedAt,
      },
      and(
        eq(submissions.status, SUBMISSION_STATUS.AwaitingReview),
        eq(submissions.isSoftDeleted, false),
      ),
      submissions.submittedAt,
    ),
    waitingWithApp(
      db,
      preApprovals,
      {
        id: preApprovals.id,
        companyId: preApprovals.companyId,
        groupId: preApprovals.groupId,
        versionMajor: preApprovals.versionMajor,
        submissionNotes: preApprovals.submissionNotes,
        createdAt: preApprovals.createdAt,
      },
      and(
        eq(preApprovals.status, PRE_APPROVAL_STATUS.Pending),
        eq(preApprovals.isWithdrawn, false),
      ),
      preApprovals.createdAt,
    ),
    db
      .select({
        id: statusRequests.id,
        companyId: statusRequests.companyId,
        versionId: statusRequests.appVersionId,
        kind: statusRequests.kind,
        name: statusRequests.name,
        reason: statusRequests.reason,
        createdAt: statusRequests.createdAt,
      })
      .from(statusRequests)
      .where(eq(statusRequests.status, STATUS_REQUEST_STATUS.open))
      .orderBy(asc(statusRequests.createdAt)),
    pendingPrices(db),
    pendingCompanyDetails(db),
  ]);
  return {
    submissions: awaiting,
    preApprovals: approvals,
    requests: requests.map((r) => ({ ...r, kind: r.kind === "pause" ? "pause" : "unpause" })),
    prices: priceRows.map((p) => ({ ...p, amount: Number(p.amount) })),
    companyDetails,
  };
}

/**
 * Approves or rejects a price waiting for review (an app's first price or a price change):
 * docs/decisions/0051-pricing.md. Undefined for an unknown id; 409 when it is not waiting.
 */
export async function reviewPrice(
  db: Database,
  priceId: string,
  decision: ReviewDecision,
  notes = "",
) {
  return db.transaction((tx) => decidePrice(tx, priceId, decision, notes));
}

/**
 * Approves or rejects a submission awaiting review: its version moves as the status table's
 * decision says (AwaitingReview to QueuedForLive or Rejected, BetaAwaitingReview to
 * QueuedForBeta or BetaRejected, BetaToLiveAwaitingReview to BetaQueuedForLive or back to
 * Beta marked 'submission to live rejected'). Undefined for an unknown id; 409 when it is not
 * awaiting review.
 */
export async function reviewSubmission(
  db: Database,
  submissionId: string,
  decision: ReviewDecision,
  notes = "",
) {
  if (!isUuid(submissionId)) return undefined;
  return db.transaction(async (tx) => {
    const submission = await lockedRow(tx, submissions, submissionId);
    if (!submission) return undefined;
    if (submission.status !== SUBMISSION_STATUS.AwaitingReview || submission.isSoftDeleted) {
      throw conflict(
        `The submission is not awaiting review (${submission.isSoftDeleted ? "withdrawn" : submission.statusText}).`,
        "status",
        "notAwaitingReview",
      );
    }
    const version = (await lockedRow(tx, appVersions, submission.appVersionId))!;
    const from = statusName(version.statusCode);
    const move = from === "Unknown" ? undefined : STATUS_TABLE[from].decisions[decision];
    if (from === "Unknown" || !move?.to)
      throw conflict(
        `A version in status ${from} cannot be ${decision}d.`,
        "statusCode",
        "actionNotAllowed",
      );
    const status = decision === "approve" ? SUBMISSION_STATUS.Approved : SUBMISSION_STATUS.Rejected;
    const reviewNotes = notes.trim();
    const [updated] = await tx
      .update(submissions)
      .set({
        status,
        statusText: submissionStatusText(submissionKindOf(from), status),
        reviewedAt: new Date(),
        reviewNotes,
      })
      .where(eq(submissions.id, submission.id))
      .returning();
    const moved = await moveVersion(tx, version, move.to, {
      action: decision,
      actor: PROVIDER,
      notes: reviewNotes,
      detail: { submissionId: submission.id },
      liveSubmissionRejected: move.liveSubmissionRejected
        ? true
        : decision === "approve"
          ? false
          : undefined,
    });
    // The permissions reviewed with the app are the ones its live-app clients get.
    if (decision === "approve")
      await grantLivePermissions(
        tx,
        { id: version.groupId, companyId: version.companyId },
        PROVIDER,
        "submission-approved",
      );
    return {
      submissionId: updated.id,
      status: updated.status,
      statusText: updated.statusText,
      versionId: moved.id,
      versionStatus: statusName(moved.statusCode),
      isLiveSubmissionRejected: moved.liveSubmissionRejected,
    };
  });
}

/** Approves (100) or rejects (11) a pending pre-approval. Undefined for an unknown id; 409 when it is not pending. */
export async function reviewPreApproval(
  db: Database,
  preApprovalId: string,
  decision: ReviewDecision,
  notes = "",
) {
  if (!isUuid(preApprovalId)) return undefined;
  return db.transaction(async (tx) => {
    const row = await lockedRow(tx, preApprovals, preApprovalId);
    if (!row) return undefined;
    if (!canWithdrawPreApproval(row))
      throw conflict("The pre-approval is not pending.", "status", "preApprovalNotPending");
    const status =
      decision === "approve" ? PRE_APPROVAL_STATUS.Approved : PRE_APPROVAL_STATUS.Rejected;
    const reviewNotes = notes.trim();
    const [updated] = await tx
      .update(preApprovals)
      .set({ status, reviewedAt: new Date(), reviewNotes })
      .where(eq(preApprovals.id, row.id))
      .returning();
    await recordChange(tx, {
      companyId: row.companyId,
      entityType: "pre-approval",
      entityId: row.id,
      action: `provider-${decision}`,
      fromState: row.status,
      toState: status,
      actor: PROVIDER,
      detail: reviewNotes ? { notes: reviewNotes } : undefined,
    });
    return {
      id: updated.id,
      groupId: updated.groupId,
      versionMajor: updated.versionMajor,
      status: updated.status,
      reviewNotes: updated.reviewNotes,
    };
  });
}
