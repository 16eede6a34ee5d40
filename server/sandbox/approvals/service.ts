/**
 * Pre-approvals: list, create, withdraw a pending one. One pending or approved pre-approval per
 * app group at a time; every id is looked up within the caller's company (404 otherwise);
 * every change is recorded in the state history.
 */
import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import {
  blocksNewPreApproval,
  canWithdrawPreApproval,
  isLiveMajor,
  PRE_APPROVAL_STATUS,
  validatePreApproval,
} from "~/api/approvals/rules";
import type { PreApproval, preApprovalRequest } from "~/api/approvals/schemas";
import type { Caller, SandboxContext } from "../context";
import type { Tx } from "../db";
import { appVersions, preApprovalDocuments, preApprovals } from "../db/schema/apps";
import { recordChange } from "../history";
import { notFound, refuse, refuseAny } from "../http/errors";
import { isUuid } from "../http/validate";
import { answerSent } from "../submissions/answers";
import { resolveDocuments } from "../submissions/documents";
import { findGroup } from "../submissions/moves";
import { WORDING } from "../wording";

type PreApprovalRow = typeof preApprovals.$inferSelect;
export type PreApprovalInput = z.output<typeof preApprovalRequest>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The pre-approvals as answered, with their documents and who submitted them. */
export const preApprovalAnswers = answerSent(
  { table: preApprovalDocuments, owner: preApprovalDocuments.preApprovalId },
  (row: PreApprovalRow, sent): PreApproval => ({
    id: row.id,
    groupId: row.groupId,
    versionMajorId: row.versionMajorId,
    versionMajor: row.versionMajor,
    status: row.status,
    isWithdrawn: row.isWithdrawn,
    date: row.createdAt.toISOString(),
    reviewDate: iso(row.reviewedAt),
    ...sent,
  }),
);

/** The group's pre-approvals not withdrawn, newest first. */
export async function listPreApprovals(
  ctx: SandboxContext,
  caller: Caller,
  groupId: string,
): Promise<PreApproval[]> {
  const { db } = ctx;
  const group = await findGroup(db, caller.companyId, groupId);
  if (!group) throw notFound("app group");
  const rows = await db
    .select()
    .from(preApprovals)
    .where(
      and(
        eq(preApprovals.groupId, group.id),
        eq(preApprovals.companyId, caller.companyId),
        eq(preApprovals.isWithdrawn, false),
      ),
    )
    .orderBy(desc(preApprovals.createdAt));
  return preApprovalAnswers(ctx, db, caller.companyId, rows);
}

/**
 * What a new pre-approval names, once it passes. Order of refusals: the fields and documents
 * (400), the group (404), an archived app (409), the version (400 naming versionMajorId),
 * another pending or approved one (409).
 */
async function checkedPreApproval(tx: Tx, caller: Caller, body: PreApprovalInput) {
  const notes = body.submissionNotes.trim();
  const versionMajorId = body.versionMajorId.trim().toLowerCase();
  const errors: Record<string, string> = validatePreApproval({
    versionMajorId,
    submissionNotes: notes,
  });
  const documents = await resolveDocuments(tx, caller.companyId, body.documents);
  Object.assign(errors, documents.errors);
  refuseAny(WORDING.reviewField, errors);

  const group = await findGroup(tx, caller.companyId, body.groupId.trim());
  if (!group) throw notFound("app group");
  // One at a time: the group's pre-approvals are held until the new one is written.
  const existing = await tx
    .select()
    .from(preApprovals)
    .where(eq(preApprovals.groupId, group.id))
    .for("update");
  if (group.isArchived) refuse(WORDING.reviewField, { groupId: "appArchived" }, 409);
  const versions = await tx.select().from(appVersions).where(eq(appVersions.groupId, group.id));
  const named = isUuid(versionMajorId) ? versions.find((v) => v.id === versionMajorId) : undefined;
  if (!named) refuse(WORDING.reviewField, { versionMajorId: "versionNotFound" });
  if (isLiveMajor(versions, named.versionMajor))
    refuse(WORDING.reviewField, { versionMajorId: "versionMajorLive" });
  if (existing.some(blocksNewPreApproval))
    refuse(WORDING.reviewField, { groupId: "preApprovalExists" }, 409);

  // The major version is named by its first version.
  const first = versions
    .filter((v) => v.versionMajor === named.versionMajor)
    .sort(
      (a, b) => a.versionMinor - b.versionMinor || a.createdAt.getTime() - b.createdAt.getTime(),
    )[0];
  return { notes, group, first, files: documents.files };
}

/** A new pending pre-approval of a major version that is not live. */
export async function createPreApproval(
  ctx: SandboxContext,
  caller: Caller,
  body: PreApprovalInput,
): Promise<PreApproval> {
  return ctx.db.transaction(async (tx) => {
    const { notes, group, first, files } = await checkedPreApproval(tx, caller, body);
    const [row] = await tx
      .insert(preApprovals)
      .values({
        groupId: group.id,
        companyId: caller.companyId,
        versionMajorId: first.id,
        versionMajor: first.versionMajor,
        status: PRE_APPROVAL_STATUS.Pending,
        submissionNotes: notes,
        submittedById: caller.userId,
      })
      .returning();
    if (files.length > 0) {
      await tx
        .insert(preApprovalDocuments)
        .values(files.map((file) => ({ preApprovalId: row.id, fileId: file.id })));
    }
    await recordChange(tx, {
      companyId: caller.companyId,
      entityType: "pre-approval",
      entityId: row.id,
      action: "created",
      toState: PRE_APPROVAL_STATUS.Pending,
      actor: caller.userId,
      detail: {
        groupId: group.id,
        versionMajor: first.versionMajor,
        notes,
        documents: files.map((f) => f.id),
      },
    });
    const [answer] = await preApprovalAnswers(ctx, tx, caller.companyId, [row]);
    return answer;
  });
}

/** Withdraws a pending pre-approval; it is no longer listed. */
export async function withdrawPreApproval(
  ctx: SandboxContext,
  caller: Caller,
  id: string,
): Promise<PreApproval> {
  if (!isUuid(id)) throw notFound("pre-approval");
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(preApprovals)
      .where(
        and(
          eq(preApprovals.id, id),
          eq(preApprovals.companyId, caller.companyId),
          eq(preApprovals.isWithdrawn, false),
        ),
      )
      .for("update");
    if (!row) throw notFound("pre-approval");
    if (!canWithdrawPreApproval(row))
      refuse(WORDING.reviewField, { status: "preApprovalNotPending" }, 409);
    const [updated] = await tx
      .update(preApprovals)
      .set({ isWithdrawn: true })
      .where(eq(preApprovals.id, row.id))
      .returning();
    await recordChange(tx, {
      companyId: caller.companyId,
      entityType: "pre-approval",
      entityId: row.id,
      action: "withdraw",
      fromState: row.status,
      toState: "withdrawn",
      actor: caller.userId,
    });
    const [answer] = await preApprovalAnswers(ctx, tx, caller.companyId, [updated]);
    return answer;
  });
}

export type ApprovalsService = ReturnType<typeof createApprovalsService>;

export function createApprovalsService(ctx: SandboxContext) {
  return {
    list: (caller: Caller, groupId: string) => listPreApprovals(ctx, caller, groupId),
    create: (caller: Caller, body: PreApprovalInput) => createPreApproval(ctx, caller, body),
    withdraw: (caller: Caller, id: string) => withdrawPreApproval(ctx, caller, id),
  };
}
