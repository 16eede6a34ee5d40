/**
 * The provider's staff side (reviewer): shared by the `npm run provider` command and the
 * /admin/ endpoints. Later areas add their review actions here.
 */
import { asc, count, desc, eq } from "drizzle-orm";
import type { Database } from "../db";
import { companies, companyEntities, mailOutbox, users } from "../db/schema";
import { recordChange } from "../history";

export function createReviewer(db: Database) {
  async function listCompanies() {
    const rows = await db
      .select({ id: companies.id, name: companies.name, createdAt: companies.createdAt, users: count(users.id) })
      .from(companies)
      .leftJoin(users, eq(users.companyId, companies.id))
      .groupBy(companies.id)
      .orderBy(asc(companies.createdAt));
    return rows;
  }

  async function listUsers(companyId?: string) {
    const query = db
      .select({
        id: users.id,
        companyId: users.companyId,
        email: users.email,
        name: users.firstName,
        lastName: users.lastName,
        isAdmin: users.isAdmin,
        emailVerified: users.emailVerifiedAt,
        termsAccepted: users.termsAcceptedAt,
        hasAccessToTest: users.hasAccessToTest,
        suspendedAt: users.suspendedAt,
      })
      .from(users)
      .orderBy(asc(users.createdAt));
    const rows = companyId ? await query.where(eq(users.companyId, companyId)) : await query;
    return rows.map((u) => ({
      id: u.id,
      companyId: u.companyId,
      email: u.email,
      name: `${u.name} ${u.lastName}`.trim(),
      isAdmin: u.isAdmin,
      emailVerified: Boolean(u.emailVerified),
      termsAccepted: Boolean(u.termsAccepted),
      hasAccessToTest: u.hasAccessToTest,
      suspended: Boolean(u.suspendedAt),
    }));
  }

  async function findUser(emailOrId: string) {
    const byEmail = emailOrId.includes("@");
    const [user] = await db
      .select()
      .from(users)
      .where(byEmail ? eq(users.email, emailOrId.trim().toLowerCase()) : eq(users.id, emailOrId))
      .limit(1);
    return user;
  }

  async function verifyUser(emailOrId: string) {
    const user = await findUser(emailOrId);
    if (!user) return undefined;
    if (!user.emailVerifiedAt) {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
        await recordChange(tx, { companyId: user.companyId, entityType: "user", entityId: user.id, action: "email-verified", toState: "verified", actor: "provider" });
      });
    }
    return { id: user.id, email: user.email, emailVerified: true };
  }

  async function setAccessToTest(emailOrId: string, flag: boolean) {
    const user = await findUser(emailOrId);
    if (!user) return undefined;
    await db.transaction(async (tx) => {
      await tx.update(users).set({ hasAccessToTest: flag }).where(eq(users.id, user.id));
      await recordChange(tx, { companyId: user.companyId, entityType: "user", entityId: user.id, action: "access-to-test", fromState: String(user.hasAccessToTest), toState: String(flag), actor: "provider" });
    });
    return { id: user.id, email: user.email, hasAccessToTest: flag };
  }

  async function setSuspended(emailOrId: string, suspended: boolean) {
    const user = await findUser(emailOrId);
    if (!user) return undefined;
    await db.transaction(async (tx) => {
      await tx.update(users).set({ suspendedAt: suspended ? new Date() : null }).where(eq(users.id, user.id));
      await recordChange(tx, { companyId: user.companyId, entityType: "user", entityId: user.id, action: suspended ? "suspended" : "reinstated", fromState: user.suspendedAt ? "suspended" : "active", toState: suspended ? "suspended" : "active", actor: "provider" });
    });
    return { id: user.id, email: user.email, suspended };
  }

  async function outbox(options: { to?: string; limit?: number } = {}) {
    const query = db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        kind: mailOutbox.kind,
        link: mailOutbox.link,
        text: mailOutbox.text,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(Math.min(Math.max(options.limit ?? 50, 1), 500));
    return options.to ? query.where(eq(mailOutbox.toAddress, options.to.trim().toLowerCase())) : query;
  }

  /** A company with its regional entity information. */
  async function company(companyId: string) {
    const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
    if (!row) return undefined;
    const entityInformation = await db.select().from(companyEntities).where(eq(companyEntities.companyId, companyId));
    return { ...row, entityInformation };
  }

  return { listCompanies, listUsers, findUser, verifyUser, setAccessToTest, setSuspended, outbox, company };
}

export type Reviewer = ReturnType<typeof createReviewer>;
