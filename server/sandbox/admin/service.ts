/**
 * The provider's staff side (reviewer): shared by the `npm run provider` command and the
 * /admin/ endpoints. Later areas add their review actions here.
 */
import { asc, count, desc, eq } from "drizzle-orm";
import { GO_LIVE_STATUSES, IN_MARKET_STATUSES, VERSION_STATUS, pathBetween, statusName, type VersionStatusName } from "~/api/apps/status";
import { formatVersion } from "~/api/apps/rules";
import type { Database } from "../db";
import { appGroups, appVersions, companies, companyEntities, mailOutbox, platformSchemas, users } from "../db/schema";
import { recordChange } from "../history";
import { conflict } from "../http/errors";
import { isUuid } from "../http/validate";

export interface AppGroupFlags {
  isPreApprovalRequired?: boolean;
  isPriceRequired?: boolean;
  appLevel?: number;
}

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

  /**
   * Moves a version to a status the way the status table allows, step by step (the
   * developer's actions and the provider's decisions of spec 01 section 4, by the shortest
   * way): tests reach Live, Beta, Paused... this way. Each step is recorded; a status the
   * table cannot reach from the current one (nothing leaves Archived) is refused with 409.
   * Entering Live or Beta sets the went-live time once; leaving the marketplace statuses sets
   * the stopped-live time. `isLiveSubmissionRejected` marks a Beta version whose submission
   * to live was rejected.
   */
  async function setVersionStatus(versionId: string, statusCode: number, options: { isLiveSubmissionRejected?: boolean } = {}) {
    if (!isUuid(versionId)) return undefined;
    return db.transaction(async (tx) => {
      const [version] = await tx.select().from(appVersions).where(eq(appVersions.id, versionId)).for("update");
      if (!version) return undefined;
      const from = statusName(version.statusCode);
      const to = statusName(statusCode);
      const path = from === "Unknown" || to === "Unknown" ? undefined : pathBetween(from, to);
      if (!path) throw conflict(`A version cannot move from ${from} to ${to}: the status table has no way there.`, "statusCode", "unreachable");
      const now = new Date();
      const wasIn = IN_MARKET_STATUSES.includes(version.statusCode);
      const isIn = IN_MARKET_STATUSES.includes(statusCode);
      const rejectedOnTheWay = path.some((step) => step.liveSubmissionRejected);
      const liveSubmissionRejected = options.isLiveSubmissionRejected ?? (rejectedOnTheWay ? true : undefined);
      const [updated] = await tx
        .update(appVersions)
        .set({
          statusCode,
          modifiedAt: now,
          ...(GO_LIVE_STATUSES.includes(statusCode) && !version.wentLiveAt ? { wentLiveAt: now } : {}),
          ...(wasIn && !isIn ? { stoppedLiveAt: now } : {}),
          ...(liveSubmissionRejected !== undefined ? { liveSubmissionRejected } : {}),
        })
        .where(eq(appVersions.id, versionId))
        .returning();
      await tx.update(appGroups).set({ modifiedAt: now }).where(eq(appGroups.id, version.groupId));
      for (const step of path) {
        await recordChange(tx, {
          companyId: version.companyId,
          entityType: "app-version",
          entityId: version.id,
          action: step.by === "provider" ? `provider-${step.action}` : step.action,
          fromState: VERSION_STATUS[step.from],
          toState: VERSION_STATUS[step.to as VersionStatusName],
          actor: "provider",
          ...(step.beta ? { detail: { beta: true } } : {}),
        });
      }
      if (options.isLiveSubmissionRejected !== undefined) {
        await recordChange(tx, {
          companyId: version.companyId,
          entityType: "app-version",
          entityId: version.id,
          action: "live-submission-rejected-set",
          fromState: statusCode,
          toState: statusCode,
          actor: "provider",
          detail: { isLiveSubmissionRejected: options.isLiveSubmissionRejected },
        });
      }
      return {
        id: updated.id,
        groupId: updated.groupId,
        version: formatVersion(updated.versionMajor, updated.versionMinor),
        statusCode: updated.statusCode,
        status: statusName(updated.statusCode),
        isLiveSubmissionRejected: updated.liveSubmissionRejected,
      };
    });
  }

  /** Sets the provider's flags of an app group (docs/decisions/0003-app-group-flags.md). */
  async function setAppGroupFlags(groupId: string, flags: AppGroupFlags) {
    if (!isUuid(groupId)) return undefined;
    return db.transaction(async (tx) => {
      const [group] = await tx.select().from(appGroups).where(eq(appGroups.id, groupId)).for("update");
      if (!group) return undefined;
      const changes = Object.fromEntries(Object.entries(flags).filter(([, value]) => value !== undefined)) as AppGroupFlags;
      if (Object.keys(changes).length > 0) {
        await tx.update(appGroups).set(changes).where(eq(appGroups.id, groupId));
        await recordChange(tx, {
          companyId: group.companyId,
          entityType: "app-group",
          entityId: group.id,
          action: "flags-set",
          actor: "provider",
          detail: {
            from: { isPreApprovalRequired: group.isPreApprovalRequired, isPriceRequired: group.isPriceRequired, appLevel: group.appLevel },
            to: changes,
          },
        });
      }
      const [after] = await tx.select().from(appGroups).where(eq(appGroups.id, groupId));
      return {
        appGroupId: after.id,
        isPreApprovalRequired: after.isPreApprovalRequired,
        isPriceRequired: after.isPriceRequired,
        appLevel: after.appLevel,
      };
    });
  }

  /** Stores a platform schema document of a version (a test aid until the schema editor's calls exist). */
  async function setPlatformSchema(versionId: string, platform: number, document: unknown) {
    if (!isUuid(versionId)) return undefined;
    return db.transaction(async (tx) => {
      const [version] = await tx.select().from(appVersions).where(eq(appVersions.id, versionId));
      if (!version) return undefined;
      await tx
        .insert(platformSchemas)
        .values({ appVersionId: versionId, platform, document })
        .onConflictDoUpdate({ target: [platformSchemas.appVersionId, platformSchemas.platform], set: { document, modifiedAt: new Date() } });
      await recordChange(tx, {
        companyId: version.companyId,
        entityType: "app-version",
        entityId: versionId,
        action: "platform-schema-set",
        actor: "provider",
        detail: { platform },
      });
      return { appVersionId: versionId, platform };
    });
  }

  return {
    listCompanies,
    listUsers,
    findUser,
    verifyUser,
    setAccessToTest,
    setSuspended,
    outbox,
    company,
    setVersionStatus,
    setAppGroupFlags,
    setPlatformSchema,
  };
}

export type Reviewer = ReturnType<typeof createReviewer>;
