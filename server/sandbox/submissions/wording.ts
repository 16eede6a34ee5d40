/**
 * How the API words the rules of submissions and pre-approvals in English, in the `detail` of
 * a refusal (its `errors` carry the rule codes, which the console words in the user's language).
 */
import { type ApprovalRuleCode, PRE_APPROVAL_LIMITS } from "~/api/approvals/rules";
import { INVALID_CHARACTERS } from "~/api/common";
import { SUBMISSION_LIMITS, type SubmissionRuleCode } from "~/api/submissions/rules";
import { ApiError } from "../http/errors";

const MB = 1024 * 1024;

export const REVIEW_MESSAGES: Record<SubmissionRuleCode | ApprovalRuleCode, string> = {
  required: "is required",
  tooLong: "is too long",
  invalidCharacters: INVALID_CHARACTERS.message,
  invalidEmail: "Invalid email address",
  invalidPhone: `must be a phone number of at least ${SUBMISSION_LIMITS.contactPhoneMinDigits} digits`,
  invalidDate: "must be a valid date and time (yyyy-mm-dd, with a time if wanted)",
  releaseDateInPast: "must be today or later",
  instanceNotFound: "must be a sandbox account of your company",
  documentNotFound: "must be a document uploaded by your company (POST files?fileType=0)",
  duplicateDocument: "names a document already in the list",
  noContent: "File has no content",
  mustBePdf: "File type must be .PDF",
  tooBig: `Your file is too big: at most ${SUBMISSION_LIMITS.documentBytes / MB} MB`,
  totalTooBig: `Total file size exceeds ${SUBMISSION_LIMITS.documentsTotalBytes / MB}MB`,
  tooManyFiles: `Maximum ${SUBMISSION_LIMITS.documentsMax} file(s) allowed`,
  appArchived: "The app is archived: unarchive it first.",
  priceRequired: "Unable to submit: a price is required and none is set.",
  preApprovalRequired: "A pre-approval needs to be submitted and approved beforehand.",
  platformConfigurationRequired: "Please create platform configuration: desktop, web or reporting.",
  actionNotAllowed: "The version's status does not allow this action.",
  requestOpen: "A request for this version is already waiting for the provider's decision.",
  versionNotFound: "must be a version of this app",
  versionMajorLive: "must be a major version that is not live",
  preApprovalExists: "A pre-approval of this app is already pending or approved.",
  preApprovalNotPending: "Only a pending pre-approval can be withdrawn.",
};

/** The length limit of a field of these forms, for `tooLong`. */
const limitOf = (field: string) =>
  field === "contactName" || field === "name"
    ? SUBMISSION_LIMITS.contactNameMax
    : field === "contactEmail" || field === "email"
      ? SUBMISSION_LIMITS.contactEmailMax
      : field === "contactPhoneNumber" || field === "phone"
        ? SUBMISSION_LIMITS.contactPhoneMax
        : Math.max(SUBMISSION_LIMITS.notesMax, PRE_APPROVAL_LIMITS.notesMax);

export function reviewMessage(field: string, code: string): string {
  if (code === "tooLong") return `must be at most ${limitOf(field)} characters`;
  return REVIEW_MESSAGES[code as SubmissionRuleCode] ?? code;
}

/** A refusal (400 for fields, 409 for state) naming the first failing field in words, with every field's rule code. */
export function refuse(errors: Record<string, string>, status: 400 | 409 = 400): never {
  const [field, code] = Object.entries(errors)[0];
  const words = reviewMessage(field, code);
  throw new ApiError(status, status === 409 ? words : `${field}: ${words}`, { field, errors });
}

/** A 409 of the status table: the version's status does not allow the action. */
export function notAllowed(action: string, status: string): never {
  throw new ApiError(409, `A version in status ${status} does not allow ${action}.`, {
    field: "statusCode",
    errors: { statusCode: "actionNotAllowed" },
  });
}
