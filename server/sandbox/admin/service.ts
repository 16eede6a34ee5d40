/**
 * The provider's staff side (reviewer): shared by the `npm run provider` command and the
 * /admin/ endpoints. Later areas add their review actions here (prices: ../pricing/service.ts).
 */
import { and, asc, count, desc, eq } from "drizzle-orm";
import { canWithdrawPreApproval, PRE_APPROVAL_STATUS } from "~/api/approvals/rules";
import { formatVersion } from "~/api/apps/rules";
import {
  GO_LIVE_STATUSES,
  IN_MARKET_STATUSES,
  pathBetween,
  STATUS_TABLE,
  statusName,
  VERSION_STATUS,
  type VersionStatusName,
} from "~/api/apps/status";
import { SUBMISSION_STATUS, submissionKindOf, submissionStatusText } from "~/api/submissions/rules";
import { STATUS_REQUEST_STATUS } from "~/api/submissions/schemas";
import type { Database } from "../db";
import {
  appGroups,
  appVersions,
  companies,
  companyEntities,
  mailOutbox,
  platformSchemas,
  preApprovals,
  stateChanges,
  statusRequests,
  submissions,
  users,
} from "../db/schema";
import { recordChange } from "../history";
import { conflict } from "../http/errors";
import { isUuid } from "../http/validate";
import { recordUsage, type UsageRecord } from "../instances/usage";
import { decidePrice, pendingPrices } from "../pricing/service";
import { grantLivePermissions } from "../security/service";
import { approveCompanyDetails, pendingCompanyDetails } from "../settings/service";
import { moveVersion, PROVIDER, pushVersion } from "../submissions/moves";

/** The reviewer's answer to a submission, a pre-approval or a pause or unpause request. */
export type ReviewDecision = "approve" | "reject";
export type RequestDecision = "approve" | "decline";

export interface AppGroupFlags {
  isPreApprovalRequired?: boolean;
  isPriceRequired?: boolean;
  appLevel?: number;
}

export function createReviewer(db: Database) {
  async function listCompanies() {
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

  async function setAccessToTest(emailOrId: string, flag: boolean) {
    const user = await findUser(emailOrId);
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

  /** A company's integratorType (0 or 1): which locations and window options of matter views it has (spec 02 section 6). */
  async function setIntegratorType(companyId: string, integratorType: number) {
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

  async function setSuspended(emailOrId: string, suspended: boolean) {
    const user = await findUser(emailOrId);
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
    return options.to
      ? query.where(eq(mailOutbox.toAddress, options.to.trim().toLowerCase()))
      : query;
  }

  /** The history of one entity (an app version, a group, a user...), oldest first. */
  async function changes(entityId: string) {
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
  async function company(companyId: string) {
    const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
    if (!row) return undefined;
    const entityInformation = await db
      .select()
      .from(companyEntities)
      .where(eq(companyEntities.companyId, companyId));
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
  async function setVersionStatus(
    versionId: string,
    statusCode: number,
    options: { isLiveSubmissionRejected?: boolean } = {},
  ) {
    if (!isUuid(versionId)) return undefined;
    return db.transaction(async (tx) => {
      const [version] = await tx
        .select()
        .from(appVersions)
        .where(eq(appVersions.id, versionId))
        .for("update");
      if (!version) return undefined;
      const from = statusName(version.statusCode);
      const to = statusName(statusCode);
      const path = from === "Unknown" || to === "Unknown" ? undefined : pathBetween(from, to);
      if (!path)
        throw conflict(
          `A version cannot move from ${from} to ${to}: the status table has no way there.`,
          "statusCode",
          "unreachable",
        );
      const now = new Date();
      const wasIn = IN_MARKET_STATUSES.includes(version.statusCode);
      const isIn = IN_MARKET_STATUSES.includes(statusCode);
      const rejectedOnTheWay = path.some((step) => step.liveSubmissionRejected);
      const liveSubmissionRejected =
        options.isLiveSubmissionRejected ?? (rejectedOnTheWay ? true : undefined);
      const [updated] = await tx
        .update(appVersions)
        .set({
          statusCode,
          modifiedAt: now,
          ...(GO_LIVE_STATUSES.includes(statusCode) && !version.wentLiveAt
            ? { wentLiveAt: now }
            : {}),
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
      const [group] = await tx
        .select()
        .from(appGroups)
        .where(eq(appGroups.id, groupId))
        .for("update");
      if (!group) return undefined;
      const changes = Object.fromEntries(
        Object.entries(flags).filter(([, value]) => value !== undefined),
      ) as AppGroupFlags;
      if (Object.keys(changes).length > 0) {
        await tx.update(appGroups).set(changes).where(eq(appGroups.id, groupId));
        await recordChange(tx, {
          companyId: group.companyId,
          entityType: "app-group",
          entityId: group.id,
          action: "flags-set",
          actor: "provider",
          detail: {
            from: {
              isPreApprovalRequired: group.isPreApprovalRequired,
              isPriceRequired: group.isPriceRequired,
              appLevel: group.appLevel,
            },
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
        .onConflictDoUpdate({
          target: [platformSchemas.appVersionId, platformSchemas.platform],
          set: { document, modifiedAt: new Date() },
        });
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

  // -------------------------------------------------------------------------
  // Review: submissions, pre-approvals, pause and unpause requests
  // -------------------------------------------------------------------------

  /** What waits for the reviewer: submissions awaiting review, pending pre-approvals, open requests; oldest first. */
  async function pending() {
    const [awaiting, approvals, requests, priceRows, companyDetails] = await Promise.all([
      db
        .select({
          id: submissions.id,
          companyId: submissions.companyId,
          app: appGroups.name,
          versionId: submissions.appVersionId,
          version: submissions.version,
          statusText: submissions.statusText,
          submittedAt: submissions.submittedAt,
        })
        .from(submissions)
        .innerJoin(appGroups, eq(appGroups.id, submissions.groupId))
        .where(
          and(
            eq(submissions.status, SUBMISSION_STATUS.AwaitingReview),
            eq(submissions.isSoftDeleted, false),
          ),
        )
        .orderBy(asc(submissions.submittedAt)),
      db
        .select({
          id: preApprovals.id,
          companyId: preApprovals.companyId,
          app: appGroups.name,
          groupId: preApprovals.groupId,
          versionMajor: preApprovals.versionMajor,
          submissionNotes: preApprovals.submissionNotes,
          createdAt: preApprovals.createdAt,
        })
        .from(preApprovals)
        .innerJoin(appGroups, eq(appGroups.id, preApprovals.groupId))
        .where(
          and(
            eq(preApprovals.status, PRE_APPROVAL_STATUS.Pending),
            eq(preApprovals.isWithdrawn, false),
          ),
        )
        .orderBy(asc(preApprovals.createdAt)),
      db
        .select({
          id: statusRequests.id,
          companyId: statusRequests.companyId,
          versionId: statusRequests.appVersionId,
          kind: statusRequests.kind,
          name: statusRequests.name,
          reason: statusRequests.reason,
          createdAt: statusRequests.createdAt,
        })
        .from(statusRequests)
        .where(eq(statusRequests.status, STATUS_REQUEST_STATUS.open))
        .orderBy(asc(statusRequests.createdAt)),
      pendingPrices(db),
      pendingCompanyDetails(db),
    ]);
    return {
      submissions: awaiting,
      preApprovals: approvals,
      requests: requests.map((r) => ({ ...r, kind: r.kind === "pause" ? "pause" : "unpause" })),
      prices: priceRows.map((p) => ({ ...p, amount: Number(p.amount) })),
      companyDetails,
    };
  }

  /**
   * Approves or rejects a price waiting for review (an app's first price or a price change):
   * docs/decisions/0051-pricing.md. Undefined for an unknown id; 409 when it is not waiting.
   */
  async function reviewPrice(priceId: string, decision: ReviewDecision, notes = "") {
    return db.transaction((tx) => decidePrice(tx, priceId, decision, notes));
  }

  /**
   * Approves or rejects a submission awaiting review: its version moves as the status table's
   * decision says (AwaitingReview to QueuedForLive or Rejected, BetaAwaitingReview to
   * QueuedForBeta or BetaRejected, BetaToLiveAwaitingReview to BetaQueuedForLive or back to
   * Beta marked 'submission to live rejected'). Undefined for an unknown id; 409 when it is not
   * awaiting review.
   */
  async function reviewSubmission(submissionId: string, decision: ReviewDecision, notes = "") {
    if (!isUuid(submissionId)) return undefined;
    return db.transaction(async (tx) => {
      const [submission] = await tx
        .select()
        .from(submissions)
        .where(eq(submissions.id, submissionId))
        .for("update");
      if (!submission) return undefined;
      if (submission.status !== SUBMISSION_STATUS.AwaitingReview || submission.isSoftDeleted) {
        throw conflict(
          `The submission is not awaiting review (${submission.isSoftDeleted ? "withdrawn" : submission.statusText}).`,
          "status",
          "notAwaitingReview",
        );
      }
      const [version] = await tx
        .select()
        .from(appVersions)
        .where(eq(appVersions.id, submission.appVersionId))
        .for("update");
      const from = statusName(version.statusCode);
      const move = from === "Unknown" ? undefined : STATUS_TABLE[from].decisions[decision];
      if (from === "Unknown" || !move?.to)
        throw conflict(
          `A version in status ${from} cannot be ${decision}d.`,
          "statusCode",
          "actionNotAllowed",
        );
      const status =
        decision === "approve" ? SUBMISSION_STATUS.Approved : SUBMISSION_STATUS.Rejected;
      const reviewNotes = notes.trim();
      const [updated] = await tx
        .update(submissions)
        .set({
          status,
          statusText: submissionStatusText(submissionKindOf(from), status),
          reviewedAt: new Date(),
          reviewNotes,
        })
        .where(eq(submissions.id, submission.id))
        .returning();
      const moved = await moveVersion(tx, version, move.to, {
        action: decision,
        actor: PROVIDER,
        notes: reviewNotes,
        detail: { submissionId: submission.id },
        liveSubmissionRejected: move.liveSubmissionRejected
          ? true
          : decision === "approve"
            ? false
            : undefined,
      });
      // The permissions reviewed with the app are the ones its live-app clients get.
      if (decision === "approve")
        await grantLivePermissions(
          tx,
          { id: version.groupId, companyId: version.companyId },
          PROVIDER,
          "submission-approved",
        );
      return {
        submissionId: updated.id,
        status: updated.status,
        statusText: updated.statusText,
        versionId: moved.id,
        versionStatus: statusName(moved.statusCode),
        isLiveSubmissionRejected: moved.liveSubmissionRejected,
      };
    });
  }

  /** Approves (100) or rejects (11) a pending pre-approval. Undefined for an unknown id; 409 when it is not pending. */
  async function reviewPreApproval(preApprovalId: string, decision: ReviewDecision, notes = "") {
    if (!isUuid(preApprovalId)) return undefined;
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(preApprovals)
        .where(eq(preApprovals.id, preApprovalId))
        .for("update");
      if (!row) return undefined;
      if (!canWithdrawPreApproval(row))
        throw conflict("The pre-approval is not pending.", "status", "preApprovalNotPending");
      const status =
        decision === "approve" ? PRE_APPROVAL_STATUS.Approved : PRE_APPROVAL_STATUS.Rejected;
      const reviewNotes = notes.trim();
      const [updated] = await tx
        .update(preApprovals)
        .set({ status, reviewedAt: new Date(), reviewNotes })
        .where(eq(preApprovals.id, row.id))
        .returning();
      await recordChange(tx, {
        companyId: row.companyId,
        entityType: "pre-approval",
        entityId: row.id,
        action: `provider-${decision}`,
        fromState: row.status,
        toState: status,
        actor: PROVIDER,
        detail: reviewNotes ? { notes: reviewNotes } : undefined,
      });
      return {
        id: updated.id,
        groupId: updated.groupId,
        versionMajor: updated.versionMajor,
        status: updated.status,
        reviewNotes: updated.reviewNotes,
      };
    });
  }

  /**
   * Grants each tab's live-app client the permissions of its sandbox-app client, as approving
   * a submission does (docs/decisions/0054-live-app-permissions.md). Undefined for an unknown
   * group; 409 `clientsNotGenerated` when no tab has its two clients.
   */
  async function grantLiveAppPermissions(groupId: string) {
    if (!isUuid(groupId)) return undefined;
    return db.transaction(async (tx) => {
      const [group] = await tx
        .select({ id: appGroups.id, companyId: appGroups.companyId })
        .from(appGroups)
        .where(eq(appGroups.id, groupId))
        .for("update");
      if (!group) return undefined;
      const clients = await grantLivePermissions(tx, group, PROVIDER, "granted-by-reviewer");
      if (clients.length === 0)
        throw conflict(
          "The app group's clients have not been generated yet: there is nothing to grant.",
          "isLive",
          "clientsNotGenerated",
        );
      return { appGroupId: group.id, clients };
    });
  }

  /** Pushes a queued version live or to beta, as the developer's go-live does. Undefined for an unknown id. */
  async function goLive(versionId: string) {
    if (!isUuid(versionId)) return undefined;
    return pushVersion(db, null, versionId, PROVIDER);
  }

  /**
   * Approves or declines an open pause or unpause request: approved, the version moves
   * (Live to Paused, Beta to BetaPaused, Paused to Live, BetaPaused to Beta); declined, it stays.
   * Undefined for an unknown id; 409 when the request is decided or its version has moved on.
   */
  async function decideRequest(requestId: string, decision: RequestDecision, notes = "") {
    if (!isUuid(requestId)) return undefined;
    return db.transaction(async (tx) => {
      const [request] = await tx
        .select()
        .from(statusRequests)
        .where(eq(statusRequests.id, requestId))
        .for("update");
      if (!request) return undefined;
      if (request.status !== STATUS_REQUEST_STATUS.open)
        throw conflict("The request has been decided already.", "status", "requestDecided");
      const [version] = await tx
        .select()
        .from(appVersions)
        .where(eq(appVersions.id, request.appVersionId))
        .for("update");
      const kind = request.kind === "pause" ? "pause" : "unpause";
      const from = statusName(version.statusCode);
      const reviewNotes = notes.trim();
      let current = version;
      if (decision === "approve") {
        const move = from === "Unknown" ? undefined : STATUS_TABLE[from].decisions[kind];
        if (!move?.to)
          throw conflict(
            `A version in status ${from} cannot be ${kind}d.`,
            "statusCode",
            "actionNotAllowed",
          );
        current = await moveVersion(tx, version, move.to, {
          action: kind,
          actor: PROVIDER,
          notes: reviewNotes,
          detail: { requestId: request.id },
        });
      } else {
        await recordChange(tx, {
          companyId: version.companyId,
          entityType: "app-version",
          entityId: version.id,
          action: kind === "pause" ? "provider-declinePause" : "provider-declineUnpause",
          fromState: version.statusCode,
          toState: version.statusCode,
          actor: PROVIDER,
          detail: { requestId: request.id, ...(reviewNotes ? { notes: reviewNotes } : {}) },
        });
      }
      const status =
        decision === "approve" ? STATUS_REQUEST_STATUS.approved : STATUS_REQUEST_STATUS.declined;
      await tx
        .update(statusRequests)
        .set({ status, decidedAt: new Date() })
        .where(eq(statusRequests.id, request.id));
      return {
        requestId: request.id,
        kind,
        status,
        versionId: current.id,
        versionStatus: statusName(current.statusCode),
      };
    });
  }

  return {
    pending,
    reviewSubmission,
    reviewPreApproval,
    reviewPrice,
    grantLiveAppPermissions,
    goLive,
    decideRequest,
    listCompanies,
    listUsers,
    findUser,
    verifyUser,
    setAccessToTest,
    setIntegratorType,
    setSuspended,
    outbox,
    changes,
    company,
    setVersionStatus,
    setAppGroupFlags,
    setPlatformSchema,
    /** Approves a company's details submitted for review: hasAwaitingSubmission cleared. */
    approveCompanyDetails: (companyId: string) => approveCompanyDetails(db, companyId),
    /** A firm using a live or beta app version, with a count (0 removes it): the usage summary's data. */
    recordUsage: (versionId: string, record: UsageRecord) => recordUsage(db, versionId, record),
  };
}

export type Reviewer = ReturnType<typeof createReviewer>;
