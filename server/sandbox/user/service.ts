/**
 * The signed-in user: who they are, the terms of use, their language. The company's users
 * (listed, added, changed, deleted) are in company-users.ts.
 */
import { and, eq } from "drizzle-orm";
import {
  type CurrentUser,
  currentUser,
  type UserPreference,
  userPreference,
} from "~/api/user/schemas";
import type { Caller } from "../context";
import type { Database } from "../db";
import { companies, users } from "../db/schema/companies";
import { recordChange } from "../history";
import { notFound } from "../http/errors";
import { isUuid } from "../http/validate";
import {
  createUser,
  listUsers,
  type NewUserInput,
  removeUser,
  type UserUpdateInput,
  updateUser,
} from "./company-users";

type UserRow = typeof users.$inferSelect;

export function toCurrentUser(
  user: UserRow,
  company: { name: string; integratorType: number },
): CurrentUser {
  const userName = `${user.firstName} ${user.lastName}`.trim();
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  return currentUser.parse({
    userId: user.id,
    companyId: user.companyId,
    companyName: company.name,
    integratorType: company.integratorType,
    email: user.email,
    title: user.title,
    firstName: user.firstName,
    lastName: user.lastName,
    userName,
    userInitials: initials,
    admin: user.isAdmin,
    isTermsAccepted: Boolean(user.termsAcceptedAt),
    hasAccessToTest: user.hasAccessToTest,
    localeCode: user.localeCode,
  });
}

export type UserService = ReturnType<typeof createUserService>;

export function createUserService(db: Database) {
  return {
    get: (caller: Caller, userId?: string) => getUser(db, caller, userId),
    acceptTerms: (caller: Caller) => acceptTerms(db, caller),
    preference: (caller: Caller) => preference(db, caller),
    setPreference: (caller: Caller, body: UserPreference) => setPreference(db, caller, body),
    list: (caller: Caller) => listUsers(db, caller),
    create: (caller: Caller, input: NewUserInput) => createUser(db, caller, input),
    update: (caller: Caller, input: UserUpdateInput) => updateUser(db, caller, input),
    remove: (caller: Caller, userId: string) => removeUser(db, caller, userId),
  };
}

/** The caller, or `userId` of the same company; any other id is not found. */
export async function getUser(
  db: Database,
  caller: Caller,
  userId = caller.userId,
): Promise<CurrentUser> {
  if (!isUuid(userId)) throw notFound("user");
  const [row] = await db
    .select({
      user: users,
      company: { name: companies.name, integratorType: companies.integratorType },
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, userId), eq(users.companyId, caller.companyId)))
    .limit(1);
  if (!row) throw notFound("user");
  return toCurrentUser(row.user, row.company);
}

/** Records the acceptance once; accepting again changes nothing. */
export async function acceptTerms(db: Database, caller: Caller): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, caller.userId));
    if (before.termsAcceptedAt) return;
    await tx
      .update(users)
      .set({ termsAcceptedAt: new Date(), modifiedAt: new Date() })
      .where(eq(users.id, caller.userId));
    await recordChange(tx, {
      companyId: caller.companyId,
      entityType: "user",
      entityId: caller.userId,
      action: "terms-accepted",
      toState: "accepted",
      actor: caller.userId,
    });
  });
}

export async function preference(db: Database, caller: Caller): Promise<UserPreference> {
  const [user] = await db
    .select({ localeCode: users.localeCode })
    .from(users)
    .where(eq(users.id, caller.userId));
  return userPreference.parse(user);
}

export async function setPreference(
  db: Database,
  caller: Caller,
  { localeCode }: UserPreference,
): Promise<UserPreference> {
  await db
    .update(users)
    .set({ localeCode, modifiedAt: new Date() })
    .where(eq(users.id, caller.userId));
  return { localeCode };
}
