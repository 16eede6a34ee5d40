/**
 * oidc-provider storage in the provider database, so sessions, codes, grants and refresh
 * tokens survive a restart and are shared by several sandbox instances.
 */
import { and, eq, lt, type SQL, sql } from "drizzle-orm";
import type { Adapter, AdapterPayload } from "oidc-provider";
import type { Database } from "../db";
import { oidcPayloads } from "../db/schema/records";

const grantable = new Set([
  "AccessToken",
  "AuthorizationCode",
  "RefreshToken",
  "DeviceCode",
  "BackchannelAuthenticationRequest",
]);

export function createAdapterFactory(db: Database) {
  return class DatabaseAdapter implements Adapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const values = {
        id,
        model: this.model,
        payload,
        grantId: grantable.has(this.model) ? (payload.grantId ?? null) : null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt,
      };
      await db
        .insert(oidcPayloads)
        .values(values)
        .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: values });
    }

    private async findWhere(where: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select()
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.model, this.model), where))
        .limit(1);
      if (!row) return undefined;
      if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt
        ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) }
        : payload;
    }

    find(id: string) {
      return this.findWhere(eq(oidcPayloads.id, id));
    }

    findByUid(uid: string) {
      return this.findWhere(eq(oidcPayloads.uid, uid));
    }

    findByUserCode(userCode: string) {
      return this.findWhere(eq(oidcPayloads.userCode, userCode));
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcPayloads)
        .set({ consumedAt: new Date() })
        .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async destroy(id: string): Promise<void> {
      await db
        .delete(oidcPayloads)
        .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    }
  };
}

/**
 * Whether the grant `grantId` of the account `accountId` is alive, as SQL to put beside another
 * query: stored (a revoked grant is deleted) and not expired, as `find` has it.
 */
export function grantAlive(grantId: string, accountId: string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${oidcPayloads} where ${oidcPayloads.model} = 'Grant' and ${oidcPayloads.id} = ${grantId}
    and ${oidcPayloads.payload}->>'accountId' = ${accountId} and (${oidcPayloads.expiresAt} is null or ${oidcPayloads.expiresAt} > now()))`;
}

/** Removes expired entries; run now and then. */
export async function pruneExpired(db: Database) {
  await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, new Date()));
}
