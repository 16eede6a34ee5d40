/**
 * A developer's prices of an app group: GET, the first price, a change of it before approval,
 * and a price change of a paid app in force. Each write runs in one transaction.
 */
import { eq } from "drizzle-orm";
import {
  activePrice,
  EDITABLE_STATUSES,
  isFreeForever,
  PRICE_STATUS,
  type PricingErrors,
  priceChangeBlocker,
  SCHEDULED_STATUSES,
  validatePrice,
  validatePriceChange,
} from "~/api/pricing/rules";
import type { Price, PriceData } from "~/api/pricing/schemas";
import { type DbOrTx, findGroup, type GroupRow } from "../apps/find";
import type { Caller, SandboxContext } from "../context";
import { prices } from "../db/schema/apps";
import { countryFlagOn } from "../feature-flags";
import { recordChange } from "../history";
import { notFound } from "../http/errors";
import { isUuid } from "../http/validate";
import {
  currencyOf,
  type PriceChangeInput,
  type PriceInput,
  type PriceRow,
  priceAnswer,
  priceDataOf,
  pricesOf,
  refuse,
  stored,
  submitNewPrice,
} from "./service";

/**
 * The caller's app group where monetisation is on: 404 for another company's or an unknown
 * one, then the fields' `errors` (400), then 409 where monetisation is off.
 */
export async function monetisedGroup(
  q: DbOrTx,
  caller: Caller,
  groupId: string | undefined,
  errors: PricingErrors = {},
  lock = true,
): Promise<GroupRow> {
  const group = await findGroup(q, caller.companyId, groupId, lock);
  if (!group) throw notFound("app group");
  if (Object.keys(errors).length > 0) refuse(errors);
  if (!(await countryFlagOn(q, group.countryCode, "monetisation-enabled")))
    refuse({ appGroupId: "monetisationNotEnabled" }, 409);
  return group;
}

/** A read without a transaction; only when a change's start has come are the prices settled (in one). */
export async function get(
  ctx: SandboxContext,
  caller: Caller,
  groupId: string,
): Promise<PriceData> {
  const group = await monetisedGroup(ctx.db, caller, groupId, {}, false);
  const rows = await ctx.db.select().from(prices).where(eq(prices.groupId, group.id));
  const now = Date.now();
  const due = rows.some(
    (row) =>
      row.status === PRICE_STATUS.AwaitingProcess &&
      row.startDate &&
      row.startDate.getTime() <= now,
  );
  return priceDataOf(due ? await ctx.db.transaction((tx) => pricesOf(tx, group)) : rows);
}

/** The first price. Order of refusals: the group (404), the fields (400), monetisation (409), a price set already (409). */
export async function create(
  ctx: SandboxContext,
  caller: Caller,
  groupId: string,
  body: PriceInput,
): Promise<Price> {
  const model = body.pricingModelType as number;
  return ctx.db.transaction(async (tx) => {
    const group = await monetisedGroup(tx, caller, groupId, validatePrice(body));
    const existing = await pricesOf(tx, group);
    if (existing.some((p) => SCHEDULED_STATUSES.includes(p.status)) || isFreeForever(existing))
      refuse({ appGroupId: "priceExists" }, 409);
    return submitNewPrice(tx, caller, group, {
      currency: await currencyOf(tx, group.countryCode),
      amount: stored(model, body.amount),
      pricingModelType: model,
      action: "created",
    });
  });
}

/** A price not approved yet, or rejected, changed and submitted again. */
export async function update(
  ctx: SandboxContext,
  caller: Caller,
  groupId: string,
  priceId: string,
  body: PriceInput,
): Promise<Price> {
  const model = body.pricingModelType as number;
  return ctx.db.transaction(async (tx) => {
    const group = await monetisedGroup(tx, caller, groupId, validatePrice(body));
    const existing = await pricesOf(tx, group);
    const row = isUuid(priceId) ? existing.find((p) => p.id === priceId.toLowerCase()) : undefined;
    if (!row) throw notFound("price");
    if (!EDITABLE_STATUSES.includes(row.status)) refuse({ status: "priceNotEditable" }, 409);
    // A rejected price comes back only while no other price is set.
    if (
      row.status === PRICE_STATUS.Rejected &&
      existing.some((p) => p.id !== row.id && SCHEDULED_STATUSES.includes(p.status))
    ) {
      refuse({ appGroupId: "priceExists" }, 409);
    }
    // A change of a paid app in force keeps its pricing model.
    const active = activePrice(existing);
    if (active && active.pricingModelType !== model)
      refuse({ pricingModelType: "invalidPricingModel" });
    const [updated] = await tx
      .update(prices)
      .set({
        pricingModelType: model,
        amount: stored(model, body.amount),
        status: PRICE_STATUS.Submitted,
      })
      .where(eq(prices.id, row.id))
      .returning();
    await recordChange(tx, {
      companyId: caller.companyId,
      entityType: "price",
      entityId: row.id,
      action: "updated",
      fromState: row.status,
      toState: updated.status,
      actor: caller.userId,
      detail: {
        from: { pricingModelType: row.pricingModelType, amount: Number(row.amount) },
        to: { pricingModelType: model, amount: Number(updated.amount) },
      },
    });
    return priceAnswer(updated);
  });
}

/** A price change of a paid app in force: the same pricing model, a new amount, submitted for review. */
export async function change(
  ctx: SandboxContext,
  caller: Caller,
  body: PriceChangeInput,
): Promise<Price> {
  return ctx.db.transaction(async (tx) => {
    const group = await monetisedGroup(
      tx,
      caller,
      body.appGroupId.trim(),
      validatePriceChange(body.amount),
    );
    const existing = await pricesOf(tx, group);
    const blocker = priceChangeBlocker(existing);
    if (blocker) refuse({ appGroupId: blocker }, 409);
    const active = activePrice(existing) as PriceRow;
    const same = validatePriceChange(body.amount, Number(active.amount));
    if (Object.keys(same).length > 0) refuse(same);
    return submitNewPrice(tx, caller, group, {
      currency: active.currency,
      amount: (body.amount as number).toFixed(2),
      pricingModelType: active.pricingModelType,
      action: "change-submitted",
      from: Number(active.amount),
    });
  });
}
