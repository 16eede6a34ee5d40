/** The action's zod schemas of the pricing forms (their rules and messages: pricing.ts, which the browser runs too). */
import * as z from "zod";
import type { Translate } from "./app-editor";
import { checkPrice, checkPriceChange, PRICE_FIELDS } from "./pricing";

/** A form value that must be one piece of text: a repeated field or a file is refused. */
const oneText = (message: string) => z.string({ message }).optional();

/** A check's answer in the schema: its value, or each failing field's message as an issue. */
function answer<Value>(
  ctx: z.RefinementCtx,
  checked: { value?: Value; errors?: Record<string, string | undefined> },
): Value {
  for (const [path, message] of Object.entries(checked.errors ?? {}))
    if (message) ctx.addIssue({ code: "custom", path: [path], message });
  return checked.errors ? z.NEVER : (checked.value as Value);
}

/** The price form: `{ pricingModelType, amount }` as the API takes them (a free app's amount is 0). */
export function priceSchema(t: Translate, language: string) {
  const notText = (field: string) =>
    t("pricing:errors.notText", { field: t(`pricing:form.fields.${field}`) });
  return z
    .object(
      Object.fromEntries(PRICE_FIELDS.map((field) => [field, oneText(notText(field))])) as Record<
        (typeof PRICE_FIELDS)[number],
        ReturnType<typeof oneText>
      >,
    )
    .transform((input, ctx) => answer(ctx, checkPrice(t, language, input)));
}

/** The price change form: the new price, greater than 0, two decimals, not `current` (the price in force). */
export function priceChangeSchema(t: Translate, language: string, current?: number) {
  const label = t("pricing:change.fields.amount");
  return z
    .object({ amount: oneText(t("pricing:errors.notText", { field: label })) })
    .transform((input, ctx) => answer(ctx, checkPriceChange(t, language, input, current)));
}
