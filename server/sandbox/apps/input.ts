/**
 * What the apps calls receive, made ready for the rules and the tables: texts trimmed, the
 * country upper-cased, the overview reduced to the allowed tags (sanitize-html), and a
 * listing's images in the order they are shown. Pure.
 */
import type { z } from "zod";
import { sanitizeOverview } from "~/api/apps/overview.server";
import type { ListingImageKind, validateMarketplace } from "~/api/apps/rules";
import type { appVersionInput, duplicateRequest, Marketplace } from "~/api/apps/schemas";
import type { appMarketplace } from "../db/schema/apps";

type ListingInsert = typeof appMarketplace.$inferInsert;

export type ParsedInput = z.output<typeof appVersionInput>;
export type DuplicateInput = z.output<typeof duplicateRequest>;
type ListingInput = NonNullable<ParsedInput["marketplace"]>;

export interface NormalizedDetails {
  countryCode: string;
  description: string;
  categoryId: number | null;
  appType: number | null;
  name: string;
}

export function normalizeDetails(details: ParsedInput["details"]): NormalizedDetails {
  return {
    countryCode: details.countryCode.trim().toUpperCase(),
    description: details.description.trim(),
    categoryId: details.categoryId ?? null,
    appType: details.appType ?? null,
    name: details.name.trim(),
  };
}

export interface NormalizedListing {
  row: Omit<ListingInsert, "appVersionId">;
  images: { kind: ListingImageKind; position: number; id: string; path: string }[];
  /** For the rules: the same listing, trimmed and sanitized. */
  values: Parameters<typeof validateMarketplace>[0];
}

export function normalizeListing(input: ListingInput): NormalizedListing {
  const t = (value: string) => value.trim();
  const { detail, legal, promo } = input;
  const row = {
    appUrl: t(detail.appURL),
    description: sanitizeOverview(detail.description),
    shortDescription: t(detail.shortDescription),
    contactEmail: t(detail.contactEmail),
    features: t(detail.features),
    keywords: t(detail.keywords),
    supportUrl: t(detail.supportUrl),
    websiteUrl: t(detail.websiteUrl),
    documentationUrl: t(detail.documentationUrl),
    copyright: t(legal.copyright),
    privacyPolicy: t(legal.privacyPolicy),
    privacyPolicyUrl: t(legal.privacyPolicyUrl),
    termsOfService: t(legal.termsOfService),
    termsOfServiceUrl: t(legal.termsOfServiceUrl),
    youtubeUrl: t(promo.youtubeUrl),
    visibility: input.visibility,
  };
  const images: NormalizedListing["images"] = [];
  const iconId = promo.appIcon?.id?.trim();
  if (iconId)
    images.push({ kind: "icon", position: 0, id: iconId, path: "marketplace.promo.appIcon" });
  promo.banners.forEach((image, position) => {
    images.push({
      kind: "banner",
      position,
      id: image.id.trim(),
      path: `marketplace.promo.banners.${position}`,
    });
  });
  promo.screenshots.forEach((image, position) => {
    images.push({
      kind: "screenshot",
      position,
      id: image.id.trim(),
      path: `marketplace.promo.screenshots.${position}`,
    });
  });
  return {
    row,
    images,
    values: {
      detail: { ...row, appURL: row.appUrl },
      legal: row,
      promo: {
        appIcon: iconId ? { id: iconId } : null,
        banners: promo.banners,
        screenshots: promo.screenshots,
        youtubeUrl: row.youtubeUrl,
      },
    },
  };
}

export const emptyListing = (): Marketplace => ({
  detail: {
    appURL: "",
    description: "",
    shortDescription: "",
    contactEmail: "",
    features: "",
    keywords: "",
    supportUrl: "",
    websiteUrl: "",
    documentationUrl: "",
  },
  legal: {
    copyright: "",
    privacyPolicy: "",
    privacyPolicyUrl: "",
    termsOfService: "",
    termsOfServiceUrl: "",
  },
  promo: { appIcon: null, banners: [], screenshots: [], youtubeUrl: "" },
  visibility: true,
});
