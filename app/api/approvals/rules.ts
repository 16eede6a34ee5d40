/**
 * The rules of a pre-approval as pure functions, shared by the
 * console (the form, and whether New pre-approval shows) and the sandbox (its refusals with
 * rule codes): statuses 10 pending, 11 rejected, 100 approved; a non-live major version;
 * additional information required, at most 3,000 characters; supporting documents by the
 * submission rules of documents; one pending or approved pre-approval at a time per app group;
 * only a pending one can be withdrawn. Plain TypeScript.
 */

import { VERSION_STATUS } from "../apps/status";
import { DOCUMENT_LIST_RULE_CODES } from "../submissions/rules";
import { isStorableText } from "../text";

export const PRE_APPROVAL_STATUS = { Pending: 10, Rejected: 11, Approved: 100 } as const;
export type PreApprovalStatus = (typeof PRE_APPROVAL_STATUS)[keyof typeof PRE_APPROVAL_STATUS];

export const PRE_APPROVAL_LIMITS = { notesMax: 3000 } as const;

/** What a refused pre-approval breaks (with the document codes of the submission rules). */
export const APPROVAL_RULE_CODES = [
  "required",
  "tooLong",
  "invalidCharacters",
  "versionNotFound",
  "versionMajorLive",
  ...DOCUMENT_LIST_RULE_CODES,
  // state (409)
  "appArchived",
  "preApprovalExists",
  "preApprovalNotPending",
] as const;
export type ApprovalRuleCode = (typeof APPROVAL_RULE_CODES)[number];
export type ApprovalErrors = Record<string, ApprovalRuleCode>;

/** The statuses of a version of a live major version: Live and Paused. */
export const LIVE_MAJOR_STATUSES: readonly number[] = [VERSION_STATUS.Live, VERSION_STATUS.Paused];

interface MajorVersion {
  versionMajor: number;
  statusCode: number;
}

/** A major version is live while one of its versions is Live or Paused. */
export function isLiveMajor(versions: readonly MajorVersion[], versionMajor: number): boolean {
  return versions.some(
    (v) => v.versionMajor === versionMajor && LIVE_MAJOR_STATUSES.includes(v.statusCode),
  );
}

/** The major versions a pre-approval may name: those that are not live, each once, ascending. */
export function preApprovableMajors(versions: readonly MajorVersion[]): number[] {
  return [...new Set(versions.map((v) => v.versionMajor))]
    .filter((major) => !isLiveMajor(versions, major))
    .sort((a, b) => a - b);
}

interface PreApprovalLike {
  status: number;
  isWithdrawn?: boolean;
}

/** Counts against a new one: pending or approved and not withdrawn. */
export const blocksNewPreApproval = (p: PreApprovalLike) =>
  !p.isWithdrawn &&
  (p.status === PRE_APPROVAL_STATUS.Pending || p.status === PRE_APPROVAL_STATUS.Approved);

/** New pre-approval shows while no pending or approved pre-approval exists. */
export function canCreatePreApproval(existing: readonly PreApprovalLike[]): boolean {
  return !existing.some(blocksNewPreApproval);
}

/** The group has an approved pre-approval (a submit needs one where it is required). */
export function hasApprovedPreApproval(existing: readonly PreApprovalLike[]): boolean {
  return existing.some((p) => !p.isWithdrawn && p.status === PRE_APPROVAL_STATUS.Approved);
}

/** Only a pending pre-approval can be withdrawn. */
export function canWithdrawPreApproval(p: PreApprovalLike): boolean {
  return !p.isWithdrawn && p.status === PRE_APPROVAL_STATUS.Pending;
}

export interface PreApprovalValues {
  versionMajorId?: string | null;
  submissionNotes?: string | null;
}

/** The form: the version required; the additional information required, at most 3,000 characters. */
export function validatePreApproval(values: PreApprovalValues): ApprovalErrors {
  const errors: ApprovalErrors = {};
  if (!values.versionMajorId?.trim()) errors.versionMajorId = "required";
  const notes = values.submissionNotes?.trim() ?? "";
  if (!notes) errors.submissionNotes = "required";
  else if (notes.length > PRE_APPROVAL_LIMITS.notesMax) errors.submissionNotes = "tooLong";
  for (const [field, value] of Object.entries(values))
    if (typeof value === "string" && !isStorableText(value)) errors[field] = "invalidCharacters";
  return errors;
}
