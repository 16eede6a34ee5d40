/**
 * The forms of the app version editor, one zod schema each for the browser (conform's
 * onValidate) and the action (parseWithZod): the app details and the marketplace listing.
 * The rules are the contract's (`validateDetails`, `validateMarketplace`), so the console and
 * the provider refuse the same things; each failing field gets the translated message of
 * its rule key (appEditor:errors.*), with the limits of `fieldLimit`.
 *
 * Form names are the contract's paths: `categoryId`, `name`... for the details;
 * `detail.websiteUrl`, `legal.copyright`, `promo.appIcon`... for the listing, so an error
 * of the API (`marketplace.detail.websiteUrl`) lands on its field.
 */
import * as z from "zod";
import { APP_TYPES, fieldLimit, RULE_KEYS, validateDetails, validateMarketplace, type FieldErrors, type RuleKey } from "~/api/apps/rules";
import { type MarketplaceInput } from "~/api/apps/schemas";

/** A translate function (i18next's `t`, or a fixed one on the server). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export const DETAILS_FORM_ID = "app-details";
export const LISTING_FORM_ID = "app-listing";

/** The details fields in the order of the form (and of the error summary). */
export const DETAILS_FIELDS = ["categoryId", "name", "appType", "description", "countryCode"] as const;
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
export const IMAGE_FIELDS = { "promo.appIcon": "icon", "promo.banners": "banner", "promo.screenshots": "screenshot" } as const;
export type ImageField = keyof typeof IMAGE_FIELDS;

/** A field's id in the page: conform's `{formId}-{name}`. */
export const fieldId = (formId: string, name: string) => `${formId}-${name}`;

/** The translated message of a rule broken by a field (`name`, `detail.websiteUrl`...). */
export function fieldMessage(t: Translate, language: string, field: string, key: RuleKey): string {
  const { min, max } = fieldLimit(field);
  const format = new Intl.NumberFormat(language).format;
  const values = { field: t(`appEditor:fields.${field}.label`), min: format(min ?? 0), max: format(max ?? 0) };
  if (field === "detail.description" && (key === "tooShort" || key === "tooLong")) return t("appEditor:errors.overviewLength", values);
  return t(`appEditor:errors.${key}`, values);
}

/** A field sent twice, or as a file: one piece of text is what it takes. */
export const notText = (t: Translate, field: string) => t("appEditor:errors.notText", { field: t(`appEditor:fields.${field}.label`) });

function addIssues(ctx: z.RefinementCtx, errors: FieldErrors, message: (field: string, key: RuleKey) => string) {
  for (const [field, key] of Object.entries(errors)) {
    ctx.addIssue({ code: "custom", path: field.split("."), message: message(field, key) });
  }
}

// ---------------------------------------------------------------------------
// Details
// ---------------------------------------------------------------------------

export interface DetailsContext {
  categoryIds: readonly number[];
  countryCodes: readonly string[];
  /** An existing app: its type and country as created; they cannot change. */
  locked?: { appType: number; countryCode: string };
}

export function detailsSchema(t: Translate, language: string, context: DetailsContext) {
  const message = (field: string, key: RuleKey) => fieldMessage(t, language, field, key);
  const text = (field: string) => z.string({ message: notText(t, field) }).optional();
  return z
    .object({
      /** The id of a new app, made when the form was shown (a second submit cannot make a second app). */
      id: z.string().optional(),
      categoryId: z.number({ message: message("categoryId", "unknownCategory") }).int({ message: message("categoryId", "unknownCategory") }).optional(),
      name: text("name"),
      appType: z.number({ message: message("appType", "invalidAppType") }).int({ message: message("appType", "invalidAppType") }).optional(),
      description: text("description"),
      countryCode: text("countryCode"),
    })
    .superRefine((value, ctx) => {
      const values = context.locked ? { ...value, ...context.locked } : value;
      const errors = validateDetails(values);
      if (!errors.categoryId && !context.categoryIds.includes(values.categoryId ?? -1)) errors.categoryId = "unknownCategory";
      if (!context.locked && !errors.countryCode && !context.countryCodes.includes(values.countryCode ?? "")) errors.countryCode = "unknownCountry";
      // Locked fields are not in the form: their rules are the provider's to tell.
      if (context.locked) {
        delete errors.appType;
        delete errors.countryCode;
      }
      addIssues(ctx, errors, message);
    });
}
export type DetailsValue = z.output<ReturnType<typeof detailsSchema>>;

/** The line breaks a browser sends from a textarea (CR LF) as LF. */
export const lineBreaks = (value: string | null | undefined) => (value ?? "").replace(/\r\n?/g, "\n");
/** Trimmed, with line breaks as LF. */
export const clean = (value: string | null | undefined) => lineBreaks(value).trim();

/** The details of the API body: every text trimmed; type and country as created for an existing app. */
export function detailsBody(value: DetailsValue, locked?: DetailsContext["locked"]) {
  return {
    categoryId: value.categoryId ?? null,
    name: clean(value.name),
    description: clean(value.description),
    appType: locked ? locked.appType : (value.appType ?? APP_TYPES.standard),
    countryCode: locked ? locked.countryCode : (value.countryCode ?? "").trim(),
  };
}

// ---------------------------------------------------------------------------
// Marketplace listing
// ---------------------------------------------------------------------------

/** `validate: false` gives the shape only (a form sent to change its images, not to save). */
export function listingSchema(t: Translate, language: string, context: { appType: number }, options: { validate?: boolean } = {}) {
  const message = (field: string, key: RuleKey) => fieldMessage(t, language, field, key);
  const validate = options.validate ?? true;
  const text = (field: string) => z.string({ message: notText(t, field) }).optional();
  const image = z.object({ id: z.string(), url: z.string().optional() });
  return z
    .object({
      detail: z
        .object({
          appURL: text("detail.appURL"),
          description: text("detail.description"),
          shortDescription: text("detail.shortDescription"),
          contactEmail: text("detail.contactEmail"),
          features: text("detail.features"),
          keywords: text("detail.keywords"),
          supportUrl: text("detail.supportUrl"),
          websiteUrl: text("detail.websiteUrl"),
          documentationUrl: text("detail.documentationUrl"),
        })
        .optional(),
      legal: z
        .object({
          copyright: text("legal.copyright"),
          privacyPolicy: text("legal.privacyPolicy"),
          privacyPolicyUrl: text("legal.privacyPolicyUrl"),
          termsOfService: text("legal.termsOfService"),
          termsOfServiceUrl: text("legal.termsOfServiceUrl"),
        })
        .optional(),
      promo: z
        .object({ appIcon: image.optional(), banners: z.array(image).optional(), screenshots: z.array(image).optional(), youtubeUrl: text("promo.youtubeUrl") })
        .optional(),
      visibility: z.boolean().optional(),
    })
    .superRefine((value, ctx) => {
      if (validate) addIssues(ctx, validateMarketplace(value, { appType: context.appType }), message);
    });
}
export type ListingValue = z.output<ReturnType<typeof listingSchema>>;

/** The listing as the API takes it: every field present, texts trimmed, images by id. */
export function listingBody(value: ListingValue, overview: (html: string) => string = (html) => html): MarketplaceInput {
  const s = clean;
  const d = value.detail ?? {};
  const l = value.legal ?? {};
  const p = value.promo ?? {};
  return {
    detail: {
      appURL: s(d.appURL),
      description: overview(s(d.description)),
      shortDescription: s(d.shortDescription),
      contactEmail: s(d.contactEmail),
      features: s(d.features),
      keywords: s(d.keywords),
      supportUrl: s(d.supportUrl),
      websiteUrl: s(d.websiteUrl),
      documentationUrl: s(d.documentationUrl),
    },
    legal: {
      copyright: s(l.copyright),
      privacyPolicy: s(l.privacyPolicy),
      privacyPolicyUrl: s(l.privacyPolicyUrl),
      termsOfService: s(l.termsOfService),
      termsOfServiceUrl: s(l.termsOfServiceUrl),
    },
    promo: {
      appIcon: p.appIcon?.id ? { id: p.appIcon.id } : null,
      banners: (p.banners ?? []).map((i) => ({ id: i.id })),
      screenshots: (p.screenshots ?? []).map((i) => ({ id: i.id })),
      youtubeUrl: s(p.youtubeUrl),
    },
    visibility: value.visibility ?? false,
  };
}

/**
 * The form field and rule of an API refusal: a failing path of the answer's `errors` and the
 * code of the rule it breaks. Image paths (`marketplace.promo.banners.2`) name their field
 * (`promo.banners`). Undefined when the path is not under `prefix` or the code is not one of
 * a field's rules.
 */
export function apiFieldRule(path: string, code: string, prefix: "details" | "marketplace"): { field: string; key: RuleKey } | undefined {
  if (!path.startsWith(`${prefix}.`) || !(RULE_KEYS as readonly string[]).includes(code)) return undefined;
  const field = path.slice(prefix.length + 1).replace(/^(promo\.(?:banners|screenshots))\.\d+$/, "$1");
  return { field, key: code as RuleKey };
}
