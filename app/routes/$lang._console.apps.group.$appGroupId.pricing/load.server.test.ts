import { describe, expect, it } from "vitest";
import { type ApiClient, ApiError } from "~/api/client.server";
import type { Endpoint } from "~/api/endpoint";
import { PRICING_MODEL as M, PRICE_STATUS as S } from "~/api/pricing/rules";
import type { Price, PriceData } from "~/api/pricing/schemas";
import { asT } from "~/lib/t.testing";
import { loadPrices, pricingView } from "./load.server";

const GROUP = { appGroupId: "6f1c2a52-8d0e-4a57-9b7e-1c7d3f0e2a11", countryCode: "UK" };
const flags = (on: boolean) => ({
  analytics: false,
  countries: { UK: { "monetisation-enabled": on } },
});
const empty: PriceData = { scheduledPrices: [], priceHistories: [], initialPricingModel: null };

/** A client answering ping/more with `on` and the prices call with `prices` (or throwing it). */
function client(on: boolean, prices: PriceData | Error): ApiClient {
  return {
    call: async (endpoint: Endpoint) => {
      if (endpoint.path === "ping/more") return flags(on);
      if (prices instanceof Error) throw prices;
      return prices;
    },
  } as unknown as ApiClient;
}

describe("loading the prices", () => {
  it("reads nothing where monetisation is off", async () => {
    expect(await loadPrices(client(false, new Error("not asked")), GROUP)).toBeUndefined();
  });

  it("answers the prices where it is on", async () => {
    expect(await loadPrices(client(true, empty), GROUP)).toEqual(empty);
  });

  it("takes the provider's monetisationNotEnabled as off", async () => {
    const refused = new ApiError(
      409,
      "u",
      "This app is not enabled for monetisation.",
      "t",
      "appGroupId",
      { appGroupId: "monetisationNotEnabled" },
    );
    expect(await loadPrices(client(true, refused), GROUP)).toBeUndefined();
  });

  it("says the load failed on any other error ('Error while fetching pricing data.')", async () => {
    expect(await loadPrices(client(true, new ApiError(500, "u", "boom")), GROUP)).toBe("failed");
    expect(await loadPrices(client(true, new TypeError("fetch failed")), GROUP)).toBe("failed");
  });

  it("is not found for an unknown group", async () => {
    await expect(loadPrices(client(true, new ApiError(404, "u")), GROUP)).rejects.toMatchObject({
      status: 404,
    });
  });
});

const t = asT((key) => key);
const price = (over: Partial<Price>): Price => ({
  id: "p",
  currency: "EUR",
  amount: 12.5,
  startDate: null,
  endDate: null,
  status: S.Submitted,
  pricingModelType: M.UserBased,
  ...over,
});

describe("what the page shows", () => {
  it("shows the form, with the country's currency, while no price is scheduled", () => {
    const view = pricingView(t, "en-AU", empty, "GBP");
    expect(view).toMatchObject({
      showForm: true,
      currency: "GBP",
      symbol: "£",
      rejected: null,
      canChange: false,
      freeForever: false,
    });
  });

  it("fills the form with a rejected first price", () => {
    const rejected = price({ id: "r", status: S.Rejected, amount: 9 });
    const view = pricingView(
      t,
      "en-AU",
      { scheduledPrices: [], priceHistories: [rejected], initialPricingModel: M.UserBased },
      "EUR",
    );
    expect(view).toMatchObject({
      showForm: true,
      symbol: "€",
      rejected: { id: "r", amount: 9, text: { price: "€9.00", status: "pricing:status.3" } },
    });
  });

  it("shows the schedule and the history with money and dates, and offers a change of a paid price in force", () => {
    const active = price({
      id: "a",
      status: S.Active,
      startDate: "2026-11-02T10:00:00.000Z",
      amount: 1000,
    });
    const view = pricingView(
      t,
      "en-AU",
      { scheduledPrices: [active], priceHistories: [active], initialPricingModel: M.UserBased },
      "EUR",
    );
    expect(view).toMatchObject({
      showForm: false,
      canChange: true,
      changePending: false,
      active: { amount: 1000 },
    });
    expect(view.schedule).toEqual([
      {
        id: "a",
        price: "€1,000.00",
        model: "pricing:model.1",
        start: "02/11/2026",
        end: "pricing:notSet",
        status: "pricing:status.5",
      },
    ]);
  });

  it("shows an approved free app as Free without a change", () => {
    const free = price({ id: "f", status: S.Active, pricingModelType: M.Free, amount: 0 });
    const view = pricingView(
      t,
      "en-AU",
      { scheduledPrices: [free], priceHistories: [free], initialPricingModel: M.Free },
      "AUD",
    );
    expect(view).toMatchObject({ freeForever: true, canChange: false });
    expect(view.schedule[0].price).toBe("pricing:free");
  });

  it("tells a change waiting for the provider or its start", () => {
    const active = price({ id: "a", status: S.Active });
    const next = price({ id: "n", status: S.AwaitingProcess, amount: 15 });
    const view = pricingView(
      t,
      "en-AU",
      {
        scheduledPrices: [active, next],
        priceHistories: [next, active],
        initialPricingModel: M.UserBased,
      },
      "AUD",
    );
    expect(view).toMatchObject({ canChange: false, changePending: true });
  });
});
