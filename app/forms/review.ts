/**
 * The forms of the review lifecycle (spec 01 section 5), one zod schema each for the browser
 * (conform's onValidate) and the action (parseWithZod):
 *
 * - submit for review / resubmit: contact name, email, phone and submission notes required;
 *   the release date defaults to today, may not be before today, is written and shown as
 *   d MMMM yyyy in the page's language (dd/MM/yyyy and yyyy-MM-dd are read too), anything
 *   else is an invalid date; the beta box only on a first submit (`allowBeta`);
 * - pause or unpause request: requester name, email, phone and reason, all required;
 * - pre-approval: a version (a non-live major version of the group, from `versions`) and
 *   additional information, both 'Mandatory field', the information at most 3,000
 *   characters; the supporting documents (ids of uploaded PDFs) may be several.
 *
 * Messages come from the `review` namespace; `t` is i18next's (or a fixed one on the server).
 */
import { format, isValid, parse, startOfDay } from "date-fns";
import { enAU, nl } from "date-fns/locale";
import * as z from "zod";
import { PRE_APPROVAL_LIMITS, validatePreApproval } from "~/api/approvals/rules";
import { isStorableText } from "~/api/common";
import { SUBMISSION_LIMITS, validateStatusRequest, validateSubmission } from "~/api/submissions/rules";
import type { Translate } from "./app-editor";

/** Limits of the review forms' texts: the contract's. */
export const REVIEW_LIMITS = {
  nameMax: SUBMISSION_LIMITS.contactNameMax,
  emailMax: SUBMISSION_LIMITS.contactEmailMax,
  phoneMax: SUBMISSION_LIMITS.contactPhoneMax,
  notesMax: SUBMISSION_LIMITS.notesMax,
  preApprovalNotesMax: PRE_APPROVAL_LIMITS.notesMax,
  documentsMax: SUBMISSION_LIMITS.documentsMax,
} as const;

/** The date format of the release date (spec 01 section 5). */
export const RELEASE_DATE_FORMAT = "d MMMM yyyy";

const LOCALES = { "en-AU": enAU, "nl-NL": nl } as const;
const localeOf = (language: string) => LOCALES[language as keyof typeof LOCALES] ?? enAU;

/** A day as the release date field shows it: `21 July 2026`, `21 juli 2026`. */
export function formatReleaseDate(date: Date, language: string): string {
  return format(date, RELEASE_DATE_FORMAT, { locale: localeOf(language) });
}

/** The formats the release date is read in, the shown one first. */
const READ_FORMATS = [RELEASE_DATE_FORMAT, "d MMM yyyy", "dd/MM/yyyy", "d/M/yyyy", "yyyy-MM-dd"];

/** The day a release date names (in the page's language or as digits); undefined when it names none. */
export function parseReleaseDate(value: string, language: string): Date | undefined {
  const text = value.trim().replace(/\s+/g, " ");
  if (!text) return undefined;
  for (const pattern of READ_FORMATS) {
    for (const locale of [localeOf(language), enAU]) {
      const date = parse(text, pattern, new Date(2000, 0, 1), { locale });
      if (isValid(date) && date.getFullYear() >= 1000 && date.getFullYear() <= 9999) return startOfDay(date);
    }
  }
  return undefined;
}

/** A form value that must be one piece of text: a repeated field or a file is refused. */
const oneText = (message: string) => z.string({ message }).optional();

type Ctx = z.RefinementCtx;
const issue = (ctx: Ctx, path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });

/** Texts as the forms send them: line breaks as \n, trimmed. */
const clean = (value: string | undefined) => (value ?? "").replace(/\r\n?/g, "\n").trim();

/**
 * The message of a rule code of the submission and pre-approval rules (the contract's
 * `validateSubmission`, `validateStatusRequest`, `validatePreApproval`, or the API's refusal)
 * for a field of `label`; undefined for a code that is not a field rule.
 */
export function reviewRuleMessage(t: Translate, language: string, code: string, label: string, options: { max?: number; mandatory?: boolean } = {}) {
  const field = label;
  switch (code) {
    case "required":
      return options.mandatory ? t("review:errors.mandatory") : t("review:errors.required", { field });
    case "tooLong":
      return t("review:errors.tooLong", { field, max: new Intl.NumberFormat(language).format(options.max ?? 0) });
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

// ---------------------------------------------------------------------------
// Submit for review
// ---------------------------------------------------------------------------

export const SUBMIT_FIELDS = ["contactName", "contactEmail", "contactPhoneNumber", "releaseDate", "submissionNotes", "isBeta"] as const;
export type SubmitField = (typeof SUBMIT_FIELDS)[number];

export interface SubmitContext {
  /** Today, in the console's time (the earliest release date). */
  today: Date;
  /** A first submit (Sandbox) offers the beta box; a resubmit or a submit to live does not. */
  allowBeta: boolean;
}

export function submitSchema(t: Translate, language: string, context: SubmitContext) {
  const label = (field: SubmitField) => t(`review:submit.fields.${field}`);
  const notText = (field: SubmitField) => t("review:errors.notText", { field: label(field) });
  return z
    .object({
      contactName: oneText(notText("contactName")),
      contactEmail: oneText(notText("contactEmail")),
      contactPhoneNumber: oneText(notText("contactPhoneNumber")),
      releaseDate: oneText(notText("releaseDate")),
      submissionNotes: oneText(notText("submissionNotes")),
      isBeta: oneText(notText("isBeta")),
    })
    .transform((value, ctx) => {
      const values = {
        contactName: clean(value.contactName),
        contactEmail: clean(value.contactEmail),
        contactPhoneNumber: clean(value.contactPhoneNumber),
        submissionNotes: clean(value.submissionNotes),
      };
      const max = { contactName: REVIEW_LIMITS.nameMax, contactEmail: REVIEW_LIMITS.emailMax, contactPhoneNumber: REVIEW_LIMITS.phoneMax, submissionNotes: REVIEW_LIMITS.notesMax };
      for (const [field, code] of Object.entries(validateSubmission(values))) {
        if (!(field in max)) continue;
        const name = field as keyof typeof max;
        issue(ctx, field, reviewRuleMessage(t, language, code, label(name), { max: max[name] }) ?? t("review:errors.required", { field: label(name) }));
      }
      const today = startOfDay(context.today);
      let releaseDate = today;
      const dateText = (value.releaseDate ?? "").trim();
      if (dateText) {
        const day = isStorableText(dateText) ? parseReleaseDate(dateText, language) : undefined;
        if (!day) issue(ctx, "releaseDate", t("review:errors.invalidDate", { example: formatReleaseDate(today, language) }));
        else if (day < today) issue(ctx, "releaseDate", t("review:errors.dateBeforeToday", { today: formatReleaseDate(today, language) }));
        else releaseDate = day;
      }
      return { ...values, releaseDate, isBeta: context.allowBeta && Boolean(value.isBeta) };
    });
}
export type SubmitValue = z.output<ReturnType<typeof submitSchema>>;

/**
 * The release date and time to send: now for today (spec: 'defaults to now'), else the start
 * of the chosen day.
 */
export function releaseDateAndTime(day: Date, now: Date): string {
  return (startOfDay(day).getTime() <= now.getTime() ? now : startOfDay(day)).toISOString();
}

// ---------------------------------------------------------------------------
// An archived app
// ---------------------------------------------------------------------------

/** The version actions that need a current app (not archived): each asks to unarchive first. */
export const NEEDS_CURRENT_APP = ["submit", "submitToLive", "resubmit", "pushToLive", "pushToBeta", "rollbackToBeta", "unpause"] as const;

/**
 * What the unarchive-first question continues with (its `then`), and the dialog it opens
 * again: `submit:{id}` (`?submit=`), `pause:{id}` (`?pause=`, the unpause request) or
 * `confirm:{action}:{id}` (`?confirm={action}:{id}`).
 */
export function unarchiveThen(then: unknown): [param: string, value: string] | null {
  if (typeof then !== "string") return null;
  const match = /^(?:(submit|pause)|confirm:(pushToLive|pushToBeta|rollbackToBeta)):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(then);
  if (!match) return null;
  const [, param, action, id] = match;
  return param ? [param, id] : ["confirm", `${action}:${id}`];
}

// ---------------------------------------------------------------------------
// Pause or unpause request
// ---------------------------------------------------------------------------

export const PAUSE_FIELDS = ["name", "email", "phone", "reason"] as const;
export type PauseField = (typeof PAUSE_FIELDS)[number];

export function pauseSchema(t: Translate, language: string) {
  const label = (field: PauseField) => t(`review:pause.fields.${field}`);
  const notText = (field: PauseField) => t("review:errors.notText", { field: label(field) });
  return z
    .object({
      name: oneText(notText("name")),
      email: oneText(notText("email")),
      phone: oneText(notText("phone")),
      reason: oneText(notText("reason")),
    })
    .transform((value, ctx) => {
      const values = { name: clean(value.name), email: clean(value.email), phone: clean(value.phone), reason: clean(value.reason) };
      const max = { name: REVIEW_LIMITS.nameMax, email: REVIEW_LIMITS.emailMax, phone: REVIEW_LIMITS.phoneMax, reason: REVIEW_LIMITS.notesMax };
      for (const [field, code] of Object.entries(validateStatusRequest(values))) {
        if (!(field in max)) continue;
        const name = field as PauseField;
        issue(ctx, field, reviewRuleMessage(t, language, code, label(name), { max: max[name] }) ?? t("review:errors.required", { field: label(name) }));
      }
      return values;
    });
}
export type PauseValue = z.output<ReturnType<typeof pauseSchema>>;

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

export function preApprovalSchema(t: Translate, language: string, context: PreApprovalContext) {
  const label = (field: PreApprovalField) => t(`review:preApproval.fields.${field}`);
  return z
    .object({
      versionMajorId: oneText(t("review:errors.notText", { field: label("versionMajorId") })),
      submissionNotes: oneText(t("review:errors.notText", { field: label("submissionNotes") })),
      // Ids of documents uploaded already (kept when the form comes back with errors).
      documents: z
        .union([z.string(), z.array(z.string())], { message: t("review:errors.documentsInvalid") })
        .optional()
        .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
    })
    .transform((value, ctx) => {
      const values = { versionMajorId: clean(value.versionMajorId), submissionNotes: clean(value.submissionNotes) };
      const errors = validatePreApproval(values);
      if (!errors.versionMajorId && !context.versionMajorIds.includes(values.versionMajorId)) errors.versionMajorId = "versionNotFound";
      for (const [field, code] of Object.entries(errors)) {
        if (field !== "versionMajorId" && field !== "submissionNotes") continue;
        const message = reviewRuleMessage(t, language, code, label(field), { max: REVIEW_LIMITS.preApprovalNotesMax, mandatory: true });
        issue(ctx, field, message ?? t("review:errors.mandatory"));
      }
      const documents = [...new Set(value.documents.map((id) => id.trim()).filter(Boolean))];
      if (documents.some((id) => !/^[\w-]{1,100}$/.test(id))) issue(ctx, "documents", t("review:errors.documentsInvalid"));
      else if (documents.length > REVIEW_LIMITS.documentsMax) {
        issue(ctx, "documents", t("review:documents.errors.tooMany", { count: REVIEW_LIMITS.documentsMax }));
      }
      return { ...values, documents };
    });
}
export type PreApprovalValue = z.output<ReturnType<typeof preApprovalSchema>>;
