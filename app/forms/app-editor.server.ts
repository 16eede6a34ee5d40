/**
 * The app version editor's forms as the actions read them: one zod schema each for the app
 * details and the marketplace listing. The rules are app-editor.ts's (the contract's rule
 * functions, the same the browser runs); the schemas give each failing field its message.
 */
import type { TFunction } from "i18next";
import * as z from "zod";
import { APP_TYPES, type RuleKey, validateMarketplace } from "~/api/apps/rules";
import type { MarketplaceInput } from "~/api/apps/schemas";
import {
  clean,
  type DetailsContext,
  detailsErrors,
  fieldMessage,
  fieldMessages,
  notText,
} from "./app-editor";

/** A message on each failing field (a dotted path). */
function addIssues(ctx: z.RefinementCtx, messages: Record<string, string>) {
  for (const [field, message] of Object.entries(messages)) {
    ctx.addIssue({ code: "custom", path: field.split("."), message });
  }
}

// ---------------------------------------------------------------------------
// Details
// ---------------------------------------------------------------------------

export function detailsSchema(t: TFunction, language: string, context: DetailsContext) {
  const message = (field: string, key: RuleKey) => fieldMessage(t, language, field, key);
  const text = (field: string) => z.string({ message: notText(t, field) }).optional();
  return z
    .object({
      /** The id of a new app, made when the form was shown (a second submit cannot make a second app). */
      id: z.string().optional(),
      categoryId: z
        .number({ message: message("categoryId", "unknownCategory") })
        .int({ message: message("categoryId", "unknownCategory") })
        .optional(),
      name: text("name"),
      appType: z
        .number({ message: message("appType", "invalidAppType") })
        .int({ message: message("appType", "invalidAppType") })
        .optional(),
      description: text("description"),
      countryCode: text("countryCode"),
    })
    .superRefine((value, ctx) =>
      addIssues(ctx, fieldMessages(t, language, detailsErrors(value, context))),
    );
}
export type DetailsValue = z.output<ReturnType<typeof detailsSchema>>;

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
export function listingSchema(
  t: TFunction,
  language: string,
  context: { appType: number },
  options: { validate?: boolean } = {},
) {
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
        .object({
          appIcon: image.optional(),
          banners: z.array(image).optional(),
          screenshots: z.array(image).optional(),
          youtubeUrl: text("promo.youtubeUrl"),
        })
        .optional(),
      visibility: z.boolean().optional(),
    })
    .superRefine((value, ctx) => {
      if (validate)
        addIssues(
          ctx,
          fieldMessages(t, language, validateMarketplace(value, { appType: context.appType })),
        );
    });
}
export type ListingValue = z.output<ReturnType<typeof listingSchema>>;

/** The listing's texts, each through `text`, the overview then through `overview`. */
export function listingTexts(
  value: ListingValue,
  text: (value: string | null | undefined) => string,
  overview: (html: string) => string,
) {
  const d = value.detail ?? {};
  const l = value.legal ?? {};
  return {
    detail: {
      appURL: text(d.appURL),
      description: overview(text(d.description)),
      shortDescription: text(d.shortDescription),
      contactEmail: text(d.contactEmail),
      features: text(d.features),
      keywords: text(d.keywords),
      supportUrl: text(d.supportUrl),
      websiteUrl: text(d.websiteUrl),
      documentationUrl: text(d.documentationUrl),
    },
    legal: {
      copyright: text(l.copyright),
      privacyPolicy: text(l.privacyPolicy),
      privacyPolicyUrl: text(l.privacyPolicyUrl),
      termsOfService: text(l.termsOfService),
      termsOfServiceUrl: text(l.termsOfServiceUrl),
    },
    youtubeUrl: text(value.promo?.youtubeUrl),
  };
}

/** The listing as the API takes it: every field present, texts trimmed, images by id. */
export function listingBody(
  value: ListingValue,
  overview: (html: string) => string = (html) => html,
): MarketplaceInput {
  const { detail, legal, youtubeUrl } = listingTexts(value, clean, overview);
  const p = value.promo ?? {};
  return {
    detail,
    legal,
    promo: {
      appIcon: p.appIcon?.id ? { id: p.appIcon.id } : null,
      banners: (p.banners ?? []).map((i) => ({ id: i.id })),
      screenshots: (p.screenshots ?? []).map((i) => ({ id: i.id })),
      youtubeUrl,
    },
    visibility: value.visibility ?? false,
  };
}
