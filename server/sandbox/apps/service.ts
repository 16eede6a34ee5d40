/**
 * The apps area of the provider (spec 01 sections 3, 4, 5 and 7): its rules and queries.
 * The routes (server/sandbox/api/apps.ts) read the request and hand it here; every method
 * takes the caller and answers the call's answer, or throws the ApiError to answer.
 *
 * Every id is looked up within the caller's company: another company's id, or a malformed
 * one, is not found (404) with nothing of the app. Multi-row writes run in one transaction
 * and every state change is recorded in state_changes. The rules are the contract's
 * (app/api/apps/), so the console and the sandbox refuse the same things; the overview is
 * reduced by sanitize-html to the allowed tags without attributes, and every text is trimmed.
 */
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq } from "drizzle-orm";
import {
  APP_PLATFORMS,
  checkListingImage,
  type FieldErrors,
  filterByArchived,
  formatVersion,
  prefixErrors,
  validateDetails,
  validateDuplicate,
  validateMarketplace,
  withoutRegionalInfo,
} from "~/api/apps/rules";
import {
  type AppGroup,
  type AppListItem,
  type AppSaveResponse,
  type AppVersion,
  type GroupHistoryItem,
  type GroupVersion,
  HISTORY_STATUS,
  type ImageRef,
  type Marketplace,
} from "~/api/apps/schemas";
import { canArchive, canDelete, isEditable, statusName, VERSION_STATUS } from "~/api/apps/status";
import type { Caller, SandboxContext } from "../context";
import type { Tx } from "../db";
import { jsonRows } from "../db/json-rows";
import {
  appCategories,
  appGroups,
  appMarketplace,
  appMarketplaceImages,
  appVersions,
  countries,
  files,
  platformSchemas,
  submissions,
  users,
} from "../db/schema";
import { countryFlagOn } from "../feature-flags";
import { imageUrl } from "../files/service";
import { recordChange } from "../history";
import { ApiError, conflict, notFound } from "../http/errors";
import { isUuid } from "../http/validate";
import { type DbOrTx, findGroup, findVersion, type GroupRow, type VersionRow } from "./find";
import {
  type DuplicateInput,
  emptyListing,
  type NormalizedDetails,
  type NormalizedListing,
  normalizeDetails,
  normalizeListing,
  type ParsedInput,
} from "./input";
import { copyVersionContent, versionRow } from "./versions";
import { RULE_MESSAGES, ruleMessage } from "./wording";

type VersionOrder = Pick<VersionRow, "versionMajor" | "versionMinor" | "createdAt">;
type ListingRow = typeof appMarketplace.$inferSelect;

// ---------------------------------------------------------------------------
// Pure helpers
// ---------------------------------------------------------------------------

/** A 400 naming the first failing field in words, with every field's rule code. */
function refuse(errors: FieldErrors): never {
  const [field, key] = Object.entries(errors)[0];
  throw new ApiError(400, `${field}: ${ruleMessage(field, key)}`, { field, errors });
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Newest first: major, then minor, then creation. */
const byNewest = (a: VersionOrder, b: VersionOrder) =>
  b.versionMajor - a.versionMajor ||
  b.versionMinor - a.versionMinor ||
  b.createdAt.getTime() - a.createdAt.getTime();

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

const platformName = (code: number) => APP_PLATFORMS[code] ?? String(code);

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

// ---------------------------------------------------------------------------
// The service
// ---------------------------------------------------------------------------

export type AppsService = ReturnType<typeof createAppsService>;

export function createAppsService(ctx: SandboxContext) {
  const { db } = ctx;
  const image = (id: string): ImageRef => ({ id, url: imageUrl(ctx, id) });

  // -------------------------------------------------------------------------
  // Reading
  // -------------------------------------------------------------------------

  /** A version with its group, within the company; undefined for anything else. */
  /** Every version of a group; `lock` holds them until the transaction ends (no status change meanwhile). */
  const versionsOfGroup = async (q: DbOrTx, groupId: string, lock = false) => {
    const select = q.select().from(appVersions).where(eq(appVersions.groupId, groupId));
    return lock ? select.for("update") : select;
  };

  /** The app version as GET apps/{id} answers it. */
  async function versionAnswer(
    q: DbOrTx,
    version: VersionRow,
    group: GroupRow,
  ): Promise<AppVersion> {
    const [[listingRow], imageRows, schemaRows] = await Promise.all([
      q.select().from(appMarketplace).where(eq(appMarketplace.appVersionId, version.id)).limit(1),
      q
        .select()
        .from(appMarketplaceImages)
        .where(eq(appMarketplaceImages.appVersionId, version.id))
        .orderBy(asc(appMarketplaceImages.kind), asc(appMarketplaceImages.position)),
      q
        .select({ platform: platformSchemas.platform })
        .from(platformSchemas)
        .where(eq(platformSchemas.appVersionId, version.id)),
    ]);
    return {
      id: version.id,
      groupId: version.groupId,
      versionMajor: version.versionMajor,
      versionMinor: version.versionMinor,
      versionNumberDisplay: formatVersion(version.versionMajor, version.versionMinor),
      statusCode: version.statusCode,
      status: statusName(version.statusCode),
      apiKey: version.apiKey,
      createdById: version.createdById,
      createdDateTime: version.createdAt.toISOString(),
      modifiedById: version.modifiedById,
      modifiedDateTime: version.modifiedAt.toISOString(),
      appWentLiveDateTime: iso(version.wentLiveAt),
      appStoppedLiveDateTime: iso(version.stoppedLiveAt),
      platforms: schemaRows
        .map((row) => row.platform)
        .sort((a, b) => a - b)
        .map(platformName),
      isArchived: group.isArchived,
      appLevel: group.appLevel,
      isLiveSubmissionRejected: version.liveSubmissionRejected,
      details: {
        apiKey: version.apiKey,
        secretKey: version.secretKey,
        token: version.token,
        countryCode: version.countryCode,
        description: version.description,
        categoryId: version.categoryId,
        appType: version.appType,
        name: version.name,
      },
      marketplace: listingAnswer(listingRow, imageRows),
    };
  }

  function listingAnswer(
    row: ListingRow | undefined,
    images: (typeof appMarketplaceImages.$inferSelect)[],
  ): Marketplace {
    const listing = emptyListing();
    if (row) {
      listing.detail = {
        appURL: row.appUrl,
        description: row.description,
        shortDescription: row.shortDescription,
        contactEmail: row.contactEmail,
        features: row.features,
        keywords: row.keywords,
        supportUrl: row.supportUrl,
        websiteUrl: row.websiteUrl,
        documentationUrl: row.documentationUrl,
      };
      listing.legal = {
        copyright: row.copyright,
        privacyPolicy: row.privacyPolicy,
        privacyPolicyUrl: row.privacyPolicyUrl,
        termsOfService: row.termsOfService,
        termsOfServiceUrl: row.termsOfServiceUrl,
      };
      listing.promo.youtubeUrl = row.youtubeUrl;
      listing.visibility = row.visibility;
    }
    const ordered = [...images].sort((a, b) => a.position - b.position);
    const icon = ordered.find((i) => i.kind === "icon");
    listing.promo.appIcon = icon ? image(icon.fileId) : null;
    listing.promo.banners = ordered.filter((i) => i.kind === "banner").map((i) => image(i.fileId));
    listing.promo.screenshots = ordered
      .filter((i) => i.kind === "screenshot")
      .map((i) => image(i.fileId));
    return listing;
  }

  /** List items (and, for one group, the group answer's extra data) of a company's groups. */
  async function summaries(companyId: string, groupId?: string) {
    const groupFilter = groupId
      ? and(eq(appGroups.companyId, companyId), eq(appGroups.id, groupId))
      : eq(appGroups.companyId, companyId);
    const versionFilter = groupId
      ? and(eq(appVersions.companyId, companyId), eq(appVersions.groupId, groupId))
      : eq(appVersions.companyId, companyId);
    const [[groupRows], [versionRows], icons, schemas] = await Promise.all([
      db.select({ rows: summaryGroups.select }).from(appGroups).where(groupFilter),
      db.select({ rows: summaryVersions.select }).from(appVersions).where(versionFilter),
      db
        .select({
          versionId: appMarketplaceImages.appVersionId,
          fileId: appMarketplaceImages.fileId,
        })
        .from(appMarketplaceImages)
        .innerJoin(appVersions, eq(appVersions.id, appMarketplaceImages.appVersionId))
        .where(and(versionFilter, eq(appMarketplaceImages.kind, "icon"))),
      db
        .select({ versionId: platformSchemas.appVersionId, platform: platformSchemas.platform })
        .from(platformSchemas)
        .innerJoin(appVersions, eq(appVersions.id, platformSchemas.appVersionId))
        .where(versionFilter),
    ]);
    const groups = summaryGroups.decode(groupRows.rows);
    const versions = summaryVersions.decode(versionRows.rows);
    const iconOf = new Map(icons.map((row) => [row.versionId, row.fileId]));
    const platformsOf = new Map<string, number[]>();
    for (const row of schemas)
      platformsOf.set(row.versionId, [...(platformsOf.get(row.versionId) ?? []), row.platform]);
    const versionsOf = new Map<string, SummaryVersion[]>();
    for (const version of versions)
      versionsOf.set(version.groupId, [...(versionsOf.get(version.groupId) ?? []), version]);

    const majorIdOf = (all: SummaryVersion[], version: SummaryVersion) =>
      all
        .filter((v) => v.versionMajor === version.versionMajor)
        .sort(
          (a, b) =>
            a.versionMinor - b.versionMinor || a.createdAt.getTime() - b.createdAt.getTime(),
        )[0].id;

    return groups
      .map((group) => {
        const all = (versionsOf.get(group.id) ?? []).sort(byNewest);
        const newest = all[0];
        const iconId = newest ? iconOf.get(newest.id) : undefined;
        // Dates, not numbers: the later of two, kept a Date.
        const lastModified = all.reduce(
          // biome-ignore lint/complexity/useMathMinMax: Math.max would turn the dates into numbers
          (latest, v) => (v.modifiedAt > latest ? v.modifiedAt : latest),
          group.modifiedAt,
        );
        const item: AppListItem = {
          appGroupId: group.id,
          name: group.name,
          appIcon: iconId ? image(iconId) : null,
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
        return { item, group, all };
      })
      .sort(
        (a, b) =>
          b.item.lastModifiedDate.localeCompare(a.item.lastModifiedDate) ||
          a.item.name.localeCompare(b.item.name),
      );
  }

  async function historyOf(
    companyId: string,
    groupId: string,
    versions: SummaryVersion[],
  ): Promise<GroupHistoryItem[]> {
    const archived = versions.filter((v) => v.statusCode === VERSION_STATUS.Archived);
    if (archived.length === 0) return [];
    const [submitted, people] = await Promise.all([
      db
        .select({
          versionId: submissions.appVersionId,
          status: submissions.status,
          at: submissions.submittedAt,
        })
        .from(submissions)
        .where(and(eq(submissions.groupId, groupId), eq(submissions.companyId, companyId)))
        .orderBy(desc(submissions.submittedAt)),
      db
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

  // -------------------------------------------------------------------------
  // Checks shared by create, update and duplicate
  // -------------------------------------------------------------------------

  async function selectableCountry(q: DbOrTx, code: string) {
    if (!code) return undefined;
    const [row] = await q
      .select()
      .from(countries)
      .where(and(eq(countries.code, code), eq(countries.selectable, true)))
      .limit(1);
    return row;
  }

  async function categoryExists(q: DbOrTx, id: number | null) {
    if (!id) return false;
    const [row] = await q
      .select({ id: appCategories.id })
      .from(appCategories)
      .where(eq(appCategories.id, id))
      .limit(1);
    return Boolean(row);
  }

  /** Details rules, the category lookup and (for a new app) the country lookup. */
  async function checkDetails(
    q: DbOrTx,
    details: NormalizedDetails,
    options: { newCountry: boolean },
  ): Promise<FieldErrors> {
    const errors = prefixErrors("details", validateDetails(details));
    if (!errors["details.categoryId"] && !(await categoryExists(q, details.categoryId)))
      errors["details.categoryId"] = "unknownCategory";
    if (
      options.newCountry &&
      !errors["details.countryCode"] &&
      !(await selectableCountry(q, details.countryCode))
    ) {
      errors["details.countryCode"] = "unknownCountry";
    }
    return errors;
  }

  /** Listing rules and every image: the company's own image file, of the right type, size and dimensions. */
  async function checkListing(
    q: DbOrTx,
    companyId: string,
    listing: NormalizedListing,
    appType: number | null,
    countryCode: string,
  ) {
    const errors = prefixErrors("marketplace", validateMarketplace(listing.values, { appType }));
    const allowSvg = await countryFlagOn(q, countryCode, "allow-svg-button");
    const tooMany = (kind: string) => Boolean(errors[`marketplace.promo.${kind}s`]);
    for (const entry of listing.images) {
      if (entry.kind !== "icon" && tooMany(entry.kind)) continue;
      const [file] = isUuid(entry.id)
        ? await q
            .select()
            .from(files)
            .where(
              and(eq(files.id, entry.id), eq(files.companyId, companyId), eq(files.kind, "image")),
            )
            .limit(1)
        : [];
      const problem = file
        ? checkListingImage(
            entry.kind,
            {
              contentType: file.contentType,
              width: file.width,
              height: file.height,
              fileSize: file.fileSize,
            },
            { allowSvg },
          )
        : "imageNotFound";
      if (problem && !errors[entry.path]) errors[entry.path] = problem;
    }
    return errors;
  }

  async function writeListing(tx: Tx, versionId: string, listing: NormalizedListing) {
    await tx
      .insert(appMarketplace)
      .values({ appVersionId: versionId, ...listing.row })
      .onConflictDoUpdate({ target: appMarketplace.appVersionId, set: listing.row });
    await tx.delete(appMarketplaceImages).where(eq(appMarketplaceImages.appVersionId, versionId));
    if (listing.images.length > 0) {
      await tx.insert(appMarketplaceImages).values(
        listing.images.map((i) => ({
          appVersionId: versionId,
          kind: i.kind,
          position: i.position,
          fileId: i.id,
        })),
      );
    }
  }

  /** Defaults of a new app group (docs/decisions/0003-app-group-flags.md). */
  async function newGroupValues(
    q: DbOrTx,
    caller: Caller,
    values: { name: string; countryCode: string; appType: number },
  ) {
    return {
      id: randomUUID(),
      companyId: caller.companyId,
      name: values.name,
      countryCode: values.countryCode,
      appType: values.appType,
      appLevel: 1,
      isArchived: false,
      isPreApprovalRequired: true,
      isPriceRequired: await countryFlagOn(q, values.countryCode, "monetisation-enabled"),
      apiKey: randomUUID(),
    };
  }

  const saveAnswer = (version: {
    id: string;
    groupId: string;
    versionMajor: number;
    versionMinor: number;
  }): AppSaveResponse => ({
    id: version.id,
    groupAppId: version.groupId,
    versionMajor: version.versionMajor,
    versionMinor: version.versionMinor,
    versionNumber: formatVersion(version.versionMajor, version.versionMinor),
  });

  // -------------------------------------------------------------------------
  // Reading: GET apps, apps/group/{id}, apps/{id}
  // -------------------------------------------------------------------------

  /** The company's groups, filtered by `archived` (-1 all, 0 current, 1 archived). */
  async function list(caller: Caller, archived: number): Promise<AppListItem[]> {
    const items = (await summaries(caller.companyId)).map((s) => s.item);
    return filterByArchived(items, archived);
  }

  async function group(caller: Caller, groupId: string): Promise<AppGroup> {
    if (!isUuid(groupId)) throw notFound("app group");
    const [found] = await summaries(caller.companyId, groupId);
    if (!found) throw notFound("app group");
    return {
      ...found.item,
      isPriceRequired: found.group.isPriceRequired,
      isPreApprovalRequired: found.group.isPreApprovalRequired,
      apiKey: found.group.apiKey,
      appLevel: found.group.appLevel,
      history: await historyOf(caller.companyId, groupId, found.all),
    };
  }

  async function version(caller: Caller, id: string): Promise<AppVersion> {
    const found = await findVersion(db, caller.companyId, id);
    if (!found) throw notFound("app");
    return versionAnswer(db, found.version, found.group);
  }

  // -------------------------------------------------------------------------
  // POST apps
  // -------------------------------------------------------------------------

  /** A new group with version 1.000 in status Sandbox under the client-made id. */
  async function create(caller: Caller, body: ParsedInput): Promise<AppSaveResponse> {
    const id = body.id?.trim().toLowerCase();
    if (!isUuid(id))
      throw new ApiError(400, "id: must be a UUID made by the client", {
        field: "id",
        errors: { id: "invalidFormat" },
      });
    const details = normalizeDetails(body.details);
    const listing = body.marketplace ? normalizeListing(body.marketplace) : undefined;

    const created = await ctx.db
      .transaction(async (tx) => {
        const errors = await checkDetails(tx, details, { newCountry: true });
        if (listing)
          Object.assign(
            errors,
            await checkListing(tx, caller.companyId, listing, details.appType, details.countryCode),
          );
        if (Object.keys(errors).length > 0) refuse(errors);
        const [taken] = await tx
          .select({ id: appVersions.id })
          .from(appVersions)
          .where(eq(appVersions.id, id))
          .limit(1);
        if (taken) throw conflict(RULE_MESSAGES.idExists, "id", "taken");

        const group = await newGroupValues(tx, caller, {
          name: details.name,
          countryCode: details.countryCode,
          appType: details.appType!,
        });
        await tx.insert(appGroups).values(group);
        const version = versionRow(caller, group, id, { ...details, appType: details.appType! });
        await tx.insert(appVersions).values(version);
        if (listing) await writeListing(tx, id, listing);
        else await tx.insert(appMarketplace).values({ appVersionId: id });
        await recordChange(tx, {
          companyId: caller.companyId,
          entityType: "app-group",
          entityId: group.id,
          action: "created",
          toState: "current",
          actor: caller.userId,
          detail: { name: group.name, countryCode: group.countryCode, appType: group.appType },
        });
        await recordChange(tx, {
          companyId: caller.companyId,
          entityType: "app-version",
          entityId: id,
          action: "created",
          toState: VERSION_STATUS.Sandbox,
          actor: caller.userId,
          detail: {
            groupId: group.id,
            version: formatVersion(1, 0),
            withListing: Boolean(listing),
          },
        });
        return version;
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw conflict(RULE_MESSAGES.idExists, "id", "taken");
        throw error;
      });
    return saveAnswer(created);
  }

  // -------------------------------------------------------------------------
  // PUT apps/{id}
  // -------------------------------------------------------------------------

  /** True when the version is the caller's: checked before a body is read. */
  async function ownsVersion(caller: Caller, id: string): Promise<boolean> {
    return Boolean(await findVersion(db, caller.companyId, id));
  }

  async function ownsGroup(caller: Caller, groupId: string): Promise<boolean> {
    return Boolean(await findGroup(db, caller.companyId, groupId));
  }

  /** The details, and the whole listing when sent; only while the version is editable. */
  async function update(caller: Caller, id: string, body: ParsedInput): Promise<AppSaveResponse> {
    const details = normalizeDetails(body.details);
    const listing = body.marketplace ? normalizeListing(body.marketplace) : undefined;

    const saved = await ctx.db.transaction(async (tx) => {
      const found = await findVersion(tx, caller.companyId, id, true);
      if (!found) throw notFound("app");
      const { version, group } = found;
      if (!isEditable(version.statusCode, group.isArchived)) {
        throw conflict(
          group.isArchived
            ? RULE_MESSAGES.archived
            : `${RULE_MESSAGES.notEditable} Its status is ${statusName(version.statusCode)}.`,
        );
      }
      if ((details.appType === 0 || details.appType === 1) && details.appType !== version.appType) {
        throw conflict(RULE_MESSAGES.appTypeLocked, "details.appType", "locked");
      }
      if (details.countryCode && details.countryCode !== version.countryCode) {
        throw conflict(RULE_MESSAGES.countryLocked, "details.countryCode", "locked");
      }
      const errors = await checkDetails(tx, details, { newCountry: false });
      if (listing)
        Object.assign(
          errors,
          await checkListing(tx, caller.companyId, listing, version.appType, version.countryCode),
        );
      if (Object.keys(errors).length > 0) refuse(errors);

      const now = new Date();
      await tx
        .update(appVersions)
        .set({
          name: details.name,
          description: details.description,
          categoryId: details.categoryId,
          modifiedById: caller.userId,
          modifiedAt: now,
        })
        .where(eq(appVersions.id, version.id));
      if (listing) await writeListing(tx, version.id, listing);
      // The group carries the name of its newest version.
      const [newest] = (await versionsOfGroup(tx, group.id)).sort(byNewest);
      await tx
        .update(appGroups)
        .set({ modifiedAt: now, ...(newest?.id === version.id ? { name: details.name } : {}) })
        .where(eq(appGroups.id, group.id));
      await recordChange(tx, {
        companyId: caller.companyId,
        entityType: "app-version",
        entityId: version.id,
        action: "updated",
        fromState: version.statusCode,
        toState: version.statusCode,
        actor: caller.userId,
        detail: { sections: listing ? ["details", "marketplace"] : ["details"] },
      });
      return version;
    });
    return saveAnswer(saved);
  }

  // -------------------------------------------------------------------------
  // DELETE apps/delete/{id}
  // -------------------------------------------------------------------------

  /** Deletes the whole group of a version, unless a version is in the market. */
  async function remove(caller: Caller, id: string): Promise<void> {
    await ctx.db.transaction(async (tx) => {
      const found = await findVersion(tx, caller.companyId, id);
      if (!found) throw notFound("app");
      const group = await findGroup(tx, caller.companyId, found.group.id, true);
      if (!group) throw notFound("app");
      const versions = await versionsOfGroup(tx, group.id, true);
      if (!canDelete(versions)) {
        const blocking = versions
          .filter((v) => !canDelete([v]))
          .map(
            (v) => `${formatVersion(v.versionMajor, v.versionMinor)} ${statusName(v.statusCode)}`,
          );
        throw conflict(`${RULE_MESSAGES.deleteBlocked} (${blocking.join(", ")})`);
      }
      await tx.delete(appGroups).where(eq(appGroups.id, group.id));
      await recordChange(tx, {
        companyId: caller.companyId,
        entityType: "app-group",
        entityId: group.id,
        action: "deleted",
        fromState: group.isArchived ? "archived" : "current",
        toState: "deleted",
        actor: caller.userId,
        detail: {
          name: group.name,
          versions: versions.map((v) => ({ id: v.id, statusCode: v.statusCode })),
        },
      });
    });
  }

  // -------------------------------------------------------------------------
  // PUT apps/group/{id}/setArchived?flag=
  // -------------------------------------------------------------------------

  async function setArchived(caller: Caller, groupId: string, flag: boolean) {
    return ctx.db.transaction(async (tx) => {
      const group = await findGroup(tx, caller.companyId, groupId, true);
      if (!group) throw notFound("app group");
      if (flag && !canArchive(await versionsOfGroup(tx, group.id, true)))
        throw conflict(RULE_MESSAGES.archiveBlocked);
      if (group.isArchived !== flag) {
        await tx
          .update(appGroups)
          .set({ isArchived: flag, modifiedAt: new Date() })
          .where(eq(appGroups.id, group.id));
        await recordChange(tx, {
          companyId: caller.companyId,
          entityType: "app-group",
          entityId: group.id,
          action: flag ? "archived" : "unarchived",
          fromState: group.isArchived ? "archived" : "current",
          toState: flag ? "archived" : "current",
          actor: caller.userId,
        });
      }
      return { appGroupId: group.id, isArchived: flag };
    });
  }

  // -------------------------------------------------------------------------
  // POST apps/{id}/duplicate
  // -------------------------------------------------------------------------

  /** A new group from a version; its matter types and regional information are not copied. */
  async function duplicate(
    caller: Caller,
    id: string,
    request: DuplicateInput,
  ): Promise<{ id: string }> {
    const appName = request.appName.trim();
    const countryCode = request.countryCode.trim().toUpperCase();
    const newId = await ctx.db.transaction(async (tx) => {
      const found = await findVersion(tx, caller.companyId, id);
      if (!found) throw notFound("app");
      const errors = validateDuplicate({ appName, countryCode });
      if (!errors.countryCode && !(await selectableCountry(tx, countryCode)))
        errors.countryCode = "unknownCountry";
      if (Object.keys(errors).length > 0) refuse(errors);

      const source = found.version;
      const group = await newGroupValues(tx, caller, {
        name: appName,
        countryCode,
        appType: source.appType,
      });
      await tx.insert(appGroups).values(group);
      const versionId = randomUUID();
      await tx.insert(appVersions).values(
        versionRow(caller, group, versionId, {
          countryCode,
          name: appName,
          description: source.description,
          categoryId: source.categoryId,
          appType: source.appType,
        }),
      );
      await copyVersionContent(tx, source.id, versionId, withoutRegionalInfo);
      await recordChange(tx, {
        companyId: caller.companyId,
        entityType: "app-group",
        entityId: group.id,
        action: "duplicated",
        toState: "current",
        actor: caller.userId,
        detail: {
          fromVersionId: source.id,
          fromGroupId: source.groupId,
          name: appName,
          countryCode,
        },
      });
      await recordChange(tx, {
        companyId: caller.companyId,
        entityType: "app-version",
        entityId: versionId,
        action: "created",
        toState: VERSION_STATUS.Sandbox,
        actor: caller.userId,
        detail: { groupId: group.id, version: formatVersion(1, 0), duplicateOf: source.id },
      });
      return versionId;
    });
    return { id: newId };
  }

  return {
    list,
    group,
    version,
    create,
    ownsVersion,
    ownsGroup,
    update,
    remove,
    setArchived,
    duplicate,
  };
}
