/**
 * Settings (docs/decisions/0059-settings-and-users.md): the company's regional entries and its
 * bank details, within the caller's company.
 *
 * Company details: the entries registration made (`company_entities`, one per country) are
 * read and saved as one list; an entry is matched by its country (kept with its id), one left
 * out is deleted, a new country is added. Every save is submitted for the provider's review:
 * a `company_detail_submissions` row holding what was saved, and `hasAwaitingSubmission` set
 * until the reviewer approves (`approveCompanyDetails`, used by ../admin/service.ts).
 *
 * Bank details: admins only (403 for others); one record per company, its account number
 * answered masked but for its last 3 digits and kept encrypted at rest (../db/encryption.ts).
 * The rules are the contract's (app/api/settings/rules.ts).
 */
import type { z } from "zod";
import type { bankDetailsRequest, companyDetailsRequest } from "~/api/settings/schemas";
import type { Caller, SandboxContext } from "../context";
import { createValueCipher } from "../db/encryption";
import { ApiError } from "../http/errors";
import { createBankDetails, getBankDetails, updateBankDetails } from "./bank";
import { getCompanyDetails, saveCompanyDetails } from "./company-details";

export { sealPlainAccountNumbers } from "./bank";
export { approveCompanyDetails, pendingCompanyDetails } from "./company-details";

export type CompanyDetailsInput = z.output<typeof companyDetailsRequest>;
export type BankInput = z.output<typeof bankDetailsRequest>;

/** How the API words the settings rules in English (`detail`); `errors` carry the codes. */
export const SETTINGS_MESSAGES: Record<string, string> = {
  required: "is required",
  bsbMustBe6Digits: "BSB must be 6 digits",
  mustBeDigits: "must be digits",
  atMost30Digits: "must be at most 30 digits",
  bankDetailsExist: "The company has bank details already: update them instead.",
  oneCountryMustBeSelected: "one country must be selected",
  noDuplicateCountry: "no duplicate country",
  oneCountryMustBeDefault: "one country must be default",
  unknownCountry: "must be a country from the list",
  imageNotFound: "must be an image the company uploaded",
  imageTypeInvalid: "must be a PNG",
  imageSizeInvalid: "must be square and at least 256x256 pixels",
  sizeGreater400KB: "must be at most 400 KB",
  noContent: "must not be empty",
  passwordMismatch: "must equal the password",
  taken: "an account with this email address already exists",
  adminOnly: "Only an admin of the company may do this.",
  cannotDeleteSelf: "A user cannot delete themself.",
  lastAdmin: "The company must keep at least one admin.",
};

/** A refusal naming the first failing field in words, with every field's rule code (400 for fields, 409 for state). */
export function refuse(errors: Record<string, string>, status: 400 | 409 = 400): never {
  const [field, code] = Object.entries(errors)[0];
  const words = SETTINGS_MESSAGES[code] ?? code;
  throw new ApiError(status, status === 409 ? words : `${field}: ${words}`, { field, errors });
}

/** Refuses a caller who is not an admin of their company (403, `adminOnly`). */
export function requireAdmin(caller: Caller): void {
  if (!caller.isAdmin)
    throw new ApiError(403, SETTINGS_MESSAGES.adminOnly, { errors: { body: "adminOnly" } });
}

export type SettingsService = ReturnType<typeof createSettingsService>;

export function createSettingsService(ctx: SandboxContext) {
  // Made once: a wrong DATA_ENCRYPTION_KEY stops the sandbox at start.
  const cipher = createValueCipher(ctx.config.dataEncryptionKey);
  return {
    getCompanyDetails: (caller: Caller) => getCompanyDetails(ctx, caller),
    saveCompanyDetails: (caller: Caller, input: CompanyDetailsInput) =>
      saveCompanyDetails(ctx, caller, input),
    getBankDetails: (caller: Caller) => getBankDetails(ctx, cipher, caller),
    createBankDetails: (caller: Caller, input: BankInput) =>
      createBankDetails(ctx, cipher, caller, input),
    updateBankDetails: (caller: Caller, id: string, input: BankInput) =>
      updateBankDetails(ctx, cipher, caller, id, input),
  };
}
