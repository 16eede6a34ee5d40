/**
 * The app list and the group page: every group of a company with its versions, icon and
 * platforms, read in four queries, and the history of a group's archived versions.
 */
import { and, desc, eq } from "drizzle-orm";
import { formatVersion } from "~/api/apps/rules";
import {
  type AppListItem,
  type GroupHistoryItem,
  type GroupVersion,
  HISTORY_STATUS,
} from "~/api/apps/schemas";
import { statusName, VERSION_STATUS } from "~/api/apps/status";
import type { SandboxContext } from "../context";
import { jsonRows } from "../db/json-rows";
import {
  appGroups,
  appMarketplaceImages,
  appVersions,
  platformSchemas,
  submissions,
} from "../db/schema/apps";
import { users } from "../db/schema/companies";
import { byNewest, image, iso, platformName } from "./answers";

/** What the app list and the group page read of versions and groups (not the details' texts and keys). */
const summaryVersions = jsonRows({
  id: appVersions.id,
  groupId: appVersions.groupId,
  versionMajor: appVersions.versionMajor,
  versionMinor: appVersions.versionMinor,
  statusCode: appVersions.statusCode,
  createdAt: appVersions.createdAt,
  modifiedAt: appVersions.modifiedAt,
  modifiedById: appVersions.modifiedById,
  wentLiveAt: appVersions.wentLiveAt,
  stoppedLiveAt: appVersions.stoppedLiveAt,
  liveSubmissionRejected: appVersions.liveSubmissionRejected,
});
type SummaryVersion = ReturnType<typeof summaryVersions.decode>[number];
const summaryGroups = jsonRows({
  id: appGroups.id,
  name: appGroups.name,
  countryCode: appGroups.countryCode,
  appType: appGroups.appType,
  appLevel: appGroups.appLevel,
  isArchived: appGroups.isArchived,
  isPriceRequired: appGroups.isPriceRequired,
  isPreApprovalRequired: appGroups.isPreApprovalRequired,
  apiKey: appGroups.apiKey,
  modifiedAt: appGroups.modifiedAt,
});

type SummaryGroup = ReturnType<typeof summaryGroups.decode>[number];

/** The id of the first version (lowest minor, then oldest) of a version's major. */
const majorIdOf = (all: SummaryVersion[], version: SummaryVersion) =>
  all
    .filter((v) => v.versionMajor === version.versionMajor)
    .sort(
      (a, b) => a.versionMinor - b.versionMinor || a.createdAt.getTime() - b.createdAt.getTime(),
    )[0].id;

/** Groups, versions, icons and platforms of a company (or of one of its groups). */
async function loadSummaries(ctx: SandboxContext, companyId: string, groupId?: string) {
  const groupFilter = groupId
    ? and(eq(appGroups.companyId, companyId), eq(appGroups.id, groupId))
    : eq(appGroups.companyId, companyId);
  const versionFilter = groupId
    ? and(eq(appVersions.companyId, companyId), eq(appVersions.groupId, groupId))
    : eq(appVersions.companyId, companyId);
  const [[groupRows], [versionRows], icons, schemas] = await Promise.all([
    ctx.db.select({ rows: summaryGroups.select }).from(appGroups).where(groupFilter),
    ctx.db.select({ rows: summaryVersions.select }).from(appVersions).where(versionFilter),
    ctx.db
      .select({
        versionId: appMarketplaceImages.appVersionId,
        fileId: appMarketplaceImages.fileId,
      })
      .from(appMarketplaceImages)
      .innerJoin(appVersions, eq(appVersions.id, appMarketplaceImages.appVersionId))
      .where(and(versionFilter, eq(appMarketplaceImages.kind, "icon"))),
    ctx.db
      .select({ versionId: platformSchemas.appVersionId, platform: platformSchemas.platform })
      .from(platformSchemas)
      .innerJoin(appVersions, eq(appVersions.id, platformSchemas.appVersionId))
      .where(versionFilter),
  ]);
  const iconOf = new Map(icons.map((row) => [row.versionId, row.fileId]));
  const platformsOf = new Map<string, number[]>();
  for (const row of schemas)
    platformsOf.set(row.versionId, [...(platformsOf.get(row.versionId) ?? []), row.platform]);
  const versionsOf = new Map<string, SummaryVersion[]>();
  for (const version of summaryVersions.decode(versionRows.rows))
    versionsOf.set(version.groupId, [...(versionsOf.get(version.groupId) ?? []), version]);
  return { groups: summaryGroups.decode(groupRows.rows), versionsOf, iconOf, platformsOf };
}

/** One group as the app list shows it, from its versions newest first. */
function listItem(
  ctx: SandboxContext,
  group: SummaryGroup,
  all: SummaryVersion[],
  iconOf: Map<string, string>,
  platformsOf: Map<string, number[]>,
): AppListItem {
  const newest = all[0];
  const iconId = newest ? iconOf.get(newest.id) : undefined;
  // Dates, not numbers: the later of two, kept a Date.
  const lastModified = all.reduce(
    // biome-ignore lint/complexity/useMathMinMax: Math.max would turn the dates into numbers
    (latest, v) => (v.modifiedAt > latest ? v.modifiedAt : latest),
    group.modifiedAt,
  );
  return {
    appGroupId: group.id,
    name: group.name,
    appIcon: iconId ? image(ctx, iconId) : null,
    countryCode: group.countryCode,
    platforms: newest
      ? [...(platformsOf.get(newest.id) ?? [])].sort((a, b) => a - b).map(platformName)
      : [],
    appType: group.appType,
    appLevel: group.appLevel,
    isArchived: group.isArchived,
    versions: all
      .filter((v) => v.statusCode !== VERSION_STATUS.Archived)
      .map(
        (v): GroupVersion => ({
          versionId: v.id,
          versionMajorId: majorIdOf(all, v),
          versionMajor: v.versionMajor,
          versionDisplay: formatVersion(v.versionMajor, v.versionMinor),
          statusCode: v.statusCode,
          status: statusName(v.statusCode),
          appGroupId: group.id,
          isLiveSubmissionRejected: v.liveSubmissionRejected,
          modifiedDateTime: v.modifiedAt.toISOString(),
        }),
      ),
    lastModifiedDate: lastModified.toISOString(),
  };
}

/** List items (and, for one group, the group answer's extra data) of a company's groups. */
export async function summaries(ctx: SandboxContext, companyId: string, groupId?: string) {
  const { groups, versionsOf, iconOf, platformsOf } = await loadSummaries(ctx, companyId, groupId);
  return groups
    .map((group) => {
      const all = (versionsOf.get(group.id) ?? []).sort(byNewest);
      return { item: listItem(ctx, group, all, iconOf, platformsOf), group, all };
    })
    .sort(
      (a, b) =>
        b.item.lastModifiedDate.localeCompare(a.item.lastModifiedDate) ||
        a.item.name.localeCompare(b.item.name),
    );
}

export async function historyOf(
  ctx: SandboxContext,
  companyId: string,
  groupId: string,
  versions: SummaryVersion[],
): Promise<GroupHistoryItem[]> {
  const archived = versions.filter((v) => v.statusCode === VERSION_STATUS.Archived);
  if (archived.length === 0) return [];
  const [submitted, people] = await Promise.all([
    ctx.db
      .select({
        versionId: submissions.appVersionId,
        status: submissions.status,
        at: submissions.submittedAt,
      })
      .from(submissions)
      .where(and(eq(submissions.groupId, groupId), eq(submissions.companyId, companyId)))
      .orderBy(desc(submissions.submittedAt)),
    ctx.db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.companyId, companyId)),
  ]);
  const nameOf = new Map(people.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim()]));
  return archived.map((v) => {
    const last = submitted.find((s) => s.versionId === v.id);
    // Submission status: 1 rejected, 2 approved.
    const status =
      last?.status === 1
        ? HISTORY_STATUS.rejected
        : last?.status === 2
          ? HISTORY_STATUS.approved
          : HISTORY_STATUS.none;
    return {
      versionId: v.id,
      submissionDate: iso(last?.at ?? null),
      liveStartDate: iso(v.wentLiveAt),
      liveEndDate: iso(v.stoppedLiveAt),
      version: formatVersion(v.versionMajor, v.versionMinor),
      versionStatusCode: v.statusCode,
      modifiedDateTime: v.modifiedAt.toISOString(),
      modifiedBy: v.modifiedById ? (nameOf.get(v.modifiedById) ?? null) : null,
      status,
    };
  });
}
