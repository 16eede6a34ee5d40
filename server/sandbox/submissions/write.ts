/** The developer's moves of a version: submit, pause or unpause request, go live, and archive, withdraw or roll back. */
import { and, eq } from "drizzle-orm";
import { formatVersion } from "~/api/apps/rules";
import { statusName } from "~/api/apps/status";
import { blockerErrors, validateStatusRequest, validateSubmission } from "~/api/submissions/rules";
import {
  STATUS_REQUEST_STATUS,
  type StatusRequest,
  type Submission,
  type VersionMove,
} from "~/api/submissions/schemas";
import {
  archiveCallMove,
  requestAllowed,
  SUBMISSION_STATUS,
  submissionKindOf,
  submissionStatusText,
  submitMove,
} from "~/api/submissions/status";
import type { Caller, SandboxContext } from "../context";
import { statusRequests, submissionDocuments, submissions } from "../db/schema/apps";
import { instances } from "../db/schema/instances";
import { recordChange } from "../history";
import { notFound, refuse, refuseAny } from "../http/errors";
import { isUuid } from "../http/validate";
import { WORDING } from "../wording";
import {
  blockersOf,
  requestAnswer,
  type StatusRequestInput,
  type SubmissionInput,
  storedKind,
  submissionAnswers,
} from "./answers";
import { resolveDocuments } from "./documents";
import {
  findVersion,
  moveAnswer,
  moveVersion,
  notAllowed,
  openSubmission,
  pushVersion,
} from "./moves";

/**
 * Submit, submit to live or resubmit, as the version's status allows. Order of refusals:
 * the fields and documents (400), the version (404), the status table (409), the blockers
 * (409, every blocker named in `errors`).
 */
export async function submit(
  ctx: SandboxContext,
  caller: Caller,
  body: SubmissionInput,
): Promise<Submission> {
  const values = {
    submissionNotes: body.submissionNotes.trim(),
    contactName: body.contactName.trim(),
    contactEmail: body.contactEmail.trim(),
    contactPhoneNumber: body.contactPhoneNumber.trim(),
    releaseDateAndTime: body.releaseDateAndTime?.trim() || null,
  };
  const instanceId = body.instanceId?.trim() || null;
  return ctx.db.transaction(async (tx) => {
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
    refuseAny(WORDING.reviewField, errors);

    const found = await findVersion(tx, caller.companyId, body.appId.trim(), true);
    if (!found) throw notFound("app");
    const { version, group } = found;
    const move = submitMove(version.statusCode, body.isBeta === true);
    if (!move) notAllowed("a submit for review", statusName(version.statusCode));
    const blockers = await blockersOf(tx, version, group);
    if (blockers.length > 0) refuse(WORDING.reviewField, blockerErrors(blockers), 409);

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
    const [answer] = await submissionAnswers(ctx, tx, caller.companyId, [row]);
    return answer;
  });
}

// -------------------------------------------------------------------------
// PUT app-submissions/pause/{id}, resume/{id}
// -------------------------------------------------------------------------

/** A pause or unpause request: stored open; the version stays as it is until the provider decides. */
export async function request(
  ctx: SandboxContext,
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
  refuseAny(WORDING.reviewField, errors);
  return ctx.db.transaction(async (tx) => {
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
    if (open) refuse(WORDING.reviewField, { statusCode: "requestOpen" }, 409);
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
export async function goLive(
  ctx: SandboxContext,
  caller: Caller,
  versionId: string,
): Promise<VersionMove> {
  const moved = await pushVersion(ctx.db, caller.companyId, versionId, caller.userId);
  if (!moved) throw notFound("app");
  return moved;
}

/** Withdraw the submission, roll back to beta, or archive: the version's status tells which. */
export async function archive(
  ctx: SandboxContext,
  caller: Caller,
  versionId: string,
): Promise<VersionMove> {
  return ctx.db.transaction(async (tx) => {
    const found = await findVersion(tx, caller.companyId, versionId, true);
    if (!found) throw notFound("app");
    const { version } = found;
    const move = archiveCallMove(version.statusCode);
    if (!move) notAllowed("archiving, withdrawing or rolling back", statusName(version.statusCode));
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
