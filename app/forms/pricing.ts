/**
 * The pricing forms (spec 01 sections 2 and 5), one zod schema each for the browser
 * (conform's onValidate) and the action (parseWithZod), holding the contract's rules
 * (app/api/pricing/rules.ts):
 *
 * - the price: free or paid; a paid app is user based or firm based and has a default price
 *   greater than 0 (amountMustBeGreater0), with at most two decimals and never negative;
 * - the price change of a paid app: the new price by the same rules, not the price in force.
 *
 * Messages come from the `pricing` namespace; `t` is i18next's (or a fixed one on the server).
 */
import * as z from "zod";
import { amountRule, parseAmount, PRICE_LIMITS, PRICING_MODEL, validatePriceChange, type PricingRuleCode } from "~/api/pricing/rules";
import type { Translate } from "./app-editor";

export const PRICE_TYPES = ["free", "paid"] as const;
export const PAID_MODEL_CHOICES = [String(PRICING_MODEL.UserBased), String(PRICING_MODEL.FirmBased)] as const;

type Ctx = z.RefinementCtx;
const issue = (ctx: Ctx, path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });

/** A form value that must be one piece of text: a repeated field or a file is refused. */
const oneText = (message: string) => z.string({ message }).optional();

/** The message of a pricing rule code for a field of `label`. */
export function pricingRuleMessage(t: Translate, language: string, code: PricingRuleCode | string, label: string): string {
  const max = new Intl.NumberFormat(language, { minimumFractionDigits: 2 }).format(PRICE_LIMITS.amountMax);
  return t(`pricing:errors.${code}`, { field: label, max, defaultValue: t("pricing:errors.invalidAmount", { field: label }) });
}

/** The price form: `{ pricingModelType, amount }` as the API takes them (a free app's amount is 0). */
export function priceSchema(t: Translate, language: string) {
  const label = (field: string) => t(`pricing:form.fields.${field}`);
  const notText = (field: string) => t("pricing:errors.notText", { field: label(field) });
  return z
    .object({
      priceType: oneText(notText("priceType")),
      pricingModelType: oneText(notText("pricingModelType")),
      amount: oneText(notText("amount")),
    })
    .transform((value, ctx) => {
      const priceType = PRICE_TYPES.find((type) => type === value.priceType);
      if (!priceType) {
        issue(ctx, "priceType", pricingRuleMessage(t, language, "required", label("priceType")));
        return z.NEVER;
      }
      if (priceType === "free") return { pricingModelType: PRICING_MODEL.Free as number, amount: 0 };
      const model = PAID_MODEL_CHOICES.find((choice) => choice === value.pricingModelType);
      if (!model) issue(ctx, "pricingModelType", pricingRuleMessage(t, language, "required", label("pricingModelType")));
      const amount = parseAmount(value.amount);
      const rule = amountRule(amount);
      if (rule) issue(ctx, "amount", pricingRuleMessage(t, language, rule, label("amount")));
      if (!model || rule) return z.NEVER;
      return { pricingModelType: Number(model), amount: amount as number };
    });
}

/** The price change form: the new price, greater than 0, two decimals, not `current` (the price in force). */
export function priceChangeSchema(t: Translate, language: string, current?: number) {
  const label = t("pricing:change.fields.amount");
  return z.object({ amount: oneText(t("pricing:errors.notText", { field: label })) }).transform((value, ctx) => {
    const amount = parseAmount(value.amount);
    const code = validatePriceChange(amount, current).amount;
    if (code) {
      issue(ctx, "amount", pricingRuleMessage(t, language, code, label));
      return z.NEVER;
    }
    return { amount: amount as number };
  });
}
