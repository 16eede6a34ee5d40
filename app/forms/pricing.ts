/**
 * The pricing forms and their checks, holding the contract's rules
 * (app/api/pricing/rules.ts), shared by the action's schemas (`textFormSchema` of
 * `priceForm` and `priceChangeForm`) and the browser's check (conform's onValidate with
 * `checkForm`):
 *
 * - the price: free or paid; a paid app is user based or firm based and has a default price
 *   greater than 0 (amountMustBeGreater0), with at most two decimals and never negative;
 * - the price change of a paid app: the new price by the same rules, not the price in force.
 *
 * Messages come from the `pricing` namespace; `t` is i18next's (or a fixed one on the server).
 */
import type { TFunction } from "i18next";
import {
  amountRule,
  PRICE_LIMITS,
  PRICING_MODEL,
  type PricingRuleCode,
  parseAmount,
  validatePriceChange,
} from "~/api/pricing/rules";
import type { TextForm } from "./payload";

export const PRICE_TYPES = ["free", "paid"] as const;
export const PAID_MODEL_CHOICES = [
  String(PRICING_MODEL.UserBased),
  String(PRICING_MODEL.FirmBased),
] as const;

/** The message of a pricing rule code for a field of `label`. */
export function pricingRuleMessage(
  t: TFunction,
  language: string,
  code: PricingRuleCode | string,
  label: string,
): string {
  const max = new Intl.NumberFormat(language, { minimumFractionDigits: 2 }).format(
    PRICE_LIMITS.amountMax,
  );
  return t(`pricing:errors.${code}`, {
    field: label,
    max,
    defaultValue: t("pricing:errors.invalidAmount", { field: label }),
  });
}

export const PRICE_FIELDS = ["priceType", "pricingModelType", "amount"] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];

/** What a check answers: the value the API is sent, or the message of each failing field. */
type Checked<Value, Field extends string> =
  | { value: Value; errors?: undefined }
  | { value?: undefined; errors: Partial<Record<Field, string>> };

/** The price form: `{ pricingModelType, amount }` as the API takes them (a free app's amount is 0). */
export function checkPrice(
  t: TFunction,
  language: string,
  input: Partial<Record<PriceField, string>>,
): Checked<{ pricingModelType: number; amount: number }, PriceField> {
  const label = (field: string) => t(`pricing:form.fields.${field}`);
  const priceType = PRICE_TYPES.find((type) => type === input.priceType);
  if (!priceType)
    return {
      errors: { priceType: pricingRuleMessage(t, language, "required", label("priceType")) },
    };
  if (priceType === "free")
    return { value: { pricingModelType: PRICING_MODEL.Free as number, amount: 0 } };
  const errors: Partial<Record<PriceField, string>> = {};
  const model = PAID_MODEL_CHOICES.find((choice) => choice === input.pricingModelType);
  if (!model)
    errors.pricingModelType = pricingRuleMessage(
      t,
      language,
      "required",
      label("pricingModelType"),
    );
  const amount = parseAmount(input.amount);
  const rule = amountRule(amount);
  if (rule) errors.amount = pricingRuleMessage(t, language, rule, label("amount"));
  if (!model || rule) return { errors };
  return { value: { pricingModelType: Number(model), amount: amount as number } };
}

/** The price change form: the new price, greater than 0, two decimals, not `current` (the price in force). */
export function checkPriceChange(
  t: TFunction,
  language: string,
  input: { amount?: string },
  current?: number,
): Checked<{ amount: number }, "amount"> {
  const amount = parseAmount(input.amount);
  const code = validatePriceChange(amount, current).amount;
  if (code)
    return {
      errors: { amount: pricingRuleMessage(t, language, code, t("pricing:change.fields.amount")) },
    };
  return { value: { amount: amount as number } };
}

/** A field's message when it is not one piece of text. */
const notText = (t: TFunction, label: string) => t("pricing:errors.notText", { field: label });

/** The price form: `{ pricingModelType, amount }` as the API takes them (a free app's amount is 0). */
export function priceForm(
  t: TFunction,
  language: string,
): TextForm<PriceField, { pricingModelType: number; amount: number }> {
  return {
    fields: PRICE_FIELDS,
    notText: (field) => notText(t, t(`pricing:form.fields.${field}`)),
    check: (input) => checkPrice(t, language, input),
  };
}

/** The price change form: the new price, not `current` (the price in force). */
export function priceChangeForm(
  t: TFunction,
  language: string,
  current?: number,
): TextForm<"amount", { amount: number }> {
  return {
    fields: ["amount"],
    notText: () => notText(t, t("pricing:change.fields.amount")),
    check: (input) => checkPriceChange(t, language, input, current),
  };
}
