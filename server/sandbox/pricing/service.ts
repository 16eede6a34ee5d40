/**
 * Pricing (docs/decisions/0051-pricing.md): an app's prices where monetisation is enabled for
 * its country. The first price (free, or paid user or firm based) is submitted for the
 * provider's review and may be changed until approved, or after a rejection; a paid app in
 * force may submit a price change, which starts on the first day of the next month once
 * approved; an approved free app stays free. The rules are the contract's
 * (app/api/pricing/rules.ts); the group is looked up within the caller's company (404
 * otherwise); each write runs in one transaction and is recorded in the state history. The
 * reviewer's side is review.ts.
 */
import { and, asc, eq, lte } from "drizzle-orm";
import type { z } from "zod";
import {
  activePrice,
  EDITABLE_STATUSES,
  isFreeForever,
  PRICE_STATUS,
  PRICING_MODEL,
  type PricingErrors,
  priceChangeBlocker,
  SCHEDULED_STATUSES,
  validatePrice,
  validatePriceChange,
} from "~/api/pricing/rules";
import type { Price, PriceData, priceChangeRequest, priceRequest } from "~/api/pricing/schemas";
import { type DbOrTx, findGroup, type GroupRow } from "../apps/find";
import type { Caller, SandboxContext } from "../context";
import type { Tx } from "../db";
import { prices } from "../db/schema/apps";
import { countries } from "../db/schema/lookups";
import { countryFlagOn } from "../feature-flags";
import { recordChange } from "../history";
import { notFound, refuse } from "../http/errors";
import { isUuid } from "../http/validate";
import { WORDING } from "../wording";

export type PriceRow = typeof prices.$inferSelect;
export type PriceInput = z.output<typeof priceRequest>;
export type PriceChangeInput = z.output<typeof priceChangeRequest>;

/** The actor of the provider's own changes in the state history. */
export const PROVIDER = "provider";

/** A refusal naming the first failing field in words, with every field's rule code (400 for fields, 409 for state). */
export const refusePrice = (errors: PricingErrors, status: 400 | 409 = 400): never =>
  refuse(WORDING.pricing, errors as Record<string, string>, status);

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function priceAnswer(row: PriceRow): Price {
  return {
    id: row.id,
    currency: row.currency,
    amount: Number(row.amount),
    startDate: iso(row.startDate),
    endDate: iso(row.endDate),
    status: row.status,
    pricingModelType: row.pricingModelType,
  };
}

/** `[undecided last, then by start]` for the schedule. */
function bySchedule(a: PriceRow, b: PriceRow) {
  const x = a.startDate?.getTime() ?? Number.POSITIVE_INFINITY;
  const y = b.startDate?.getTime() ?? Number.POSITIVE_INFINITY;
  return x - y || a.createdAt.getTime() - b.createdAt.getTime();
}

export function priceDataOf(rows: PriceRow[]): PriceData {
  const oldestFirst = [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return {
    scheduledPrices: rows
      .filter((row) => SCHEDULED_STATUSES.includes(row.status))
      .sort(bySchedule)
      .map(priceAnswer),
    priceHistories: [...oldestFirst].reverse().map(priceAnswer),
    initialPricingModel: oldestFirst[0]?.pricingModelType ?? null,
  };
}

/**
 * Prices whose start has come: an approved change (awaiting process) comes into force and
 * the price it replaces is archived. Run before every read and write of an app's prices.
 */
export async function settlePrices(
  tx: Tx,
  groupId: string,
  companyId: string,
  now = new Date(),
): Promise<void> {
  const due = await tx
    .select()
    .from(prices)
    .where(
      and(
        eq(prices.groupId, groupId),
        eq(prices.status, PRICE_STATUS.AwaitingProcess),
        lte(prices.startDate, now),
      ),
    )
    .orderBy(asc(prices.startDate));
  for (const next of due) {
    const retired = await tx
      .update(prices)
      .set({ status: PRICE_STATUS.Archived, endDate: next.startDate })
      .where(and(eq(prices.groupId, groupId), eq(prices.status, PRICE_STATUS.Active)))
      .returning();
    await tx.update(prices).set({ status: PRICE_STATUS.Active }).where(eq(prices.id, next.id));
    for (const row of retired) {
      await recordChange(tx, {
        companyId,
        entityType: "price",
        entityId: row.id,
        action: "replaced",
        fromState: row.status,
        toState: PRICE_STATUS.Archived,
        actor: PROVIDER,
        detail: { by: next.id },
      });
    }
    await recordChange(tx, {
      companyId,
      entityType: "price",
      entityId: next.id,
      action: "started",
      fromState: next.status,
      toState: PRICE_STATUS.Active,
      actor: PROVIDER,
    });
  }
}

/** The app's prices after settling, held until the transaction ends. */
export async function pricesOf(tx: Tx, group: GroupRow): Promise<PriceRow[]> {
  await settlePrices(tx, group.id, group.companyId);
  return tx.select().from(prices).where(eq(prices.groupId, group.id)).for("update");
}

/** The currency of the app's country. */
export async function currencyOf(q: DbOrTx, countryCode: string): Promise<string> {
  const [row] = await q
    .select({ currency: countries.currency })
    .from(countries)
    .where(eq(countries.code, countryCode))
    .limit(1);
  return row?.currency ?? "AUD";
}

/** The amount as stored: two decimals; a free price's is 0. */
export const stored = (model: number, amount: number | null | undefined) =>
  model === PRICING_MODEL.Free ? "0.00" : (amount as number).toFixed(2);

/** A new price of the app, submitted for the provider's review, and its change recorded. */
export async function submitNewPrice(
  tx: Tx,
  caller: Caller,
  group: GroupRow,
  price: {
    currency: string;
    amount: string;
    pricingModelType: number;
    action: "created" | "change-submitted";
    from?: number;
  },
): Promise<Price> {
  const [row] = await tx
    .insert(prices)
    .values({
      groupId: group.id,
      currency: price.currency,
      amount: price.amount,
      pricingModelType: price.pricingModelType,
      status: PRICE_STATUS.Submitted,
      createdById: caller.userId,
    })
    .returning();
  await recordChange(tx, {
    companyId: caller.companyId,
    entityType: "price",
    entityId: row.id,
    action: price.action,
    toState: row.status,
    actor: caller.userId,
    detail: {
      groupId: group.id,
      pricingModelType: row.pricingModelType,
      amount: Number(row.amount),
      ...(price.from === undefined ? {} : { from: price.from }),
    },
  });
  return priceAnswer(row);
}

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
  if (Object.keys(errors).length > 0) refusePrice(errors);
  if (!(await countryFlagOn(q, group.countryCode, "monetisation-enabled")))
    refusePrice({ appGroupId: "monetisationNotEnabled" }, 409);
  return group;
}

/** A write of the caller's monetised group's prices (refused as `monetisedGroup` does), in one transaction. */
function withPrices<T>(
  ctx: SandboxContext,
  caller: Caller,
  groupId: string,
  errors: PricingErrors,
  write: (tx: Tx, group: GroupRow, existing: PriceRow[]) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const group = await monetisedGroup(tx, caller, groupId, errors);
    return write(tx, group, await pricesOf(tx, group));
  });
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
  return withPrices(ctx, caller, groupId, validatePrice(body), async (tx, group, existing) => {
    if (existing.some((p) => SCHEDULED_STATUSES.includes(p.status)) || isFreeForever(existing))
      refusePrice({ appGroupId: "priceExists" }, 409);
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
  return withPrices(ctx, caller, groupId, validatePrice(body), async (tx, _group, existing) => {
    const row = isUuid(priceId) ? existing.find((p) => p.id === priceId.toLowerCase()) : undefined;
    if (!row) throw notFound("price");
    if (!EDITABLE_STATUSES.includes(row.status)) refusePrice({ status: "priceNotEditable" }, 409);
    // A rejected price comes back only while no other price is set.
    if (
      row.status === PRICE_STATUS.Rejected &&
      existing.some((p) => p.id !== row.id && SCHEDULED_STATUSES.includes(p.status))
    ) {
      refusePrice({ appGroupId: "priceExists" }, 409);
    }
    // A change of a paid app in force keeps its pricing model.
    const active = activePrice(existing);
    if (active && active.pricingModelType !== model)
      refusePrice({ pricingModelType: "invalidPricingModel" });
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
  const groupId = body.appGroupId.trim();
  const errors = validatePriceChange(body.amount);
  return withPrices(ctx, caller, groupId, errors, async (tx, group, existing) => {
    const blocker = priceChangeBlocker(existing);
    if (blocker) refusePrice({ appGroupId: blocker }, 409);
    const active = activePrice(existing) as PriceRow;
    const same = validatePriceChange(body.amount, Number(active.amount));
    if (Object.keys(same).length > 0) refusePrice(same);
    return submitNewPrice(tx, caller, group, {
      currency: active.currency,
      amount: (body.amount as number).toFixed(2),
      pricingModelType: active.pricingModelType,
      action: "change-submitted",
      from: Number(active.amount),
    });
  });
}

export type PricingService = ReturnType<typeof createPricingService>;

export function createPricingService(ctx: SandboxContext) {
  return {
    get: (caller: Caller, groupId: string) => get(ctx, caller, groupId),
    create: (caller: Caller, groupId: string, body: PriceInput) =>
      create(ctx, caller, groupId, body),
    update: (caller: Caller, groupId: string, priceId: string, body: PriceInput) =>
      update(ctx, caller, groupId, priceId, body),
    change: (caller: Caller, body: PriceChangeInput) => change(ctx, caller, body),
  };
}
