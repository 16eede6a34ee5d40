/**
 * Settings (spec 02 sections 2.3, 4.3, 5.4, 5.5 and 7; docs/decisions/0059-settings-and-users.md):
 * the company's regional entries and its bank details, within the caller's company.
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
import { and, asc, desc, eq, inArray, max, notInArray, notLike } from "drizzle-orm";
import type { z } from "zod";
import { imageFormatOf, judgeImage } from "~/api/files/rules";
import {
  maskAccountNumber,
  trimBank,
  validateBank,
  validateEntityList,
} from "~/api/settings/rules";
import type {
  BankDetails,
  bankDetailsRequest,
  CompanyDetails,
  companyDetailsRequest,
} from "~/api/settings/schemas";
import type { DbOrTx } from "../apps/find";
import type { Caller, SandboxContext } from "../context";
import type { Database } from "../db";
import { createValueCipher, keyIdOf, type ValueCipher } from "../db/encryption";
import {
  bankDetails,
  companies,
  companyDetailSubmissions,
  companyEntities,
  countries,
  files,
} from "../db/schema";
import { imageUrl } from "../files/service";
import { recordChange } from "../history";
import { ApiError, notFound } from "../http/errors";
import { isUuid } from "../http/validate";

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
  const { db } = ctx;

  // -------------------------------------------------------------------------
  // Company details
  // -------------------------------------------------------------------------

  async function companyDetailsOf(q: DbOrTx, companyId: string): Promise<CompanyDetails> {
    const [company] = await q
      .select({ hasAwaitingSubmission: companies.hasAwaitingSubmission })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!company) throw notFound("company");
    const rows = await q
      .select({ entity: companyEntities, iconId: files.id })
      .from(companyEntities)
      .innerJoin(countries, eq(countries.code, companyEntities.countryId))
      .leftJoin(
        files,
        and(eq(files.id, companyEntities.iconFileId), eq(files.companyId, companyId)),
      )
      .where(eq(companyEntities.companyId, companyId))
      .orderBy(desc(companyEntities.isDefault), asc(countries.sortOrder), asc(countries.code));
    return {
      hasAwaitingSubmission: company.hasAwaitingSubmission,
      entityInformation: rows.map(({ entity, iconId }) => {
        const { companyId: _company, iconFileId: _icon, ...fields } = entity;
        return { ...fields, icon: iconId ? { id: iconId, url: imageUrl(ctx, iconId) } : null };
      }),
    };
  }

  const getCompanyDetails = (caller: Caller) => companyDetailsOf(db, caller.companyId);

  /** The rules needing the database: each country one of the list (unknownCountry), each icon a company icon the company uploaded. */
  async function storedRuleErrors(
    q: DbOrTx,
    companyId: string,
    input: CompanyDetailsInput,
  ): Promise<Record<string, string>> {
    const errors: Record<string, string> = {};
    const codes = [
      ...new Set(input.entityInformation.map((entry) => entry.countryId).filter(Boolean)),
    ];
    const known = codes.length
      ? new Set(
          (
            await q
              .select({ code: countries.code })
              .from(countries)
              .where(and(inArray(countries.code, codes), eq(countries.selectable, true)))
          ).map((c) => c.code),
        )
      : new Set<string>();
    const iconIds = [
      ...new Set(
        input.entityInformation.flatMap((entry) =>
          entry.icon && isUuid(entry.icon.id) ? [entry.icon.id] : [],
        ),
      ),
    ];
    const images = iconIds.length
      ? await q
          .select()
          .from(files)
          .where(
            and(
              inArray(files.id, iconIds),
              eq(files.companyId, companyId),
              eq(files.kind, "image"),
            ),
          )
      : [];
    input.entityInformation.forEach((entry, index) => {
      if (entry.countryId && !known.has(entry.countryId))
        errors[`entityInformation.${index}.countryId`] = "unknownCountry";
      if (!entry.icon) return;
      const file = images.find((image) => image.id === entry.icon?.id);
      const code = file
        ? judgeImage("company-icon", {
            format: imageFormatOf(file.contentType),
            fileSize: file.fileSize,
            width: file.width,
            height: file.height,
          })
        : "imageNotFound";
      if (code) errors[`entityInformation.${index}.icon`] = code;
    });
    return errors;
  }

  async function saveCompanyDetails(
    caller: Caller,
    input: CompanyDetailsInput,
  ): Promise<CompanyDetails> {
    const listErrors = validateEntityList(input.entityInformation);
    if (Object.keys(listErrors).length > 0) refuse(listErrors);
    return db.transaction(async (tx) => {
      // One save of a company's details at a time.
      await tx
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.id, caller.companyId))
        .for("update");
      const errors = await storedRuleErrors(tx, caller.companyId, input);
      if (Object.keys(errors).length > 0) refuse(errors);
      const kept = input.entityInformation.map((entry) => entry.countryId);
      await tx
        .delete(companyEntities)
        .where(
          and(
            eq(companyEntities.companyId, caller.companyId),
            notInArray(companyEntities.countryId, kept),
          ),
        );
      for (const { icon, ...entry } of input.entityInformation) {
        const values = { ...entry, iconFileId: icon?.id ?? null };
        await tx
          .insert(companyEntities)
          .values({ companyId: caller.companyId, ...values })
          .onConflictDoUpdate({
            target: [companyEntities.companyId, companyEntities.countryId],
            set: values,
          });
      }
      await tx
        .update(companies)
        .set({ hasAwaitingSubmission: true, modifiedAt: new Date() })
        .where(eq(companies.id, caller.companyId));
      const saved = await companyDetailsOf(tx, caller.companyId);
      const [submission] = await tx
        .insert(companyDetailSubmissions)
        .values({
          companyId: caller.companyId,
          submittedById: caller.userId,
          entityInformation: saved.entityInformation,
        })
        .returning({ id: companyDetailSubmissions.id });
      await recordChange(tx, {
        companyId: caller.companyId,
        entityType: "company",
        entityId: caller.companyId,
        action: "details-submitted",
        toState: "awaiting",
        actor: caller.userId,
        detail: { submissionId: submission.id, countries: kept },
      });
      return saved;
    });
  }

  // -------------------------------------------------------------------------
  // Bank details
  // -------------------------------------------------------------------------

  const cipher = createValueCipher(ctx.config.dataEncryptionKey);

  const bankAnswer = (row: typeof bankDetails.$inferSelect): BankDetails => ({
    id: row.id,
    accountName: row.accountName,
    bsb: row.bsb,
    accountNumber: maskAccountNumber(openAccountNumber(cipher, row)),
  });

  /** The validated, trimmed values as stored: the account number encrypted for the caller's company. */
  function checkedBank(caller: Caller, input: BankInput) {
    const errors = validateBank(input);
    if (Object.keys(errors).length > 0) refuse(errors);
    const values = trimBank(input);
    return {
      ...values,
      accountNumber: sealAccountNumber(cipher, caller.companyId, values.accountNumber),
    };
  }

  async function getBankDetails(caller: Caller): Promise<BankDetails[]> {
    requireAdmin(caller);
    const rows = await db
      .select()
      .from(bankDetails)
      .where(eq(bankDetails.companyId, caller.companyId))
      .orderBy(asc(bankDetails.createdAt));
    return rows.map(bankAnswer);
  }

  async function createBankDetails(caller: Caller, input: BankInput): Promise<BankDetails> {
    requireAdmin(caller);
    const values = checkedBank(caller, input);
    return db.transaction(async (tx) => {
      await tx
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.id, caller.companyId))
        .for("update");
      const [existing] = await tx
        .select({ id: bankDetails.id })
        .from(bankDetails)
        .where(eq(bankDetails.companyId, caller.companyId))
        .limit(1);
      if (existing) refuse({ id: "bankDetailsExist" }, 409);
      const [row] = await tx
        .insert(bankDetails)
        .values({ companyId: caller.companyId, ...values })
        .returning();
      await recordChange(tx, {
        companyId: caller.companyId,
        entityType: "bank-details",
        entityId: row.id,
        action: "created",
        actor: caller.userId,
      });
      return bankAnswer(row);
    });
  }

  async function updateBankDetails(
    caller: Caller,
    id: string,
    input: BankInput,
  ): Promise<BankDetails> {
    requireAdmin(caller);
    const values = checkedBank(caller, input);
    if (!isUuid(id)) throw notFound("bank details");
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(bankDetails)
        .set({ ...values, modifiedAt: new Date() })
        .where(and(eq(bankDetails.id, id), eq(bankDetails.companyId, caller.companyId)))
        .returning();
      if (!row) throw notFound("bank details");
      await recordChange(tx, {
        companyId: caller.companyId,
        entityType: "bank-details",
        entityId: row.id,
        action: "updated",
        actor: caller.userId,
      });
      return bankAnswer(row);
    });
  }

  return {
    getCompanyDetails,
    saveCompanyDetails,
    getBankDetails,
    createBankDetails,
    updateBankDetails,
  };
}

/** Where a company's account number belongs: its encryption opens only there. */
const accountNumberPlace = (companyId: string) => `bank_details.account_number:${companyId}`;

const sealAccountNumber = (cipher: ValueCipher, companyId: string, accountNumber: string) =>
  cipher.encrypt(accountNumber, accountNumberPlace(companyId));

const openAccountNumber = (
  cipher: ValueCipher,
  row: { companyId: string; accountNumber: string },
) => cipher.decrypt(row.accountNumber, accountNumberPlace(row.companyId));

/**
 * At start: encrypts the account numbers still in plain text (written before encryption), and
 * stops when one was encrypted with another key (every sandbox on one database needs the same
 * DATA_ENCRYPTION_KEY). A row another instance changed meanwhile is left as that instance wrote it.
 */
export async function sealPlainAccountNumbers(db: Database, keyText: string): Promise<number> {
  const cipher = createValueCipher(keyText);
  const rows = await db
    .select({
      id: bankDetails.id,
      companyId: bankDetails.companyId,
      accountNumber: bankDetails.accountNumber,
    })
    .from(bankDetails)
    .where(notLike(bankDetails.accountNumber, `${cipher.storedPrefix}%`));
  const foreign = rows.find((row) => keyIdOf(row.accountNumber) !== undefined);
  if (foreign) {
    throw new Error(
      `Bank account numbers in the database were encrypted with another key (${keyIdOf(foreign.accountNumber)}; this sandbox's is ${cipher.keyId}): ` +
        "set DATA_ENCRYPTION_KEY to the key the other sandboxes on this database use.",
    );
  }
  let sealed = 0;
  for (const row of rows.filter((r) => keyIdOf(r.accountNumber) === undefined)) {
    const changed = await db
      .update(bankDetails)
      .set({ accountNumber: sealAccountNumber(cipher, row.companyId, row.accountNumber) })
      .where(and(eq(bankDetails.id, row.id), eq(bankDetails.accountNumber, row.accountNumber)))
      .returning({ id: bankDetails.id });
    sealed += changed.length;
  }
  return sealed;
}

/** The companies whose details wait for the reviewer, the longest waiting first. */
export async function pendingCompanyDetails(db: DbOrTx) {
  return db
    .select({
      companyId: companies.id,
      name: companies.name,
      submittedAt: max(companyDetailSubmissions.createdAt),
    })
    .from(companies)
    .innerJoin(
      companyDetailSubmissions,
      and(
        eq(companyDetailSubmissions.companyId, companies.id),
        eq(companyDetailSubmissions.status, 0),
      ),
    )
    .where(eq(companies.hasAwaitingSubmission, true))
    .groupBy(companies.id)
    .orderBy(asc(max(companyDetailSubmissions.createdAt)));
}

/**
 * The reviewer's approval of a company's submitted details: the awaiting submission approved,
 * `hasAwaitingSubmission` cleared. Undefined when there is no such company.
 */
export async function approveCompanyDetails(db: Database, companyId: string) {
  if (!isUuid(companyId)) return undefined;
  return db.transaction(async (tx) => {
    const [company] = await tx
      .select()
      .from(companies)
      .where(eq(companies.id, companyId))
      .for("update");
    if (!company) return undefined;
    const approved = await tx
      .update(companyDetailSubmissions)
      .set({ status: 2, reviewedAt: new Date() })
      .where(
        and(
          eq(companyDetailSubmissions.companyId, companyId),
          eq(companyDetailSubmissions.status, 0),
        ),
      )
      .returning({ id: companyDetailSubmissions.id });
    await tx
      .update(companies)
      .set({ hasAwaitingSubmission: false })
      .where(eq(companies.id, companyId));
    if (company.hasAwaitingSubmission) {
      await recordChange(tx, {
        companyId,
        entityType: "company",
        entityId: companyId,
        action: "provider-details-approved",
        fromState: "awaiting",
        toState: "approved",
        actor: "provider",
      });
    }
    return {
      companyId,
      name: company.name,
      approvedSubmissions: approved.length,
      hasAwaitingSubmission: false,
    };
  });
}
