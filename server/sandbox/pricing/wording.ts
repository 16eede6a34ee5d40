/**
 * How the API words the pricing rules in English, in the `detail` of a refusal (the `errors`
 * of the answer carry the rule codes, which the console words in the user's language).
 */
import { PRICE_LIMITS } from "~/api/pricing/rules";

export const PRICING_MESSAGES: Record<string, string> = {
  required: "is required",
  invalidPricingModel: "must be 0 (free), 1 (user based) or 2 (firm based)",
  invalidAmount: "must be a number",
  amountMustBeGreater0: "must be greater than 0",
  noNegatives: "must not be negative",
  twoDecimals: "must have at most two decimals",
  tooLarge: `must be at most ${PRICE_LIMITS.amountMax}`,
  samePrice: "must differ from the price in force",
  monetisationNotEnabled: "This app is not enabled for monetisation.",
  priceExists: "The app has a price already: submit a price change instead.",
  priceNotEditable:
    "Only a price the provider has not approved yet, or has rejected, can be changed.",
  freeForever: "A free app that has been approved stays free.",
  noActivePrice: "A price change needs a paid price in force.",
  priceChangePending:
    "A price of this app is already waiting for the provider's decision or its start.",
};
