/**
 * The rules of pricing as pure functions, shared by the
 * console (the form, the schedule, whether a price change is offered) and the sandbox (its
 * refusals with rule codes): pricing models 0 free, 1 user based, 2 firm based; price
 * statuses 0 to 7; a paid price greater than 0, at most two decimals, never negative; a free
 * app whose price has been approved stays free; currency symbols € for EUR, £ for GBP, $ for
 * any other. What a status means here: docs/decisions/0051-pricing.md. Plain TypeScript.
 */

export const PRICING_MODEL = { Free: 0, UserBased: 1, FirmBased: 2 } as const;
export type PricingModel = (typeof PRICING_MODEL)[keyof typeof PRICING_MODEL];
export const PRICING_MODELS: readonly number[] = Object.values(PRICING_MODEL);
export const PAID_MODELS: readonly number[] = [PRICING_MODEL.UserBased, PRICING_MODEL.FirmBased];

export const PRICE_STATUS = {
  Created: 0,
  Submitted: 1,
  AwaitingProcess: 2,
  Rejected: 3,
  InProgress: 4,
  Active: 5,
  Archived: 6,
  Error: 7,
} as const;
export type PriceStatus = (typeof PRICE_STATUS)[keyof typeof PRICE_STATUS];
export const PRICE_STATUSES: readonly number[] = Object.values(PRICE_STATUS);

/** A price that is set: created, waiting for the provider, approved and waiting for its start, or in force. */
export const SCHEDULED_STATUSES: readonly number[] = [
  PRICE_STATUS.Created,
  PRICE_STATUS.Submitted,
  PRICE_STATUS.AwaitingProcess,
  PRICE_STATUS.InProgress,
  PRICE_STATUS.Active,
];
/** A price the provider has approved (in force now, later, or in the past). */
export const APPROVED_STATUSES: readonly number[] = [
  PRICE_STATUS.AwaitingProcess,
  PRICE_STATUS.InProgress,
  PRICE_STATUS.Active,
  PRICE_STATUS.Archived,
];
/** A price waiting for the provider's decision. */
export const AWAITING_REVIEW_STATUSES: readonly number[] = [
  PRICE_STATUS.Created,
  PRICE_STATUS.Submitted,
];
/** A price the developer may still change (PUT): not yet decided, or rejected. */
export const EDITABLE_STATUSES: readonly number[] = [
  PRICE_STATUS.Created,
  PRICE_STATUS.Submitted,
  PRICE_STATUS.Rejected,
];

/** The largest price (numeric(12, 2) holds more; no app costs a million). */
export const PRICE_LIMITS = { amountMax: 999_999.99 } as const;

export const PRICING_RULE_CODES = [
  "required",
  "invalidPricingModel",
  "invalidAmount",
  "amountMustBeGreater0",
  "noNegatives",
  "twoDecimals",
  "tooLarge",
  "samePrice",
  // state (409)
  "monetisationNotEnabled",
  "priceExists",
  "priceNotEditable",
  "freeForever",
  "noActivePrice",
  "priceChangePending",
] as const;
export type PricingRuleCode = (typeof PRICING_RULE_CODES)[number];
export type PricingErrors = Partial<
  Record<"pricingModelType" | "amount" | "appGroupId" | "status", PricingRuleCode>
>;

/** The currency symbol of a currency code. */
export function currencySymbol(currency: string): string {
  const code = currency.trim().toUpperCase();
  return code === "EUR" ? "€" : code === "GBP" ? "£" : "$";
}

/** Money with two decimals and its symbol: `€12.50`, `$1,000.00` (grouped as the language does). */
export function formatMoney(amount: number, currency: string, language = "en-AU"): string {
  const number = new Intl.NumberFormat(language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
  return `${currencySymbol(currency)}${number}`;
}

/**
 * An amount as typed: digits with at most one decimal point or comma, a leading minus allowed
 * (so that a negative is named as such). Undefined when blank, NaN when it is not such a
 * number (letters, two separators, '1e3'...): '12,5' is 12.5, '-3' is -3.
 */
export function parseAmount(text: string | null | undefined): number | undefined {
  const value = (text ?? "").trim().replace(/\s/g, "");
  if (!value) return undefined;
  if (!/^-?(\d+([.,]\d*)?|[.,]\d+)$/.test(value)) return Number.NaN;
  return Number(value.replace(",", "."));
}

/** At most two decimals (1.005 has three; 0.1 + 0.2 is read as 0.3). */
export function hasTwoDecimals(amount: number): boolean {
  const cents = amount * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/** The rule a paid amount breaks, if any: required, a number, no negatives, greater than 0, two decimals, at most the limit. */
export function amountRule(amount: number | null | undefined): PricingRuleCode | undefined {
  if (amount === undefined || amount === null) return "required";
  if (!Number.isFinite(amount)) return "invalidAmount";
  if (amount < 0) return "noNegatives";
  if (amount === 0) return "amountMustBeGreater0";
  if (!hasTwoDecimals(amount)) return "twoDecimals";
  if (amount > PRICE_LIMITS.amountMax) return "tooLarge";
  return undefined;
}

export interface PriceValues {
  pricingModelType?: number | null;
  amount?: number | null;
}

/** A price (POST and PUT): a pricing model of 0, 1 or 2; a paid one needs an amount by `amountRule`; a free one's amount is 0. */
export function validatePrice(values: PriceValues): PricingErrors {
  const errors: PricingErrors = {};
  const model = values.pricingModelType;
  if (model === undefined || model === null) errors.pricingModelType = "required";
  else if (!PRICING_MODELS.includes(model)) errors.pricingModelType = "invalidPricingModel";
  if (model !== PRICING_MODEL.Free) {
    const rule = amountRule(values.amount);
    if (rule) errors.amount = rule;
  }
  return errors;
}

/** A price change (price-updation): the new amount by `amountRule`, different from the price in force. */
export function validatePriceChange(
  amount: number | null | undefined,
  current?: number,
): PricingErrors {
  const rule = amountRule(amount);
  if (rule) return { amount: rule };
  if (current !== undefined && Math.round(current * 100) === Math.round((amount as number) * 100))
    return { amount: "samePrice" };
  return {};
}

interface PriceLike {
  status: number;
  pricingModelType: number;
}

export const isScheduled = (p: PriceLike) => SCHEDULED_STATUSES.includes(p.status);

/** A price of the app is set (the submit blocker 'a price is required and not set' lifts): one is scheduled. */
export function hasSetPrice(prices: readonly PriceLike[]): boolean {
  return prices.some(isScheduled);
}

/** A free app whose free price has been approved is free for ever: no price change. */
export function isFreeForever(prices: readonly PriceLike[]): boolean {
  return prices.some(
    (p) => p.pricingModelType === PRICING_MODEL.Free && APPROVED_STATUSES.includes(p.status),
  );
}

/** The price in force (Active), if any. */
export function activePrice<P extends PriceLike>(prices: readonly P[]): P | undefined {
  return prices.find((p) => p.status === PRICE_STATUS.Active);
}

/**
 * A price change may be submitted while a paid price is in force, the app is not free for
 * ever, and no other price waits for a decision or its start.
 */
export function canChangePrice(prices: readonly PriceLike[]): boolean {
  const active = activePrice(prices);
  if (!active || active.pricingModelType === PRICING_MODEL.Free || isFreeForever(prices))
    return false;
  return !prices.some((p) => p !== active && isScheduled(p));
}

/** What keeps a price change from being submitted, as a rule code; undefined when it may be. */
export function priceChangeBlocker(prices: readonly PriceLike[]): PricingRuleCode | undefined {
  if (isFreeForever(prices)) return "freeForever";
  const active = activePrice(prices);
  if (!active || active.pricingModelType === PRICING_MODEL.Free) return "noActivePrice";
  if (prices.some((p) => p !== active && isScheduled(p))) return "priceChangePending";
  return undefined;
}

/** The day a price change approved `now` starts: the first day of the next month (UTC). */
export function changeStartDate(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}
