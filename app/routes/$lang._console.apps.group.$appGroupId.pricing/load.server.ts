/**
 * The pricing page's data: the app's prices where monetisation is on, and what the page shows
 * of them (docs/decisions/0051-pricing.md).
 */
import type { TFunction } from "i18next";
import { type ApiClient, ApiError } from "~/api/client.server";
import { getPrices } from "~/api/pricing/endpoints";
import {
  activePrice,
  canChangePrice,
  currencySymbol,
  formatMoney,
  isFreeForever,
  PRICE_STATUS,
  PRICING_MODEL,
} from "~/api/pricing/rules";
import type { Price, PriceData } from "~/api/pricing/schemas";
import type { FormRules } from "~/forms/check";
import { formatDate } from "~/lib/dates";
import { countryFlags } from "~/lib/feature-flags.server";

/**
 * The prices where monetisation is on: undefined when it is off, "failed" when they cannot be
 * read. The flags and the prices are asked at once (a group where monetisation is off is
 * answered 409, which is off too).
 */
export async function loadPrices(
  api: ApiClient,
  group: { appGroupId: string; countryCode: string },
): Promise<PriceData | "failed" | undefined> {
  const [flags, prices] = await Promise.all([
    countryFlags(api, group.countryCode),
    api
      .call(getPrices, { params: { appGroupId: group.appGroupId } })
      .catch((error: unknown) => error as Error),
  ]);
  if (!flags["monetisation-enabled"]) return undefined;
  if (!(prices instanceof Error)) return prices;
  if (
    prices instanceof ApiError &&
    prices.errors &&
    Object.values(prices.errors).includes("monetisationNotEnabled")
  )
    return undefined;
  if (prices instanceof ApiError && (prices.status === 404 || prices.status === 400))
    throw new Response(null, { status: 404 });
  return "failed";
}

/** A row of the schedule or history table, as shown. */
export type PriceRow = ReturnType<typeof rowOf>;

function rowOf(t: TFunction, language: string, price: Price) {
  return {
    id: price.id,
    price:
      price.pricingModelType === PRICING_MODEL.Free
        ? t("pricing:free")
        : formatMoney(price.amount, price.currency, language),
    model: t(`pricing:model.${price.pricingModelType}`),
    start: formatDate(price.startDate) ?? t("pricing:notSet"),
    end: formatDate(price.endDate) ?? t("pricing:notSet"),
    status: t(`pricing:status.${price.status}`),
  };
}

/**
 * What the page shows: the form while no price is scheduled (filled in with a rejected first
 * price), else the price in force, the schedule, the history and whether a change is offered.
 */
export function pricingView(
  t: TFunction,
  language: string,
  prices: PriceData,
  countryCurrency: string,
) {
  const all = prices.priceHistories;
  const currency = all[0]?.currency ?? countryCurrency;
  const active = activePrice(prices.scheduledPrices);
  const latest = all[0];
  const rejected =
    prices.scheduledPrices.length === 0 && latest?.status === PRICE_STATUS.Rejected
      ? latest
      : undefined;
  return {
    currency,
    symbol: currencySymbol(currency),
    showForm: prices.scheduledPrices.length === 0,
    rejected: rejected
      ? {
          id: rejected.id,
          pricingModelType: rejected.pricingModelType,
          amount: rejected.amount,
          text: rowOf(t, language, rejected),
        }
      : null,
    freeForever: isFreeForever(all),
    canChange: canChangePrice(all),
    changePending: Boolean(active) && prices.scheduledPrices.some((p) => p.id !== active?.id),
    active: active ? { amount: active.amount, text: rowOf(t, language, active) } : null,
    schedule: prices.scheduledPrices.map((p) => rowOf(t, language, p)),
    history: all.map((p) => rowOf(t, language, p)),
  };
}

/** What the page shows where monetisation is on, with the rules of the form it shows. */
export type PricingData = ReturnType<typeof pricingView> & {
  name: string;
  appGroupId: string;
  rules: { price?: FormRules; change?: FormRules };
};
