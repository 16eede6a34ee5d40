/**
 * The pricing calls (`app-monetization/*`). Each answers only where
 * monetisation is enabled for the app's country (409 `monetisationNotEnabled` elsewhere);
 * another company's app group is not found (404). docs/decisions/0051-pricing.md.
 */
import { endpoint } from "../endpoint";
import { price, priceChangeRequest, priceData, priceRequest } from "./schemas";

/** The app's scheduled prices, its price history and its first pricing model. */
export const getPrices = endpoint({
  method: "GET",
  path: "app-monetization/app-groups/:appGroupId/prices",
  uuidParams: ["appGroupId"],
  refusals: { 404: true, 409: ["monetisationNotEnabled"] },
  answer: priceData,
});

/** The codes of a price's 400s beyond the request's shape. */
const PRICE_CODES = [
  "amountMustBeGreater0",
  "invalidAmount",
  "invalidPricingModel",
  "noNegatives",
  "twoDecimals",
];

/** The app's first price (free, or paid user or firm based): 201 with it, submitted for the provider's review. */
export const createPrice = endpoint({
  method: "POST",
  created: true,
  path: "app-monetization/app-groups/:appGroupId/prices",
  uuidParams: ["appGroupId"],
  body: priceRequest,
  refusals: {
    400: PRICE_CODES,
    404: true,
    409: ["monetisationNotEnabled", "priceExists"],
  },
  answer: price,
});

/** Changes a price the provider has not approved yet (or rejected): submitted again. */
export const updatePrice = endpoint({
  method: "PUT",
  path: "app-monetization/app-groups/:appGroupId/prices/:priceId",
  uuidParams: ["appGroupId", "priceId"],
  body: priceRequest,
  refusals: {
    400: PRICE_CODES,
    404: true,
    409: ["monetisationNotEnabled", "priceExists", "priceNotEditable"],
  },
  answer: price,
});

/** A new price of a paid app in force (the same pricing model): 201 with it, submitted for review. */
export const submitPriceChange = endpoint({
  method: "POST",
  created: true,
  path: "app-monetization/price-updation",
  body: priceChangeRequest,
  refusals: {
    400: ["amountMustBeGreater0", "invalidAmount", "noNegatives", "samePrice", "twoDecimals"],
    404: true,
    409: ["freeForever", "monetisationNotEnabled", "noActivePrice", "priceChangePending"],
  },
  answer: price,
});
