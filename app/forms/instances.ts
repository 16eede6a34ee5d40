/**
 * The sandbox account forms and the contract's rules
 * (app/api/instances/rules.ts) in the user's words, zod-free: the browser checks a form with
 * them, the action with the schema built on them (./instances.server.ts).
 *
 * - new credentials: staging or live, a country with an environment of that sandbox (its
 *   firm type one of the country's product variants, 1 by default), first and last name,
 *   email, password and its confirmation;
 * - import: a token that decodes (`invalidToken` otherwise);
 * - every text field one piece of text (`notText` when sent twice or as a file), with nothing
 *   the provider cannot store (`invalidCharacters`);
 * - configuration: each app's switch, status and service environment, and the two options.
 *
 * Messages come from the `instances` namespace.
 */
import type { TFunction } from "i18next";
import {
  DEFAULT_FIRM_TYPE,
  decodeImportToken,
  type ImportValues,
  validateNewInstance,
} from "~/api/instances/rules";

export const SANDBOXES = ["staging", "live"] as const;
export type SandboxChoice = (typeof SANDBOXES)[number];

/** The console's fields of new credentials, in the order of the form. */
export const NEW_FIELDS = [
  "sandbox",
  "countryCode",
  "firmType",
  "firstName",
  "lastName",
  "email",
  "password",
  "confirmPassword",
] as const;
export type NewField = (typeof NEW_FIELDS)[number];

/** The API's field of a rule code, as the form names it. */
export const formFieldOf = (apiField: string): string =>
  apiField === "leapEnvironmentsId" || apiField === "leapEnvType" ? "countryCode" : apiField;

export interface CountryOption {
  code: string;
  environmentId: number;
  variants: { firmType: number }[];
}

/** The message of a rule code for a field. */
export function instanceRuleMessage(t: TFunction, code: string, field: string): string {
  return t(`instances:errors.${code}`, {
    field: t(`instances:fields.${field}`, { defaultValue: field }),
    defaultValue: t("instances:errors.invalid"),
  });
}

/** The value of a field as typed, when it is one piece of text (the action refuses any other, named). */
const textOf = (value: unknown) => (typeof value === "string" ? value : undefined);

/**
 * New credentials read and checked: their problems by field in the user's words, else
 * `{ sandbox, body }`, the body as POST leapinstances takes it (the environment of the chosen
 * country and sandbox, the firm type of its variants or 1).
 */
export function readNewCredentials(
  t: TFunction,
  values: Record<string, unknown>,
  choices: Record<SandboxChoice, readonly CountryOption[]>,
) {
  const value = Object.fromEntries(
    NEW_FIELDS.map((field) => [field, textOf(values[field])]),
  ) as Record<NewField, string | undefined>;
  const sandbox = SANDBOXES.find((s) => s === value.sandbox);
  if (!sandbox) return { errors: { sandbox: instanceRuleMessage(t, "required", "sandbox") } };
  const country = choices[sandbox].find((c) => c.code === value.countryCode);
  const firmType = value.firmType ? Number(value.firmType) : DEFAULT_FIRM_TYPE;
  const body = {
    firstName: value.firstName?.trim() ?? "",
    lastName: value.lastName?.trim() ?? "",
    email: value.email?.trim() ?? "",
    password: value.password ?? "",
    leapEnvironmentsId: country?.environmentId ?? null,
    firmType,
  };
  const codes: Record<string, string> = {
    ...validateNewInstance({ ...body, confirmPassword: value.confirmPassword ?? "" }),
  };
  const allowed =
    country && country.variants.length > 0
      ? country.variants.map((v) => v.firmType)
      : [DEFAULT_FIRM_TYPE];
  if (country && !allowed.includes(firmType)) codes.firmType = "invalidFirmType";
  const errors = Object.fromEntries(
    Object.entries(codes).map(([field, code]) => [
      formFieldOf(field),
      instanceRuleMessage(t, code, formFieldOf(field)),
    ]),
  );
  return Object.keys(errors).length > 0 ? { errors } : { errors, value: { sandbox, body } };
}

/** An import token read: its problem in the user's words (`required`, `invalidToken`), else the payload as POST leapinstances/import takes it. */
export function readImportForm(
  t: TFunction,
  values: Record<string, unknown>,
): { error: string; payload?: undefined } | { error?: undefined; payload: ImportValues } {
  const token = textOf(values.token);
  if (!token?.trim()) return { error: instanceRuleMessage(t, "required", "token") };
  const decoded = decodeImportToken(token);
  return decoded.ok
    ? { payload: decoded.payload }
    : { error: instanceRuleMessage(t, "invalidToken", "token") };
}
