/**
 * The bank account form: its fields and the contract's rules
 * (app/api/settings/rules.ts `validateBank`) in the user's words: account name required, at
 * most 200 characters; BSB exactly 6 digits; account number required, digits only, at most
 * 30; each trimmed; nothing the provider cannot store. Zod-free: the browser checks the form
 * with `bankFormErrors`, the action with the schema built on it (./bank-form.server.ts).
 */
import type { TFunction } from "i18next";

import {
  ACCOUNT_NAME_MAX,
  type BankValues,
  SETTINGS_RULE_CODES,
  type SettingsErrors,
  validateBank,
} from "~/api/settings/rules";
import { isStorableText } from "~/api/text";

export { ACCOUNT_NAME_MAX };

export const BANK_FIELDS = ["accountName", "bsb", "accountNumber"] as const;
export type BankField = (typeof BANK_FIELDS)[number];

/** A rule code of the settings calls in the user's words, for a field of `label`. */
export function settingsRuleMessage(t: TFunction, code: string, label = ""): string {
  if (code === "tooLong")
    return t("settings:errors.tooLong", { field: label, max: ACCOUNT_NAME_MAX });
  return (SETTINGS_RULE_CODES as readonly string[]).includes(code)
    ? t(`settings:errors.${code}`, { field: label })
    : t("settings:errors.invalid", { field: label });
}

export const bankLabel = (t: TFunction, field: BankField) => t(`settings:bank.fields.${field}`);

/** The value of a field as typed, when it is one piece of text. */
const textOf = (value: unknown) => (typeof value === "string" ? value : undefined);

/** Every rule the bank form breaks, by field, in the user's words. */
export function bankFormErrors(
  t: TFunction,
  values: Record<string, unknown>,
): Partial<Record<BankField, string>> {
  const typed: BankValues = {
    accountName: textOf(values.accountName),
    bsb: textOf(values.bsb),
    accountNumber: textOf(values.accountNumber),
  };
  const codes: Partial<Record<BankField, string>> = {};
  for (const field of BANK_FIELDS) {
    if (!isStorableText(typed[field] ?? "")) codes[field] = "invalid";
  }
  if ((typed.accountName ?? "").trim().length > ACCOUNT_NAME_MAX) codes.accountName = "tooLong";
  const found: Partial<Record<BankField, string>> = {
    ...(validateBank(typed) as SettingsErrors),
    ...codes,
  };
  return Object.fromEntries(
    BANK_FIELDS.flatMap((field) =>
      found[field] ? [[field, settingsRuleMessage(t, found[field], bankLabel(t, field))]] : [],
    ),
  );
}
