/**
 * What the provider keeps beside the entities: the mail outbox, the state history, and the
 * identity provider's storage and keys.
 */
import { index, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, instant } from "./columns";

export const mailOutbox = pgTable("mail_outbox", {
  id: id(),
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
  sentAt: instant("sent_at"),
  error: text("error"),
});

/** Who changed what, when: every state change of a provider entity. */
export const stateChanges = pgTable(
  "state_changes",
  {
    id: id(),
    companyId: uuid("company_id"),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    action: text("action").notNull(),
    fromState: text("from_state"),
    toState: text("to_state"),
    /** A user id, or 'provider' for the reviewer side. */
    actor: text("actor").notNull(),
    detail: jsonb("detail"),
    at: instant("at").notNull().defaultNow(),
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
    expiresAt: instant("expires_at"),
    consumedAt: instant("consumed_at"),
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
