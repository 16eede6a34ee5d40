/**
 * What the forms of the platform schema editor share, in the browser and on the server
 * (no zod here): wording a rule code of the contract (app/api/schema/codes.ts) next to its
 * field, the endpoint URL fields' values, and the tabs to mark '!'. How a post is read and
 * refused is platform-fields.server.ts.
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
import type { TFunction } from "i18next";
import { JSON_LIMITS } from "~/api/json-limits";
import type { SchemaErrors } from "~/api/schema/codes";
import type { PlatformLimitCode } from "~/api/schema/json";
import { FUNCTION_LIMITS, listLimitOf, SCHEMA_LIMITS, textLimitOf } from "~/api/schema/limits";
import type { EndpointUrl } from "~/api/schema/schemas";
import { ENVIRONMENTS } from "~/api/schema/values";

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
export function platformRuleMessage(
  t: TFunction,
  code: string,
  name: string,
  values: { minimum?: string } = {},
): string {
  // A part with no label of its own (a path the provider named) is named by its path.
  const field = t(labelKey(name), { defaultValue: name });
  const minimum = code === "minimumVersionIs" ? { minimum: values.minimum ?? "" } : {};
  const max =
    code === "tooMany"
      ? listLimitOf(name)
      : code === "tooLarge"
        ? SCHEMA_LIMITS.documentMax
        : limitOf(name);
  return t(`platform:errors.${code}`, {
    field,
    max,
    ...minimum,
    defaultValue: t("platform:errors.invalid", { field }),
  });
}

/** The limit of a whole-document limit code, for `{{max}}`. */
export function platformLimitMax(code: PlatformLimitCode): number {
  return code === "tooDeep"
    ? JSON_LIMITS.depthMax
    : code === "tooManyFunctions"
      ? SCHEMA_LIMITS.functionsMax
      : JSON_LIMITS.textMax;
}

/** A JSON text over the JSON limits (tooDeep, tooLarge: app/api/json-limits.ts) or a platform of too many functions, in the user's words. */
export function jsonLimitMessage(t: TFunction, code: PlatformLimitCode, name: string): string {
  return t(`platform:errors.${code}`, { field: t(labelKey(name)), max: platformLimitMax(code) });
}

/** The endpoint URL fields' values of a list of endpoints (each environment's URL, "" when it has none). */
export const endpointDefaults = (urls: readonly EndpointUrl[] | undefined) =>
  Object.fromEntries(
    ENVIRONMENTS.map((env) => [env, urls?.find((entry) => entry.env === env)?.url ?? ""]),
  );

/** The tabs of a dialog that hold a field with an error (for the '!' on their labels), in the dialog's order. */
export function tabsWithErrors<Tab extends string>(
  tabs: readonly Tab[],
  tabOf: (name: string) => Tab,
  errorNames: Iterable<string>,
): Tab[] {
  const marked = new Set([...errorNames].map(tabOf));
  return tabs.filter((tab) => marked.has(tab));
}

/** An operation's refusal (rule codes by field, app/lib/platform/locations.ts) as conform's field errors for `submission.reply({ fieldErrors })`. */
export function outcomeErrors(t: TFunction, errors: SchemaErrors): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(errors).map(([name, code]) => [name, [platformRuleMessage(t, code, name)]]),
  );
}
