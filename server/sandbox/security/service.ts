/**
 * Auth clients and permissions (`apps-auth/*`): what the clients' operations (clients.ts) and
 * the reviewer's approval share: a client's answer, secrets and private API keys (from the
 * CSPRNG, answered once, stored as SHA-256 digests), permissions named in the caller's
 * language, and the live-app client's grant. Every change is recorded in the state history.
 */
import { createHash, randomBytes } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import type { z } from "zod";
import {
  type AuthClient,
  type clientUpdate,
  HTTP_METHODS,
  type Permission,
} from "~/api/security/schemas";
import type { DbOrTx, GroupRow } from "../apps/find";
import type { Caller, SandboxContext } from "../context";
import { authClients } from "../db/schema/apps";
import type { permissions } from "../db/schema/lookups";
import { recordChange } from "../history";
import { namingLanguage } from "../resources/naming";
import { generateClients, listClients, permissionList, updateClient } from "./clients";

type ClientRow = typeof authClients.$inferSelect;
export type ClientUpdateInput = z.output<typeof clientUpdate>;

/** A secret from the CSPRNG: 256 bits, base64url. */
export const newSecret = (prefix = "") => `${prefix}${randomBytes(32).toString("base64url")}`;
export const digest = (value: string) => createHash("sha256").update(value).digest("hex");

const methodOrder = (m: string) => HTTP_METHODS.indexOf(m as (typeof HTTP_METHODS)[number]);

export function answer(
  row: ClientRow,
  issued?: { secret: string; privateApiKey: string },
): AuthClient {
  return {
    id: row.id,
    isLive: row.isLive,
    isAppLive: row.isAppLive,
    secret: issued?.secret ?? null,
    publicApiKey: row.publicApiKey,
    privateApiKey: issued?.privateApiKey ?? null,
    routes: row.routes,
    redirectUrls: row.redirectUrls,
    offlineAccess: row.offlineAccess,
  };
}

type PermissionRow = typeof permissions.$inferSelect;

/** A live-app client's permissions as the provider granted them. */
export interface LiveGrant {
  id: string;
  isLive: boolean;
  routes: ClientRow["routes"];
  offlineAccess: boolean;
}

/**
 * The provider grants each tab's live-app client the routes and offline access its sandbox-app
 * client holds: the permissions the developer asked for and tested, as the reviewer accepted
 * them. A tab without both clients is left as it is. Each grant is recorded in the state history; answers the live-app clients granted.
 */
export async function grantLivePermissions(
  tx: DbOrTx,
  group: Pick<GroupRow, "id" | "companyId">,
  actor: string,
  reason: string,
): Promise<LiveGrant[]> {
  const rows = await tx
    .select()
    .from(authClients)
    .where(eq(authClients.groupId, group.id))
    .orderBy(desc(authClients.isLive))
    .for("update");
  const granted: LiveGrant[] = [];
  for (const isLive of [true, false]) {
    const sandboxApp = rows.find((row) => row.isLive === isLive && !row.isAppLive);
    const liveApp = rows.find((row) => row.isLive === isLive && row.isAppLive);
    if (!sandboxApp || !liveApp) continue;
    const [row] = await tx
      .update(authClients)
      .set({
        routes: sandboxApp.routes,
        offlineAccess: sandboxApp.offlineAccess,
        modifiedAt: new Date(),
      })
      .where(eq(authClients.id, liveApp.id))
      .returning();
    await recordChange(tx, {
      companyId: group.companyId,
      entityType: "auth-client",
      entityId: row.id,
      action: "live-permissions-granted",
      actor,
      detail: { reason, from: sandboxApp.id, routes: row.routes, offlineAccess: row.offlineAccess },
    });
    granted.push({ id: row.id, isLive, routes: row.routes, offlineAccess: row.offlineAccess });
  }
  return granted;
}

/**
 * Permissions as the API answers them to a caller whose Accept-Language is `acceptLanguage`:
 * the description and permission group in the best of their languages for the caller (English
 * when none fits, or for a permission not named in it, as app categories are), ordered by group as that language
 * sorts, then by route and method.
 */
export function permissionsInLanguage(
  rows: readonly PermissionRow[],
  acceptLanguage?: string | null,
): Permission[] {
  const { language, collator } = namingLanguage(rows, acceptLanguage);
  return rows
    .map(({ countries: _countries, names, ...row }) => ({
      ...row,
      ...names[language],
      method: row.method as Permission["method"],
    }))
    .sort(
      (a, b) =>
        collator.compare(a.permissionGroup, b.permissionGroup) ||
        a.route.localeCompare(b.route) ||
        methodOrder(a.method) - methodOrder(b.method),
    );
}

export type SecurityService = ReturnType<typeof createSecurityService>;

export function createSecurityService(ctx: SandboxContext) {
  return {
    permissionList: (caller: Caller, groupId: string, acceptLanguage?: string | null) =>
      permissionList(ctx, caller, groupId, acceptLanguage),
    list: (caller: Caller, groupId: string) => listClients(ctx, caller, groupId),
    generate: (caller: Caller, groupId: string, isLive: boolean) =>
      generateClients(ctx, caller, groupId, isLive),
    update: (caller: Caller, groupId: string, isLive: boolean, body: ClientUpdateInput) =>
      updateClient(ctx, caller, groupId, isLive, body),
  };
}
