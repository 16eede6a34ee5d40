/** The history of state changes: who changed what, when. */
import type { Database, Tx } from "./db";
import { stateChanges } from "./db/schema";

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

export async function recordChange(db: Database | Tx, change: Change) {
  await db.insert(stateChanges).values({
    companyId: change.companyId ?? null,
    entityType: change.entityType,
    entityId: change.entityId,
    action: change.action,
    fromState: change.fromState == null ? null : String(change.fromState),
    toState: change.toState == null ? null : String(change.toState),
    actor: change.actor,
    detail: change.detail ?? null,
  });
}
