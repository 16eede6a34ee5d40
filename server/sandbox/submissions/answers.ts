/**
 * How the submissions calls answer (a submission, a pause or unpause request) and what they
 * read of a company and a version: its people's names and the version's submission blockers.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { hasApprovedPreApproval } from "~/api/approvals/rules";
import { APP_PLATFORMS } from "~/api/apps/rules";
import { SCHEDULED_STATUSES } from "~/api/pricing/rules";
import { type SubmissionBlocker, submissionBlockers } from "~/api/submissions/rules";
import type {
  DocumentRef,
  StatusRequest,
  Submission,
  statusRequestBody,
  submissionRequest,
} from "~/api/submissions/schemas";
import type { SandboxContext } from "../context";
import {
  platformSchemas,
  preApprovals,
  prices,
  type statusRequests,
  submissionDocuments,
  type submissions,
} from "../db/schema/apps";
import { users } from "../db/schema/companies";
import { type DocumentLink, linkedDocuments } from "./documents";
import type { DbOrTx, GroupRow, VersionRow } from "./moves";

export type SubmissionRow = typeof submissions.$inferSelect;
type RequestRow = typeof statusRequests.$inferSelect;
export type SubmissionInput = z.output<typeof submissionRequest>;
export type StatusRequestInput = z.output<typeof statusRequestBody>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The kind a stored request is kept under ('resume' for an unpause request). */
export const storedKind = (kind: "pause" | "unpause") => (kind === "pause" ? "pause" : "resume");
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

/** What a sent row (a submission, a pre-approval) answers in the same words wherever it is sent. */
interface SentRow {
  id: string;
  submittedById: string | null;
  submissionNotes: string;
  reviewNotes: string | null;
}

/**
 * How sent rows are answered: `answer` says what is the row's own; the notes, the documents
 * (through `link`) and the sender's name are read here, for all the rows at once.
 */
export function answerSent<R extends SentRow, A>(
  link: DocumentLink,
  answer: (row: R, sent: ReturnType<typeof sentPart>) => A,
) {
  return async (ctx: SandboxContext, q: DbOrTx, companyId: string, rows: R[]): Promise<A[]> => {
    const [docs, names] = await Promise.all([
      linkedDocuments(
        ctx,
        q,
        link,
        rows.map((row) => row.id),
      ),
      namesOf(q, companyId),
    ]);
    return rows.map((row) => answer(row, sentPart(row, docs, names)));
  };
}

function sentPart(row: SentRow, docs: Map<string, DocumentRef[]>, names: Map<string, string>) {
  return {
    submittedBy: row.submittedById ? (names.get(row.submittedById) ?? null) : null,
    submissionNotes: row.submissionNotes,
    reviewNotes: row.reviewNotes,
    documents: docs.get(row.id) ?? [],
  };
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

export const submissionAnswers = answerSent(
  { table: submissionDocuments, owner: submissionDocuments.submissionId },
  (row: SubmissionRow, sent): Submission => ({
    id: row.id,
    appId: row.appVersionId,
    appGroupId: row.groupId,
    version: row.version,
    status: row.status,
    statusText: row.statusText,
    isSoftDeleted: row.isSoftDeleted,
    submissionDateTime: row.submittedAt.toISOString(),
    reviewDateTime: iso(row.reviewedAt),
    ...sent,
    contactName: row.contactName,
    contactEmail: row.contactEmail,
    contactPhoneNumber: row.contactPhoneNumber,
    instanceId: row.instanceId,
    releaseDateAndTime: iso(row.releaseAt),
    isBeta: row.isBeta,
  }),
);
