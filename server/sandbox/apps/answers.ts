/**
 * How the apps calls answer: a version as GET apps/{id} shows it, its listing, and the short
 * answer of a save. Shared by the reading and writing operations.
 */
import { asc, eq } from "drizzle-orm";
import { APP_PLATFORMS, formatVersion } from "~/api/apps/rules";
import type { AppSaveResponse, AppVersion, ImageRef, Marketplace } from "~/api/apps/schemas";
import { statusName } from "~/api/apps/status";
import type { SandboxContext } from "../context";
import { appMarketplace, appMarketplaceImages, platformSchemas } from "../db/schema/apps";
import { imageUrl } from "../files/service";
import type { DbOrTx, GroupRow, VersionRow } from "./find";
import { emptyListing } from "./input";

type VersionOrder = Pick<VersionRow, "versionMajor" | "versionMinor" | "createdAt">;
type ListingRow = typeof appMarketplace.$inferSelect;

export const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Newest first: major, then minor, then creation. */
export const byNewest = (a: VersionOrder, b: VersionOrder) =>
  b.versionMajor - a.versionMajor ||
  b.versionMinor - a.versionMinor ||
  b.createdAt.getTime() - a.createdAt.getTime();

export const platformName = (code: number) => APP_PLATFORMS[code] ?? String(code);

/** An image as the answers carry it: its id and where to fetch it. */
export const image = (ctx: SandboxContext, id: string): ImageRef => ({
  id,
  url: imageUrl(ctx, id),
});

/** The app version as GET apps/{id} answers it. */
export async function versionAnswer(
  ctx: SandboxContext,
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
    marketplace: listingAnswer(ctx, listingRow, imageRows),
  };
}

export function listingAnswer(
  ctx: SandboxContext,
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
  listing.promo.appIcon = icon ? image(ctx, icon.fileId) : null;
  listing.promo.banners = ordered
    .filter((i) => i.kind === "banner")
    .map((i) => image(ctx, i.fileId));
  listing.promo.screenshots = ordered
    .filter((i) => i.kind === "screenshot")
    .map((i) => image(ctx, i.fileId));
  return listing;
}

export const saveAnswer = (version: {
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
