/**
 * The reviewer's view of accounts: companies, users, the mail outbox and the change history,
 * and the flags the provider sets on users and companies. Every change is recorded.
 */
import { asc, count, desc, eq } from "drizzle-orm";
import type { Database } from "../db";
import { companies, companyEntities, users } from "../db/schema/companies";
import { mailOutbox, stateChanges } from "../db/schema/records";
import { recordChange } from "../history";
import { isUuid } from "../http/validate";

export async function listCompanies(db: Database) {
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      createdAt: companies.createdAt,
      users: count(users.id),
    })
    .from(companies)
    .leftJoin(users, eq(users.companyId, companies.id))
    .groupBy(companies.id)
    .orderBy(asc(companies.createdAt));
  return rows;
}

export async function listUsers(db: Database, companyId?: string) {
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

export async function findUser(db: Database, emailOrId: string) {
  const byEmail = emailOrId.includes("@");
  const [user] = await db
    .select()
    .from(users)
    .where(byEmail ? eq(users.email, emailOrId.trim().toLowerCase()) : eq(users.id, emailOrId))
    .limit(1);
  return user;
}

export async function verifyUser(db: Database, emailOrId: string) {
  const user = await findUser(db, emailOrId);
  if (!user) return undefined;
  if (!user.emailVerifiedAt) {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
      await recordChange(tx, {
        companyId: user.companyId,
        entityType: "user",
        entityId: user.id,
        action: "email-verified",
        toState: "verified",
        actor: "provider",
      });
    });
  }
  return { id: user.id, email: user.email, emailVerified: true };
}

export async function setAccessToTest(db: Database, emailOrId: string, flag: boolean) {
  const user = await findUser(db, emailOrId);
  if (!user) return undefined;
  await db.transaction(async (tx) => {
    await tx.update(users).set({ hasAccessToTest: flag }).where(eq(users.id, user.id));
    await recordChange(tx, {
      companyId: user.companyId,
      entityType: "user",
      entityId: user.id,
      action: "access-to-test",
      fromState: String(user.hasAccessToTest),
      toState: String(flag),
      actor: "provider",
    });
  });
  return { id: user.id, email: user.email, hasAccessToTest: flag };
}

/** A company's integratorType (0 or 1): which locations and window options of matter views it has. */
export async function setIntegratorType(db: Database, companyId: string, integratorType: number) {
  if (!isUuid(companyId)) return undefined;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ integratorType: companies.integratorType })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for("update");
    if (!row) return undefined;
    await tx.update(companies).set({ integratorType }).where(eq(companies.id, companyId));
    await recordChange(tx, {
      companyId,
      entityType: "company",
      entityId: companyId,
      action: "integrator-type",
      fromState: String(row.integratorType),
      toState: String(integratorType),
      actor: "provider",
    });
    return { id: companyId, integratorType };
  });
}

export async function setSuspended(db: Database, emailOrId: string, suspended: boolean) {
  const user = await findUser(db, emailOrId);
  if (!user) return undefined;
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ suspendedAt: suspended ? new Date() : null })
      .where(eq(users.id, user.id));
    await recordChange(tx, {
      companyId: user.companyId,
      entityType: "user",
      entityId: user.id,
      action: suspended ? "suspended" : "reinstated",
      fromState: user.suspendedAt ? "suspended" : "active",
      toState: suspended ? "suspended" : "active",
      actor: "provider",
    });
  });
  return { id: user.id, email: user.email, suspended };
}

export async function outbox(db: Database, options: { to?: string; limit?: number } = {}) {
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
  return options.to
    ? query.where(eq(mailOutbox.toAddress, options.to.trim().toLowerCase()))
    : query;
}

/** The history of one entity (an app version, a group, a user...), oldest first. */
export async function changes(db: Database, entityId: string) {
  return db
    .select({
      entityType: stateChanges.entityType,
      action: stateChanges.action,
      fromState: stateChanges.fromState,
      toState: stateChanges.toState,
      actor: stateChanges.actor,
      detail: stateChanges.detail,
      at: stateChanges.at,
    })
    .from(stateChanges)
    .where(eq(stateChanges.entityId, entityId))
    .orderBy(asc(stateChanges.at))
    .limit(1000);
}

/** A company with its regional entity information. */
export async function company(db: Database, companyId: string) {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!row) return undefined;
  const entityInformation = await db
    .select()
    .from(companyEntities)
    .where(eq(companyEntities.companyId, companyId));
  return { ...row, entityInformation };
}
