/**
 * The bank account number is kept encrypted at rest (server/sandbox/db/encryption.ts) and
 * answered masked as before: on a sandbox of this file's own, on PGlite, or on a PostgreSQL
 * database of its own when DATABASE_URL is set (it starts a sandbox with another key).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bankDetails as bankDetailsAnswer } from "~/api/settings/schemas";
import { newKey } from "../../server/sandbox/db/encryption";
import { bankDetails } from "../../server/sandbox/db/schema/companies";
import type { RunningSandbox } from "../../server/sandbox/index";
import { type OwnDatabase, ownDatabase } from "../support/postgres";
import { type OwnSandbox, ownSandbox } from "./own-sandbox";
import { json, ok } from "./review-support";
import { newCompany } from "./support";

let database: OwnDatabase | undefined;
let own: OwnSandbox;
let sandbox: RunningSandbox;

beforeAll(async () => {
  if (process.env.DATABASE_URL)
    database = await ownDatabase(process.env.DATABASE_URL, "bank_encryption");
  own = await ownSandbox("bank-encryption", { databaseUrl: database?.url });
  sandbox = await own.start();
}, 60_000);

afterAll(async () => {
  await own?.dispose();
  await database?.drop();
});

const storedNumber = async (id: string) =>
  (
    await sandbox.ctx.db
      .select({ accountNumber: bankDetails.accountNumber })
      .from(bankDetails)
      .where(eq(bankDetails.id, id))
  )[0].accountNumber;

describe("the bank account number at rest", () => {
  it("is stored encrypted, and the API still answers it masked", async () => {
    const company = await newCompany();
    const created = bankDetailsAnswer.parse(
      await ok(
        await company.api(
          "settings/bank-details",
          json("POST", { accountName: "Alpha Pty Ltd", bsb: "062000", accountNumber: "12345678" }),
        ),
        201,
      ),
    );
    expect(created.accountNumber).toBe("*****678");
    const stored = await storedNumber(created.id);
    expect(stored).not.toContain("12345678");
    expect(stored).toMatch(/^enc1:/);
    expect(await ok(await company.api("settings/bank-details"))).toEqual([created]);

    const updated = bankDetailsAnswer.parse(
      await ok(
        await company.api(
          `settings/bank-details/${created.id}`,
          json("PUT", {
            accountName: "Alpha Pty Ltd",
            bsb: "062000",
            accountNumber: "000111222333",
          }),
        ),
      ),
    );
    expect(updated.accountNumber).toBe("*********333");
    const restored = await storedNumber(created.id);
    expect(restored).not.toContain("000111222333");
    expect(restored).not.toBe(stored);
  });

  it("reads a plain number written before encryption, and encrypts it at the next start", async () => {
    const company = await newCompany();
    const created = bankDetailsAnswer.parse(
      await ok(
        await company.api(
          "settings/bank-details",
          json("POST", { accountName: "Beta Pty Ltd", bsb: "062000", accountNumber: "12345678" }),
        ),
        201,
      ),
    );
    await sandbox.ctx.db
      .update(bankDetails)
      .set({ accountNumber: "87654321" })
      .where(eq(bankDetails.id, created.id));
    expect(await ok(await company.api("settings/bank-details"))).toEqual([
      { ...created, accountNumber: "*****321" },
    ]);

    await own.stop();
    sandbox = await own.start();
    const stored = await storedNumber(created.id);
    expect(stored).toMatch(/^enc1:/);
    expect(stored).not.toContain("87654321");
    expect(await ok(await company.api("settings/bank-details"))).toEqual([
      { ...created, accountNumber: "*****321" },
    ]);
  }, 60_000);

  it("stops a sandbox whose key is not the one the numbers were encrypted with", async () => {
    await own.stop();
    const key = own.config.dataEncryptionKey;
    own.config.dataEncryptionKey = newKey();
    try {
      await expect(own.start()).rejects.toThrow(/encrypted with another key.*DATA_ENCRYPTION_KEY/);
    } finally {
      own.config.dataEncryptionKey = key;
    }
    sandbox = await own.start();
  }, 60_000);
});
