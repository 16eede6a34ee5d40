/**
 * Companies, their regional entities and bank details, and their users (with the single-use
 * links sent to them by mail).
 */
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, modifiedAt } from "./columns";
import { countries } from "./lookups";

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
