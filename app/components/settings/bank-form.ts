/**
 * The bank account form (spec 02 section 5.4), one zod schema for the browser (conform's
 * onValidate) and the action (parseWithZod), holding the contract's rules
 * (app/api/settings/rules.ts `validateBank`): account name required; BSB exactly 6 digits;
 * account number required, digits only, at most 30; each trimmed.
 */
import * as z from "zod";
import { isStorableText } from "~/api/common";
import { SETTINGS_RULE_CODES, trimBank, validateBank } from "~/api/settings/rules";
import type { Translate } from "~/forms/app-editor";

/** The longest account name the provider keeps. */
export const ACCOUNT_NAME_MAX = 200;

export const BANK_FIELDS = ["accountName", "bsb", "accountNumber"] as const;
export type BankField = (typeof BANK_FIELDS)[number];

/** A rule code of the settings calls in the user's words, for a field of `label`. */
export function settingsRuleMessage(t: Translate, code: string, label = ""): string {
  if (code === "tooLong") return t("settings:errors.tooLong", { field: label, max: ACCOUNT_NAME_MAX });
  return (SETTINGS_RULE_CODES as readonly string[]).includes(code) ? t(`settings:errors.${code}`, { field: label }) : t("settings:errors.invalid", { field: label });
}

export const bankLabel = (t: Translate, field: BankField) => t(`settings:bank.fields.${field}`);

/** The bank form: the trimmed values as the API takes them. */
export function bankSchema(t: Translate) {
  // One piece of text each: a field sent twice or a file is refused, named.
  const text = (field: BankField) => z.string({ message: settingsRuleMessage(t, "invalid", bankLabel(t, field)) }).optional();
  return z
    .object({ accountName: text("accountName"), bsb: text("bsb"), accountNumber: text("accountNumber") })
    .transform((values, ctx) => {
      const errors: Partial<Record<BankField, string>> = {};
      for (const field of BANK_FIELDS) {
        if (!isStorableText(values[field] ?? "")) errors[field] = "invalid";
      }
      if ((values.accountName ?? "").trim().length > ACCOUNT_NAME_MAX) errors.accountName = "tooLong";
      const found = { ...validateBank(values), ...errors };
      for (const field of BANK_FIELDS) {
        const code = found[field];
        if (code) ctx.addIssue({ code: "custom", path: [field], message: settingsRuleMessage(t, code, bankLabel(t, field)) });
      }
      return Object.keys(found).length ? z.NEVER : trimBank(values);
    });
}
