/**
 * The sandbox account forms (spec 02 sections 2.2, 4.2 and 5.3), one zod schema each for the
 * browser (conform's onValidate) and the action (parseWithZod), holding the contract's rules
 * (app/api/instances/rules.ts):
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
import * as z from "zod";
import { APP_ENDPOINTS, APP_STATUS_CODES, DEFAULT_FIRM_TYPE, decodeImportToken, normalizeConfiguration, validateNewInstance } from "~/api/instances/rules";
import { isStorableText } from "~/api/common";
import type { Translate } from "./app-editor";

export const SANDBOXES = ["staging", "live"] as const;
export type SandboxChoice = (typeof SANDBOXES)[number];

/** The console's fields of new credentials, in the order of the form. */
export const NEW_FIELDS = ["sandbox", "countryCode", "firmType", "firstName", "lastName", "email", "password", "confirmPassword"] as const;
export type NewField = (typeof NEW_FIELDS)[number];

/** The API's field of a rule code, as the form names it. */
export const formFieldOf = (apiField: string): string => (apiField === "leapEnvironmentsId" || apiField === "leapEnvType" ? "countryCode" : apiField);

export interface CountryOption {
  code: string;
  environmentId: number;
  variants: { firmType: number }[];
}

/** The message of a rule code for a field. */
export function instanceRuleMessage(t: Translate, code: string, field: string): string {
  return t(`instances:errors.${code}`, { field: t(`instances:fields.${field}`, { defaultValue: field }), defaultValue: t("instances:errors.invalid") });
}

type Ctx = z.RefinementCtx;
const issue = (ctx: Ctx, path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
/** A form value that must be one piece of text (absent is fine): a field sent twice or a file is refused next to it. */
const oneText = (t: Translate, field: string) => z.string({ message: t("instances:errors.notText", { field: t(`instances:fields.${field}`) }) }).optional();

/**
 * New credentials: `{ sandbox, body }`, the body as POST leapinstances takes it (the
 * environment of the chosen country and sandbox, the firm type of its variants or 1).
 */
export function newCredentialsSchema(t: Translate, choices: Record<SandboxChoice, readonly CountryOption[]>) {
  return z
    .object(Object.fromEntries(NEW_FIELDS.map((field) => [field, oneText(t, field)])) as Record<NewField, ReturnType<typeof oneText>>)
    .transform((value, ctx) => {
      const sandbox = SANDBOXES.find((s) => s === value.sandbox);
      if (!sandbox) {
        issue(ctx, "sandbox", instanceRuleMessage(t, "required", "sandbox"));
        return z.NEVER;
      }
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
      const errors: Record<string, string> = { ...validateNewInstance({ ...body, confirmPassword: value.confirmPassword ?? "" }) };
      const allowed = country && country.variants.length > 0 ? country.variants.map((v) => v.firmType) : [DEFAULT_FIRM_TYPE];
      if (country && !allowed.includes(firmType)) errors.firmType = "invalidFirmType";
      for (const [field, code] of Object.entries(errors)) issue(ctx, formFieldOf(field), instanceRuleMessage(t, code, formFieldOf(field)));
      if (Object.keys(errors).length > 0) return z.NEVER;
      return { sandbox, body };
    });
}

/** Import: the token's payload as POST leapinstances/import takes it. */
export function importSchema(t: Translate) {
  return z.object({ token: oneText(t, "token") }).transform((value, ctx) => {
    if (!value.token?.trim()) {
      issue(ctx, "token", instanceRuleMessage(t, "required", "token"));
      return z.NEVER;
    }
    const decoded = decodeImportToken(value.token);
    if (!decoded.ok) {
      issue(ctx, "token", instanceRuleMessage(t, "invalidToken", "token"));
      return z.NEVER;
    }
    return decoded.payload;
  });
}

const choice = <T extends string | number>(values: readonly T[]) => z.string().refine((v) => values.map(String).includes(v));

/**
 * The configuration: each row's app, switch, status (0 or 200) and service environment (Dev,
 * Test, Beta, Live), a disabled app reset to 200 and Live; the two options.
 */
export const configurationSchema = z
  .object({
    includeOtherProviders: z.literal("on").optional(),
    applyToAllUsers: z.literal("on").optional(),
    configurations: z
      .array(
        z.object({
          appGroupId: z.string().max(100).refine(isStorableText),
          isEnabled: z.literal("on").optional(),
          appStatusCode: choice(APP_STATUS_CODES),
          appEndpoint: choice(APP_ENDPOINTS),
        }),
      )
      .max(1000)
      .optional(),
  })
  .transform((value) => ({
    includeOtherProviders: value.includeOtherProviders === "on",
    applyToAllUsers: value.applyToAllUsers === "on",
    configurations: (value.configurations ?? []).map((row) =>
      normalizeConfiguration({ appGroupId: row.appGroupId, isEnabled: row.isEnabled === "on", appStatusCode: Number(row.appStatusCode), appEndpoint: row.appEndpoint }),
    ),
  }));
