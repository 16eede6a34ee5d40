/**
 * The action's zod schemas of the review forms (the rules and their messages: review.ts and
 * submit.ts, which the browser runs too). Each field must be one piece of text; the form's
 * check then gives each failing field its message.
 */
import type { TFunction } from "i18next";
import * as z from "zod";
import {
  checkPause,
  checkPreApproval,
  type FieldMessages,
  PAUSE_FIELDS,
  type PreApprovalContext,
  SUBMIT_FIELDS,
  type SubmitContext,
} from "./review";
import { checkSubmit } from "./submit";

/** A form value that must be one piece of text: a repeated field or a file is refused. */
const oneText = (message: string) => z.string({ message }).optional();

/** One optional text per field, each refusing anything else with `notText`. */
const texts = <Field extends string>(fields: readonly Field[], notText: (field: Field) => string) =>
  z.object(
    Object.fromEntries(fields.map((field) => [field, oneText(notText(field))])) as Record<
      Field,
      ReturnType<typeof oneText>
    >,
  );

/** The messages of a form's check as the schema's issues. */
function addIssues(ctx: z.RefinementCtx, messages: FieldMessages<string>) {
  for (const [path, message] of Object.entries(messages))
    if (message) ctx.addIssue({ code: "custom", path: [path], message });
}

export function submitSchema(t: TFunction, language: string, context: SubmitContext) {
  const notText = (field: string) =>
    t("review:errors.notText", { field: t(`review:submit.fields.${field}`) });
  return texts(SUBMIT_FIELDS, notText).transform((input, ctx) => {
    const { value, errors } = checkSubmit(t, language, input, context);
    addIssues(ctx, errors);
    return value;
  });
}
export type SubmitValue = z.output<ReturnType<typeof submitSchema>>;

export function pauseSchema(t: TFunction, language: string) {
  const notText = (field: string) =>
    t("review:errors.notText", { field: t(`review:pause.fields.${field}`) });
  return texts(PAUSE_FIELDS, notText).transform((input, ctx) => {
    const { value, errors } = checkPause(t, language, input);
    addIssues(ctx, errors);
    return value;
  });
}
export type PauseValue = z.output<ReturnType<typeof pauseSchema>>;

export function preApprovalSchema(t: TFunction, language: string, context: PreApprovalContext) {
  const notText = (field: string) =>
    t("review:errors.notText", { field: t(`review:preApproval.fields.${field}`) });
  return z
    .object({
      versionMajorId: oneText(notText("versionMajorId")),
      submissionNotes: oneText(notText("submissionNotes")),
      // Ids of documents uploaded already (kept when the form comes back with errors).
      documents: z
        .union([z.string(), z.array(z.string())], { message: t("review:errors.documentsInvalid") })
        .optional()
        .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
    })
    .transform((input, ctx) => {
      const { value, errors } = checkPreApproval(t, language, input, context);
      addIssues(ctx, errors);
      return value;
    });
}
export type PreApprovalValue = z.output<ReturnType<typeof preApprovalSchema>>;
