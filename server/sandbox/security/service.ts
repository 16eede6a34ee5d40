/**
 * Auth clients and permissions (`apps-auth/*`): the
 * permission list of the app's country, the clients of the Live and Staging tabs (Staging only
 * for users with test access), generating them, and saving a client's routes, offline access
 * and callback URLs. Only for an app group that is pre-approved (or needs no pre-approval);
 * the live-app client's permissions are the provider's and read-only. Secrets and private API
 * keys come from the CSPRNG, are answered once, and are stored as SHA-256 digests
 * (docs/decisions/0052-auth-clients-and-permissions.md). Every group is looked up within the
 * caller's company (404 otherwise); every change is recorded in the state history.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq } from "drizzle-orm";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import type { z } from "zod";
import { hasApprovedPreApproval } from "~/api/approvals/rules";
import {
  normaliseRoutes,
  parseCallbackUrls,
  type SecurityErrors,
  validateCallbackUrls,
} from "~/api/security/rules";
import {
  type AuthClient,
  type clientUpdate,
  HTTP_METHODS,
  type Permission,
} from "~/api/security/schemas";
import { type DbOrTx, findGroup, type GroupRow } from "../apps/find";
import type { Caller, SandboxContext } from "../context";
import { authClients, preApprovals } from "../db/schema/apps";
import { users } from "../db/schema/companies";
import { countries, permissions } from "../db/schema/lookups";
import { recordChange } from "../history";
import { ApiError, notFound, refuse, refuseAny } from "../http/errors";
import { take } from "../identity/limits";
import { namingLanguage } from "../resources/naming";
import { resourceCountryOf } from "../seed/lookups";
import { WORDING } from "../wording";

type ClientRow = typeof authClients.$inferSelect;
export type ClientUpdateInput = z.output<typeof clientUpdate>;

/** A secret from the CSPRNG: 256 bits, base64url. */
const newSecret = (prefix = "") => `${prefix}${randomBytes(32).toString("base64url")}`;
export const digest = (value: string) => createHash("sha256").update(value).digest("hex");

const methodOrder = (m: string) => HTTP_METHODS.indexOf(m as (typeof HTTP_METHODS)[number]);

function answer(row: ClientRow, issued?: { secret: string; privateApiKey: string }): AuthClient {
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
 * them (docs/decisions/0054-live-app-permissions.md). A tab without both clients is left as it
 * is. Each grant is recorded in the state history; answers the live-app clients granted.
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
 * when none fits, or for a permission not named in it, as app categories are:
 * docs/decisions/0033-category-names-from-the-provider.md), ordered by group as that language
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
  const { db } = ctx;
  // Counted where every sandbox instance sees the same count (Redis when configured); made at the first issue.
  let secretIssues: RateLimiterAbstract | undefined;

  /** Takes one of the group's issues of the hour; past them a 429 with Retry-After. */
  async function countIssue(groupId: string) {
    const perHour = ctx.quotas.secretIssuesPerHour;
    secretIssues ??= ctx.limits.limiter({
      keyPrefix: "secret-issues",
      points: perHour,
      duration: 60 * 60,
    });
    const wait = await take(secretIssues, groupId);
    if (wait === 0) return;
    throw new ApiError(
      429,
      `At most ${perHour} new secrets per app group per hour. Try again in ${Math.ceil(wait / 60)} minute(s).`,
      {
        field: "id",
        errors: { id: "tooManySecretIssues" },
        headers: { "Retry-After": String(wait) },
      },
    );
  }

  /** The caller's group, pre-approved or needing no pre-approval (404 elsewhere, 409 before). */
  async function approvedGroup(
    q: DbOrTx,
    caller: Caller,
    groupId: string,
    lock = false,
  ): Promise<GroupRow> {
    const group = await findGroup(q, caller.companyId, groupId, lock);
    if (!group) throw notFound("app group");
    if (group.isPreApprovalRequired) {
      const rows = await q
        .select({ status: preApprovals.status, isWithdrawn: preApprovals.isWithdrawn })
        .from(preApprovals)
        .where(
          and(eq(preApprovals.groupId, group.id), eq(preApprovals.companyId, caller.companyId)),
        );
      if (!hasApprovedPreApproval(rows))
        refuse(WORDING.security, { id: "preApprovalRequired" }, 409);
    }
    return group;
  }

  async function hasTestAccess(q: DbOrTx, caller: Caller): Promise<boolean> {
    const [row] = await q
      .select({ hasAccessToTest: users.hasAccessToTest })
      .from(users)
      .where(and(eq(users.id, caller.userId), eq(users.companyId, caller.companyId)));
    return row?.hasAccessToTest ?? false;
  }

  async function requireTab(q: DbOrTx, caller: Caller, isLive: boolean) {
    if (!isLive && !(await hasTestAccess(q, caller)))
      refuse(WORDING.security, { isLive: "testAccessRequired" }, 403);
  }

  /** The permission list of the group's country, by permission group, route and method. */
  async function catalogue(
    q: DbOrTx,
    group: GroupRow,
    acceptLanguage?: string | null,
  ): Promise<Permission[]> {
    const [country] = await q
      .select({ code: countries.code, resourceCountryCode: countries.resourceCountryCode })
      .from(countries)
      .where(eq(countries.code, group.countryCode));
    const resource = country ? resourceCountryOf(country) : group.countryCode;
    const rows = await q
      .select()
      .from(permissions)
      .orderBy(asc(permissions.permissionGroup), asc(permissions.route));
    return permissionsInLanguage(
      rows.filter((row) => row.countries === null || row.countries.includes(resource)),
      acceptLanguage,
    );
  }

  /** The permission list, its descriptions and group names in the caller's language (Accept-Language). */
  async function permissionList(
    caller: Caller,
    groupId: string,
    acceptLanguage?: string | null,
  ): Promise<Permission[]> {
    return catalogue(db, await approvedGroup(db, caller, groupId), acceptLanguage);
  }

  /** The group's clients: Live tab first, sandbox-app before live-app; Staging only with test access. */
  async function list(caller: Caller, groupId: string): Promise<AuthClient[]> {
    const group = await approvedGroup(db, caller, groupId);
    const testAccess = await hasTestAccess(db, caller);
    const rows = await db
      .select()
      .from(authClients)
      .where(eq(authClients.groupId, group.id))
      .orderBy(desc(authClients.isLive), asc(authClients.isAppLive));
    return rows.filter((row) => row.isLive || testAccess).map((row) => answer(row));
  }

  /** Generates the tab's two clients, or issues them a new secret and private key. */
  async function generate(caller: Caller, groupId: string, isLive: boolean): Promise<AuthClient[]> {
    return db.transaction(async (tx) => {
      const group = await approvedGroup(tx, caller, groupId, true);
      await requireTab(tx, caller, isLive);
      await countIssue(group.id);
      const existing = await tx
        .select()
        .from(authClients)
        .where(and(eq(authClients.groupId, group.id), eq(authClients.isLive, isLive)));
      const answers: AuthClient[] = [];
      for (const isAppLive of [false, true]) {
        const issued = { secret: newSecret(), privateApiKey: newSecret("sk_") };
        const hashes = {
          secret: digest(issued.secret),
          privateApiKey: digest(issued.privateApiKey),
        };
        const before = existing.find((row) => row.isAppLive === isAppLive);
        const [row] = before
          ? await tx
              .update(authClients)
              .set({ ...hashes, modifiedAt: new Date() })
              .where(eq(authClients.id, before.id))
              .returning()
          : await tx
              .insert(authClients)
              .values({
                groupId: group.id,
                isLive,
                isAppLive,
                ...hashes,
                publicApiKey: `pk_${randomBytes(16).toString("hex")}`,
              })
              .returning();
        await recordChange(tx, {
          companyId: caller.companyId,
          entityType: "auth-client",
          entityId: row.id,
          action: before ? "secret-reissued" : "generated",
          actor: caller.userId,
          detail: { groupId: group.id, isLive, isAppLive },
        });
        answers.push(answer(row, issued));
      }
      return answers;
    });
  }

  /** Saves a client's routes and offline access (sandbox-app only), or its callback URLs. */
  async function update(caller: Caller, groupId: string, isLive: boolean, body: ClientUpdateInput) {
    return db.transaction(async (tx) => {
      const group = await approvedGroup(tx, caller, groupId, true);
      await requireTab(tx, caller, isLive);
      const changesPermissions = body.routes !== undefined || body.offlineAccess !== undefined;
      if (!changesPermissions && body.callbackUrls === undefined)
        refuse(WORDING.security, { callbackUrls: "required" });
      const [client] = await tx
        .select()
        .from(authClients)
        .where(
          and(
            eq(authClients.groupId, group.id),
            eq(authClients.isLive, isLive),
            eq(authClients.isAppLive, body.isAppLive),
          ),
        )
        .for("update");
      if (!client) refuse(WORDING.security, { isLive: "clientsNotGenerated" }, 409);
      if (changesPermissions && client.isAppLive)
        refuse(WORDING.security, { routes: "liveAppReadOnly" }, 409);

      const errors: SecurityErrors = {};
      const set: Partial<typeof authClients.$inferInsert> = { modifiedAt: new Date() };
      if (body.routes !== undefined) {
        const list = await catalogue(tx, group);
        const normal = normaliseRoutes(body.routes, list);
        Object.assign(errors, normal.errors);
        set.routes = normal.routes;
      }
      if (body.offlineAccess !== undefined) set.offlineAccess = body.offlineAccess;
      if (body.callbackUrls !== undefined) {
        const urls = parseCallbackUrls(body.callbackUrls.join(","));
        const code = validateCallbackUrls(urls);
        if (code) errors.callbackUrls = code;
        set.redirectUrls = urls;
      }
      refuseAny(WORDING.security, errors);

      const [row] = await tx
        .update(authClients)
        .set(set)
        .where(eq(authClients.id, client.id))
        .returning();
      await recordChange(tx, {
        companyId: caller.companyId,
        entityType: "auth-client",
        entityId: row.id,
        action:
          body.callbackUrls !== undefined && !changesPermissions ? "callback-urls" : "permissions",
        actor: caller.userId,
        detail: {
          routes: row.routes,
          offlineAccess: row.offlineAccess,
          redirectUrls: row.redirectUrls,
        },
      });
      return {
        id: row.id,
        routes: row.routes,
        redirectUrls: row.redirectUrls,
        offlineAccess: row.offlineAccess,
      };
    });
  }

  return { permissionList, list, generate, update };
}
