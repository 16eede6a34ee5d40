/**
 * The reviewer's side of pricing: what waits for a decision, and the decision, which puts a
 * first price in force at once and a price change on the first day of the next month.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { AWAITING_REVIEW_STATUSES, changeStartDate, PRICE_STATUS } from "~/api/pricing/rules";
import type { DbOrTx } from "../apps/find";
import type { Tx } from "../db";
import { appGroups, prices } from "../db/schema/apps";
import { recordChange } from "../history";
import { ApiError } from "../http/errors";
import { isUuid } from "../http/validate";
import { PROVIDER, type PriceRow, priceAnswer, settlePrices } from "./service";

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
