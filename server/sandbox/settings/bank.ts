/**
 * A company's bank details: admins only (403 for others); one record per company, its account
 * number answered masked but for its last 3 digits and kept encrypted at rest (../db/encryption.ts).
 */
import { and, asc, eq, notLike } from "drizzle-orm";
import { maskAccountNumber, trimBank, validateBank } from "~/api/settings/rules";
import type { BankDetails } from "~/api/settings/schemas";
import type { Caller, SandboxContext } from "../context";
import type { Database } from "../db";
import { createValueCipher, keyIdOf, type ValueCipher } from "../db/encryption";
import { bankDetails, companies } from "../db/schema/companies";
import { recordChange } from "../history";
import { notFound, refuse, refuseAny } from "../http/errors";
import { isUuid } from "../http/validate";
import { WORDING } from "../wording";
import { type BankInput, requireAdmin } from "./service";

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

const bankAnswer = (cipher: ValueCipher, row: typeof bankDetails.$inferSelect): BankDetails => ({
  id: row.id,
  accountName: row.accountName,
  bsb: row.bsb,
  accountNumber: maskAccountNumber(openAccountNumber(cipher, row)),
});

/** The validated, trimmed values as stored: the account number encrypted for the caller's company. */
function checkedBank(cipher: ValueCipher, caller: Caller, input: BankInput) {
  const errors = validateBank(input);
  refuseAny(WORDING.settings, errors);
  const values = trimBank(input);
  return {
    ...values,
    accountNumber: sealAccountNumber(cipher, caller.companyId, values.accountNumber),
  };
}

export async function getBankDetails(
  ctx: SandboxContext,
  cipher: ValueCipher,
  caller: Caller,
): Promise<BankDetails[]> {
  requireAdmin(caller);
  const rows = await ctx.db
    .select()
    .from(bankDetails)
    .where(eq(bankDetails.companyId, caller.companyId))
    .orderBy(asc(bankDetails.createdAt));
  return rows.map((row) => bankAnswer(cipher, row));
}

export async function createBankDetails(
  ctx: SandboxContext,
  cipher: ValueCipher,
  caller: Caller,
  input: BankInput,
): Promise<BankDetails> {
  requireAdmin(caller);
  const values = checkedBank(cipher, caller, input);
  return ctx.db.transaction(async (tx) => {
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
    if (existing) refuse(WORDING.settings, { id: "bankDetailsExist" }, 409);
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
    return bankAnswer(cipher, row);
  });
}

export async function updateBankDetails(
  ctx: SandboxContext,
  cipher: ValueCipher,
  caller: Caller,
  id: string,
  input: BankInput,
): Promise<BankDetails> {
  requireAdmin(caller);
  const values = checkedBank(cipher, caller, input);
  if (!isUuid(id)) throw notFound("bank details");
  return ctx.db.transaction(async (tx) => {
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
    return bankAnswer(cipher, row);
  });
}
