/** Wire shapes of the pricing calls (`app-monetization/*`). */
import * as z from "zod";
import { storableText } from "../common";

/** The Price entity. `amount` has two decimals; a free price's is 0. */
export const price = z.object({
  id: z.string(),
  /** The currency of the app's country (AUD, GBP, EUR, NZD...). */
  currency: z.string(),
  amount: z.number(),
  /** When it comes (or came) into force; null until the provider approves it. */
  startDate: z.string().nullable(),
  /** When it stops (or stopped) being in force; null while no later price is approved. */
  endDate: z.string().nullable(),
  /** PRICE_STATUS: 0 created, 1 submitted, 2 awaiting process, 3 rejected, 4 in progress, 5 active, 6 archived, 7 error. */
  status: z.number().int(),
  /** PRICING_MODEL: 0 free, 1 user based, 2 firm based. */
  pricingModelType: z.number().int(),
});
export type Price = z.infer<typeof price>;

/**
 * GET app-monetization/app-groups/{appGroupId}/prices. `scheduledPrices`: the prices set and
 * not rejected, archived or in error, by start date (undecided ones last); `priceHistories`:
 * every price of the app, newest first; `initialPricingModel`: the pricing model of the app's
 * first price, null while none is set.
 */
export const priceData = z.object({
  scheduledPrices: z.array(price),
  priceHistories: z.array(price),
  initialPricingModel: z.number().int().nullable(),
});
export type PriceData = z.infer<typeof priceData>;

/** A number, or nothing: a wrong type is named by the rules (`required`), not by the shape. */
const optionalNumber = z.preprocess(
  (value) => (value === "" ? null : value),
  z.number({ message: "must be a number" }).nullable().optional(),
);

/** POST and PUT of a price: a pricing model and, for a paid one, the default price. */
export const priceRequest = z.object({
  pricingModelType: optionalNumber,
  amount: optionalNumber,
});
export type PriceRequest = z.input<typeof priceRequest>;

/** POST app-monetization/price-updation: the new price of a paid app. */
export const priceChangeRequest = z.object({
  amount: optionalNumber,
  appGroupId: storableText({ message: "is required" }),
});
export type PriceChangeRequest = z.input<typeof priceChangeRequest>;
