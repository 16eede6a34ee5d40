/**
 * The company's users: listed for every user, added, changed and deleted by admins only (403
 * for others). A user added by an admin signs in with the password given (their address is
 * taken as verified, the admin vouching for it) and accepts the terms at their first sign-in.
 * A user cannot delete themself, and the company keeps at least one admin; user changes of a
 * company are made one at a time (its row locked), so two admins cannot remove each other at
 * once.
 */
import { and, asc, count, eq, ne } from "drizzle-orm";
import type { z } from "zod";
import { confirmationRule } from "~/api/settings/rules";
import type { CompanyUser, newUserRequest, userUpdateRequest } from "~/api/user/schemas";
import { isUniqueViolation } from "../apps/service";
import type { Caller } from "../context";
import type { Database, Tx } from "../db";
import { companies, users } from "../db/schema/companies";
import { recordChange } from "../history";
import { notFound, refuse } from "../http/errors";
import { isUuid } from "../http/validate";
import { hashPassword } from "../identity/passwords";
import { requireAdmin } from "../settings/service";
import { WORDING } from "../wording";

export type NewUserInput = z.output<typeof newUserRequest>;
export type UserUpdateInput = z.output<typeof userUpdateRequest>;

export const toCompanyUser = (user: typeof users.$inferSelect): CompanyUser => ({
  userId: user.id,
  title: user.title,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  admin: user.isAdmin,
  isTermsAccepted: Boolean(user.termsAcceptedAt),
});

export async function listUsers(db: Database, caller: Caller): Promise<CompanyUser[]> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(users.companyId, caller.companyId))
    .orderBy(asc(users.createdAt), asc(users.email));
  return rows.map(toCompanyUser);
}

/**
 * Runs a change of the company's users as an admin: the company's row locked (one change at
 * a time), the caller read again within it (an admin deleted or made a user meanwhile is
 * refused). An address taken at the same time is refused as taken.
 */
async function asAdmin<T>(
  db: Database,
  caller: Caller,
  change: (tx: Tx) => Promise<T>,
): Promise<T> {
  requireAdmin(caller);
  try {
    return await db.transaction(async (tx) => {
      await tx
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.id, caller.companyId))
        .for("update");
      const [me] = await tx
        .select({ isAdmin: users.isAdmin })
        .from(users)
        .where(eq(users.id, caller.userId));
      requireAdmin({ ...caller, isAdmin: Boolean(me?.isAdmin) });
      return change(tx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) refuse(WORDING.settings, { email: "taken" }, 409);
    throw error;
  }
}

/** Refuses an email address another user has (409 `taken`; addresses are unique across the provider). */
async function refuseTaken(tx: Tx, email: string, exceptUserId?: string) {
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      exceptUserId
        ? and(eq(users.email, email), ne(users.id, exceptUserId))
        : eq(users.email, email),
    )
    .limit(1);
  if (taken) refuse(WORDING.settings, { email: "taken" }, 409);
}

async function adminsOf(tx: Tx, companyId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.isAdmin, true)));
  return row.n;
}

export async function createUser(
  db: Database,
  caller: Caller,
  input: NewUserInput,
): Promise<CompanyUser> {
  requireAdmin(caller);
  const mismatch = confirmationRule(input.password, input.confirmPassword);
  if (mismatch) refuse(WORDING.settings, { confirmPassword: mismatch });
  const passwordHash = await hashPassword(input.password);
  return asAdmin(db, caller, async (tx) => {
    await refuseTaken(tx, input.email);
    const [user] = await tx
      .insert(users)
      .values({
        companyId: caller.companyId,
        email: input.email,
        title: input.title,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        isAdmin: input.admin,
        emailVerifiedAt: new Date(),
      })
      .returning();
    await recordChange(tx, {
      companyId: caller.companyId,
      entityType: "user",
      entityId: user.id,
      action: "created",
      toState: input.admin ? "admin" : "user",
      actor: caller.userId,
    });
    return toCompanyUser(user);
  });
}

export async function updateUser(
  db: Database,
  caller: Caller,
  input: UserUpdateInput,
): Promise<CompanyUser> {
  requireAdmin(caller);
  if (!isUuid(input.userId)) throw notFound("user");
  const mismatch = confirmationRule(input.password, input.confirmPassword);
  if (mismatch) refuse(WORDING.settings, { confirmPassword: mismatch });
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  return asAdmin(db, caller, async (tx) => {
    const [before] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, input.userId), eq(users.companyId, caller.companyId)))
      .for("update");
    if (!before) throw notFound("user");
    await refuseTaken(tx, input.email, before.id);
    if (before.isAdmin && !input.admin && (await adminsOf(tx, caller.companyId)) <= 1)
      refuse(WORDING.settings, { admin: "lastAdmin" }, 409);
    const [user] = await tx
      .update(users)
      .set({
        email: input.email,
        title: input.title,
        firstName: input.firstName,
        lastName: input.lastName,
        isAdmin: input.admin,
        ...(passwordHash ? { passwordHash } : {}),
        modifiedAt: new Date(),
      })
      .where(eq(users.id, before.id))
      .returning();
    await recordChange(tx, {
      companyId: caller.companyId,
      entityType: "user",
      entityId: user.id,
      action: "updated",
      fromState: before.isAdmin ? "admin" : "user",
      toState: user.isAdmin ? "admin" : "user",
      actor: caller.userId,
      detail: {
        passwordChanged: Boolean(passwordHash),
        emailChanged: before.email !== user.email,
      },
    });
    return toCompanyUser(user);
  });
}

export async function removeUser(db: Database, caller: Caller, userId: string): Promise<void> {
  requireAdmin(caller);
  if (!isUuid(userId)) throw notFound("user");
  if (userId === caller.userId) refuse(WORDING.settings, { id: "cannotDeleteSelf" }, 409);
  await asAdmin(db, caller, async (tx) => {
    const [target] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), eq(users.companyId, caller.companyId)))
      .for("update");
    if (!target) throw notFound("user");
    if (target.isAdmin && (await adminsOf(tx, caller.companyId)) <= 1)
      refuse(WORDING.settings, { id: "lastAdmin" }, 409);
    await tx.delete(users).where(eq(users.id, target.id));
    await recordChange(tx, {
      companyId: caller.companyId,
      entityType: "user",
      entityId: target.id,
      action: "deleted",
      fromState: target.isAdmin ? "admin" : "user",
      actor: caller.userId,
    });
  });
}
