/**
 * The provider's data model: one drizzle schema for PGlite and PostgreSQL alike.
 * Entities follow section 3 of both specification documents.
 */
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const modifiedAt = () => timestamp("modified_at", { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------------------
// Lookups (seeded at first start)
// ---------------------------------------------------------------------------

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
  releasedAt: timestamp("released_at", { withTimezone: true }),
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

// ---------------------------------------------------------------------------
// Companies and users
// ---------------------------------------------------------------------------

export const companies = pgTable("companies", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  /** Entity type: 0 external (Standard), 1 internal (Advanced), 2 entry. */
  entityType: integer("entity_type").notNull().default(0),
  /** Location lists are filtered by this; 1 also unlocks external windows. */
  integratorType: integer("integrator_type").notNull().default(0),
  hasAwaitingSubmission: boolean("has_awaiting_submission").notNull().default(false),
  createdAt: createdAt(),
  modifiedAt: modifiedAt(),
});

/** Regional entity information, one per country per company. */
export const companyEntities = pgTable(
  "company_entities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    countryId: text("country_id")
      .notNull()
      .references(() => countries.code),
    isDefault: boolean("is_default").notNull().default(false),
    companyName: text("company_name").notNull(),
    iconFileId: uuid("icon_file_id"),
    phoneNumber: text("phone_number").notNull().default(""),
    addressLine1: text("address_line1").notNull().default(""),
    addressLine2: text("address_line2").notNull().default(""),
    addressLine3: text("address_line3").notNull().default(""),
    cityTown: text("city_town").notNull().default(""),
    zipPostCode: text("zip_post_code").notNull().default(""),
    stateCounty: text("state_county").notNull().default(""),
    profile: text("profile").notNull().default(""),
    website: text("website").notNull().default(""),
    socialPresence: text("social_presence").notNull().default(""),
    supportUrl: text("support_url").notNull().default(""),
    termsUrl: text("terms_url").notNull().default(""),
  },
  (t) => [uniqueIndex("company_entities_country_uq").on(t.companyId, t.countryId)],
);

/** Company details sent for the provider's review (hasAwaitingSubmission). */
export const companyDetailSubmissions = pgTable("company_detail_submissions", {
  id: uuid("id").primaryKey().defaultRandom(),
  companyId: uuid("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" }),
  submittedById: uuid("submitted_by_id"),
  entityInformation: jsonb("entity_information").notNull(),
  status: integer("status").notNull().default(0), // 0 awaiting, 1 rejected, 2 approved
  reviewNotes: text("review_notes"),
  createdAt: createdAt(),
  reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
});

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Stored lower-case; unique across the provider. */
    email: text("email").notNull(),
    title: text("title").notNull().default(""),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    passwordHash: text("password_hash").notNull(),
    isAdmin: boolean("is_admin").notNull().default(false),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }),
    hasAccessToTest: boolean("has_access_to_test").notNull().default(false),
    /** User preference: the console language. */
    localeCode: text("locale_code").notNull().default("en-AU"),
    /** Set by the provider to suspend the account: no sign-in, every API call refused. */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
  },
  (t) => [uniqueIndex("users_email_uq").on(t.email), index("users_company_idx").on(t.companyId)],
);

/** Single-use links sent by mail: email verification and password reset. */
export const userTokens = pgTable(
  "user_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(), // 'verify-email' | 'reset-password'
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("user_tokens_hash_uq").on(t.tokenHash),
    /** A user's links: a new reset link ends the earlier ones; removing the user removes them. */
    index("user_tokens_user_idx").on(t.userId),
  ],
);

export const bankDetails = pgTable(
  "bank_details",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    accountName: text("account_name").notNull(),
    bsb: text("bsb").notNull(),
    accountNumber: text("account_number").notNull(),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
  },
  /** The settings page reads a company's bank details. */
  (t) => [index("bank_details_company_idx").on(t.companyId)],
);

// ---------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------

export const files = pgTable(
  "files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    uploadedById: uuid("uploaded_by_id"),
    /** 'document' (fileType 0), 'diagram' (fileType 1) or 'image'. */
    kind: text("kind").notNull(),
    /** For images attached to an entity (images/entities/{id}). */
    entityId: text("entity_id"),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    fileSize: integer("file_size").notNull(),
    width: integer("width"),
    height: integer("height"),
    /** Path under DATA_DIR/files. */
    storageKey: text("storage_key").notNull(),
    /** Images are served to anyone who knows the id; documents only to their company. */
    isPublic: boolean("is_public").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("files_company_idx").on(t.companyId)],
);

// ---------------------------------------------------------------------------
// Apps
// ---------------------------------------------------------------------------

export const appGroups = pgTable(
  "app_groups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    countryCode: text("country_code")
      .notNull()
      .references(() => countries.code),
    /** 0 standard (public), 1 connector. Never changes after creation. */
    appType: integer("app_type").notNull(),
    /** Staff 0, Firm 1, AlwaysOn 2, AlwaysOnInternal 3, ProductVariantAlwaysOn 4. */
    appLevel: integer("app_level").notNull().default(1),
    isArchived: boolean("is_archived").notNull().default(false),
    isPriceRequired: boolean("is_price_required").notNull().default(false),
    isPreApprovalRequired: boolean("is_pre_approval_required").notNull().default(true),
    apiKey: text("api_key").notNull(),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
  },
  (t) => [index("app_groups_company_idx").on(t.companyId)],
);

export const appVersions = pgTable(
  "app_versions",
  {
    /** Generated by the client on create. */
    id: uuid("id").primaryKey(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => appGroups.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    versionMajor: integer("version_major").notNull().default(1),
    versionMinor: integer("version_minor").notNull().default(0),
    statusCode: integer("status_code").notNull().default(0),
    apiKey: text("api_key").notNull(),
    // details
    secretKey: text("secret_key").notNull(),
    token: text("token").notNull(),
    countryCode: text("country_code")
      .notNull()
      .references(() => countries.code),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    categoryId: integer("category_id").references(() => appCategories.id),
    appType: integer("app_type").notNull(),
    createdById: uuid("created_by_id"),
    createdAt: createdAt(),
    modifiedById: uuid("modified_by_id"),
    modifiedAt: modifiedAt(),
    wentLiveAt: timestamp("went_live_at", { withTimezone: true }),
    stoppedLiveAt: timestamp("stopped_live_at", { withTimezone: true }),
    /** Set when a Beta version's submission to live was rejected. */
    liveSubmissionRejected: boolean("live_submission_rejected").notNull().default(false),
  },
  (t) => [
    index("app_versions_group_idx").on(t.groupId),
    index("app_versions_company_idx").on(t.companyId),
  ],
);

/** The marketplace listing of a version (one row per version). */
export const appMarketplace = pgTable("app_marketplace", {
  appVersionId: uuid("app_version_id")
    .primaryKey()
    .references(() => appVersions.id, { onDelete: "cascade" }),
  // detail
  appUrl: text("app_url").notNull().default(""),
  description: text("description").notNull().default(""),
  shortDescription: text("short_description").notNull().default(""),
  contactEmail: text("contact_email").notNull().default(""),
  features: text("features").notNull().default(""),
  keywords: text("keywords").notNull().default(""),
  supportUrl: text("support_url").notNull().default(""),
  websiteUrl: text("website_url").notNull().default(""),
  documentationUrl: text("documentation_url").notNull().default(""),
  // legal
  copyright: text("copyright").notNull().default(""),
  privacyPolicy: text("privacy_policy").notNull().default(""),
  privacyPolicyUrl: text("privacy_policy_url").notNull().default(""),
  termsOfService: text("terms_of_service").notNull().default(""),
  termsOfServiceUrl: text("terms_of_service_url").notNull().default(""),
  // promo
  youtubeUrl: text("youtube_url").notNull().default(""),
  visibility: boolean("visibility").notNull().default(true),
});

/** Icon, banners and screenshots of a listing, in order. */
export const appMarketplaceImages = pgTable(
  "app_marketplace_images",
  {
    appVersionId: uuid("app_version_id")
      .notNull()
      .references(() => appVersions.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(), // 'icon' | 'banner' | 'screenshot'
    position: integer("position").notNull(),
    fileId: uuid("file_id")
      .notNull()
      .references(() => files.id),
  },
  (t) => [primaryKey({ columns: [t.appVersionId, t.kind, t.position] })],
);

/** The platform schema of a version: one JSON document per platform. */
export const platformSchemas = pgTable(
  "platform_schemas",
  {
    appVersionId: uuid("app_version_id")
      .notNull()
      .references(() => appVersions.id, { onDelete: "cascade" }),
    /** desktop 0, web 1, mobile 2, reporting 3. */
    platform: integer("platform").notNull(),
    document: jsonb("document").notNull(),
    modifiedAt: modifiedAt(),
  },
  (t) => [primaryKey({ columns: [t.appVersionId, t.platform] })],
);

export const preApprovals = pgTable(
  "pre_approvals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => appGroups.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    versionMajorId: uuid("version_major_id")
      .notNull()
      .references(() => appVersions.id, { onDelete: "cascade" }),
    versionMajor: integer("version_major").notNull(),
    /** 10 pending, 11 rejected, 100 approved; withdrawn ones are soft-deleted. */
    status: integer("status").notNull().default(10),
    isWithdrawn: boolean("is_withdrawn").notNull().default(false),
    submissionNotes: text("submission_notes").notNull(),
    submittedById: uuid("submitted_by_id"),
    createdAt: createdAt(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewNotes: text("review_notes"),
  },
  (t) => [
    index("pre_approvals_group_idx").on(t.groupId),
    /** Removing an app version removes its pre-approvals. */
    index("pre_approvals_version_idx").on(t.versionMajorId),
  ],
);

export const preApprovalDocuments = pgTable(
  "pre_approval_documents",
  {
    preApprovalId: uuid("pre_approval_id")
      .notNull()
      .references(() => preApprovals.id, { onDelete: "cascade" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => files.id),
  },
  (t) => [primaryKey({ columns: [t.preApprovalId, t.fileId] })],
);

export const submissions = pgTable(
  "submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appVersionId: uuid("app_version_id")
      .notNull()
      .references(() => appVersions.id, { onDelete: "cascade" }),
    groupId: uuid("group_id")
      .notNull()
      .references(() => appGroups.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Version text at submission time, e.g. 1.002. */
    version: text("version").notNull(),
    /** 0 Awaiting review, 1 Rejected, 2 Approved, 3 Archived. */
    status: integer("status").notNull().default(0),
    /** Review status text: Awaiting Review, Beta Awaiting Review, ... */
    statusText: text("status_text").notNull(),
    isBeta: boolean("is_beta").notNull().default(false),
    isSoftDeleted: boolean("is_soft_deleted").notNull().default(false),
    submittedById: uuid("submitted_by_id"),
    submittedAt: createdAt(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    submissionNotes: text("submission_notes").notNull(),
    reviewNotes: text("review_notes"),
    contactName: text("contact_name").notNull(),
    contactEmail: text("contact_email").notNull(),
    contactPhoneNumber: text("contact_phone_number").notNull(),
    instanceId: uuid("instance_id"),
    releaseAt: timestamp("release_at", { withTimezone: true }),
  },
  (t) => [
    index("submissions_group_idx").on(t.groupId),
    /** A version's open submission (withdraw, review), and removing the version removes its submissions. */
    index("submissions_version_idx").on(t.appVersionId),
  ],
);

export const submissionDocuments = pgTable(
  "submission_documents",
  {
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => files.id),
  },
  (t) => [primaryKey({ columns: [t.submissionId, t.fileId] })],
);

/** Pause and unpause requests, decided by the provider's management. */
export const statusRequests = pgTable(
  "status_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appVersionId: uuid("app_version_id")
      .notNull()
      .references(() => appVersions.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(), // 'pause' | 'resume'
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    reason: text("reason").notNull(),
    status: integer("status").notNull().default(0), // 0 open, 1 refused, 2 done
    requestedById: uuid("requested_by_id"),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  /** A version's open request (one at a time), and removing the version removes its requests. */
  (t) => [index("status_requests_version_idx").on(t.appVersionId)],
);

export const prices = pgTable(
  "prices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => appGroups.id, { onDelete: "cascade" }),
    currency: text("currency").notNull(),
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    /** 0 free, 1 user based, 2 firm based. */
    pricingModelType: integer("pricing_model_type").notNull(),
    /** 0 created, 1 submitted, 2 awaiting process, 3 rejected, 4 in progress, 5 active, 6 archived, 7 error. */
    status: integer("status").notNull().default(0),
    startDate: timestamp("start_date", { withTimezone: true }),
    endDate: timestamp("end_date", { withTimezone: true }),
    createdById: uuid("created_by_id"),
    createdAt: createdAt(),
  },
  (t) => [index("prices_group_idx").on(t.groupId)],
);

export const authClients = pgTable(
  "auth_clients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => appGroups.id, { onDelete: "cascade" }),
    /** Live tab (true) or Staging tab (false). */
    isLive: boolean("is_live").notNull(),
    /** The sandbox-app variant (false) or the live-app variant (true). */
    isAppLive: boolean("is_app_live").notNull(),
    /** SHA-256 (hex) of the secret, which is answered once, when issued. */
    secret: text("secret").notNull(),
    publicApiKey: text("public_api_key").notNull(),
    /** SHA-256 (hex) of the private API key, answered once like the secret. */
    privateApiKey: text("private_api_key").notNull(),
    /** Granted routes: [{ route, methods }] (app/api/security/schemas.ts grantedRoute). */
    routes: jsonb("routes")
      .$type<{ route: string; methods: ("GET" | "POST" | "PUT" | "DELETE")[] }[]>()
      .notNull()
      .default([]),
    redirectUrls: jsonb("redirect_urls").$type<string[]>().notNull().default([]),
    offlineAccess: boolean("offline_access").notNull().default(false),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
  },
  (t) => [index("auth_clients_group_idx").on(t.groupId)],
);

export const dataAttestations = pgTable("data_attestations", {
  id: uuid("id").primaryKey().defaultRandom(),
  appVersionId: uuid("app_version_id")
    .notNull()
    .unique()
    .references(() => appVersions.id, { onDelete: "cascade" }),
  purposeOfDataUsage: text("purpose_of_data_usage").notNull(),
  outlineDataUsage: text("outline_data_usage").notNull(),
  dataSubjects: text("data_subjects").notNull(),
  frequencyOfSync: text("frequency_of_sync").notNull(),
  thirdPartyDisclosure: text("third_party_disclosure").notNull(),
  dataRetention: text("data_retention").notNull(),
  dataFlowDiagramFileId: uuid("data_flow_diagram_file_id").references(() => files.id),
  modifiedAt: modifiedAt(),
});

// ---------------------------------------------------------------------------
// Sandbox accounts (instances)
// ---------------------------------------------------------------------------

export const instances = pgTable(
  "instances",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    username: text("username").notNull(),
    envCountryCode: text("env_country_code").notNull(),
    envType: text("env_type").notNull(), // TEST | DEV | LIVE | LIVEB
    firmId: text("firm_id").notNull(),
    userId: text("user_id").notNull(),
    staffId: text("staff_id").notNull(),
    firmType: integer("firm_type").notNull().default(1),
    includeOtherProviders: boolean("include_other_providers").notNull().default(false),
    applyToAllUsers: boolean("apply_to_all_users").notNull().default(false),
    /** The provider environment it was created in; null for an imported account. */
    environmentId: integer("environment_id").references(() => environments.id),
    /** The account holder's name, for a created account (an imported one has none). */
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    /** `created` (new credentials) or `imported` (from an import token). */
    origin: text("origin").notNull().default("created"),
    createdAt: createdAt(),
  },
  (t) => [
    index("instances_company_idx").on(t.companyId),
    /** One account per username in an environment (country and type) of a company. */
    uniqueIndex("instances_username_uq").on(t.companyId, t.envCountryCode, t.envType, t.username),
  ],
);

export const instanceConfigurations = pgTable(
  "instance_configurations",
  {
    instanceId: uuid("instance_id")
      .notNull()
      .references(() => instances.id, { onDelete: "cascade" }),
    groupId: uuid("group_id")
      .notNull()
      .references(() => appGroups.id, { onDelete: "cascade" }),
    isEnabled: boolean("is_enabled").notNull().default(false),
    appStatusCode: integer("app_status_code").notNull().default(200),
    appEndpoint: text("app_endpoint").notNull().default("LIVE"),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.groupId] }),
    /** Removing an app group removes its settings in every sandbox account. */
    index("instance_configurations_group_idx").on(t.groupId),
  ],
);

// ---------------------------------------------------------------------------
// Usage of live and beta apps (the usage summary)
// ---------------------------------------------------------------------------

/** A firm using an app version, with a count (of users), as the provider records it. */
export const appUsage = pgTable(
  "app_usage",
  {
    appVersionId: uuid("app_version_id")
      .notNull()
      .references(() => appVersions.id, { onDelete: "cascade" }),
    firmId: text("firm_id").notNull(),
    /** Null when the provider does not know the firm's name. */
    firmName: text("firm_name"),
    count: integer("count").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appVersionId, t.firmId] })],
);

// ---------------------------------------------------------------------------
// Mail, history, identity provider storage
// ---------------------------------------------------------------------------

export const mailOutbox = pgTable("mail_outbox", {
  id: uuid("id").primaryKey().defaultRandom(),
  toAddress: text("to_address").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html").notNull(),
  /** The action link of the message, for people reading the outbox. */
  link: text("link"),
  kind: text("kind").notNull(),
  companyId: uuid("company_id"),
  createdAt: createdAt(),
  /** Set when delivered over SMTP. */
  sentAt: timestamp("sent_at", { withTimezone: true }),
  error: text("error"),
});

/** Who changed what, when: every state change of a provider entity. */
export const stateChanges = pgTable(
  "state_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id"),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    action: text("action").notNull(),
    fromState: text("from_state"),
    toState: text("to_state"),
    /** A user id, or 'provider' for the reviewer side. */
    actor: text("actor").notNull(),
    detail: jsonb("detail"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("state_changes_entity_idx").on(t.entityType, t.entityId)],
);

/** oidc-provider storage (sessions, grants, codes, refresh tokens...). */
export const oidcPayloads = pgTable(
  "oidc_payloads",
  {
    id: text("id").notNull(),
    model: text("model").notNull(),
    payload: jsonb("payload").notNull(),
    grantId: text("grant_id"),
    userCode: text("user_code"),
    uid: text("uid"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index("oidc_payloads_grant_idx").on(t.grantId),
    index("oidc_payloads_uid_idx").on(t.uid),
  ],
);

/** Signing keys and cookie keys of the identity provider, generated once. */
export const providerSecrets = pgTable("provider_secrets", {
  name: text("name").primaryKey(),
  value: jsonb("value").notNull(),
  createdAt: createdAt(),
});
