/**
 * Wire shapes of the apps calls: the app version, the app group,
 * the app list item, and the bodies and answers of save, archive and duplicate. The shapes
 * only: the rules (rules.ts) decide what a value may be.
 */
import * as z from "zod";
import { storableText, wholeNumber } from "../common";

export const imageRef = z.object({ id: z.string(), url: z.string() });
export type ImageRef = z.infer<typeof imageRef>;

export const appDetails = z.object({
  apiKey: z.string(),
  secretKey: z.string(),
  token: z.string(),
  countryCode: z.string(),
  description: z.string(),
  categoryId: z.number().int().nullable(),
  appType: z.number().int(),
  name: z.string(),
});
export type AppDetails = z.infer<typeof appDetails>;

export const marketplaceDetail = z.object({
  appURL: z.string(),
  /** The overview: HTML of OVERVIEW_TAGS only, no attributes. */
  description: z.string(),
  /** The short overview. */
  shortDescription: z.string(),
  contactEmail: z.string(),
  features: z.string(),
  keywords: z.string(),
  supportUrl: z.string(),
  websiteUrl: z.string(),
  documentationUrl: z.string(),
});

export const marketplaceLegal = z.object({
  copyright: z.string(),
  privacyPolicy: z.string(),
  privacyPolicyUrl: z.string(),
  termsOfService: z.string(),
  termsOfServiceUrl: z.string(),
});

export const marketplacePromo = z.object({
  appIcon: imageRef.nullable(),
  banners: z.array(imageRef),
  screenshots: z.array(imageRef),
  youtubeUrl: z.string(),
});

export const marketplace = z.object({
  detail: marketplaceDetail,
  legal: marketplaceLegal,
  promo: marketplacePromo,
  visibility: z.boolean(),
});
export type Marketplace = z.infer<typeof marketplace>;

const dateTime = z.string();

/** GET apps/{id}. */
export const appVersion = z.object({
  id: z.string(),
  groupId: z.string(),
  versionMajor: z.number().int(),
  versionMinor: z.number().int(),
  /** 1.000 style. */
  versionNumberDisplay: z.string(),
  statusCode: z.number().int(),
  /** The status name (VERSION_STATUS). */
  status: z.string(),
  apiKey: z.string(),
  createdById: z.string().nullable(),
  createdDateTime: dateTime,
  modifiedById: z.string().nullable(),
  modifiedDateTime: dateTime,
  appWentLiveDateTime: dateTime.nullable(),
  appStoppedLiveDateTime: dateTime.nullable(),
  /** Configured platforms (names of APP_PLATFORMS). */
  platforms: z.array(z.string()),
  /** Of the app group: the edit check needs it (isEditable). */
  isArchived: z.boolean(),
  /** Of the app group: 3 hides the marketplace preview. */
  appLevel: z.number().int(),
  /** A Beta version whose submission to live was rejected ('submission to live rejected'). */
  isLiveSubmissionRejected: z.boolean(),
  details: appDetails,
  marketplace,
});
export type AppVersion = z.infer<typeof appVersion>;

/** A version as the app list and the app group list it (newest first). */
export const groupVersion = z.object({
  versionId: z.string(),
  /** The first version of the same major number (pre-approvals name it). */
  versionMajorId: z.string(),
  versionMajor: z.number().int(),
  versionDisplay: z.string(),
  statusCode: z.number().int(),
  status: z.string(),
  appGroupId: z.string(),
  isLiveSubmissionRejected: z.boolean(),
  modifiedDateTime: dateTime,
});
export type GroupVersion = z.infer<typeof groupVersion>;

/** History `status`: 2 means the version's last submission was rejected. */
export const HISTORY_STATUS = { none: 0, approved: 1, rejected: 2 } as const;

/** A version that left the active list (archived), newest first. */
export const groupHistoryItem = z.object({
  versionId: z.string(),
  /** The version's last submission, if any. */
  submissionDate: dateTime.nullable(),
  liveStartDate: dateTime.nullable(),
  liveEndDate: dateTime.nullable(),
  /** 1.000 style. */
  version: z.string(),
  versionStatusCode: z.number().int(),
  modifiedDateTime: dateTime,
  /** The name of the user who last changed it. */
  modifiedBy: z.string().nullable(),
  status: z.number().int(),
});
export type GroupHistoryItem = z.infer<typeof groupHistoryItem>;

/** GET apps: one item per app group. `versions` are the active (not archived) versions, newest first. */
export const appListItem = z.object({
  appGroupId: z.string(),
  name: z.string(),
  /** The icon of the newest version's listing. */
  appIcon: imageRef.nullable(),
  countryCode: z.string(),
  platforms: z.array(z.string()),
  appType: z.number().int(),
  /** 3 hides the marketplace preview. */
  appLevel: z.number().int(),
  isArchived: z.boolean(),
  versions: z.array(groupVersion),
  lastModifiedDate: dateTime,
});
export type AppListItem = z.infer<typeof appListItem>;
export const appListResponse = z.array(appListItem);

/** GET apps/group/{groupId}: the list item's fields plus the provider's flags and the history. */
export const appGroup = appListItem.extend({
  isPriceRequired: z.boolean(),
  isPreApprovalRequired: z.boolean(),
  apiKey: z.string(),
  history: z.array(groupHistoryItem),
});
export type AppGroup = z.infer<typeof appGroup>;

/** Answer of POST apps and PUT apps/{id}. */
export const appSaveResponse = z.object({
  id: z.string(),
  groupAppId: z.string(),
  versionMajor: z.number().int(),
  versionMinor: z.number().int(),
  /** 1.000 style. */
  versionNumber: z.string(),
});
export type AppSaveResponse = z.infer<typeof appSaveResponse>;

export const setArchivedResponse = z.object({ appGroupId: z.string(), isArchived: z.boolean() });
export type SetArchivedResponse = z.infer<typeof setArchivedResponse>;

/** Text that may be sent as null or left out (then ""); the database must be able to store it. */
const inText = z.preprocess((value) => value ?? "", storableText({ message: "must be text" }));
/** An id or a code that may be sent as null, "" or left out: a whole number an integer column holds, never negative. */
const inNumber = z.preprocess(
  (value) => (value === "" ? null : value),
  wholeNumber({ min: 0 }).nullable().optional(),
);
/** An image of the company, by id; `url` is ignored. */
export const imageInput = z.object({
  id: storableText({ message: "must be the id of an uploaded image" }),
  url: storableText().optional(),
});

export const detailsInput = z.object({
  countryCode: inText,
  description: inText,
  categoryId: inNumber,
  appType: inNumber,
  name: inText,
});
export type DetailsInput = z.input<typeof detailsInput>;

export const marketplaceInput = z.object({
  detail: z
    .object({
      appURL: inText,
      description: inText,
      shortDescription: inText,
      contactEmail: inText,
      features: inText,
      keywords: inText,
      supportUrl: inText,
      websiteUrl: inText,
      documentationUrl: inText,
    })
    .default({
      appURL: "",
      description: "",
      shortDescription: "",
      contactEmail: "",
      features: "",
      keywords: "",
      supportUrl: "",
      websiteUrl: "",
      documentationUrl: "",
    }),
  legal: z
    .object({
      copyright: inText,
      privacyPolicy: inText,
      privacyPolicyUrl: inText,
      termsOfService: inText,
      termsOfServiceUrl: inText,
    })
    .default({
      copyright: "",
      privacyPolicy: "",
      privacyPolicyUrl: "",
      termsOfService: "",
      termsOfServiceUrl: "",
    }),
  promo: z
    .object({
      appIcon: imageInput.nullable().optional(),
      banners: z.preprocess(
        (value) => value ?? [],
        z.array(imageInput, { message: "must be a list of images" }),
      ),
      screenshots: z.preprocess(
        (value) => value ?? [],
        z.array(imageInput, { message: "must be a list of images" }),
      ),
      youtubeUrl: inText,
    })
    .default({ appIcon: null, banners: [], screenshots: [], youtubeUrl: "" }),
  visibility: z.boolean({ message: "must be true or false" }).default(true),
});
export type MarketplaceInput = z.input<typeof marketplaceInput>;

/**
 * Body of POST apps and PUT apps/{id}: the app version. Other fields of `AppVersion` may be
 * sent back as they were received (groupId, appGroupId, versionDisplay...) and are ignored.
 */
export const appVersionInput = z.object({
  /** Generated by the client; required by POST, ignored by PUT (the path names the version). */
  id: storableText().optional(),
  details: detailsInput,
  /** Left out: the stored listing is kept (a new app gets an empty one). */
  marketplace: marketplaceInput.nullable().optional(),
});
export type AppVersionInput = z.input<typeof appVersionInput>;

/** POST apps/{id}/duplicate. */
export const duplicateRequest = z.object({ countryCode: inText, appName: inText });
export type DuplicateRequest = z.input<typeof duplicateRequest>;
export const duplicateResponse = z.object({ id: z.string() });
export type DuplicateResponse = z.infer<typeof duplicateResponse>;
