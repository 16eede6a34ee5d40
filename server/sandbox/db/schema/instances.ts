/**
 * Sandbox accounts, their app configuration, and the usage of live and beta apps.
 */
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { appGroups, appVersions } from "./apps";
import { createdAt, id, instant, ownedBy } from "./columns";
import { companies } from "./companies";
import { environments } from "./lookups";

export const instances = pgTable(
  "instances",
  {
    id: id(),
    companyId: ownedBy("company_id", () => companies.id),
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
    instanceId: ownedBy("instance_id", () => instances.id),
    groupId: ownedBy("group_id", () => appGroups.id),
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

/** A firm using an app version, with a count (of users), as the provider records it. */
export const appUsage = pgTable(
  "app_usage",
  {
    appVersionId: ownedBy("app_version_id", () => appVersions.id),
    firmId: text("firm_id").notNull(),
    /** Null when the provider does not know the firm's name. */
    firmName: text("firm_name"),
    count: integer("count").notNull(),
    recordedAt: instant("recorded_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appVersionId, t.firmId] })],
);
