/** The bank account form as the action reads it: the rules of ./bank-form.ts, the trimmed values as the API takes them. */
import type { TFunction } from "i18next";
import * as z from "zod";
import { trimBank } from "~/api/settings/rules";
import {
  BANK_FIELDS,
  type BankField,
  bankFormErrors,
  bankLabel,
  settingsRuleMessage,
} from "./bank-form";

export function bankSchema(t: TFunction) {
  // One piece of text each: a field sent twice or a file is refused, named.
  const text = (field: BankField) =>
    z.string({ message: settingsRuleMessage(t, "invalid", bankLabel(t, field)) }).optional();
  return z
    .object({
      accountName: text("accountName"),
      bsb: text("bsb"),
      accountNumber: text("accountNumber"),
    })
    .transform((values, ctx) => {
      const errors = bankFormErrors(t, values);
      for (const field of BANK_FIELDS) {
        const message = errors[field];
        if (message) ctx.addIssue({ code: "custom", path: [field], message });
      }
      return Object.keys(errors).length ? z.NEVER : trimBank(values);
    });
}
