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
import { WORDING } from "../wording";
import { createBankDetails, getBankDetails, updateBankDetails } from "./bank";
import { getCompanyDetails, saveCompanyDetails } from "./company-details";

export { sealPlainAccountNumbers } from "./bank";
export { approveCompanyDetails, pendingCompanyDetails } from "./company-details";

export type CompanyDetailsInput = z.output<typeof companyDetailsRequest>;
export type BankInput = z.output<typeof bankDetailsRequest>;

/** Refuses a caller who is not an admin of their company (403, `adminOnly`). */
export function requireAdmin(caller: Caller): void {
  if (!caller.isAdmin)
    throw new ApiError(403, WORDING.settings.adminOnly, { errors: { body: "adminOnly" } });
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
