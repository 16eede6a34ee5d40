/** Reading submissions: the submit form's starting values, a group's submissions and its timeline. */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { formatVersion } from "~/api/apps/rules";
import type { Submission, SubmissionInit, TimelineEntry } from "~/api/submissions/schemas";
import { submitMove, TIMELINE_ACTIONS, type TimelineAction } from "~/api/submissions/status";
import type { Caller, SandboxContext } from "../context";
import { appVersions, submissions } from "../db/schema/apps";
import { companyEntities } from "../db/schema/companies";
import { stateChanges } from "../db/schema/records";
import { notFound } from "../http/errors";
import { blockersOf, namesOf, submissionAnswers } from "./answers";
import { findGroup, findVersion, PROVIDER } from "./moves";

export async function ownsVersion(
  ctx: SandboxContext,
  caller: Caller,
  id: string,
): Promise<boolean> {
  return Boolean(await findVersion(ctx.db, caller.companyId, id));
}

// -------------------------------------------------------------------------
// GET app-submissions/init/{versionId}
// -------------------------------------------------------------------------

export async function init(
  ctx: SandboxContext,
  caller: Caller,
  versionId: string,
): Promise<SubmissionInit> {
  const found = await findVersion(ctx.db, caller.companyId, versionId);
  if (!found) throw notFound("app");
  const { version, group } = found;
  const move = submitMove(version.statusCode);
  const [[last], [entity], blockers] = await Promise.all([
    ctx.db
      .select()
      .from(submissions)
      .where(and(eq(submissions.groupId, group.id), eq(submissions.companyId, caller.companyId)))
      .orderBy(desc(submissions.submittedAt))
      .limit(1),
    ctx.db
      .select({ phone: companyEntities.phoneNumber })
      .from(companyEntities)
      .where(eq(companyEntities.companyId, caller.companyId))
      .orderBy(desc(companyEntities.isDefault))
      .limit(1),
    blockersOf(ctx.db, version, group),
  ]);
  return {
    appId: version.id,
    appGroupId: group.id,
    version: formatVersion(version.versionMajor, version.versionMinor),
    statusCode: version.statusCode,
    action: move?.action ?? null,
    isBetaOffered: move?.betaOffered ?? false,
    isBeta: move ? move.isBeta : false,
    contactName: last?.contactName ?? caller.name,
    contactEmail: last?.contactEmail ?? caller.email,
    contactPhoneNumber: last?.contactPhoneNumber ?? entity?.phone ?? "",
    blockers,
  };
}

// -------------------------------------------------------------------------
// GET app-submissions/{groupId}, app-submissions/history/{groupId}
// -------------------------------------------------------------------------

export async function list(
  ctx: SandboxContext,
  caller: Caller,
  groupId: string,
): Promise<Submission[]> {
  const group = await findGroup(ctx.db, caller.companyId, groupId);
  if (!group) throw notFound("app group");
  const rows = await ctx.db
    .select()
    .from(submissions)
    .where(and(eq(submissions.groupId, group.id), eq(submissions.companyId, caller.companyId)))
    .orderBy(desc(submissions.submittedAt));
  return submissionAnswers(ctx, ctx.db, caller.companyId, rows);
}

export async function timeline(
  ctx: SandboxContext,
  caller: Caller,
  groupId: string,
): Promise<TimelineEntry[]> {
  const group = await findGroup(ctx.db, caller.companyId, groupId);
  if (!group) throw notFound("app group");
  const versions = await ctx.db
    .select()
    .from(appVersions)
    .where(and(eq(appVersions.groupId, group.id), eq(appVersions.companyId, caller.companyId)));
  if (versions.length === 0) return [];
  const [changes, names] = await Promise.all([
    ctx.db
      .select()
      .from(stateChanges)
      .where(
        and(
          eq(stateChanges.entityType, "app-version"),
          inArray(
            stateChanges.entityId,
            versions.map((v) => v.id),
          ),
        ),
      )
      .orderBy(asc(stateChanges.at)),
    namesOf(ctx.db, caller.companyId),
  ]);
  const versionOf = new Map(
    versions.map((v) => [v.id, formatVersion(v.versionMajor, v.versionMinor)]),
  );
  const code = (state: string | null) =>
    state !== null && /^\d+$/.test(state) ? Number(state) : null;
  return changes.flatMap((change): TimelineEntry[] => {
    const action = change.action.replace(/^provider-/, "");
    if (!(TIMELINE_ACTIONS as readonly string[]).includes(action as TimelineAction)) return [];
    const notes = (change.detail as { notes?: unknown } | null)?.notes;
    const byProvider = change.actor === PROVIDER;
    return [
      {
        appId: change.entityId,
        version: versionOf.get(change.entityId) ?? "",
        at: change.at.toISOString(),
        action,
        by: byProvider ? "provider" : "developer",
        byName: byProvider ? null : (names.get(change.actor) ?? null),
        fromStatusCode: code(change.fromState),
        toStatusCode: code(change.toState),
        notes: typeof notes === "string" ? notes : null,
      },
    ];
  });
}
