/**
 * Lookups of the provider API: countries with
 * their platform locations and feature flags, app categories, matter types, precedents,
 * product variants, desktop versions and downloads, sandbox environments, and `ping/more`.
 * Every answer below is what the sandbox sends; the console parses it with these schemas.
 *
 * All lookups answer anonymous callers too (registration needs countries and flags).
 * A bad or missing query value answers 400 with `field` naming it (see common.ts).
 */
import * as z from "zod";
import { DESKTOP_VERSION } from "../schema/values";

// ---------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------

/** Platform codes: desktop 0, web 1, mobile 2, reporting 3. */
export const PLATFORM_CODES = { desktop: 0, web: 1, mobile: 2, reporting: 3 } as const;
export const PLATFORM_TYPES = ["desktop", "web", "mobile", "reporting"] as const;
export type PlatformType = (typeof PLATFORM_TYPES)[number];
export type PlatformCode = (typeof PLATFORM_CODES)[PlatformType];

/** The per-country feature flags (all default false). */
export const FEATURE_FLAGS = [
  "monetisation-enabled",
  "product-variant-enabled",
  "data-attestation-enabled",
  "allow-svg-button",
  "lower-level-entity-enabled",
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

/** The non-country toggle read by `analytics` of ping/more (always off, docs/decisions/0018-nothing-third-party.md). */
export const SESSION_ANALYTICS_TOGGLE = "session-analytics";

/** Sandbox environment types; LIVEB is the live environment of the AU beta region (AUB). */
export const ENVIRONMENT_TYPES = ["DEV", "TEST", "LIVE", "LIVEB"] as const;
export type EnvironmentType = (typeof ENVIRONMENT_TYPES)[number];

/** Country codes the sandbox knows. AUB uses AU's resources; IE is not selectable and maps to UK. */
export const COUNTRY_CODES = ["AU", "AUB", "UK", "IE", "US", "CA", "NZ"] as const;

export const LOCATION_TYPES = ["view", "menu"] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];
export const VIEW_TYPES = [
  "matter",
  "matter-list",
  "precedent",
  "person",
  "card",
  "help",
  "menu",
] as const;
export type ViewType = (typeof VIEW_TYPES)[number];

export const MATTER_TYPE_KINDS = ["Folder", "MatterType"] as const;
export const PRECEDENT_KINDS = ["Folder", "Precedent"] as const;

/**
 * The folder id that lists the top of the precedent tree:
 * `GET resources/precedents/root?countrycode=AU` (`0` is accepted as the same).
 */
export const PRECEDENT_ROOT_FOLDER_ID = "root";

// ---------------------------------------------------------------------------
// GET resources/countries
// ---------------------------------------------------------------------------

/** A country as pick lists show it. */
export const countryItem = z.object({
  code: z.string(),
  name: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  phoneCode: z.string(),
  localeCode: z.string(),
  displayLanguage: z.string(),
});
export type CountryItem = z.infer<typeof countryItem>;

/** Selectable countries only (IE is left out), in display order. */
export const countriesResponse = z.array(countryItem);
export type CountriesResponse = z.infer<typeof countriesResponse>;

// ---------------------------------------------------------------------------
// GET resources/config-init-all
// ---------------------------------------------------------------------------

/** Every flag is present; a flag not set for a country is false. */
export const featureFlagsShape = z.object(
  Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, z.boolean()])) as Record<
    FeatureFlag,
    z.ZodBoolean
  >,
);
export type FeatureFlags = Record<FeatureFlag, boolean>;

export const locationGrid = z.object({ gridId: z.string(), name: z.string() });
export type LocationGrid = z.infer<typeof locationGrid>;

/** Location setting: a view or a menu of a platform in which an app can appear. */
export const locationSetting = z.object({
  /** Stable, the same in every country (e.g. `matter`, `menu-accounting`). */
  id: z.string(),
  name: z.string(),
  type: z.enum(LOCATION_TYPES),
  /** View type; menus have `menu`. */
  viewType: z.enum(VIEW_TYPES),
  /** 0 for every company; 1 only for companies whose integratorType is 1. */
  integratorType: z.number().int(),
  allowButtons: z.boolean(),
  allowContextAtRoot: z.boolean(),
  allowContextMenu: z.boolean(),
  allowDefinableTableApp: z.boolean(),
  allowSecondaryTabButtons: z.boolean(),
  isCustomView: z.boolean(),
  isPrecedentListView: z.boolean(),
  grids: z.array(locationGrid),
});
export type LocationSetting = z.infer<typeof locationSetting>;

export const platformSetting = z.object({
  type: z.enum(PLATFORM_TYPES),
  code: z.number().int(),
  /** In the provider's order; the console sorts by name for display. */
  locations: z.array(locationSetting),
});
export type PlatformSetting = z.infer<typeof platformSetting>;

export const configCountry = countryItem.extend({
  /** False for IE: present here, left out of pick lists. */
  selectable: z.boolean(),
  /** The country whose resources this one uses: AU for AUB, UK for IE, else its own code. */
  resourceCountryCode: z.string(),
  settings: z.object({
    /** All four platforms, in code order (desktop, web, mobile, reporting); locations may be empty. */
    platforms: z.array(platformSetting),
  }),
  featureFlags: featureFlagsShape,
});
export type ConfigCountry = z.infer<typeof configCountry>;

/** Every country row, IE and AUB included (their locations are their resource country's). */
export const configInitAllResponse = z.object({
  init: z.object({ countries: z.array(configCountry) }),
});
export type ConfigInitAllResponse = z.infer<typeof configInitAllResponse>;

// ---------------------------------------------------------------------------
// GET resources/app-categories
// ---------------------------------------------------------------------------

export const appCategory = z.object({
  id: z.number().int(),
  /** In the language of the call's Accept-Language when the provider has it; the console shows it as it comes. */
  name: z.string(),
  /** The category named Other: choosing it shows a warning. */
  isOther: z.boolean(),
});
export type AppCategory = z.infer<typeof appCategory>;
export const appCategoriesResponse = z.array(appCategory);

// ---------------------------------------------------------------------------
// GET resources/matter-types?countryCode=&firmType=
// ---------------------------------------------------------------------------

// Query: countryCode (required; any known country, AUB answers AU's, IE UK's),
// firmType (optional whole number >= 1).

export const matterType = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(MATTER_TYPE_KINDS),
  /** null at the top of the tree. */
  parentId: z.string().nullable(),
  /** States (or jurisdictions) in which the matter type exists; empty for folders. */
  states: z.array(z.object({ name: z.string() })),
  /** For a shortcut: the id of the matter type it points to. */
  shortcutId: z.string().nullable(),
  /** Product variant the matter type belongs to; null for all. With `firmType=` only null or matching ones are sent. */
  firmType: z.number().int().nullable(),
});
export type MatterType = z.infer<typeof matterType>;

/** Flat list in tree order (parents before children). */
export const matterTypesResponse = z.object({ data: z.array(matterType) });
export type MatterTypesResponse = z.infer<typeof matterTypesResponse>;

// ---------------------------------------------------------------------------
// GET resources/matter-types/{matterTypeId}/precedents?countrycode=
// GET resources/precedents/{folderId}?countrycode=   (folderId `root` for the top)
// ---------------------------------------------------------------------------

export const precedent = z.object({
  precedentId: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
  matterTypeId: z.string().nullable(),
  /** For a shortcut: the id of the precedent it points to. */
  shortcutId: z.string().nullable(),
  type: z.enum(PRECEDENT_KINDS),
  /** Letter, Form, Agreement, Email, Memo, Checklist...; null for folders. */
  precedentType: z.string().nullable(),
});
export type Precedent = z.infer<typeof precedent>;

/**
 * Matter-type precedents: every folder and precedent of that matter type, flat, parents first.
 * Folder children: the direct children of the folder, in the provider's order.
 */
export const precedentsResponse = z.array(precedent);
export type PrecedentsResponse = z.infer<typeof precedentsResponse>;

// ---------------------------------------------------------------------------
// GET resources/product-variants?countryCode=
// ---------------------------------------------------------------------------

export const productVariant = z.object({
  /** Used as the variant's id. */
  firmType: z.number().int(),
  name: z.string(),
});
export type ProductVariant = z.infer<typeof productVariant>;
/** Empty when product-variant-enabled is off for the (resource) country; AUB is AU. */
export const productVariantsResponse = z.array(productVariant);

// ---------------------------------------------------------------------------
// GET resources/desktop-versions, GET resources/desktop-download
// ---------------------------------------------------------------------------

export { DESKTOP_VERSION };

export const desktopVersion = z.object({
  version: z.string().regex(DESKTOP_VERSION),
  /** Exactly one version is the minimum supported. */
  isMinimum: z.boolean(),
});
export type DesktopVersion = z.infer<typeof desktopVersion>;
/** Oldest first. */
export const desktopVersionsResponse = z.array(desktopVersion);

export const desktopDownload = z.object({
  url: z.string(),
  country: z.string(),
  versionNumber: z.string(),
  /** Staging builds are sent only to callers with test access. */
  isStaging: z.boolean(),
});
export type DesktopDownload = z.infer<typeof desktopDownload>;
export const desktopDownloadResponse = z.array(desktopDownload);

// ---------------------------------------------------------------------------
// GET resources/leap-environments
// ---------------------------------------------------------------------------

export const leapEnvironment = z.object({
  /** Sent back as leapEnvironmentsId when creating a sandbox account. */
  id: z.number().int(),
  envType: z.enum(ENVIRONMENT_TYPES),
  /** A resource country (AU, UK, US, CA, NZ); the AUB live environment is AU's LIVEB. */
  countryCode: z.string(),
  name: z.string(),
});
export type LeapEnvironment = z.infer<typeof leapEnvironment>;
export const leapEnvironmentsResponse = z.array(leapEnvironment);

// ---------------------------------------------------------------------------
// GET ping/more
// ---------------------------------------------------------------------------

/**
 * Feature toggles: `analytics` is the session-analytics toggle (off: nothing third-party
 * is loaded); `countries` holds the feature flags of every country code, AUB and IE included.
 */
export const pingMoreResponse = z.object({
  analytics: z.boolean(),
  countries: z.record(z.string(), featureFlagsShape),
});
export type PingMoreResponse = z.infer<typeof pingMoreResponse>;

// ---------------------------------------------------------------------------
// Helpers for the console
// ---------------------------------------------------------------------------

/** Flags of a country from ping/more or config-init-all; unknown countries have every flag off. */
export function flagsOf(
  countries: Record<string, FeatureFlags>,
  code: string | null | undefined,
): FeatureFlags {
  const found = code ? countries[code.toUpperCase()] : undefined;
  return Object.fromEntries(
    FEATURE_FLAGS.map((flag) => [flag, found?.[flag] ?? false]),
  ) as FeatureFlags;
}
