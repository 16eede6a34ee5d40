/**
 * An app group's auth clients: the permission list of the group's country, the clients of the
 * Live and Staging tabs (Staging only for users with test access), generating them (counted
 * per group and hour), and saving a client's routes, offline access and callback URLs. Only
 * for a group pre-approved or needing no pre-approval; the live-app client's permissions are
 * the provider's and read-only.
 */
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq } from "drizzle-orm";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { hasApprovedPreApproval } from "~/api/approvals/rules";
import {
  normaliseRoutes,
  parseCallbackUrls,
  type SecurityErrors,
  validateCallbackUrls,
} from "~/api/security/rules";
import type { AuthClient, Permission } from "~/api/security/schemas";
import { type DbOrTx, findGroup, type GroupRow } from "../apps/find";
import type { Caller, SandboxContext } from "../context";
import type { Tx } from "../db";
import { authClients, preApprovals } from "../db/schema/apps";
import { users } from "../db/schema/companies";
import { countries, permissions } from "../db/schema/lookups";
import { recordChange } from "../history";
import { ApiError, notFound, refuse, refuseAny } from "../http/errors";
import { take } from "../identity/limits";
import { resourceCountryOf } from "../seed/lookups";
import { WORDING } from "../wording";
import {
  answer,
  type ClientUpdateInput,
  digest,
  newSecret,
  permissionsInLanguage,
} from "./service";

type ClientRow = typeof authClients.$inferSelect;

// Counted where every sandbox instance sees the same count (Redis when configured); made at a context's first issue.
const secretIssues = new WeakMap<SandboxContext, RateLimiterAbstract>();

/** Takes one of the group's issues of the hour; past them a 429 with Retry-After. */
async function countIssue(ctx: SandboxContext, groupId: string) {
  const perHour = ctx.quotas.secretIssuesPerHour;
  let limiter = secretIssues.get(ctx);
  if (!limiter) {
    limiter = ctx.limits.limiter({
      keyPrefix: "secret-issues",
      points: perHour,
      duration: 60 * 60,
    });
    secretIssues.set(ctx, limiter);
  }
  const wait = await take(limiter, groupId);
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
      .where(and(eq(preApprovals.groupId, group.id), eq(preApprovals.companyId, caller.companyId)));
    if (!hasApprovedPreApproval(rows)) refuse(WORDING.security, { id: "preApprovalRequired" }, 409);
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
export async function permissionList(
  { db }: SandboxContext,
  caller: Caller,
  groupId: string,
  acceptLanguage?: string | null,
): Promise<Permission[]> {
  return catalogue(db, await approvedGroup(db, caller, groupId), acceptLanguage);
}

/** The group's clients: Live tab first, sandbox-app before live-app; Staging only with test access. */
export async function listClients(
  { db }: SandboxContext,
  caller: Caller,
  groupId: string,
): Promise<AuthClient[]> {
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
export async function generateClients(
  ctx: SandboxContext,
  caller: Caller,
  groupId: string,
  isLive: boolean,
): Promise<AuthClient[]> {
  return ctx.db.transaction(async (tx) => {
    const group = await approvedGroup(tx, caller, groupId, true);
    await requireTab(tx, caller, isLive);
    await countIssue(ctx, group.id);
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

/** The client a change names, locked: refused before the tab's clients are generated, and for permissions of the live-app client. */
async function clientToChange(
  tx: Tx,
  group: GroupRow,
  isLive: boolean,
  body: ClientUpdateInput,
  changesPermissions: boolean,
): Promise<ClientRow> {
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
  return client;
}

/** The columns a change sets, once its routes and callback URLs are valid (400 otherwise). */
async function checkedChanges(tx: Tx, group: GroupRow, body: ClientUpdateInput) {
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
  return set;
}

/** Saves a client's routes and offline access (sandbox-app only), or its callback URLs. */
export async function updateClient(
  { db }: SandboxContext,
  caller: Caller,
  groupId: string,
  isLive: boolean,
  body: ClientUpdateInput,
) {
  return db.transaction(async (tx) => {
    const group = await approvedGroup(tx, caller, groupId, true);
    await requireTab(tx, caller, isLive);
    const changesPermissions = body.routes !== undefined || body.offlineAccess !== undefined;
    const client = await clientToChange(tx, group, isLive, body, changesPermissions);
    const set = await checkedChanges(tx, group, body);
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
