/**
 * The rules of an app and its listing as pure functions, shared
 * by the console (messages next to the fields) and the sandbox (refusals with rule codes):
 * limits, app types and levels, version numbers, and the checks of the details, the
 * marketplace listing and the duplicate dialog. A check answers the failing fields (dotted
 * paths) with the code of the rule each breaks; the console words a code from `locales/`,
 * the API words it in its `detail`. Plain TypeScript with no zod, so that a browser can run
 * them too.
 */

import { IMAGE_RULES, imageFormatOf, judgeImage } from "../files/rules";
import { HTTP_URL, isStorableText } from "../text";

/** 0 standard (public), 1 connector (may be submitted without platform configuration). */
export const APP_TYPES = { standard: 0, connector: 1 } as const;
export type AppType = (typeof APP_TYPES)[keyof typeof APP_TYPES];

/** Set by the provider (reviewer command); 1 Firm by default. */
export const APP_LEVELS = {
  Staff: 0,
  Firm: 1,
  AlwaysOn: 2,
  AlwaysOnInternal: 3,
  ProductVariantAlwaysOn: 4,
} as const;
export type AppLevel = (typeof APP_LEVELS)[keyof typeof APP_LEVELS];

/** Platform names of a version, in this order. */
export const APP_PLATFORMS = ["desktop", "web", "mobile", "reporting"] as const;

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
  /** The byte limits of the listing images (the files contract's image rules). */
  iconBytes: IMAGE_RULES.icon.maxBytes,
  bannerBytes: IMAGE_RULES.banner.maxBytes,
  screenshotBytes: IMAGE_RULES.screenshot.maxBytes,
} as const;

/** The tags the overview may hold; no attributes, no styles. */
export const OVERVIEW_TAGS = ["p", "span", "ul", "ol", "li", "br", "h1", "h2", "strong"] as const;

/**
 * What a failing field breaks: the rule codes of the apps calls' refusals. The console words
 * a code from `locales/` (with the limit of `fieldLimit`); the API words it in its `detail`.
 */
export const RULE_KEYS = [
  "required",
  "tooShort",
  "tooLong",
  "invalidCharacters",
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

const namedEntities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

/** The text of the overview as a reader sees it: tags removed, entities decoded, trimmed. */
export function overviewPlainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === "#") {
        const code =
          name[1] === "x" || name[1] === "X"
            ? parseInt(name.slice(2), 16)
            : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff
          ? String.fromCodePoint(code)
          : whole;
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

/**
 * The pattern `z.email()` tests, zod's own (rules.test.ts holds them equal): a browser checks
 * an email without loading zod, whose core comes whole with any part of it.
 */
export const EMAIL_PATTERN =
  // biome-ignore lint/complexity/noUselessEscapeInRegex: zod's source, character for character (rules.test.ts compares them)
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

/**
 * The text rule of every field (common.ts `isStorableText`): a text holding a NUL or a lone
 * surrogate breaks `invalidCharacters`, whatever else it breaks. Laid over the other rules'
 * errors; an image list breaks it by an id.
 */
function withStorableText(errors: FieldErrors, texts: Record<string, unknown>): FieldErrors {
  const unstorable = (value: unknown): boolean =>
    typeof value === "string"
      ? !isStorableText(value)
      : Array.isArray(value)
        ? value.some((item) => unstorable(item?.id))
        : false;
  for (const [path, value] of Object.entries(texts))
    if (unstorable(value)) errors[path] = "invalidCharacters";
  return errors;
}

/** Empty means null, an empty array, a blank string, zero or an empty map. */
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

/**
 * An app's name, the same rule for a new app, its details and a
 * duplicate: required, at most 100 characters once trimmed. (A text the database cannot
 * store breaks `invalidCharacters`, laid over by `withStorableText`.)
 */
function appNameRule(value: string | null | undefined): RuleKey | undefined {
  const name = text(value);
  if (!name) return "required";
  if (name.length > APP_LIMITS.nameMax) return "tooLong";
  return undefined;
}

/** App details: category, name, description (at most 450) and country required. */
export function validateDetails(details: DetailsValues): FieldErrors {
  const errors: FieldErrors = {};
  if (isEmpty(details.categoryId)) errors.categoryId = "required";
  const name = appNameRule(details.name);
  if (name) errors.name = name;
  if (details.appType === null || details.appType === undefined) errors.appType = "required";
  else if (details.appType !== APP_TYPES.standard && details.appType !== APP_TYPES.connector)
    errors.appType = "invalidAppType";
  const description = text(details.description);
  if (!description) errors.description = "required";
  else if (description.length > APP_LIMITS.descriptionMax) errors.description = "tooLong";
  if (!text(details.countryCode)) errors.countryCode = "required";
  return withStorableText(errors, {
    name: details.name,
    description: details.description,
    countryCode: details.countryCode,
  });
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

/** The texts of the listing's `detail` and `legal`. */
const DETAIL_TEXTS = [
  "appURL",
  "description",
  "shortDescription",
  "contactEmail",
  "features",
  "keywords",
  "supportUrl",
  "websiteUrl",
  "documentationUrl",
] as const;
const LEGAL_TEXTS = [
  "copyright",
  "privacyPolicy",
  "privacyPolicyUrl",
  "termsOfService",
  "termsOfServiceUrl",
] as const;

/**
 * The marketplace listing, paths relative to `marketplace`:
 * the overview 200 to 10,000 characters of plain text; the short overview at most 115;
 * the contact email at most 255, required for a connector (appType 1) and otherwise valid
 * when filled; website, support, privacy-policy and terms URLs required; documentation,
 * video and app URLs optional; every URL http or https with the protocol; the app icon
 * required; at most 8 screenshots (and 8 banners). Free texts at most 10,000.
 */
export function validateMarketplace(
  listing: MarketplaceValues,
  options: { appType: number | null | undefined },
): FieldErrors {
  const errors: FieldErrors = {};
  const detail = listing.detail ?? {};
  const legal = listing.legal ?? {};
  const promo = listing.promo ?? {};

  const overview = overviewPlainText(text(detail.description));
  if (!overview) errors["detail.description"] = "required";
  else if (overview.length < APP_LIMITS.overviewMin) errors["detail.description"] = "tooShort";
  else if (overview.length > APP_LIMITS.overviewMax) errors["detail.description"] = "tooLong";

  if (text(detail.shortDescription).length > APP_LIMITS.shortOverviewMax)
    errors["detail.shortDescription"] = "tooLong";

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
  for (const [path, value] of free)
    if (text(value).length > APP_LIMITS.textMax) errors[path] = "tooLong";

  if (isEmpty(promo.appIcon?.id)) errors["promo.appIcon"] = "required";
  if ((promo.screenshots?.length ?? 0) > APP_LIMITS.screenshotsMax)
    errors["promo.screenshots"] = "tooMany";
  if ((promo.banners?.length ?? 0) > APP_LIMITS.bannersMax) errors["promo.banners"] = "tooMany";
  return withStorableText(errors, {
    ...Object.fromEntries(DETAIL_TEXTS.map((name) => [`detail.${name}`, detail[name]])),
    ...Object.fromEntries(LEGAL_TEXTS.map((name) => [`legal.${name}`, legal[name]])),
    "promo.youtubeUrl": promo.youtubeUrl,
    "promo.appIcon": promo.appIcon?.id,
    "promo.banners": promo.banners,
    "promo.screenshots": promo.screenshots,
  });
}

export type ListingImageKind = "icon" | "banner" | "screenshot";

/** What is known of an uploaded image (the `files` row, or the file picked in the browser). */
export interface ImageFacts {
  contentType: string;
  width: number | null;
  height: number | null;
  fileSize: number;
}

export const isRuleKey = (code: string): code is RuleKey =>
  (RULE_KEYS as readonly string[]).includes(code);

/**
 * An image of the listing (the app icon, a banner, a screenshot), judged
 * by the files contract's rules of that purpose. SVG is taken, where the purpose allows it,
 * only when the country's allow-svg-button flag is on. Undefined when the image fits.
 */
export function checkListingImage(
  kind: ListingImageKind,
  image: ImageFacts,
  options: { allowSvg: boolean },
): RuleKey | undefined {
  const { contentType, ...content } = image;
  const code = judgeImage(kind, { format: imageFormatOf(contentType), ...content }, options);
  // The one files rule that is not a listing rule here is noContent: an empty file is of no type.
  return code === undefined || isRuleKey(code) ? code : "imageTypeInvalid";
}

/** Duplicate dialog: new name (the rule of an app's name) and country required. Paths `appName`, `countryCode`. */
export function validateDuplicate(request: {
  appName?: string | null;
  countryCode?: string | null;
}): FieldErrors {
  const errors: FieldErrors = {};
  const name = appNameRule(request.appName);
  if (name) errors.appName = name;
  if (!text(request.countryCode)) errors.countryCode = "required";
  return withStorableText(errors, { appName: request.appName, countryCode: request.countryCode });
}
