/**
 * The history of state changes: who changed what, when. Every text of a change is made
 * storable before it is written (common.ts `storableCopy`): the calls refuse a NUL or a lone
 * surrogate at validation, and should one get here all the same, the change is still written
 * (with U+FFFD in its place) rather than the whole write failing.
 */
import { storableCopy } from "~/api/common";
import type { Database, Tx } from "./db";
import { stateChanges } from "./db/schema/records";

export interface Change {
  companyId?: string | null;
  entityType: string;
  entityId: string;
  action: string;
  fromState?: string | number | null;
  toState?: string | number | null;
  /** A user id, or 'provider' for the reviewer side, or 'system'. */
  actor: string;
  detail?: Record<string, unknown>;
}

/** A copy of a value with every string, and every key of a plain object, made storable. */
export function storableValue<T>(value: T): T {
  if (typeof value === "string") return storableCopy(value) as T;
  if (Array.isArray(value)) return value.map(storableValue) as T;
  if (
    value !== null &&
    typeof value === "object" &&
    Object.getPrototypeOf(value) === Object.prototype
  ) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [storableCopy(key), storableValue(item)]),
    ) as T;
  }
  return value;
}

const state = (value: string | number | null | undefined) =>
  value == null ? null : storableCopy(String(value));

export async function recordChange(db: Database | Tx, change: Change) {
  await db.insert(stateChanges).values({
    companyId: change.companyId ?? null,
    entityType: storableCopy(change.entityType),
    entityId: storableCopy(change.entityId),
    action: storableCopy(change.action),
    fromState: state(change.fromState),
    toState: state(change.toState),
    actor: storableCopy(change.actor),
    detail: change.detail ? storableValue(change.detail) : null,
  });
}
