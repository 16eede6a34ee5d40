/**
 * What the forms of the platform schema editor share (app/forms/platform-*.ts): reading the
 * values conform hands over (a text, a checkbox, a list of ticked boxes, the four endpoint
 * URLs), refusing a value that is not one (a field sent twice, a file), and wording a rule
 * code of the contract (app/api/schema/rules.ts) next to its field.
 *
 * Messages come from the `platform` namespace:
 * - `platform:errors.{code}` for every code of SCHEMA_RULE_CODES, with `{{field}}` (the
 *   field's label), `{{max}}` (a length or count limit) and `{{minimum}}` (the minimum
 *   desktop version); `platform:errors.notText` for a value that is not one piece of text;
 *   `platform:errors.tooDeep` and `tooLarge` with the JSON limits for a JSON text (`jsonLimitMessage`);
 * - `platform:fields.{name}` for the label of each field, `name` being the form field's name
 *   without list indexes (`urls.dev`, `window.width`, `exceptions.url`,
 *   `visibility.supportedDesktopVersions.min`).
 */
import * as z from "zod";
import { isStorableText } from "~/api/common";
import { JSON_LIMITS } from "~/api/json-limits";
import { FUNCTION_LIMITS, listLimitOf, SCHEMA_LIMITS, textLimitOf, type PlatformLimitCode, type SchemaErrors } from "~/api/schema/rules";
import { ENVIRONMENTS, type EndpointUrl } from "~/api/schema/schemas";
import { lineBreaks, type Translate } from "./app-editor";

/** The label key of a field: its name without list indexes (`exceptions[2].url` is `exceptions.url`). */
export const labelKey = (name: string) => `platform:fields.${name.replace(/\[\d+\]/g, "")}`;

/** The length limit of a field, for `{{max}}`. */
function limitOf(name: string): number {
  if (name === "description") return FUNCTION_LIMITS.descriptionMax;
  if (name.includes("DesktopVersions")) return FUNCTION_LIMITS.desktopVersionMax;
  if (name === "label") return FUNCTION_LIMITS.labelMax;
  return name === "name" ? FUNCTION_LIMITS.nameMax : textLimitOf(name);
}

/** A rule code broken by a field, in the user's words. */
export function platformRuleMessage(t: Translate, code: string, name: string, values: { minimum?: string } = {}): string {
  // A part with no label of its own (a path the provider named) is named by its path.
  const field = t(labelKey(name), { defaultValue: name });
  const minimum = code === "minimumVersionIs" ? { minimum: values.minimum ?? "" } : {};
  const max = code === "tooMany" ? listLimitOf(name) : code === "tooLarge" ? SCHEMA_LIMITS.documentMax : limitOf(name);
  return t(`platform:errors.${code}`, { field, max, ...minimum, defaultValue: t("platform:errors.invalid", { field }) });
}

/** The limit of a whole-document limit code, for `{{max}}`. */
export function platformLimitMax(code: PlatformLimitCode): number {
  return code === "tooDeep" ? JSON_LIMITS.depthMax : code === "tooManyFunctions" ? SCHEMA_LIMITS.functionsMax : JSON_LIMITS.textMax;
}

/** A JSON text over the JSON limits (tooDeep, tooLarge: app/api/json-limits.ts) or a platform of too many functions, in the user's words. */
export function jsonLimitMessage(t: Translate, code: PlatformLimitCode, name: string): string {
  return t(`platform:errors.${code}`, { field: t(labelKey(name)), max: platformLimitMax(code) });
}

/** A form value that must be one piece of text (absent is fine): a field sent twice or a file is refused. */
export const oneText = (t: Translate, name: string) => z.string({ message: t("platform:errors.notText", { field: t(labelKey(name)) }) }).optional();

/** Ticked boxes of one name: none, one text or several texts. */
export const ticked = (t: Translate, name: string) =>
  z.union([z.string(), z.array(z.string())], { message: t("platform:errors.notText", { field: t(labelKey(name)) }) }).optional();

/** The values of `ticked`, each trimmed, blanks and repeats left out. */
export function tickedValues(value: string | string[] | undefined): string[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return [...new Set(list.map((entry) => entry.trim()).filter(Boolean))];
}

/** A checkbox: ticked when sent at all (browsers send `on`). */
export const checkbox = () => z.unknown().optional().transform((value) => value !== undefined && value !== null && value !== "");

/** Trimmed text with the line breaks of a textarea as LF; empty when absent. */
export const cleanText = (value: string | undefined) => lineBreaks(value).trim();

/** The four endpoint URL fields (`urls.dev`...). */
export const endpointFields = (t: Translate) => z.object(Object.fromEntries(ENVIRONMENTS.map((env) => [env, oneText(t, `urls.${env}`)]))).partial().optional();

/** The endpoint URLs as the document holds them: the ones given, trimmed, in environment order. */
export function endpointUrls(value: Partial<Record<string, string | undefined>> | undefined): EndpointUrl[] {
  return ENVIRONMENTS.flatMap((env) => {
    const url = cleanText(value?.[env]);
    return url ? [{ env, url }] : [];
  });
}

/** The endpoint URL fields' values of a list of endpoints (each environment's URL, "" when it has none). */
export const endpointDefaults = (urls: readonly EndpointUrl[] | undefined) =>
  Object.fromEntries(ENVIRONMENTS.map((env) => [env, urls?.find((entry) => entry.env === env)?.url ?? ""]));

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
  t: Translate,
  errors: SchemaErrors,
  options: { nameOf?: (path: string) => string | undefined; minimum?: string } = {},
) {
  for (const [path, code] of Object.entries(errors)) {
    const name = options.nameOf ? options.nameOf(path) : path;
    if (name === undefined) continue;
    ctx.addIssue({ code: "custom", path: pathOf(name), message: platformRuleMessage(t, code, name, { minimum: options.minimum }) });
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
export function refuseUnstorable(ctx: z.RefinementCtx, t: Translate, name: string, value: string | undefined): boolean {
  if (value === undefined || isStorableText(value)) return false;
  ctx.addIssue({ code: "custom", path: pathOf(name), message: t("platform:errors.invalidCharacters", { field: t(labelKey(name)) }) });
  return true;
}

/** Refuses a value the form does not offer, on the field `name`. */
export function refuseInvalid(ctx: z.RefinementCtx, t: Translate, name: string) {
  ctx.addIssue({ code: "custom", path: pathOf(name), message: t("platform:errors.invalid", { field: t(labelKey(name)) }) });
}

/** A choice of a select: the trimmed value ("" when blank), or undefined when it is not one of `allowed` (refused on `name`). */
export function choiceOf(ctx: z.RefinementCtx, t: Translate, name: string, value: string | undefined, allowed: readonly (string | number)[]): string | undefined {
  const text = cleanText(value);
  if (!text || allowed.map(String).includes(text)) return text;
  refuseInvalid(ctx, t, name);
  return undefined;
}

/** The tabs of a dialog that hold a field with an error (for the '!' on their labels), in the dialog's order. */
export function tabsWithErrors<Tab extends string>(tabs: readonly Tab[], tabOf: (name: string) => Tab, errorNames: Iterable<string>): Tab[] {
  const marked = new Set([...errorNames].map(tabOf));
  return tabs.filter((tab) => marked.has(tab));
}

/** An operation's refusal (rule codes by field, app/lib/platform/operations.ts) as conform's field errors for `submission.reply({ fieldErrors })`. */
export function outcomeErrors(t: Translate, errors: SchemaErrors): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).map(([name, code]) => [name, [platformRuleMessage(t, code, name)]]));
}
