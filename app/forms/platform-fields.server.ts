/**
 * How the forms of the platform schema editor read a post (their zod schemas,
 * app/forms/platform-*.server.ts): the values conform hands over (a text, a checkbox, a list
 * of ticked boxes, the four endpoint URLs), a value that is not one refused (a field sent
 * twice, a file), and the contract's refusals added on their fields in the words of
 * platform-common.ts. The server's alone: the browser leaves these checks to the action.
 */
import type { TFunction } from "i18next";
import * as z from "zod";
import type { SchemaErrors } from "~/api/schema/codes";
import type { EndpointUrl } from "~/api/schema/schemas";
import { ENVIRONMENTS } from "~/api/schema/values";
import { isStorableText } from "~/api/text";
import { lineBreaks } from "./app-editor";
import { labelKey, platformRuleMessage } from "./platform-common";

/** A form value that must be one piece of text (absent is fine): a field sent twice or a file is refused. */
export const oneText = (t: TFunction, name: string) =>
  z.string({ message: t("platform:errors.notText", { field: t(labelKey(name)) }) }).optional();

/** Ticked boxes of one name: none, one text or several texts. */
export const ticked = (t: TFunction, name: string) =>
  z
    .union([z.string(), z.array(z.string())], {
      message: t("platform:errors.notText", { field: t(labelKey(name)) }),
    })
    .optional();

/** The values of `ticked`, each trimmed, blanks and repeats left out. */
export function tickedValues(value: string | string[] | undefined): string[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return [...new Set(list.map((entry) => entry.trim()).filter(Boolean))];
}

/** A checkbox: ticked when sent at all (browsers send `on`). */
export const checkbox = () =>
  z
    .unknown()
    .optional()
    .transform((value) => value !== undefined && value !== null && value !== "");

/** Trimmed text with the line breaks of a textarea as LF; empty when absent. */
export const cleanText = (value: string | undefined) => lineBreaks(value).trim();

/** The four endpoint URL fields (`urls.dev`...). */
export const endpointFields = (t: TFunction) =>
  z
    .object(Object.fromEntries(ENVIRONMENTS.map((env) => [env, oneText(t, `urls.${env}`)])))
    .partial()
    .optional();

/** The endpoint URLs as the document holds them: the ones given, trimmed, in environment order. */
export function endpointUrls(
  value: Partial<Record<string, string | undefined>> | undefined,
): EndpointUrl[] {
  return ENVIRONMENTS.flatMap((env) => {
    const url = cleanText(value?.[env]);
    return url ? [{ env, url }] : [];
  });
}

/** A whole number typed in a field: undefined when blank, NaN when it is not one. */
export function wholeNumberOf(value: string | undefined): number | undefined {
  const text = cleanText(value);
  if (!text) return undefined;
  return /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * Adds the contract's refusals to a form's issues: `errors` by the rule's path, `nameOf`
 * turning a rule's path into the form field's (the same by default).
 */
export function addRuleIssues(
  ctx: z.RefinementCtx,
  t: TFunction,
  errors: SchemaErrors,
  options: { nameOf?: (path: string) => string | undefined; minimum?: string } = {},
) {
  for (const [path, code] of Object.entries(errors)) {
    const name = options.nameOf ? options.nameOf(path) : path;
    if (name === undefined) continue;
    ctx.addIssue({
      code: "custom",
      path: pathOf(name),
      message: platformRuleMessage(t, code, name, { minimum: options.minimum }),
    });
  }
}

/** A field name as an issue path: `exceptions[0].url` is ["exceptions", 0, "url"]. */
export function pathOf(name: string): (string | number)[] {
  return name.split(/\.|\[(\d+)\]\.?/).flatMap((part, index): (string | number)[] => {
    if (part === undefined || part === "") return [];
    return /^\d+$/.test(part) && index % 2 === 1 ? [Number(part)] : [part];
  });
}

/** Refuses text the database cannot store, on the field `name`; true when it was refused. */
export function refuseUnstorable(
  ctx: z.RefinementCtx,
  t: TFunction,
  name: string,
  value: string | undefined,
): boolean {
  if (value === undefined || isStorableText(value)) return false;
  ctx.addIssue({
    code: "custom",
    path: pathOf(name),
    message: t("platform:errors.invalidCharacters", { field: t(labelKey(name)) }),
  });
  return true;
}

/** Refuses a value the form does not offer, on the field `name`. */
export function refuseInvalid(ctx: z.RefinementCtx, t: TFunction, name: string) {
  ctx.addIssue({
    code: "custom",
    path: pathOf(name),
    message: t("platform:errors.invalid", { field: t(labelKey(name)) }),
  });
}

/** A choice of a select: the trimmed value ("" when blank), or undefined when it is not one of `allowed` (refused on `name`). */
export function choiceOf(
  ctx: z.RefinementCtx,
  t: TFunction,
  name: string,
  value: string | undefined,
  allowed: readonly (string | number)[],
): string | undefined {
  const text = cleanText(value);
  if (!text || allowed.map(String).includes(text)) return text;
  refuseInvalid(ctx, t, name);
  return undefined;
}
