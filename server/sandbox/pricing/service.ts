/**
 * Pricing (docs/decisions/0051-pricing.md): an app's prices
 * where monetisation is enabled for its country. The first price (free, or paid user or firm
 * based) is submitted for the provider's review and may be changed until approved, or after
 * a rejection; a paid app in force may submit a price change, which starts on the first day
 * of the next month once approved; an approved free app stays free. The rules are the
 * contract's (app/api/pricing/rules.ts); the group is looked up within the caller's company
 * (404 otherwise); every change is recorded in the state history. The reviewer's decision is
 * `decidePrice`, used by ../admin/service.ts.
 */
import { and, asc, eq, inArray, lte } from "drizzle-orm";
import type { z } from "zod";
import {
  AWAITING_REVIEW_STATUSES,
  changeStartDate,
  PRICE_LIMITS,
  PRICE_STATUS,
  PRICING_MODEL,
  type PricingErrors,
  SCHEDULED_STATUSES,
} from "~/api/pricing/rules";
import type { Price, PriceData, priceChangeRequest, priceRequest } from "~/api/pricing/schemas";
import type { DbOrTx, GroupRow } from "../apps/find";
import type { Caller, SandboxContext } from "../context";
import type { Tx } from "../db";
import { appGroups, prices } from "../db/schema/apps";
import { countries } from "../db/schema/lookups";
import { recordChange } from "../history";
import { ApiError } from "../http/errors";
import { isUuid } from "../http/validate";
import { change, create, get, update } from "./operations";

export type PriceRow = typeof prices.$inferSelect;
export type PriceInput = z.output<typeof priceRequest>;
export type PriceChangeInput = z.output<typeof priceChangeRequest>;

const PROVIDER = "provider";

/** How the API words the pricing rules in English (`detail`); `errors` carry the codes. */
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

/** A refusal naming the first failing field in words, with every field's rule code (400 for fields, 409 for state). */
export function refuse(errors: PricingErrors, status: 400 | 409 = 400): never {
  const [field, code] = Object.entries(errors)[0] as [string, string];
  const words = PRICING_MESSAGES[code] ?? code;
  throw new ApiError(status, status === 409 ? words : `${field}: ${words}`, {
    field,
    errors: errors as Record<string, string>,
  });
}

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

/** What waits for the reviewer: prices created or submitted, oldest first. */
export async function pendingPrices(q: DbOrTx) {
  return q
    .select({
      id: prices.id,
      groupId: prices.groupId,
      currency: prices.currency,
      amount: prices.amount,
      pricingModelType: prices.pricingModelType,
      createdAt: prices.createdAt,
    })
    .from(prices)
    .where(inArray(prices.status, [...AWAITING_REVIEW_STATUSES]))
    .orderBy(asc(prices.createdAt));
}

/**
 * The reviewer's decision on a price waiting for review. Approved, the app's first price is in
 * force at once (active); a change waits for the first day of the next month (awaiting
 * process) and the price in force ends then. Rejected, it is kept in the history (3). Undefined
 * for an unknown id; 409 when the price is not waiting for review.
 */
export async function decidePrice(
  tx: Tx,
  priceId: string,
  decision: "approve" | "reject",
  notes = "",
  now = new Date(),
) {
  if (!isUuid(priceId)) return undefined;
  const [row] = await tx.select().from(prices).where(eq(prices.id, priceId)).for("update");
  if (!row) return undefined;
  const [{ companyId }] = await tx
    .select({ companyId: appGroups.companyId })
    .from(appGroups)
    .where(eq(appGroups.id, row.groupId));
  await settlePrices(tx, row.groupId, companyId, now);
  if (!AWAITING_REVIEW_STATUSES.includes(row.status)) {
    throw new ApiError(409, "The price is not waiting for review.", {
      field: "status",
      errors: { status: "priceNotAwaitingReview" },
    });
  }
  const reviewNotes = notes.trim();
  let set: Partial<PriceRow> = { status: PRICE_STATUS.Rejected };
  if (decision === "approve") {
    const [active] = await tx
      .select()
      .from(prices)
      .where(and(eq(prices.groupId, row.groupId), eq(prices.status, PRICE_STATUS.Active)))
      .for("update");
    if (active) {
      const start = changeStartDate(now);
      await tx.update(prices).set({ endDate: start }).where(eq(prices.id, active.id));
      set = { status: PRICE_STATUS.AwaitingProcess, startDate: start };
    } else {
      set = { status: PRICE_STATUS.Active, startDate: now };
    }
  }
  const [updated] = await tx.update(prices).set(set).where(eq(prices.id, row.id)).returning();
  await recordChange(tx, {
    companyId,
    entityType: "price",
    entityId: row.id,
    action: `provider-${decision}`,
    fromState: row.status,
    toState: updated.status,
    actor: PROVIDER,
    detail: reviewNotes ? { notes: reviewNotes } : undefined,
  });
  return { groupId: updated.groupId, ...priceAnswer(updated) };
}
