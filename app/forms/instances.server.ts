/**
 * The sandbox account forms as the action reads them: every text field one piece of text
 * (`notText` when sent twice or as a file), then the rules of ./instances.ts; the
 * configuration's rows (each app's switch, status and service environment) and two options.
 */
import type { TFunction } from "i18next";
import * as z from "zod";
import { APP_ENDPOINTS, APP_STATUS_CODES, normalizeConfiguration } from "~/api/instances/rules";
import { isStorableText } from "~/api/text";
import {
  type CountryOption,
  NEW_FIELDS,
  type NewField,
  readImportForm,
  readNewCredentials,
  type SandboxChoice,
} from "./instances";

const issue = (ctx: z.RefinementCtx, path: string, message: string) =>
  ctx.addIssue({ code: "custom", path: [path], message });
/** A form value that must be one piece of text (absent is fine): a field sent twice or a file is refused next to it. */
const oneText = (t: TFunction, field: string) =>
  z
    .string({ message: t("instances:errors.notText", { field: t(`instances:fields.${field}`) }) })
    .optional();

/** New credentials: `{ sandbox, body }` (./instances.ts `readNewCredentials`). */
export function newCredentialsSchema(
  t: TFunction,
  choices: Record<SandboxChoice, readonly CountryOption[]>,
) {
  return z
    .object(
      Object.fromEntries(NEW_FIELDS.map((field) => [field, oneText(t, field)])) as Record<
        NewField,
        ReturnType<typeof oneText>
      >,
    )
    .transform((values, ctx) => {
      const { errors, value } = readNewCredentials(t, values, choices);
      for (const [field, message] of Object.entries(errors)) issue(ctx, field, message);
      return value ?? z.NEVER;
    });
}

/** Import: the token's payload as POST leapinstances/import takes it. */
export function importSchema(t: TFunction) {
  return z.object({ token: oneText(t, "token") }).transform((values, ctx) => {
    const { error, payload } = readImportForm(t, values);
    if (error !== undefined) issue(ctx, "token", error);
    return payload ?? z.NEVER;
  });
}

const choice = <T extends string | number>(values: readonly T[]) =>
  z.string().refine((v) => values.map(String).includes(v));

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
      normalizeConfiguration({
        appGroupId: row.appGroupId,
        isEnabled: row.isEnabled === "on",
        appStatusCode: Number(row.appStatusCode),
        appEndpoint: row.appEndpoint,
      }),
    ),
  }));
