import { describe, expect, it } from "vitest";
import {
  amountRule,
  canChangePrice,
  changeStartDate,
  currencySymbol,
  formatMoney,
  hasSetPrice,
  isFreeForever,
  PRICING_MODEL as M,
  parseAmount,
  priceChangeBlocker,
  PRICE_STATUS as S,
  validatePrice,
  validatePriceChange,
} from "./rules";

describe("pricing rules", () => {
  it("shows € for EUR, £ for GBP and $ for any other currency, with two decimals", () => {
    expect(currencySymbol("EUR")).toBe("€");
    expect(currencySymbol("gbp")).toBe("£");
    expect(currencySymbol("AUD")).toBe("$");
    expect(currencySymbol("NZD")).toBe("$");
    expect(formatMoney(12.5, "EUR")).toBe("€12.50");
    expect(formatMoney(1000, "GBP")).toBe("£1,000.00");
    expect(formatMoney(1000, "AUD", "nl-NL")).toBe("$1.000,00");
  });

  it("reads an amount with a point or a comma, a minus, and nothing else", () => {
    expect(parseAmount("")).toBeUndefined();
    expect(parseAmount("  ")).toBeUndefined();
    expect(parseAmount("12.5")).toBe(12.5);
    expect(parseAmount("12,50")).toBe(12.5);
    expect(parseAmount(".5")).toBe(0.5);
    expect(parseAmount("-3")).toBe(-3);
    expect(parseAmount("1e3")).toBeNaN();
    expect(parseAmount("12.5.1")).toBeNaN();
    expect(parseAmount("ten")).toBeNaN();
  });

  it("holds a paid amount to greater than 0, two decimals, no negatives", () => {
    expect(amountRule(undefined)).toBe("required");
    expect(amountRule(null)).toBe("required");
    expect(amountRule(Number.NaN)).toBe("invalidAmount");
    expect(amountRule(-1)).toBe("noNegatives");
    expect(amountRule(0)).toBe("amountMustBeGreater0");
    expect(amountRule(1.005)).toBe("twoDecimals");
    expect(amountRule(0.1 + 0.2)).toBeUndefined();
    expect(amountRule(1_000_000)).toBe("tooLarge");
    expect(amountRule(999_999.99)).toBeUndefined();
    expect(amountRule(0.01)).toBeUndefined();
  });

  it("needs a pricing model, and an amount only when paid", () => {
    expect(validatePrice({ pricingModelType: M.Free })).toEqual({});
    expect(validatePrice({ pricingModelType: M.Free, amount: -5 })).toEqual({});
    expect(validatePrice({})).toEqual({ pricingModelType: "required", amount: "required" });
    expect(validatePrice({ pricingModelType: 3, amount: 1 })).toEqual({
      pricingModelType: "invalidPricingModel",
    });
    expect(validatePrice({ pricingModelType: M.UserBased, amount: 0 })).toEqual({
      amount: "amountMustBeGreater0",
    });
    expect(validatePrice({ pricingModelType: M.FirmBased, amount: 9.99 })).toEqual({});
  });

  it("takes a price change that differs from the price in force", () => {
    expect(validatePriceChange(12, 10)).toEqual({});
    expect(validatePriceChange(10, 10)).toEqual({ amount: "samePrice" });
    expect(validatePriceChange(0, 10)).toEqual({ amount: "amountMustBeGreater0" });
  });

  it("counts a price as set while it is scheduled, not when rejected or archived", () => {
    expect(hasSetPrice([])).toBe(false);
    expect(hasSetPrice([{ status: S.Rejected, pricingModelType: M.UserBased }])).toBe(false);
    for (const status of [S.Created, S.Submitted, S.AwaitingProcess, S.InProgress, S.Active]) {
      expect(hasSetPrice([{ status, pricingModelType: M.UserBased }])).toBe(true);
    }
  });

  it("keeps an approved free app free for ever", () => {
    expect(isFreeForever([{ status: S.Submitted, pricingModelType: M.Free }])).toBe(false);
    expect(isFreeForever([{ status: S.Active, pricingModelType: M.Free }])).toBe(true);
    expect(priceChangeBlocker([{ status: S.Active, pricingModelType: M.Free }])).toBe(
      "freeForever",
    );
    expect(canChangePrice([{ status: S.Active, pricingModelType: M.Free }])).toBe(false);
  });

  it("offers a price change while a paid price is in force and nothing else waits", () => {
    const active = { status: S.Active, pricingModelType: M.UserBased };
    expect(canChangePrice([active])).toBe(true);
    expect(priceChangeBlocker([active])).toBeUndefined();
    expect(priceChangeBlocker([{ status: S.Submitted, pricingModelType: M.UserBased }])).toBe(
      "noActivePrice",
    );
    expect(
      priceChangeBlocker([active, { status: S.Submitted, pricingModelType: M.UserBased }]),
    ).toBe("priceChangePending");
    expect(
      canChangePrice([active, { status: S.AwaitingProcess, pricingModelType: M.UserBased }]),
    ).toBe(false);
    expect(canChangePrice([active, { status: S.Rejected, pricingModelType: M.UserBased }])).toBe(
      true,
    );
  });

  it("starts an approved change on the first day of the next month", () => {
    expect(changeStartDate(new Date("2026-11-24T15:00:00Z")).toISOString()).toBe(
      "2026-12-01T00:00:00.000Z",
    );
    expect(changeStartDate(new Date("2026-12-31T23:00:00Z")).toISOString()).toBe(
      "2027-01-01T00:00:00.000Z",
    );
  });
});
