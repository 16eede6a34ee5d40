/**
 * Apps (spec 01 sections 3, 4, 5 and 7): the app version, the app group, the app list item,
 * the save and duplicate calls, with the pure rules shared by the console and the sandbox.
 *
 * Calls (all need a bearer token; another company's id, or a malformed one, answers 404):
 *
 * | call | body | answer |
 * |---|---|---|
 * | `GET apps?archived=-1\|0\|1` | | `AppListItem[]`, most recently modified first (default -1: all) |
 * | `GET apps/{versionId}` | | `AppVersion` |
 * | `GET apps/group/{groupId}` | | `AppGroup` |
 * | `POST apps` | `AppVersionInput` with a client-made `id` | 201 `AppSaveResponse` |
 * | `PUT apps/{versionId}` | `AppVersionInput` | `AppSaveResponse` |
 * | `DELETE apps/delete/{versionId}` | | 204: the app group of that version is deleted |
 * | `PUT apps/group/{groupId}/setArchived?flag=true\|false` | | `SetArchivedResponse` |
 * | `POST apps/{versionId}/duplicate` | `DuplicateRequest` | 201 `DuplicateResponse` |
 *
 * Saving (`POST`/`PUT`): `details` is always required and checked with `validateDetails`.
 * `marketplace` is optional: when sent it replaces the whole listing and is checked with
 * `validateMarketplace` and `checkListingImage`; when left out the stored listing is kept
 * (the details page sends details only). Every text value is trimmed; the overview
 * (`marketplace.detail.description`) is HTML reduced to `OVERVIEW_TAGS` without attributes;
 * other texts are stored as sent (trimmed) and are plain text for whoever shows them.
 * Images are sent as `{ id }` of an image the company uploaded (`POST images`).
 *
 * Refusals: 400 with `field` (a dotted path such as `marketplace.detail.websiteUrl`) and
 * `errors` (every failing field); 409 when a rule of the app's state forbids the call
 * (not editable, app type or country changed, delete or archive refused), with `detail`
 * naming the rule.
 *
 * Everything below the schemas is plain TypeScript with no framework import.
 */
import { z } from "zod";
import { HTTP_URL } from "./common";

// ---------------------------------------------------------------------------
// Version status codes (spec 01 section 4)
// ---------------------------------------------------------------------------

export const VERSION_STATUS = {
  Sandbox: 0,
  AwaitingReview: 100,
  Rejected: 101,
  QueuedForLive: 102,
  BetaAwaitingReview: 110,
  BetaRejected: 111,
  QueuedForBeta: 112,
  BetaToLiveAwaitingReview: 113,
  BetaQueuedForLive: 114,
  Live: 200,
  Archived: 201,
  Beta: 210,
  Paused: 300,
  BetaPaused: 310,
} as const;
export type VersionStatusName = keyof typeof VERSION_STATUS;
export type VersionStatusCode = (typeof VERSION_STATUS)[VersionStatusName];

export const VERSION_STATUS_NAMES = Object.keys(VERSION_STATUS) as VersionStatusName[];
export const VERSION_STATUS_CODES = Object.values(VERSION_STATUS) as VersionStatusCode[];

const nameByCode = new Map<number, VersionStatusName>(VERSION_STATUS_NAMES.map((name) => [VERSION_STATUS[name], name]));

export function isVersionStatusCode(code: unknown): code is VersionStatusCode {
  return typeof code === "number" && nameByCode.has(code);
}

/** The status name of a code ('Unknown' for a code the table does not hold). */
export function statusName(code: number): VersionStatusName | "Unknown" {
  return nameByCode.get(code) ?? "Unknown";
}

/** Colour group of a status badge. */
export type StatusColour = "info" | "warning" | "success" | "danger" | "error";

export const STATUS_COLOURS: Record<VersionStatusName, StatusColour> = {
  Sandbox: "info",
  AwaitingReview: "info",
  BetaAwaitingReview: "info",
  BetaToLiveAwaitingReview: "info",
  QueuedForLive: "warning",
  QueuedForBeta: "warning",
  BetaQueuedForLive: "warning",
  Paused: "warning",
  BetaPaused: "warning",
  Live: "success",
  Beta: "success",
  Rejected: "danger",
  BetaRejected: "danger",
  Archived: "error",
};

export function statusColour(code: number): StatusColour {
  const name = nameByCode.get(code);
  return name ? STATUS_COLOURS[name] : "info";
}

// ---------------------------------------------------------------------------
// Actions by status (the version context menu)
// ---------------------------------------------------------------------------

export const VERSION_ACTIONS = [
  "submit", // Sandbox: submit for review (live)
  "submitToLive", // Beta: submit for review to live
  "resubmit", // Rejected, BetaRejected (the beta flag is kept for BetaRejected)
  "pushToLive",
  "pushToBeta",
  "pause", // a pause request
  "unpause", // an unpause request
  "archive",
  "withdraw", // withdraw the submission
  "rollbackToBeta",
  "duplicate",
  "preview", // preview in the marketplace
] as const;
export type VersionAction = (typeof VERSION_ACTIONS)[number];

/** The status-specific actions; `duplicate` and `preview` apply to every status (see `versionActions`). */
export const ACTIONS_BY_STATUS: Record<VersionStatusName, readonly VersionAction[]> = {
  Sandbox: ["submit"],
  AwaitingReview: ["withdraw"],
  Rejected: ["resubmit", "archive"],
  QueuedForLive: ["pushToLive", "archive"],
  BetaAwaitingReview: ["withdraw"],
  BetaRejected: ["resubmit", "archive"],
  QueuedForBeta: ["pushToBeta", "archive"],
  BetaToLiveAwaitingReview: ["withdraw"],
  BetaQueuedForLive: ["pushToLive", "rollbackToBeta"],
  Live: ["pause"],
  Archived: [],
  Beta: ["submitToLive", "pause"],
  Paused: ["unpause", "archive"],
  BetaPaused: ["unpause", "archive"],
};

/** App level 3 (AlwaysOnInternal) hides the marketplace preview. */
export const APP_LEVEL_WITHOUT_PREVIEW = 3;

/** Every action of a version's menu, in table order, then duplicate and preview. */
export function versionActions(statusCode: number, options: { appLevel?: number } = {}): VersionAction[] {
  const name = nameByCode.get(statusCode);
  const own = name ? [...ACTIONS_BY_STATUS[name]] : [];
  const always: VersionAction[] = ["duplicate"];
  if (options.appLevel !== APP_LEVEL_WITHOUT_PREVIEW) always.push("preview");
  return [...own, ...always];
}

// ---------------------------------------------------------------------------
// App types and levels
// ---------------------------------------------------------------------------

/** 0 standard (public), 1 connector (may be submitted without platform configuration). */
export const APP_TYPES = { standard: 0, connector: 1 } as const;
export type AppType = (typeof APP_TYPES)[keyof typeof APP_TYPES];

/** Set by the provider (reviewer command); 1 Firm by default. */
export const APP_LEVELS = { Staff: 0, Firm: 1, AlwaysOn: 2, AlwaysOnInternal: 3, ProductVariantAlwaysOn: 4 } as const;
export type AppLevel = (typeof APP_LEVELS)[keyof typeof APP_LEVELS];

/** Platform names of a version, in this order. */
export const APP_PLATFORMS = ["desktop", "web", "mobile", "reporting"] as const;

// ---------------------------------------------------------------------------
// Rules of the app's state (spec 01 sections 2 and 4, DECISIONS.md)
// ---------------------------------------------------------------------------

export const EDITABLE_STATUSES: readonly number[] = [VERSION_STATUS.Sandbox, VERSION_STATUS.Rejected, VERSION_STATUS.BetaRejected];
/** A version in one of these keeps its app from being deleted. */
export const DELETE_BLOCKING_STATUSES: readonly number[] = [
  VERSION_STATUS.Live,
  VERSION_STATUS.Paused,
  VERSION_STATUS.Beta,
  VERSION_STATUS.BetaPaused,
];
/** A version in one of these keeps its app from being archived (and hides the card menu). */
export const ARCHIVE_BLOCKING_STATUSES: readonly number[] = [VERSION_STATUS.Live];

type WithStatus = { statusCode: number };

/** A version can be saved when it is Sandbox, Rejected or BetaRejected and its app is not archived. */
export function isEditable(statusCode: number, isArchived: boolean): boolean {
  return !isArchived && EDITABLE_STATUSES.includes(statusCode);
}

/** An app can be deleted when no version is Live, Paused, Beta or BetaPaused. */
export function canDelete(versions: readonly WithStatus[]): boolean {
  return !versions.some((v) => DELETE_BLOCKING_STATUSES.includes(v.statusCode));
}

/** An app can be archived when no version is Live (unarchiving is always allowed). */
export function canArchive(versions: readonly WithStatus[]): boolean {
  return !versions.some((v) => ARCHIVE_BLOCKING_STATUSES.includes(v.statusCode));
}

/** The card menu of the app list (archive or unarchive, delete) shows when no version is Live. */
export function showCardMenu(versions: readonly WithStatus[]): boolean {
  return canArchive(versions);
}

/** The rules as the API words them (the `detail` of a 409). */
export const RULE_MESSAGES = {
  notEditable:
    "This version cannot be changed: a version can be edited only when its status is Sandbox, Rejected or BetaRejected.",
  archived: "This app is archived: unarchive it before changing a version.",
  appTypeLocked: "The app type cannot change after the app is created.",
  countryLocked: "The country cannot change after the app is created; duplicate the app to another country instead.",
  deleteBlocked: "An app cannot be deleted while a version is Live, Paused, Beta or BetaPaused.",
  archiveBlocked: "An app cannot be archived while a version is Live.",
  idExists: "An app version with this id already exists.",
} as const;

// ---------------------------------------------------------------------------
// Version numbers
// ---------------------------------------------------------------------------

/** 1.000 style: the major number, a dot, the minor padded to three digits. */
export function formatVersion(major: number, minor: number): string {
  return `${major}.${String(minor).padStart(3, "0")}`;
}

/** The reverse of `formatVersion`; undefined for anything else. */
export function parseVersion(display: string): { major: number; minor: number } | undefined {
  const match = /^(\d+)\.(\d{3,})$/.exec(display.trim());
  return match ? { major: Number(match[1]), minor: Number(match[2]) } : undefined;
}

export const INITIAL_VERSION = { major: 1, minor: 0, display: "1.000" } as const;

// ---------------------------------------------------------------------------
// Validation limits and message keys (spec 01 sections 5 and 9)
// ---------------------------------------------------------------------------

export const APP_LIMITS = {
  /** App name: not in the spec; a name on a card and a page title. */
  nameMax: 100,
  descriptionMax: 450,
  overviewMin: 200,
  overviewMax: 10_000,
  shortOverviewMax: 115,
  contactEmailMax: 255,
  urlMax: 2048,
  /** Other free texts of the listing (features, keywords, copyright, legal texts): not in the spec. */
  textMax: 10_000,
  screenshotsMax: 8,
  /** Banners: not limited by the spec (2 to 5 is advice); held to the screenshots' limit. */
  bannersMax: 8,
  iconBytes: 400 * 1024,
  bannerBytes: 800 * 1024,
  screenshotBytes: 800 * 1024,
  icon: { width: 256, height: 256 },
  banner: { width: 1410, height: 480 },
  /** Aspect-ratio tolerance of an SVG for an exact-size image. */
  svgRatioTolerance: 0.01,
} as const;

/** The tags the overview may hold; no attributes, no styles. */
export const OVERVIEW_TAGS = ["p", "span", "ul", "ol", "li", "br", "h1", "h2", "strong"] as const;

/**
 * What a failing field breaks. The console translates the key (with the limit of
 * `fieldLimit`); the API words it with `ruleMessage`.
 */
export const RULE_KEYS = [
  "required",
  "tooShort",
  "tooLong",
  "invalidEmail",
  "invalidUrl",
  "tooMany",
  "invalidAppType",
  "unknownCategory",
  "unknownCountry",
  "imageNotFound",
  "imageTypeInvalid",
  "imageSizeInvalid",
  "sizeGreater400KB",
  "sizeGreater800KB",
] as const;
export type RuleKey = (typeof RULE_KEYS)[number];

/** Failing fields (dotted paths) and what each breaks; empty when everything passes. */
export type FieldErrors = Record<string, RuleKey>;

/** Spec texts of the image messages (spec 01 section 5). */
export const IMAGE_MESSAGES = {
  imageTypeInvalid: "Image type invalid",
  imageSizeInvalid: "Image size invalid",
  sizeGreater400KB: "File size greater than 400KB",
  sizeGreater800KB: "File size greater than 800KB",
} as const;

/** Length limits of a field, by the last segments of its path. */
export function fieldLimit(field: string): { min?: number; max?: number } {
  const path = field.replace(/^(details|marketplace)\./, "");
  switch (path) {
    case "name":
    case "appName":
      return { max: APP_LIMITS.nameMax };
    case "description":
      return { max: APP_LIMITS.descriptionMax };
    case "detail.description":
      return { min: APP_LIMITS.overviewMin, max: APP_LIMITS.overviewMax };
    case "detail.shortDescription":
      return { max: APP_LIMITS.shortOverviewMax };
    case "detail.contactEmail":
      return { max: APP_LIMITS.contactEmailMax };
    case "promo.screenshots":
      return { max: APP_LIMITS.screenshotsMax };
    case "promo.banners":
      return { max: APP_LIMITS.bannersMax };
    default:
      return /url$/i.test(path) ? { max: APP_LIMITS.urlMax } : { max: APP_LIMITS.textMax };
  }
}

/** The API's English wording of a rule key for a field. */
export function ruleMessage(field: string, key: RuleKey): string {
  const { min, max } = fieldLimit(field);
  const overview = field.endsWith("detail.description");
  switch (key) {
    case "required":
      return "is required";
    case "tooShort":
      return overview ? `must be ${min} to ${max} characters of text` : `must be at least ${min} characters`;
    case "tooLong":
      return overview ? `must be ${min} to ${max} characters of text` : `must be at most ${max} characters`;
    case "invalidEmail":
      return "Invalid email address";
    case "invalidUrl":
      return "This URL is invalid: it must start with http:// or https://";
    case "tooMany":
      return `must hold at most ${max} images`;
    case "invalidAppType":
      return "must be 0 (standard) or 1 (connector)";
    case "unknownCategory":
      return "must be one of the app categories";
    case "unknownCountry":
      return "must be a country that can be chosen";
    case "imageNotFound":
      return "must be an image uploaded by your company";
    default:
      return IMAGE_MESSAGES[key];
  }
}

// ---------------------------------------------------------------------------
// Field checks (pure)
// ---------------------------------------------------------------------------

const namedEntities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** The text of the overview as a reader sees it: tags removed, entities decoded, trimmed. */
export function overviewPlainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === "#") {
        const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return namedEntities[name.toLowerCase()] ?? whole;
    })
    .trim();
}

/** An http or https URL with the protocol written out. */
export function isHttpUrl(value: string): boolean {
  if (!HTTP_URL.test(value) || value.length > APP_LIMITS.urlMax) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

const emailCheck = z.email();
export function isEmail(value: string): boolean {
  return emailCheck.safeParse(value).success;
}

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

/** Spec 01 section 5: empty means null, an empty array, a blank string, zero or an empty map. */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === "string") return value.trim() === "";
  if (typeof value === "number") return value === 0 || Number.isNaN(value);
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.keys(value).length === 0;
  return false;
}

export interface DetailsValues {
  categoryId?: number | null;
  name?: string | null;
  description?: string | null;
  countryCode?: string | null;
  appType?: number | null;
}

/** App details (spec 01 section 5): category, name, description (at most 450) and country required. */
export function validateDetails(details: DetailsValues): FieldErrors {
  const errors: FieldErrors = {};
  if (isEmpty(details.categoryId)) errors.categoryId = "required";
  const name = text(details.name);
  if (!name) errors.name = "required";
  else if (name.length > APP_LIMITS.nameMax) errors.name = "tooLong";
  if (details.appType === null || details.appType === undefined) errors.appType = "required";
  else if (details.appType !== APP_TYPES.standard && details.appType !== APP_TYPES.connector) errors.appType = "invalidAppType";
  const description = text(details.description);
  if (!description) errors.description = "required";
  else if (description.length > APP_LIMITS.descriptionMax) errors.description = "tooLong";
  if (!text(details.countryCode)) errors.countryCode = "required";
  return errors;
}

export interface MarketplaceValues {
  detail?: {
    appURL?: string | null;
    description?: string | null;
    shortDescription?: string | null;
    contactEmail?: string | null;
    features?: string | null;
    keywords?: string | null;
    supportUrl?: string | null;
    websiteUrl?: string | null;
    documentationUrl?: string | null;
  } | null;
  legal?: {
    copyright?: string | null;
    privacyPolicy?: string | null;
    privacyPolicyUrl?: string | null;
    termsOfService?: string | null;
    termsOfServiceUrl?: string | null;
  } | null;
  promo?: {
    appIcon?: { id?: string | null } | null;
    banners?: readonly unknown[] | null;
    screenshots?: readonly unknown[] | null;
    youtubeUrl?: string | null;
  } | null;
}

/**
 * The marketplace listing (spec 01 section 5), paths relative to `marketplace`:
 * the overview 200 to 10,000 characters of plain text; the short overview at most 115;
 * the contact email at most 255, required for a connector (appType 1) and otherwise valid
 * when filled; website, support, privacy-policy and terms URLs required; documentation,
 * video and app URLs optional; every URL http or https with the protocol; the app icon
 * required; at most 8 screenshots (and 8 banners). Free texts at most 10,000.
 */
export function validateMarketplace(listing: MarketplaceValues, options: { appType: number | null | undefined }): FieldErrors {
  const errors: FieldErrors = {};
  const detail = listing.detail ?? {};
  const legal = listing.legal ?? {};
  const promo = listing.promo ?? {};

  const overview = overviewPlainText(text(detail.description));
  if (!overview) errors["detail.description"] = "required";
  else if (overview.length < APP_LIMITS.overviewMin) errors["detail.description"] = "tooShort";
  else if (overview.length > APP_LIMITS.overviewMax) errors["detail.description"] = "tooLong";

  if (text(detail.shortDescription).length > APP_LIMITS.shortOverviewMax) errors["detail.shortDescription"] = "tooLong";

  const email = text(detail.contactEmail);
  if (!email) {
    if (options.appType === APP_TYPES.connector) errors["detail.contactEmail"] = "required";
  } else if (email.length > APP_LIMITS.contactEmailMax) errors["detail.contactEmail"] = "tooLong";
  else if (!isEmail(email)) errors["detail.contactEmail"] = "invalidEmail";

  const url = (path: string, value: unknown, required: boolean) => {
    const v = text(value);
    if (!v) {
      if (required) errors[path] = "required";
    } else if (!isHttpUrl(v)) errors[path] = "invalidUrl";
  };
  url("detail.websiteUrl", detail.websiteUrl, true);
  url("detail.supportUrl", detail.supportUrl, true);
  url("legal.privacyPolicyUrl", legal.privacyPolicyUrl, true);
  url("legal.termsOfServiceUrl", legal.termsOfServiceUrl, true);
  url("detail.documentationUrl", detail.documentationUrl, false);
  url("promo.youtubeUrl", promo.youtubeUrl, false);
  url("detail.appURL", detail.appURL, false);

  const free: [string, unknown][] = [
    ["detail.features", detail.features],
    ["detail.keywords", detail.keywords],
    ["legal.copyright", legal.copyright],
    ["legal.privacyPolicy", legal.privacyPolicy],
    ["legal.termsOfService", legal.termsOfService],
  ];
  for (const [path, value] of free) if (text(value).length > APP_LIMITS.textMax) errors[path] = "tooLong";

  if (isEmpty(promo.appIcon?.id)) errors["promo.appIcon"] = "required";
  if ((promo.screenshots?.length ?? 0) > APP_LIMITS.screenshotsMax) errors["promo.screenshots"] = "tooMany";
  if ((promo.banners?.length ?? 0) > APP_LIMITS.bannersMax) errors["promo.banners"] = "tooMany";
  return errors;
}

export type ListingImageKind = "icon" | "banner" | "screenshot";

/** What is known of an uploaded image (the `files` row, or the file picked in the browser). */
export interface ImageFacts {
  contentType: string;
  width: number | null;
  height: number | null;
  fileSize: number;
}

/**
 * An image of the listing (spec 01 section 5): icon PNG exactly 256x256 (or SVG of that
 * ratio when SVG is allowed) at most 400 KB; banner PNG (or SVG) exactly 1410x480 at most
 * 800 KB; screenshot PNG or JPEG at most 800 KB. SVG is allowed where the country's
 * allow-svg-button flag is on. Undefined when the image fits.
 */
export function checkListingImage(kind: ListingImageKind, image: ImageFacts, options: { allowSvg: boolean }): RuleKey | undefined {
  const type = image.contentType.toLowerCase();
  const isPng = type === "image/png";
  const isSvg = type === "image/svg+xml";
  const isJpeg = type === "image/jpeg";
  if (kind === "screenshot") {
    if (!isPng && !isJpeg) return "imageTypeInvalid";
    if (image.fileSize > APP_LIMITS.screenshotBytes) return "sizeGreater800KB";
    return undefined;
  }
  if (!isPng && !(isSvg && options.allowSvg)) return "imageTypeInvalid";
  const maxBytes = kind === "icon" ? APP_LIMITS.iconBytes : APP_LIMITS.bannerBytes;
  if (image.fileSize > maxBytes) return kind === "icon" ? "sizeGreater400KB" : "sizeGreater800KB";
  const want = APP_LIMITS[kind];
  if (!image.width || !image.height) return "imageSizeInvalid";
  if (isPng) return image.width === want.width && image.height === want.height ? undefined : "imageSizeInvalid";
  const ratio = want.width / want.height;
  return Math.abs(image.width / image.height - ratio) / ratio > APP_LIMITS.svgRatioTolerance ? "imageSizeInvalid" : undefined;
}

/** Duplicate dialog: new name and country required. Paths `appName`, `countryCode`. */
export function validateDuplicate(request: { appName?: string | null; countryCode?: string | null }): FieldErrors {
  const errors: FieldErrors = {};
  const name = text(request.appName);
  if (!name) errors.appName = "required";
  else if (name.length > APP_LIMITS.nameMax) errors.appName = "tooLong";
  if (!text(request.countryCode)) errors.countryCode = "required";
  return errors;
}

/** Puts a prefix before every path: `prefixErrors('details', { name: 'required' })`. */
export function prefixErrors(prefix: string, errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([path, key]) => [`${prefix}.${path}`, key]));
}

/**
 * The keys a duplicate drops from every `visibility` of a platform schema document:
 * matter types (and the precedent locations chosen under them) and regional info (states).
 */
export const DUPLICATE_DROPPED_VISIBILITY_KEYS = ["matterTypes", "states", "location"] as const;

/** A copy of a platform schema document without matter types and regional info. */
export function withoutRegionalInfo<T>(document: T): T {
  const walk = (value: unknown, inVisibility: boolean): unknown => {
    if (Array.isArray(value)) return value.map((item) => walk(item, false));
    if (value === null || typeof value !== "object") return value;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (inVisibility && (DUPLICATE_DROPPED_VISIBILITY_KEYS as readonly string[]).includes(key)) continue;
      out[key] = walk(item, key === "visibility");
    }
    return out;
  };
  return walk(document, false) as T;
}

// ---------------------------------------------------------------------------
// Schemas: answers
// ---------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------
// Schemas: requests (shape only; the rules above decide what a value may be)
// ---------------------------------------------------------------------------

/** Text that may be sent as null or left out (then ""). */
const inText = z.preprocess((value) => value ?? "", z.string({ message: "must be text" }));
const inNumber = z.preprocess(
  (value) => (value === "" ? null : value),
  z.number({ message: "must be a number" }).int({ message: "must be a whole number" }).nullable().optional(),
);
/** An image of the company, by id; `url` is ignored. */
export const imageInput = z.object({ id: z.string({ message: "must be the id of an uploaded image" }), url: z.string().optional() });

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
    .default({ appURL: "", description: "", shortDescription: "", contactEmail: "", features: "", keywords: "", supportUrl: "", websiteUrl: "", documentationUrl: "" }),
  legal: z
    .object({
      copyright: inText,
      privacyPolicy: inText,
      privacyPolicyUrl: inText,
      termsOfService: inText,
      termsOfServiceUrl: inText,
    })
    .default({ copyright: "", privacyPolicy: "", privacyPolicyUrl: "", termsOfService: "", termsOfServiceUrl: "" }),
  promo: z
    .object({
      appIcon: imageInput.nullable().optional(),
      banners: z.preprocess((value) => value ?? [], z.array(imageInput, { message: "must be a list of images" })),
      screenshots: z.preprocess((value) => value ?? [], z.array(imageInput, { message: "must be a list of images" })),
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
  id: z.string().optional(),
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

/** `archived` of GET apps and the app list's archive filter: all -1, current 0 (default on the list), archived 1. */
export const ARCHIVE_FILTERS = { all: -1, current: 0, archived: 1 } as const;

/** Keeps the items the archive filter asks for. */
export function filterByArchived<T extends { isArchived: boolean }>(items: readonly T[], archived: number): T[] {
  if (archived === ARCHIVE_FILTERS.current) return items.filter((item) => !item.isArchived);
  if (archived === ARCHIVE_FILTERS.archived) return items.filter((item) => item.isArchived);
  return [...items];
}
