/**
 * The forms of the review lifecycle, what the browser and the action share
 * of them, with no zod and no date library: the contract's rules worded in the page's
 * language. The action's zod schemas (review.server.ts) and the browser's check (conform's
 * onValidate with `checkForm`) both call the checks here, so a field reads the same on both
 * sides:
 *
 * - submit for review / resubmit: the contact and notes (`checkSubmitContact`); the release
 *   date is submit.ts's (it needs date-fns, which the pre-approval page does not load);
 * - pause or unpause request: requester name, email, phone and reason, all required
 *   (`checkPause`);
 * - pre-approval: a version (a non-live major version of the group, from `versionMajorIds`)
 *   and additional information, both 'Mandatory field', the information at most 3,000
 *   characters; the supporting documents (ids of uploaded PDFs) may be several
 *   (`checkPreApproval`).
 *
 * Messages come from the `review` namespace; `t` is i18next's (or a fixed one on the server).
 */
import type { TFunction } from "i18next";
import { PRE_APPROVAL_LIMITS, validatePreApproval } from "~/api/approvals/rules";
import {
  SUBMISSION_LIMITS,
  validateStatusRequest,
  validateSubmission,
} from "~/api/submissions/rules";

/** Limits of the review forms' texts: the contract's. */
export const REVIEW_LIMITS = {
  nameMax: SUBMISSION_LIMITS.contactNameMax,
  emailMax: SUBMISSION_LIMITS.contactEmailMax,
  phoneMax: SUBMISSION_LIMITS.contactPhoneMax,
  notesMax: SUBMISSION_LIMITS.notesMax,
  preApprovalNotesMax: PRE_APPROVAL_LIMITS.notesMax,
  documentsMax: SUBMISSION_LIMITS.documentsMax,
} as const;

/** Texts as the forms send them: line breaks as \n, trimmed. */
export const clean = (value: string | undefined) => (value ?? "").replace(/\r\n?/g, "\n").trim();

/** Each field's messages by field name, as a form's check answers them. */
export type FieldMessages<Field extends string> = Partial<Record<Field, string>>;

/**
 * The message of a rule code of the submission and pre-approval rules (the contract's
 * `validateSubmission`, `validateStatusRequest`, `validatePreApproval`, or the API's refusal)
 * for a field of `label`; undefined for a code that is not a field rule.
 */
export function reviewRuleMessage(
  t: TFunction,
  language: string,
  code: string,
  label: string,
  options: { max?: number; mandatory?: boolean } = {},
) {
  const field = label;
  switch (code) {
    case "required":
      return options.mandatory
        ? t("review:errors.mandatory")
        : t("review:errors.required", { field });
    case "tooLong":
      return t("review:errors.tooLong", {
        field,
        max: new Intl.NumberFormat(language).format(options.max ?? 0),
      });
    case "invalidCharacters":
      return t("review:errors.invalidCharacters", { field });
    case "invalidEmail":
      return t("review:errors.invalidEmail");
    case "invalidPhone":
      return t("review:errors.invalidPhone", { field });
    case "versionNotFound":
    case "versionMajorLive":
      return t("review:errors.unknownVersion");
    default:
      return undefined;
  }
}

/** The messages of the contact and text rules a request breaks (`errors` by the contract's rule functions). */
function contactMessages<Field extends string>(
  t: TFunction,
  language: string,
  errors: Record<string, string>,
  max: Record<Field, number>,
  label: (field: Field) => string,
) {
  const messages: FieldMessages<Field> = {};
  for (const [field, code] of Object.entries(errors)) {
    if (!(field in max)) continue;
    const name = field as Field;
    messages[name] =
      reviewRuleMessage(t, language, code, label(name), { max: max[name] }) ??
      t("review:errors.required", { field: label(name) });
  }
  return messages;
}

/** The check of a request's texts (those `max` names): cleaned, and the messages of the rules they break (`validate`, the contract's). */
function textsCheck<Field extends string>(
  max: Record<Field, number>,
  validate: (value: Record<Field, string>) => Record<string, string>,
  labels: string,
) {
  return (t: TFunction, language: string, input: Partial<Record<string, string>>) => {
    const value = Object.fromEntries(
      (Object.keys(max) as Field[]).map((field) => [field, clean(input[field])]),
    ) as Record<Field, string>;
    const errors = contactMessages(t, language, validate(value), max, (field) =>
      t(`${labels}.${field}`),
    );
    return { value, errors };
  };
}

// ---------------------------------------------------------------------------
// Submit for review
// ---------------------------------------------------------------------------

export const SUBMIT_FIELDS = [
  "contactName",
  "contactEmail",
  "contactPhoneNumber",
  "releaseDate",
  "submissionNotes",
  "isBeta",
] as const;
export type SubmitField = (typeof SUBMIT_FIELDS)[number];

export interface SubmitContext {
  /** Today, in the console's time (the earliest release date). */
  today: Date;
  /** A first submit (Sandbox) offers the beta box; a resubmit or a submit to live does not. */
  allowBeta: boolean;
}

/** The submit form's contact and notes, cleaned, and the messages of the rules they break (`validateSubmission`). */
export const checkSubmitContact = textsCheck<Exclude<SubmitField, "releaseDate" | "isBeta">>(
  {
    contactName: REVIEW_LIMITS.nameMax,
    contactEmail: REVIEW_LIMITS.emailMax,
    contactPhoneNumber: REVIEW_LIMITS.phoneMax,
    submissionNotes: REVIEW_LIMITS.notesMax,
  },
  validateSubmission,
  "review:submit.fields",
);

// ---------------------------------------------------------------------------
// An archived app
// ---------------------------------------------------------------------------

/** The version actions that need a current app (not archived): each asks to unarchive first. */
export const NEEDS_CURRENT_APP = [
  "submit",
  "submitToLive",
  "resubmit",
  "pushToLive",
  "pushToBeta",
  "rollbackToBeta",
  "unpause",
] as const;

/**
 * What the unarchive-first question continues with (its `then`), and the dialog it opens
 * again: `submit:{id}` (`?submit=`), `pause:{id}` (`?pause=`, the unpause request) or
 * `confirm:{action}:{id}` (`?confirm={action}:{id}`).
 */
export function unarchiveThen(then: unknown): [param: string, value: string] | null {
  if (typeof then !== "string") return null;
  const match =
    /^(?:(submit|pause)|confirm:(pushToLive|pushToBeta|rollbackToBeta)):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(
      then,
    );
  if (!match) return null;
  const [, param, action, id] = match;
  return param ? [param, id] : ["confirm", `${action}:${id}`];
}

// ---------------------------------------------------------------------------
// Pause or unpause request
// ---------------------------------------------------------------------------

export const PAUSE_FIELDS = ["name", "email", "phone", "reason"] as const;
export type PauseField = (typeof PAUSE_FIELDS)[number];

/** The request, cleaned, and the messages of the rules it breaks (`validateStatusRequest`). */
export const checkPause = textsCheck<PauseField>(
  {
    name: REVIEW_LIMITS.nameMax,
    email: REVIEW_LIMITS.emailMax,
    phone: REVIEW_LIMITS.phoneMax,
    reason: REVIEW_LIMITS.notesMax,
  },
  validateStatusRequest,
  "review:pause.fields",
);

// ---------------------------------------------------------------------------
// Pre-approval
// ---------------------------------------------------------------------------

/** The pre-approval form's file input (several PDFs): the page reads its parts itself. */
export const FILES_FIELD = "files";

export const PRE_APPROVAL_FIELDS = ["versionMajorId", "submissionNotes", "documents"] as const;
export type PreApprovalField = (typeof PRE_APPROVAL_FIELDS)[number];

export interface PreApprovalContext {
  /** The versions that may be pre-approved: the group's non-live major versions. */
  versionMajorIds: readonly string[];
}

/**
 * The pre-approval, cleaned, and the messages of the rules it breaks (`validatePreApproval`, a
 * version of the list; documents: ids of uploaded documents, once each, at most ten).
 */
export function checkPreApproval(
  t: TFunction,
  language: string,
  input: { versionMajorId?: string; submissionNotes?: string; documents?: readonly string[] },
  context: PreApprovalContext,
) {
  const label = (field: PreApprovalField) => t(`review:preApproval.fields.${field}`);
  const value = {
    versionMajorId: clean(input.versionMajorId),
    submissionNotes: clean(input.submissionNotes),
  };
  const messages: FieldMessages<PreApprovalField> = {};
  const codes = validatePreApproval(value);
  if (!codes.versionMajorId && !context.versionMajorIds.includes(value.versionMajorId))
    codes.versionMajorId = "versionNotFound";
  for (const [field, code] of Object.entries(codes)) {
    if (field !== "versionMajorId" && field !== "submissionNotes") continue;
    messages[field] =
      reviewRuleMessage(t, language, code, label(field), {
        max: REVIEW_LIMITS.preApprovalNotesMax,
        mandatory: true,
      }) ?? t("review:errors.mandatory");
  }
  const documents = [...new Set((input.documents ?? []).map((id) => id.trim()).filter(Boolean))];
  if (documents.some((id) => !/^[\w-]{1,100}$/.test(id)))
    messages.documents = t("review:errors.documentsInvalid");
  else if (documents.length > REVIEW_LIMITS.documentsMax)
    messages.documents = t("review:documents.errors.tooMany", {
      count: REVIEW_LIMITS.documentsMax,
    });
  return { value: { ...value, documents }, errors: messages };
}
