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
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { blankTexts, createdAt, id, instant, modifiedAt, ownedBy, reviewed } from "./columns";
import { countryRef } from "./lookups";

export const companies = pgTable("companies", {
  id: id(),
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
    id: id(),
    companyId: ownedBy("company_id", () => companies.id),
    countryId: countryRef("country_id"),
    isDefault: boolean("is_default").notNull().default(false),
    companyName: text("company_name").notNull(),
    iconFileId: uuid("icon_file_id"),
    ...blankTexts(
      "phoneNumber",
      "addressLine1",
      "addressLine2",
      "addressLine3",
      "cityTown",
      "zipPostCode",
      "stateCounty",
    ),
    // the same in every entry of the company
    ...blankTexts("profile", "website", "socialPresence", "supportUrl", "termsUrl"),
  },
  (t) => [uniqueIndex("company_entities_country_uq").on(t.companyId, t.countryId)],
);

/** Company details sent for the provider's review (hasAwaitingSubmission). */
export const companyDetailSubmissions = pgTable("company_detail_submissions", {
  id: id(),
  companyId: ownedBy("company_id", () => companies.id),
  submittedById: uuid("submitted_by_id"),
  entityInformation: jsonb("entity_information").notNull(),
  status: integer("status").notNull().default(0), // 0 awaiting, 1 rejected, 2 approved
  createdAt: createdAt(),
  ...reviewed(),
});

export const users = pgTable(
  "users",
  {
    id: id(),
    companyId: ownedBy("company_id", () => companies.id),
    /** Stored lower-case; unique across the provider. */
    email: text("email").notNull(),
    title: text("title").notNull().default(""),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    passwordHash: text("password_hash").notNull(),
    isAdmin: boolean("is_admin").notNull().default(false),
    emailVerifiedAt: instant("email_verified_at"),
    termsAcceptedAt: instant("terms_accepted_at"),
    hasAccessToTest: boolean("has_access_to_test").notNull().default(false),
    /** User preference: the console language. */
    localeCode: text("locale_code").notNull().default("en-AU"),
    /** Set by the provider to suspend the account: no sign-in, every API call refused. */
    suspendedAt: instant("suspended_at"),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
  },
  (t) => [uniqueIndex("users_email_uq").on(t.email), index("users_company_idx").on(t.companyId)],
);

/** Single-use links sent by mail: email verification and password reset. */
export const userTokens = pgTable(
  "user_tokens",
  {
    id: id(),
    userId: ownedBy("user_id", () => users.id),
    kind: text("kind").notNull(), // 'verify-email' | 'reset-password'
    tokenHash: text("token_hash").notNull(),
    expiresAt: instant("expires_at").notNull(),
    usedAt: instant("used_at"),
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
    id: id(),
    companyId: ownedBy("company_id", () => companies.id),
    accountName: text("account_name").notNull(),
    bsb: text("bsb").notNull(),
    accountNumber: text("account_number").notNull(),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
  },
  /** The settings page reads a company's bank details. */
  (t) => [index("bank_details_company_idx").on(t.companyId)],
);
