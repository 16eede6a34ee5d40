/**
 * What the submit dialog of a version shows, from the pages that list versions: the
 * readiness checklist (details, listing, price, platforms...) and the provider's blockers,
 * read with the submission's defaults when `?submit={versionId}` opens it.
 */
import { getApp, getAppGroup } from "~/api/apps/endpoints";
import { validateDetails, validateMarketplace } from "~/api/apps/rules";
import { type ApiClient, ApiError } from "~/api/client.server";
import { getSubmissionInit } from "~/api/submissions/endpoints";
import { SUBMISSION_BLOCKERS, type SubmissionBlocker } from "~/api/submissions/rules";
import { formatReleaseDate } from "~/forms/submit";
import { isVersionId } from "./editor.server";

/** The items of the readiness checklist, in order, and the page each is fixed on. */
export const READINESS_ITEMS = [
  "details",
  "listing",
  "images",
  "platform",
  "price",
  "preApproval",
] as const;
export type ReadinessItem = (typeof READINESS_ITEMS)[number];

export interface ReadinessEntry {
  key: ReadinessItem;
  done: boolean;
  /** Where it is fixed. */
  href: string;
  /** The listing's missing or invalid fields (paths of appEditor:fields). */
  fields?: string[];
}

export interface SubmitDialogData {
  version: { versionId: string; versionDisplay: string; statusCode: number };
  appGroupId: string;
  appName: string;
  isArchived: boolean;
  action: "submit" | "submitToLive" | "resubmit";
  isBetaOffered: boolean;
  /** The beta flag a resubmit keeps. */
  isBeta: boolean;
  prefill: {
    contactName: string;
    contactEmail: string;
    contactPhoneNumber: string;
    releaseDate: string;
  };
  /** The provider's blockers other than the archived app (codes of SUBMISSION_BLOCKERS). */
  blockers: SubmissionBlocker[];
  readiness: ReadinessEntry[];
}

const LISTING_IMAGE_FIELDS = new Set(["promo.appIcon", "promo.banners", "promo.screenshots"]);

/** The checklist before a submit, from the version, the app's flags and the provider's blockers. */
export function readiness(
  lang: string,
  version: {
    id: string;
    groupId: string;
    details: Parameters<typeof validateDetails>[0];
    marketplace: Parameters<typeof validateMarketplace>[0];
  },
  group: { isPriceRequired: boolean; isPreApprovalRequired: boolean },
  blockers: readonly string[],
): ReadinessEntry[] {
  const versionPage = (page: string) => `/${lang}/apps/${version.id}/${page}`;
  const groupPage = (page: string) => `/${lang}/apps/group/${version.groupId}/${page}`;
  const listingErrors = Object.keys(
    validateMarketplace(version.marketplace, { appType: version.details.appType }),
  );
  const listingFields = listingErrors.filter((field) => !LISTING_IMAGE_FIELDS.has(field));
  const entries: ReadinessEntry[] = [
    {
      key: "details",
      done: Object.keys(validateDetails(version.details)).length === 0,
      href: versionPage("details"),
    },
    {
      key: "listing",
      done: listingFields.length === 0,
      href: versionPage("marketplace"),
      ...(listingFields.length ? { fields: listingFields } : {}),
    },
    {
      key: "images",
      done: !listingErrors.some((field) => LISTING_IMAGE_FIELDS.has(field)),
      href: versionPage("marketplace"),
    },
    {
      key: "platform",
      done: !blockers.includes("platformConfigurationRequired"),
      href: versionPage("desktop"),
    },
  ];
  if (group.isPriceRequired)
    entries.push({
      key: "price",
      done: !blockers.includes("priceRequired"),
      href: groupPage("pricing"),
    });
  if (group.isPreApprovalRequired)
    entries.push({
      key: "preApproval",
      done: !blockers.includes("preApprovalRequired"),
      href: groupPage("approval"),
    });
  return entries;
}

/**
 * What the submit dialog of `?submit={versionId}` shows; null when the id names no version
 * the user can see or one whose status allows no submit (the page then shows no dialog).
 */
export async function loadSubmitDialog(
  api: ApiClient,
  language: string,
  versionId: string | null,
): Promise<SubmitDialogData | null> {
  if (!isVersionId(versionId)) return null;
  try {
    const [init, version] = await Promise.all([
      api.call(getSubmissionInit, { params: { versionId } }),
      api.call(getApp, { params: { id: versionId } }),
    ]);
    if (!init.action) return null;
    const group = await api.call(getAppGroup, { params: { groupId: version.groupId } });
    const blockers = init.blockers.filter(
      (code): code is SubmissionBlocker =>
        (SUBMISSION_BLOCKERS as readonly string[]).includes(code) && code !== "appArchived",
    );
    return {
      version: {
        versionId,
        versionDisplay: version.versionNumberDisplay,
        statusCode: version.statusCode,
      },
      appGroupId: version.groupId,
      appName: group.name,
      isArchived: group.isArchived,
      action: init.action,
      isBetaOffered: init.isBetaOffered,
      isBeta: init.isBeta,
      prefill: {
        contactName: init.contactName,
        contactEmail: init.contactEmail,
        contactPhoneNumber: init.contactPhoneNumber,
        releaseDate: formatReleaseDate(new Date(), language),
      },
      blockers,
      readiness: readiness(language, version, group, init.blockers),
    };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return null;
    throw error;
  }
}
