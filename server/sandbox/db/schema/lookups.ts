/**
 * The lookups, seeded at first start: countries and their flags, platform locations, app
 * categories, matter types, precedents, product variants, environments, desktop releases and
 * the permissions an auth client can be granted.
 */
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
} from "drizzle-orm/pg-core";
import { instant } from "./columns";

export const countries = pgTable("countries", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  currency: text("currency").notNull(),
  currencySymbol: text("currency_symbol").notNull(),
  phoneCode: text("phone_code").notNull(),
  localeCode: text("locale_code").notNull(),
  displayLanguage: text("display_language").notNull(),
  /** Numeric region code used in sandbox import tokens (5 = nz). */
  regionCode: integer("region_code").notNull(),
  /** Shown in pick lists (IE is not). */
  selectable: boolean("selectable").notNull().default(true),
  /** Country whose resources this one uses (AUB uses AU, IE maps to UK). */
  resourceCountryCode: text("resource_country_code"),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** A country a row is in: required, one of the known countries. */
export const countryRef = (name: string) =>
  text(name)
    .notNull()
    .references(() => countries.code);

export const featureFlags = pgTable(
  "feature_flags",
  {
    countryCode: text("country_code")
      .notNull()
      .references(() => countries.code),
    flag: text("flag").notNull(),
    enabled: boolean("enabled").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.countryCode, t.flag] })],
);

/** Toggles that are not per country (ping/more). */
export const featureToggles = pgTable("feature_toggles", {
  name: text("name").primaryKey(),
  enabled: boolean("enabled").notNull().default(false),
  value: text("value"),
});

/** Views and menus of a platform in which an app can appear. */
export const platformLocations = pgTable(
  "platform_locations",
  {
    id: text("id").notNull(),
    countryCode: text("country_code")
      .notNull()
      .references(() => countries.code),
    /** Platform code: desktop 0, web 1, mobile 2, reporting 3. */
    platform: integer("platform").notNull(),
    kind: text("kind").notNull(), // 'view' | 'menu'
    viewType: text("view_type"), // matter, matter-list, precedent, person, card, help, menu
    name: text("name").notNull(),
    /** The name in other languages, by language tag (`{ "nl-NL": "Dossier" }`). */
    names: jsonb("names").$type<Record<string, string>>().notNull().default({}),
    integratorType: integer("integrator_type").notNull().default(0),
    allowButtons: boolean("allow_buttons").notNull().default(false),
    allowContextAtRoot: boolean("allow_context_at_root").notNull().default(false),
    allowContextMenu: boolean("allow_context_menu").notNull().default(false),
    allowDefinableTableApp: boolean("allow_definable_table_app").notNull().default(false),
    allowSecondaryTabButtons: boolean("allow_secondary_tab_buttons").notNull().default(false),
    isCustomView: boolean("is_custom_view").notNull().default(false),
    isPrecedentListView: boolean("is_precedent_list_view").notNull().default(false),
    /** Each grid's name in English and, by language tag, in others. */
    grids: jsonb("grids")
      .$type<{ gridId: string; name: string; names?: Record<string, string> }[]>()
      .notNull()
      .default([]),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.countryCode, t.platform, t.id] })],
);

export const appCategories = pgTable("app_categories", {
  id: integer("id").primaryKey(),
  /** The name in English, the provider's default language. */
  name: text("name").notNull(),
  /** The name in other languages, by language tag (`{ "nl-NL": "Boekhouding" }`). */
  names: jsonb("names").$type<Record<string, string>>().notNull().default({}),
  /** The category named Other shows a warning when chosen. */
  isOther: boolean("is_other").notNull().default(false),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const matterTypes = pgTable(
  "matter_types",
  {
    id: text("id").primaryKey(),
    countryCode: text("country_code")
      .notNull()
      .references(() => countries.code),
    name: text("name").notNull(),
    /** The name in other languages, by language tag. */
    names: jsonb("names").$type<Record<string, string>>().notNull().default({}),
    type: text("type").notNull(), // 'Folder' | 'MatterType'
    parentId: text("parent_id"),
    states: jsonb("states").$type<{ name: string }[]>().notNull().default([]),
    shortcutId: text("shortcut_id"),
    /** When set, the matter type exists only for this product variant. */
    firmType: integer("firm_type"),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("matter_types_country_idx").on(t.countryCode)],
);

export const precedents = pgTable(
  "precedents",
  {
    precedentId: text("precedent_id").primaryKey(),
    countryCode: text("country_code")
      .notNull()
      .references(() => countries.code),
    name: text("name").notNull(),
    parentId: text("parent_id"),
    matterTypeId: text("matter_type_id"),
    shortcutId: text("shortcut_id"),
    type: text("type").notNull(), // 'Folder' | 'Precedent'
    precedentType: text("precedent_type"),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    index("precedents_parent_idx").on(t.countryCode, t.parentId),
    index("precedents_matter_type_idx").on(t.countryCode, t.matterTypeId),
  ],
);

export const productVariants = pgTable(
  "product_variants",
  {
    countryCode: text("country_code")
      .notNull()
      .references(() => countries.code),
    firmType: integer("firm_type").notNull(),
    name: text("name").notNull(),
    /** The name in other languages, by language tag. */
    names: jsonb("names").$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.countryCode, t.firmType] })],
);

/** Provider environments in which sandbox accounts live. */
export const environments = pgTable("environments", {
  id: integer("id").primaryKey(),
  envType: text("env_type").notNull(), // DEV | TEST | LIVE | LIVEB
  countryCode: text("country_code")
    .notNull()
    .references(() => countries.code),
  name: text("name").notNull(),
});

export const desktopVersions = pgTable("desktop_versions", {
  version: text("version").primaryKey(),
  isMinimum: boolean("is_minimum").notNull().default(false),
  releasedAt: instant("released_at"),
});

export const desktopDownloads = pgTable("desktop_downloads", {
  id: serial("id").primaryKey(),
  url: text("url").notNull(),
  country: text("country").notNull(),
  versionNumber: text("version_number").notNull(),
  /** Staging builds are offered only to users with test access. */
  isStaging: boolean("is_staging").notNull().default(false),
});

/** The provider API operations an auth client can be granted. */
export const permissions = pgTable("permissions", {
  operationId: text("operation_id").primaryKey(),
  method: text("method").notNull(),
  route: text("route").notNull(),
  level: text("level").notNull(),
  description: text("description").notNull(),
  accessGroup: text("access_group").notNull(),
  permissionGroup: text("permission_group").notNull(),
  /** `description` and `permissionGroup` (English, the provider's default) in other languages, by language tag. */
  names: jsonb("names")
    .$type<Record<string, { description: string; permissionGroup: string }>>()
    .notNull()
    .default({}),
  /** The resource countries whose apps may be granted it; null: every country. */
  countries: jsonb("countries").$type<string[]>(),
});
