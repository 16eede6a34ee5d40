/** The signed-in user (spec 02 section 7): who they are, the terms of use, their language. */
import { and, eq } from "drizzle-orm";
import { currentUser, userPreference, type CurrentUser, type UserPreference } from "~/api/user/schemas";
import type { Caller } from "../context";
import type { Database } from "../db";
import { companies, users } from "../db/schema";
import { recordChange } from "../history";
import { notFound } from "../http/errors";
import { isUuid } from "../http/validate";

type UserRow = typeof users.$inferSelect;

export function toCurrentUser(user: UserRow, companyName: string): CurrentUser {
  const userName = `${user.firstName} ${user.lastName}`.trim();
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  return currentUser.parse({
    userId: user.id,
    companyId: user.companyId,
    companyName,
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
  /** The caller, or `userId` of the same company; any other id is not found. */
  async function get(caller: Caller, userId = caller.userId): Promise<CurrentUser> {
    if (!isUuid(userId)) throw notFound("user");
    const [row] = await db
      .select({ user: users, companyName: companies.name })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(and(eq(users.id, userId), eq(users.companyId, caller.companyId)))
      .limit(1);
    if (!row) throw notFound("user");
    return toCurrentUser(row.user, row.companyName);
  }

  /** Records the acceptance once; accepting again changes nothing. */
  async function acceptTerms(caller: Caller): Promise<void> {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, caller.userId));
      if (before.termsAcceptedAt) return;
      await tx.update(users).set({ termsAcceptedAt: new Date(), modifiedAt: new Date() }).where(eq(users.id, caller.userId));
      await recordChange(tx, { companyId: caller.companyId, entityType: "user", entityId: caller.userId, action: "terms-accepted", toState: "accepted", actor: caller.userId });
    });
  }

  async function preference(caller: Caller): Promise<UserPreference> {
    const [user] = await db.select({ localeCode: users.localeCode }).from(users).where(eq(users.id, caller.userId));
    return userPreference.parse(user);
  }

  async function setPreference(caller: Caller, { localeCode }: UserPreference): Promise<UserPreference> {
    await db.update(users).set({ localeCode, modifiedAt: new Date() }).where(eq(users.id, caller.userId));
    return { localeCode };
  }

  return { get, acceptTerms, preference, setPreference };
}
