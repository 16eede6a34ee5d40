/**
 * The forms of the app version editor: the app details and the marketplace listing. The
 * rules are the contract's (`validateDetails`, `validateMarketplace`), so the console and
 * the provider refuse the same things; each failing field gets the translated message of
 * its rule key (appEditor:errors.*), with the limits of `fieldLimit`. No zod here: the
 * browser checks a form with the same functions (`detailsMessages`, `listingMessages`) as
 * the action's schemas (app-editor.server.ts) do.
 *
 * Form names are the contract's paths: `categoryId`, `name`... for the details;
 * `detail.websiteUrl`, `legal.copyright`, `promo.appIcon`... for the listing, so an error
 * of the API (`marketplace.detail.websiteUrl`) lands on its field.
 */
import type { TFunction } from "i18next";
import {
  type DetailsValues,
  type FieldErrors,
  fieldLimit,
  type MarketplaceValues,
  RULE_KEYS,
  type RuleKey,
  validateDetails,
  validateMarketplace,
} from "~/api/apps/rules";

export const DETAILS_FORM_ID = "app-details";
export const LISTING_FORM_ID = "app-listing";

/** The details fields in the order of the form (and of the error summary). */
export const DETAILS_FIELDS = [
  "categoryId",
  "name",
  "appType",
  "description",
  "countryCode",
] as const;
export type DetailsField = (typeof DETAILS_FIELDS)[number];

/** The listing fields in the order of the form (and of the error summary). */
export const LISTING_FIELDS = [
  "detail.shortDescription",
  "detail.description",
  "detail.features",
  "detail.keywords",
  "detail.contactEmail",
  "detail.appURL",
  "detail.websiteUrl",
  "detail.supportUrl",
  "detail.documentationUrl",
  "legal.copyright",
  "legal.privacyPolicy",
  "legal.privacyPolicyUrl",
  "legal.termsOfService",
  "legal.termsOfServiceUrl",
  "promo.appIcon",
  "promo.banners",
  "promo.screenshots",
  "promo.youtubeUrl",
] as const;
export type ListingField = (typeof LISTING_FIELDS)[number];

/** The listing's image fields and the kind of image each holds. */
export const IMAGE_FIELDS = {
  "promo.appIcon": "icon",
  "promo.banners": "banner",
  "promo.screenshots": "screenshot",
} as const;
export type ImageField = keyof typeof IMAGE_FIELDS;

/** A field's id in the page: conform's `{formId}-{name}`. */
export const fieldId = (formId: string, name: string) => `${formId}-${name}`;

/** The translated message of a rule broken by a field (`name`, `detail.websiteUrl`...). */
export function fieldMessage(t: TFunction, language: string, field: string, key: RuleKey): string {
  const { min, max } = fieldLimit(field);
  const format = new Intl.NumberFormat(language).format;
  const values = {
    field: t(`appEditor:fields.${field}.label`),
    min: format(min ?? 0),
    max: format(max ?? 0),
  };
  if (field === "detail.description" && (key === "tooShort" || key === "tooLong"))
    return t("appEditor:errors.overviewLength", values);
  return t(`appEditor:errors.${key}`, values);
}

/** A field sent twice, or as a file: one piece of text is what it takes. */
export const notText = (t: TFunction, field: string) =>
  t("appEditor:errors.notText", { field: t(`appEditor:fields.${field}.label`) });

/** Each failing field's translated message. */
export function fieldMessages(
  t: TFunction,
  language: string,
  errors: FieldErrors,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, key]) => [field, fieldMessage(t, language, field, key)]),
  );
}

/** A text of conform's payload (the browser's form): an empty field is none, as in the action's parse. */
const payloadText = (value: unknown) =>
  typeof value === "string" && value !== "" ? value : undefined;
/** A number of conform's payload, read as the action's parse reads it (blank is not a number). */
const payloadNumber = (value: unknown) => {
  const text = payloadText(value);
  return text === undefined ? undefined : text.trim() === "" ? Number.NaN : Number(text);
};

// ---------------------------------------------------------------------------
// Details
// ---------------------------------------------------------------------------

export interface DetailsContext {
  categoryIds: readonly number[];
  countryCodes: readonly string[];
  /** An existing app: its type and country as created; they cannot change. */
  locked?: { appType: number; countryCode: string };
}

/**
 * What the details break: the contract's rules (`validateDetails`), a category and a country
 * the page offers; an existing app's type and country are those it was created with.
 */
export function detailsErrors(value: DetailsValues, context: DetailsContext): FieldErrors {
  const values = context.locked ? { ...value, ...context.locked } : value;
  const errors = validateDetails(values);
  if (!errors.categoryId && !context.categoryIds.includes(values.categoryId ?? -1))
    errors.categoryId = "unknownCategory";
  if (
    !context.locked &&
    !errors.countryCode &&
    !context.countryCodes.includes(values.countryCode ?? "")
  )
    errors.countryCode = "unknownCountry";
  // Locked fields are not in the form: their rules are the provider's to tell.
  if (context.locked) {
    delete errors.appType;
    delete errors.countryCode;
  }
  return errors;
}

/** The browser's check of the details form (conform's payload): each failing field's message. */
export function detailsMessages(
  t: TFunction,
  language: string,
  context: DetailsContext,
  payload: Record<string, unknown>,
) {
  const value = {
    categoryId: payloadNumber(payload.categoryId),
    name: payloadText(payload.name),
    appType: payloadNumber(payload.appType),
    description: payloadText(payload.description),
    countryCode: payloadText(payload.countryCode),
  };
  return fieldMessages(t, language, detailsErrors(value, context));
}

/** The line breaks a browser sends from a textarea (CR LF) as LF. */
export const lineBreaks = (value: string | null | undefined) =>
  (value ?? "").replace(/\r\n?/g, "\n");
/** Trimmed, with line breaks as LF. */
export const clean = (value: string | null | undefined) => lineBreaks(value).trim();

// ---------------------------------------------------------------------------
// Marketplace listing
// ---------------------------------------------------------------------------

/** The browser's check of the listing form (conform's payload): each failing field's message. */
export function listingMessages(
  t: TFunction,
  language: string,
  context: { appType: number },
  payload: Record<string, unknown>,
) {
  return fieldMessages(
    t,
    language,
    validateMarketplace(payload as MarketplaceValues, { appType: context.appType }),
  );
}

/**
 * The form field and rule of an API refusal: a failing path of the answer's `errors` and the
 * code of the rule it breaks. Image paths (`marketplace.promo.banners.2`) name their field
 * (`promo.banners`). Undefined when the path is not under `prefix` or the code is not one of
 * a field's rules.
 */
export function apiFieldRule(
  path: string,
  code: string,
  prefix: "details" | "marketplace",
): { field: string; key: RuleKey } | undefined {
  if (!path.startsWith(`${prefix}.`) || !(RULE_KEYS as readonly string[]).includes(code))
    return undefined;
  const field = path
    .slice(prefix.length + 1)
    .replace(/^(promo\.(?:banners|screenshots))\.\d+$/, "$1");
  return { field, key: code as RuleKey };
}
