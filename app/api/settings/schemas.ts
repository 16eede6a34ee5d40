/**
 * Wire shapes of the settings calls (`settings/*`): the company with
 * its regional entries (entity information, one per country) and the bank details. An
 * entry's fields are registration's (app/api/registration/schemas.ts), with its rules; the
 * rules of the list and of the bank form are ./rules.ts.
 */
import * as z from "zod";
import { storableText, stringFields } from "../common";
import { registrationRequest } from "../registration/schemas";
import { ACCOUNT_NAME_MAX, MAX_ENTITIES, REGIONAL_FIELDS, SHARED_FIELDS } from "./rules";

/** The texts an entry shares with registration, held to the same rules when sent. */
const ENTITY_TEXT_FIELDS = [...REGIONAL_FIELDS, ...SHARED_FIELDS];
const entityFields = registrationRequest.pick(
  Object.fromEntries(ENTITY_TEXT_FIELDS.map((field) => [field, true])) as Record<
    (typeof ENTITY_TEXT_FIELDS)[number],
    true
  >,
);

/** A company icon: an image the company uploaded (`POST images/entities/{id}?purpose=company-icon`). */
export const entityIcon = z.object({ id: z.string(), url: z.string() });
export type EntityIcon = z.infer<typeof entityIcon>;

/** One regional entry (Entity info). */
export const entityInfo = z.object({
  id: z.string(),
  countryId: z.string(),
  isDefault: z.boolean(),
  icon: entityIcon.nullable(),
  ...stringFields(ENTITY_TEXT_FIELDS),
});
export type EntityInfo = z.infer<typeof entityInfo>;

/** GET and PUT settings/company-details: the entries, default first, and whether details wait for the provider's review. */
export const companyDetails = z.object({
  entityInformation: z.array(entityInfo),
  hasAwaitingSubmission: z.boolean(),
});
export type CompanyDetails = z.infer<typeof companyDetails>;

export { MAX_ENTITIES } from "./rules";

/** One entry as sent: its country (chosen once; `oneCountryMustBeSelected` when blank), default or not, its icon by the uploaded image's id. */
export const entityInfoRequest = entityFields.extend({
  countryId: storableText({ message: "is required" })
    .trim()
    .max(8, { message: "must be at most 8 characters" })
    .transform((value) => value.toUpperCase()),
  isDefault: z.boolean({ message: "must be true or false" }).default(false),
  icon: z
    .object({
      id: storableText({ message: "is required" }).max(100, {
        message: "must be at most 100 characters",
      }),
      url: z.string().optional(),
    })
    .nullable()
    .default(null),
});
export type EntityInfoRequest = z.input<typeof entityInfoRequest>;

/** PUT settings/company-details: every entry (an entry left out is deleted). */
export const companyDetailsRequest = z.object({
  entityInformation: z
    .array(entityInfoRequest, { message: "must be a list" })
    .max(MAX_ENTITIES, { message: `must have at most ${MAX_ENTITIES} entries` }),
});
export type CompanyDetailsRequest = z.input<typeof companyDetailsRequest>;

/** Bank details as answered: the account number masked but for its last 3 digits (rules.ts `maskAccountNumber`). */
export const bankDetails = z.object({
  id: z.string(),
  accountName: z.string(),
  bsb: z.string(),
  accountNumber: z.string(),
});
export type BankDetails = z.infer<typeof bankDetails>;

/**
 * POST and PUT of bank details: the values are trimmed and held to rules.ts `validateBank`,
 * which words a BSB or account number of any length by its own rule (`bsbMustBe6Digits`,
 * `mustBeDigits`, `atMost30Digits`); the body's size bounds them before that.
 */
export const bankDetailsRequest = z.object({
  accountName: storableText({ message: "is required" }).max(ACCOUNT_NAME_MAX, {
    message: `must be at most ${ACCOUNT_NAME_MAX} characters`,
  }),
  bsb: storableText({ message: "is required" }),
  accountNumber: storableText({ message: "is required" }),
});
export type BankDetailsRequest = z.input<typeof bankDetailsRequest>;
