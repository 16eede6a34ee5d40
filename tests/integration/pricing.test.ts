/**
 * Pricing over real HTTP (docs/decisions/0051-pricing.md), with
 * the reviewer's endpoints: only where monetisation is enabled for the app's country; the first
 * price free or paid (user or firm based) with the amount rules and their codes; changed until
 * approved, and after a rejection; a price change of a paid app starting next month once
 * approved, with the schedule and the history; an approved free app free for ever; the
 * submission blocker lifted by a set price; and a second company refused on every call.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { changeStartDate, PRICING_MODEL as M, PRICE_STATUS as S } from "~/api/pricing/rules";
import { price, priceData } from "~/api/pricing/schemas";
import { createApp, expectRefused, init, json, ok, setFlags, type TestApp } from "./review-support";
import { admin, newCompany, type TestCompany } from "./support";

let a: TestCompany;
let b: TestCompany;

beforeAll(async () => {
  [a, b] = await Promise.all([newCompany(), newCompany()]);
});

const pricesPath = (app: TestApp) => `app-monetization/app-groups/${app.groupId}/prices`;
const getPrices = async (company: TestCompany, app: TestApp) =>
  priceData.parse(await ok(await company.api(pricesPath(app))));
const postPrice = (company: TestCompany, app: TestApp, body: unknown) =>
  company.api(pricesPath(app), json("POST", body));
const putPrice = (company: TestCompany, app: TestApp, id: string, body: unknown) =>
  company.api(`${pricesPath(app)}/${id}`, json("PUT", body));
const postChange = (company: TestCompany, body: unknown) =>
  company.api("app-monetization/price-updation", json("POST", body));
const reviewPrice = async (id: string, decision: "approve" | "reject") =>
  ok<{ status: number; startDate: string | null }>(
    await admin(`prices/${id}/review`, json("PUT", { decision, notes: "Checked." })),
  );
const created = async (res: Response) => price.parse(await ok(res, 201));

describe("pricing", () => {
  it("answers only where monetisation is enabled for the app's country", async () => {
    const us = await createApp(a, { countryCode: "US" });
    for (const res of [
      await a.api(pricesPath(us)),
      await postPrice(a, us, { pricingModelType: M.Free }),
      await putPrice(a, us, crypto.randomUUID(), { pricingModelType: M.Free }),
      await postChange(a, { appGroupId: us.groupId, amount: 5 }),
    ]) {
      const body = await expectRefused(res, 409, { appGroupId: "monetisationNotEnabled" });
      expect(body.detail).toBe("This app is not enabled for monetisation.");
    }
    const au = await createApp(a, { countryCode: "AU" });
    expect(await getPrices(a, au)).toEqual({
      scheduledPrices: [],
      priceHistories: [],
      initialPricingModel: null,
    });
  });

  it("refuses a paid price without an amount greater than 0 with two decimals, never negative", async () => {
    const app = await createApp(a);
    await expectRefused(await postPrice(a, app, {}), 400, {
      pricingModelType: "required",
      amount: "required",
    });
    await expectRefused(await postPrice(a, app, { pricingModelType: 7, amount: 5 }), 400, {
      pricingModelType: "invalidPricingModel",
    });
    await expectRefused(await postPrice(a, app, { pricingModelType: M.UserBased }), 400, {
      amount: "required",
    });
    await expectRefused(
      await postPrice(a, app, { pricingModelType: M.UserBased, amount: 0 }),
      400,
      { amount: "amountMustBeGreater0" },
    );
    await expectRefused(
      await postPrice(a, app, { pricingModelType: M.FirmBased, amount: -1 }),
      400,
      { amount: "noNegatives" },
    );
    await expectRefused(
      await postPrice(a, app, { pricingModelType: M.FirmBased, amount: 1.005 }),
      400,
      { amount: "twoDecimals" },
    );
    await expectRefused(
      await postPrice(a, app, { pricingModelType: M.FirmBased, amount: 1_000_000 }),
      400,
      { amount: "tooLarge" },
    );
    expect((await postPrice(a, app, { pricingModelType: M.FirmBased, amount: "5" })).status).toBe(
      400,
    );
    expect((await getPrices(a, app)).priceHistories).toEqual([]);
  });

  it("sets a paid price for review, changes it, lifts the submission blocker, and is approved into force", async () => {
    const app = await createApp(a, { countryCode: "UK" });
    await setFlags(app.groupId, { isPreApprovalRequired: false });
    expect((await init(a, app.versionId)).blockers).toContain("priceRequired");

    const first = await created(
      await postPrice(a, app, { pricingModelType: M.UserBased, amount: 12.5 }),
    );
    expect(first).toMatchObject({
      currency: "GBP",
      amount: 12.5,
      status: S.Submitted,
      pricingModelType: M.UserBased,
      startDate: null,
      endDate: null,
    });
    expect((await init(a, app.versionId)).blockers).not.toContain("priceRequired");
    await expectRefused(await postPrice(a, app, { pricingModelType: M.Free }), 409, {
      appGroupId: "priceExists",
    });

    const changed = price.parse(
      await ok(await putPrice(a, app, first.id, { pricingModelType: M.FirmBased, amount: 20 })),
    );
    expect(changed).toMatchObject({
      id: first.id,
      amount: 20,
      pricingModelType: M.FirmBased,
      status: S.Submitted,
    });
    expect(
      (await admin("pending").then((r) => ok<{ prices: { id: string }[] }>(r))).prices.map(
        (p) => p.id,
      ),
    ).toContain(first.id);

    const approved = await reviewPrice(first.id, "approve");
    expect(approved.status).toBe(S.Active);
    expect(
      (await admin(`prices/${first.id}/review`, json("PUT", { decision: "approve" }))).status,
    ).toBe(409);
    await expectRefused(
      await putPrice(a, app, first.id, { pricingModelType: M.FirmBased, amount: 25 }),
      409,
      { status: "priceNotEditable" },
    );
    const data = await getPrices(a, app);
    expect(data.initialPricingModel).toBe(M.FirmBased);
    expect(data.scheduledPrices).toEqual([
      expect.objectContaining({
        id: first.id,
        status: S.Active,
        startDate: expect.any(String),
        endDate: null,
      }),
    ]);
    expect((await init(a, app.versionId)).blockers).not.toContain("priceRequired");
  });

  it("submits a price change that starts next month once approved, shown in the schedule and the history", async () => {
    const app = await createApp(a);
    const first = await created(
      await postPrice(a, app, { pricingModelType: M.UserBased, amount: 10 }),
    );
    await expectRefused(await postChange(a, { appGroupId: app.groupId, amount: 15 }), 409, {
      appGroupId: "noActivePrice",
    });
    await reviewPrice(first.id, "approve");

    await expectRefused(await postChange(a, { appGroupId: app.groupId, amount: 0 }), 400, {
      amount: "amountMustBeGreater0",
    });
    await expectRefused(await postChange(a, { appGroupId: app.groupId }), 400, {
      amount: "required",
    });
    await expectRefused(await postChange(a, { appGroupId: app.groupId, amount: 10 }), 400, {
      amount: "samePrice",
    });
    const rejected = await created(await postChange(a, { appGroupId: app.groupId, amount: 99.99 }));
    await expectRefused(await postChange(a, { appGroupId: app.groupId, amount: 15 }), 409, {
      appGroupId: "priceChangePending",
    });
    expect((await reviewPrice(rejected.id, "reject")).status).toBe(S.Rejected);
    await expectRefused(
      await putPrice(a, app, rejected.id, { pricingModelType: M.UserBased, amount: 15 }),
      409,
      { appGroupId: "priceExists" },
    );

    const change = await created(await postChange(a, { appGroupId: app.groupId, amount: 15.25 }));
    expect(change).toMatchObject({
      amount: 15.25,
      currency: "AUD",
      pricingModelType: M.UserBased,
      status: S.Submitted,
    });
    const decided = await reviewPrice(change.id, "approve");
    const start = changeStartDate(new Date()).toISOString();
    expect(decided).toMatchObject({ status: S.AwaitingProcess, startDate: start });

    const data = await getPrices(a, app);
    expect(data.scheduledPrices.map((p) => [p.id, p.status, p.endDate])).toEqual([
      [first.id, S.Active, start],
      [change.id, S.AwaitingProcess, null],
    ]);
    expect(data.priceHistories.map((p) => [p.id, p.status])).toEqual([
      [change.id, S.AwaitingProcess],
      [rejected.id, S.Rejected],
      [first.id, S.Active],
    ]);
    await expectRefused(await postChange(a, { appGroupId: app.groupId, amount: 16 }), 409, {
      appGroupId: "priceChangePending",
    });
  });

  it("takes a rejected first price back with a change, and keeps an approved free app free for ever", async () => {
    const app = await createApp(a);
    const paid = await created(
      await postPrice(a, app, { pricingModelType: M.UserBased, amount: 10 }),
    );
    await reviewPrice(paid.id, "reject");
    expect((await getPrices(a, app)).scheduledPrices).toEqual([]);
    const free = price.parse(
      await ok(await putPrice(a, app, paid.id, { pricingModelType: M.Free, amount: 50 })),
    );
    expect(free).toMatchObject({ pricingModelType: M.Free, amount: 0, status: S.Submitted });
    await reviewPrice(free.id, "approve");
    await expectRefused(await postChange(a, { appGroupId: app.groupId, amount: 5 }), 409, {
      appGroupId: "freeForever",
    });
    await expectRefused(
      await postPrice(a, app, { pricingModelType: M.UserBased, amount: 5 }),
      409,
      { appGroupId: "priceExists" },
    );
    await expectRefused(
      await putPrice(a, app, free.id, { pricingModelType: M.UserBased, amount: 5 }),
      409,
      { status: "priceNotEditable" },
    );
    expect((await getPrices(a, app)).initialPricingModel).toBe(M.Free);
  });

  it("lets another company neither read nor change any price", async () => {
    const app = await createApp(a);
    const first = await created(
      await postPrice(a, app, { pricingModelType: M.UserBased, amount: 10 }),
    );
    expect((await b.api(pricesPath(app))).status).toBe(404);
    expect((await postPrice(b, app, { pricingModelType: M.Free })).status).toBe(404);
    expect((await putPrice(b, app, first.id, { pricingModelType: M.Free })).status).toBe(404);
    await reviewPrice(first.id, "approve");
    expect((await postChange(b, { appGroupId: app.groupId, amount: 11 })).status).toBe(404);
    const mine = await createApp(b);
    expect((await putPrice(b, mine, first.id, { pricingModelType: M.Free })).status).toBe(404);
    const data = await getPrices(a, app);
    expect(data.priceHistories).toEqual([
      expect.objectContaining({ id: first.id, amount: 10, status: S.Active }),
    ]);
  });

  it("answers the reviewer 404 for an unknown price and 400 for an unknown decision", async () => {
    expect(
      (await admin(`prices/${crypto.randomUUID()}/review`, json("PUT", { decision: "approve" })))
        .status,
    ).toBe(404);
    expect(
      (await admin("prices/not-a-price/review", json("PUT", { decision: "approve" }))).status,
    ).toBe(404);
    const app = await createApp(a);
    const first = await created(await postPrice(a, app, { pricingModelType: M.Free }));
    expect(
      (await admin(`prices/${first.id}/review`, json("PUT", { decision: "maybe" }))).status,
    ).toBe(400);
  });
});
