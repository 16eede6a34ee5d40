/** The signed-in user: GET user, PUT user/accept-terms, GET/PUT user/preference. */
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { currentUser, type CurrentUser } from "~/api/user/schemas";
import { acceptTerms, getPreference, getUser, setPreference } from "~/api/user/endpoints";
import type { AppEnv, SandboxContext } from "../context";
import { companies, users } from "../db/schema";
import { notFound } from "../http/errors";
import type { Auth } from "../http/auth";
import { isUuid, jsonBody, query } from "../http/validate";
import { route } from "../http/route";
import { recordChange } from "../history";

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

export function userRoutes(ctx: SandboxContext, auth: Auth) {
  const app = new Hono<AppEnv>();

  /** The signed-in user, or with ?user-id= a user of the same company. */
  route(app, getUser, auth.required, async (c) => {
    const caller = c.get("caller");
    const wanted = query(c, getUser.query)["user-id"] ?? caller.userId;
    if (!isUuid(wanted)) throw notFound("user");
    const [row] = await ctx.db
      .select({ user: users, companyName: companies.name })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(and(eq(users.id, wanted), eq(users.companyId, caller.companyId)))
      .limit(1);
    if (!row) throw notFound("user");
    return c.json(toCurrentUser(row.user, row.companyName));
  });

  route(app, acceptTerms, auth.required, async (c) => {
    const caller = c.get("caller");
    await ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, caller.userId));
      if (before.termsAcceptedAt) return;
      await tx.update(users).set({ termsAcceptedAt: new Date(), modifiedAt: new Date() }).where(eq(users.id, caller.userId));
      await recordChange(tx, { companyId: caller.companyId, entityType: "user", entityId: caller.userId, action: "terms-accepted", toState: "accepted", actor: caller.userId });
    });
    return c.body(null, 204);
  });

  route(app, getPreference, auth.required, async (c) => {
    const [user] = await ctx.db.select({ localeCode: users.localeCode }).from(users).where(eq(users.id, c.get("caller").userId));
    return c.json(getPreference.answer.parse(user));
  });

  route(app, setPreference, auth.required, async (c) => {
    const caller = c.get("caller");
    const { localeCode } = await jsonBody(c, setPreference.body);
    await ctx.db.update(users).set({ localeCode, modifiedAt: new Date() }).where(eq(users.id, caller.userId));
    return c.json({ localeCode });
  });

  return app;
}
