/**
 * The rules of submitting a version for review as pure
 * functions, shared by the console (its checklist, dialog and messages) and the sandbox (its
 * refusals with rule codes): the blockers of a submit, the submit and pause-request forms, and
 * the supporting documents (which submit a status allows and where it leads: status.ts).
 * A check answers the failing fields with the code of the rule each breaks; the console words
 * a code from `locales/`, the API in its `detail`. Plain TypeScript: it runs in the browser too.
 */

import { APP_TYPES, isEmail } from "../apps/rules";
import { FILE_LIMITS, PDF_CONTENT_TYPE } from "../files/rules";
import { isStorableText } from "../text";

export const SUBMISSION_LIMITS = {
  /** Submission notes and a pause or unpause request's reason: as the pre-approval's notes. */
  notesMax: 3000,
  contactNameMax: 100,
  contactEmailMax: 255,
  contactPhoneMax: 30,
  /** Digits a phone number holds at least. */
  contactPhoneMinDigits: 6,
  /** Supporting documents of one submission or pre-approval (docs/decisions/0050). */
  documentsMax: 10,
  documentBytes: FILE_LIMITS.documentBytes,
  documentsTotalBytes: FILE_LIMITS.documentsTotalBytes,
  /** How far before now a release date may lie: a day, so that 'today' holds in every time zone. */
  releaseDatePastToleranceMs: 24 * 60 * 60 * 1000,
} as const;

/** What a list of supporting documents breaks (a submission's and a pre-approval's). */
export const DOCUMENT_LIST_RULE_CODES = [
  "documentNotFound",
  "duplicateDocument",
  "noContent",
  "mustBePdf",
  "tooBig",
  "totalTooBig",
  "tooManyFiles",
] as const;

/**
 * What a refused submit, request or document breaks. The first group are field rules (400),
 * the blockers and state rules are 409s (`errors` keyed by BLOCKER_FIELDS, or `statusCode`).
 */
export const SUBMISSION_RULE_CODES = [
  "required",
  "tooLong",
  "invalidCharacters",
  "invalidEmail",
  "invalidPhone",
  "invalidDate",
  "releaseDateInPast",
  "instanceNotFound",
  ...DOCUMENT_LIST_RULE_CODES,
  // blockers (409)
  "appArchived",
  "priceRequired",
  "preApprovalRequired",
  "platformConfigurationRequired",
  // state (409)
  "actionNotAllowed",
  "requestOpen",
] as const;
export type SubmissionRuleCode = (typeof SUBMISSION_RULE_CODES)[number];
export type SubmissionErrors = Record<string, SubmissionRuleCode>;

export const isSubmissionRuleCode = (code: string): code is SubmissionRuleCode =>
  (SUBMISSION_RULE_CODES as readonly string[]).includes(code);

// ---------------------------------------------------------------------------
// Blockers
// ---------------------------------------------------------------------------

/** The platforms that count as platform configuration for a submit (not mobile). */
export const SUBMIT_PLATFORMS = ["desktop", "web", "reporting"] as const;

export interface SubmitFacts {
  isArchived: boolean;
  isPriceRequired: boolean;
  /** A price of the app group is set: submitted, approved or in force (pricing/rules.ts `hasSetPrice`). */
  hasPrice: boolean;
  isPreApprovalRequired: boolean;
  /** The app group has an approved pre-approval. */
  hasApprovedPreApproval: boolean;
  appType: number;
  /** Configured platforms of the version (names of APP_PLATFORMS). */
  platforms: readonly string[];
}

export const SUBMISSION_BLOCKERS = [
  "appArchived",
  "priceRequired",
  "preApprovalRequired",
  "platformConfigurationRequired",
] as const;
export type SubmissionBlocker = (typeof SUBMISSION_BLOCKERS)[number];

/** The key each blocker is named under in a refusal's `errors`. */
export const BLOCKER_FIELDS: Record<SubmissionBlocker, string> = {
  appArchived: "app",
  priceRequired: "price",
  preApprovalRequired: "preApproval",
  platformConfigurationRequired: "platforms",
};

/**
 * What keeps a version from being submitted, in this
 * order: the app is archived (the console asks to unarchive first); a price is required and
 * none is set; a pre-approval is required and none is approved; none of desktop, web or
 * reporting is configured and the app is not a connector. Empty when nothing blocks.
 */
export function submissionBlockers(facts: SubmitFacts): SubmissionBlocker[] {
  const blockers: SubmissionBlocker[] = [];
  if (facts.isArchived) blockers.push("appArchived");
  if (facts.isPriceRequired && !facts.hasPrice) blockers.push("priceRequired");
  if (facts.isPreApprovalRequired && !facts.hasApprovedPreApproval)
    blockers.push("preApprovalRequired");
  const configured = facts.platforms.some((name) =>
    (SUBMIT_PLATFORMS as readonly string[]).includes(name),
  );
  if (!configured && facts.appType !== APP_TYPES.connector)
    blockers.push("platformConfigurationRequired");
  return blockers;
}

/** The blockers as a refusal's `errors`. */
export function blockerErrors(blockers: readonly SubmissionBlocker[]): SubmissionErrors {
  return Object.fromEntries(blockers.map((blocker) => [BLOCKER_FIELDS[blocker], blocker]));
}

// ---------------------------------------------------------------------------
// Forms
// ---------------------------------------------------------------------------

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

function requiredWithin(errors: SubmissionErrors, field: string, value: unknown, max: number) {
  const v = text(value);
  if (!v) errors[field] = "required";
  else if (v.length > max) errors[field] = "tooLong";
}

function withStorableText(
  errors: SubmissionErrors,
  texts: Record<string, unknown>,
): SubmissionErrors {
  for (const [field, value] of Object.entries(texts))
    if (typeof value === "string" && !isStorableText(value)) errors[field] = "invalidCharacters";
  return errors;
}

/** A phone number: digits, spaces, + - ( ) . and / only, with at least 6 digits. */
export function isPhoneNumber(value: string): boolean {
  const v = value.trim();
  return (
    /^[+\d\s().\-/]+$/.test(v) &&
    (v.match(/\d/g)?.length ?? 0) >= SUBMISSION_LIMITS.contactPhoneMinDigits
  );
}

/** The contact of a submit, or the requester of a pause request. */
function checkContact(
  errors: SubmissionErrors,
  fields: { name: string; email: string; phone: string },
  values: Record<string, unknown>,
) {
  requiredWithin(errors, fields.name, values[fields.name], SUBMISSION_LIMITS.contactNameMax);
  const email = text(values[fields.email]);
  if (!email) errors[fields.email] = "required";
  else if (email.length > SUBMISSION_LIMITS.contactEmailMax) errors[fields.email] = "tooLong";
  else if (!isEmail(email)) errors[fields.email] = "invalidEmail";
  const phone = text(values[fields.phone]);
  if (!phone) errors[fields.phone] = "required";
  else if (phone.length > SUBMISSION_LIMITS.contactPhoneMax) errors[fields.phone] = "tooLong";
  else if (!isPhoneNumber(phone)) errors[fields.phone] = "invalidPhone";
}

/**
 * The release date: a date and time the clock can read (`invalidDate` otherwise), not before
 * today (`releaseDateInPast`; the provider allows a day before now, so that today holds in
 * every time zone). Left out or empty: now.
 */
export function checkReleaseDate(
  value: string | null | undefined,
  now: Date = new Date(),
): SubmissionRuleCode | undefined {
  const v = text(value);
  if (!v) return undefined;
  const at = Date.parse(v);
  if (!/^\d{4}-\d{2}-\d{2}/.test(v) || Number.isNaN(at)) return "invalidDate";
  return at < now.getTime() - SUBMISSION_LIMITS.releaseDatePastToleranceMs
    ? "releaseDateInPast"
    : undefined;
}

export interface SubmissionValues {
  submissionNotes?: string | null;
  contactName?: string | null;
  contactEmail?: string | null;
  contactPhoneNumber?: string | null;
  releaseDateAndTime?: string | null;
}

/** Submit for review: contact name, email, phone and notes required; a valid release date not before today. */
export function validateSubmission(
  values: SubmissionValues,
  now: Date = new Date(),
): SubmissionErrors {
  const errors: SubmissionErrors = {};
  checkContact(
    errors,
    { name: "contactName", email: "contactEmail", phone: "contactPhoneNumber" },
    values as Record<string, unknown>,
  );
  requiredWithin(errors, "submissionNotes", values.submissionNotes, SUBMISSION_LIMITS.notesMax);
  const date = checkReleaseDate(values.releaseDateAndTime, now);
  if (date) errors.releaseDateAndTime = date;
  return withStorableText(errors, { ...values });
}

export interface StatusRequestValues {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  reason?: string | null;
}

/** Pause or unpause request: requester name, email, phone and reason all required. */
export function validateStatusRequest(values: StatusRequestValues): SubmissionErrors {
  const errors: SubmissionErrors = {};
  checkContact(
    errors,
    { name: "name", email: "email", phone: "phone" },
    values as Record<string, unknown>,
  );
  requiredWithin(errors, "reason", values.reason, SUBMISSION_LIMITS.notesMax);
  return withStorableText(errors, { ...values });
}

// ---------------------------------------------------------------------------
// Documents
// ---------------------------------------------------------------------------

/** What is known of a document: the `files` row (content type by content), or a file picked in the browser. */
export interface DocumentFacts {
  fileSize: number;
  /** By content on the provider; the console passes `application/pdf` when the first bytes are `%PDF-`. */
  contentType: string;
}

/** A PDF by its first bytes (`%PDF-`), for the console's check of a picked file. */
export function hasPdfSignature(bytes: Uint8Array): boolean {
  return bytes.length >= 5 && String.fromCharCode(...bytes.subarray(0, 5)) === "%PDF-";
}

export type DocumentRuleCode = Extract<
  SubmissionRuleCode,
  "noContent" | "mustBePdf" | "tooBig" | "totalTooBig" | "tooManyFiles"
>;

/** The first rule one document breaks, in the order empty -> type -> size. */
export function checkDocument(document: DocumentFacts): DocumentRuleCode | undefined {
  if (document.fileSize <= 0) return "noContent";
  if (document.contentType.trim().toLowerCase() !== PDF_CONTENT_TYPE) return "mustBePdf";
  if (document.fileSize > SUBMISSION_LIMITS.documentBytes) return "tooBig";
  return undefined;
}

/**
 * The supporting documents of a submission or pre-approval:
 * at most 10 (`documents`: tooManyFiles), each a non-empty PDF of at most 9 MB
 * (`documents.N`: noContent, mustBePdf, tooBig), together at most 80 MB (`documents`:
 * totalTooBig). `field` names the list (`documents`).
 */
export function checkDocuments(
  documents: readonly DocumentFacts[],
  field = "documents",
): Record<string, DocumentRuleCode> {
  const errors: Record<string, DocumentRuleCode> = {};
  documents.forEach((document, index) => {
    const code = checkDocument(document);
    if (code) errors[`${field}.${index}`] = code;
  });
  if (documents.length > SUBMISSION_LIMITS.documentsMax) errors[field] = "tooManyFiles";
  else if (
    documents.reduce((sum, d) => sum + Math.max(0, d.fileSize), 0) >
    SUBMISSION_LIMITS.documentsTotalBytes
  )
    errors[field] = "totalTooBig";
  return errors;
}
