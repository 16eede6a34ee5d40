/**
 * Settings over real HTTP
 * (docs/decisions/0059-settings-and-users.md): the company's regional entries built on what
 * registration stored, saved as one list with each rule's refusal and its code, submitted
 * for review until the reviewer approves them; bank details for admins only, one record,
 * its account number masked; and a second company that sees and changes nothing of the first.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { bankDetails, companyDetails, type EntityInfo } from "~/api/settings/schemas";
import { fileForm, png } from "../../server/conformance/files";
import { expectRefused, json, ok } from "./review-support";
import { admin, apiFetch, newCompany, signIn, type TestCompany, uniqueEmail } from "./support";

let a: TestCompany;
let b: TestCompany;

beforeAll(async () => {
  [a, b] = await Promise.all([
    newCompany({ countryId: "AU", companyName: "Alpha Legal Apps" }),
    newCompany({ countryId: "UK" }),
  ]);
});

const getDetails = async (company: TestCompany) =>
  companyDetails.parse(await ok(await company.api("settings/company-details")));
const putDetails = (company: TestCompany, entries: unknown[]) =>
  company.api("settings/company-details", json("PUT", { entityInformation: entries }));
const request = ({ id: _id, ...entry }: EntityInfo) => entry;

/** A new regional entry of `countryId`. */
const entryOf = (countryId: string, overrides: Record<string, unknown> = {}) => ({
  countryId,
  isDefault: false,
  companyName: `Alpha ${countryId}`,
  phoneNumber: "+44 20 7000 0000",
  addressLine1: "2 High Street",
  cityTown: "London",
  zipPostCode: "EC1A 1AA",
  stateCounty: "England",
  profile: "p".repeat(250),
  ...overrides,
});

async function member(company: TestCompany): Promise<TestCompany> {
  const email = uniqueEmail("member");
  const password = "Member-pass-1";
  await ok(
    await company.api(
      "user",
      json("POST", {
        title: "mr",
        firstName: "Sam",
        lastName: "Member",
        email,
        password,
        confirmPassword: password,
        admin: false,
      }),
    ),
    201,
  );
  const tokens = await signIn(email, password);
  const me = await ok<{ userId: string }>(await apiFetch("user", {}, tokens.access_token));
  return {
    ...company,
    token: tokens.access_token,
    tokens,
    api: (path, init) => apiFetch(path, init, tokens.access_token),
    userId: me.userId,
    email,
    password,
  };
}

describe("company details", () => {
  it("answers the entry registration stored, default, nothing awaiting review", async () => {
    const details = await getDetails(a);
    expect(details.hasAwaitingSubmission).toBe(false);
    expect(details.entityInformation).toEqual([
      expect.objectContaining({
        countryId: "AU",
        isDefault: true,
        companyName: "Alpha Legal Apps",
        cityTown: "Sydney",
        icon: null,
        socialPresence: "",
      }),
    ]);
  });

  it("refuses each rule of the list and of an entry with its code, changing nothing", async () => {
    const company = await newCompany();
    const [au] = (await getDetails(company)).entityInformation;
    const keep = request(au);
    await expectRefused(await putDetails(company, []), 400, {
      entityInformation: "oneCountryMustBeSelected",
    });
    await expectRefused(await putDetails(company, [{ ...keep, countryId: "" }]), 400, {
      "entityInformation.0.countryId": "oneCountryMustBeSelected",
    });
    await expectRefused(await putDetails(company, [keep, entryOf("au")]), 400, {
      "entityInformation.1.countryId": "noDuplicateCountry",
    });
    await expectRefused(
      await putDetails(company, [{ ...keep, isDefault: false }, entryOf("UK")]),
      400,
      { entityInformation: "oneCountryMustBeDefault" },
    );
    await expectRefused(
      await putDetails(company, [keep, entryOf("UK", { isDefault: true })]),
      400,
      { entityInformation: "oneCountryMustBeDefault" },
    );
    await expectRefused(await putDetails(company, [keep, entryOf("ZZ")]), 400, {
      "entityInformation.1.countryId": "unknownCountry",
    });
    await expectRefused(await putDetails(company, [keep, entryOf("IE")]), 400, {
      "entityInformation.1.countryId": "unknownCountry",
    });
    await expectRefused(await putDetails(company, [{ ...keep, profile: "x".repeat(199) }]), 400, {
      "entityInformation.0.profile": "tooShort",
    });
    await expectRefused(
      await putDetails(company, [{ ...keep, profile: "x".repeat(10_001) }]),
      400,
      { "entityInformation.0.profile": "tooLong" },
    );
    await expectRefused(
      await putDetails(company, [{ ...keep, socialPresence: "x".repeat(1001) }]),
      400,
      { "entityInformation.0.socialPresence": "tooLong" },
    );
    await expectRefused(await putDetails(company, [{ ...keep, companyName: " " }]), 400, {
      "entityInformation.0.companyName": "required",
    });
    await expectRefused(await putDetails(company, [{ ...keep, website: "ftp://x" }]), 400, {
      "entityInformation.0.website": "invalid",
    });
    await expectRefused(
      await putDetails(company, [{ ...keep, icon: { id: crypto.randomUUID() } }]),
      400,
      { "entityInformation.0.icon": "imageNotFound" },
    );
    expect(await getDetails(company)).toEqual({
      hasAwaitingSubmission: false,
      entityInformation: [au],
    });
  });

  it("adds, changes and removes entries by country, default first, with a company icon, and submits them for review until approved", async () => {
    const company = await newCompany();
    const [au] = (await getDetails(company)).entityInformation;
    const icon = await ok<{ id: string; url: string }>(
      await company.api(`images/entities/${au.id}?purpose=company-icon`, {
        method: "POST",
        body: fileForm(png(256, 256), "logo.png"),
      }),
      201,
    );
    const saved = companyDetails.parse(
      await ok(
        await putDetails(company, [
          { ...request(au), isDefault: false, cityTown: "Melbourne" },
          entryOf("uk", { isDefault: true, icon: { id: icon.id } }),
          entryOf("NZ"),
        ]),
      ),
    );
    expect(saved.hasAwaitingSubmission).toBe(true);
    expect(saved.entityInformation.map((e) => [e.countryId, e.isDefault])).toEqual([
      ["UK", true],
      ["AU", false],
      ["NZ", false],
    ]);
    expect(saved.entityInformation[1]).toMatchObject({ id: au.id, cityTown: "Melbourne" });
    expect(saved.entityInformation[0].icon).toEqual({ id: icon.id, url: icon.url });
    expect(await getDetails(company)).toEqual(saved);

    const [uk, kept] = saved.entityInformation;
    const again = companyDetails.parse(
      await ok(await putDetails(company, [request(uk), request(kept)])),
    );
    expect(again.entityInformation.map((e) => e.countryId)).toEqual(["UK", "AU"]);

    const awaiting = async () =>
      (
        await ok<{ companyDetails: { companyId: string }[] }>(await admin("pending"))
      ).companyDetails.map((c) => c.companyId);
    expect(await awaiting()).toContain(company.companyId);
    expect(
      (await admin(`companies/${company.companyId}/approve-details`, json("PUT"))).status,
    ).toBe(200);
    expect((await getDetails(company)).hasAwaitingSubmission).toBe(false);
    expect(await awaiting()).not.toContain(company.companyId);
    expect(
      (await admin(`companies/${crypto.randomUUID()}/approve-details`, json("PUT"))).status,
    ).toBe(404);
  });

  it("refuses a company icon that is not square, too small or not the company's", async () => {
    const company = await newCompany();
    const [au] = (await getDetails(company)).entityInformation;
    const upload = async (who: TestCompany, bytes: Uint8Array) =>
      ok<{ id: string }>(
        await who.api(`images/entities/${who.companyId}`, {
          method: "POST",
          body: fileForm(bytes, "logo.png"),
        }),
        201,
      );
    const wide = await upload(company, png(300, 256));
    await expectRefused(
      await putDetails(company, [{ ...request(au), icon: { id: wide.id } }]),
      400,
      { "entityInformation.0.icon": "imageSizeInvalid" },
    );
    const small = await upload(company, png(128, 128));
    await expectRefused(
      await putDetails(company, [{ ...request(au), icon: { id: small.id } }]),
      400,
      { "entityInformation.0.icon": "imageSizeInvalid" },
    );
    const others = await upload(b, png(256, 256));
    await expectRefused(
      await putDetails(company, [{ ...request(au), icon: { id: others.id } }]),
      400,
      { "entityInformation.0.icon": "imageNotFound" },
    );
  });

  it("shows and changes nothing of another company", async () => {
    const before = await getDetails(a);
    const theirs = await getDetails(b);
    expect(theirs.entityInformation.map((e) => e.countryId)).toEqual(["UK"]);
    expect(theirs.entityInformation.map((e) => e.id)).not.toContain(before.entityInformation[0].id);
    await ok(
      await putDetails(b, [
        request(theirs.entityInformation[0]),
        { ...request(before.entityInformation[0]), isDefault: false },
      ]),
    );
    expect(await getDetails(a)).toEqual(before);
  });
});

describe("bank details", () => {
  const valid = { accountName: " Alpha Pty Ltd ", bsb: " 062000 ", accountNumber: " 12345678 " };

  it("saves the first record, answers the number masked, refuses a second and updates by id", async () => {
    const company = await newCompany();
    expect(await ok(await company.api("settings/bank-details"))).toEqual([]);
    const created = bankDetails.parse(
      await ok(await company.api("settings/bank-details", json("POST", valid)), 201),
    );
    expect(created).toEqual({
      id: expect.any(String),
      accountName: "Alpha Pty Ltd",
      bsb: "062000",
      accountNumber: "*****678",
    });
    await expectRefused(await company.api("settings/bank-details", json("POST", valid)), 409, {
      id: "bankDetailsExist",
    });
    const updated = bankDetails.parse(
      await ok(
        await company.api(
          `settings/bank-details/${created.id}`,
          json("PUT", { ...valid, accountNumber: "000111222333" }),
        ),
      ),
    );
    expect(updated).toEqual({ ...created, accountNumber: "*********333" });
    expect(await ok(await company.api("settings/bank-details"))).toEqual([updated]);
  });

  it("refuses each rule with its code", async () => {
    const company = await newCompany();
    const post = (body: unknown) => company.api("settings/bank-details", json("POST", body));
    await expectRefused(await post({ accountName: "", bsb: "", accountNumber: "" }), 400, {
      accountName: "required",
      bsb: "required",
      accountNumber: "required",
    });
    await expectRefused(await post({ ...valid, bsb: "12345" }), 400, { bsb: "bsbMustBe6Digits" });
    await expectRefused(await post({ ...valid, bsb: "12345a" }), 400, { bsb: "bsbMustBe6Digits" });
    await expectRefused(await post({ ...valid, accountNumber: "12-34" }), 400, {
      accountNumber: "mustBeDigits",
    });
    await expectRefused(await post({ ...valid, accountNumber: "1".repeat(31) }), 400, {
      accountNumber: "atMost30Digits",
    });
    // Any length is answered by the account number's own rules, not a generic length.
    await expectRefused(await post({ ...valid, accountNumber: "1".repeat(101) }), 400, {
      accountNumber: "atMost30Digits",
    });
    await expectRefused(await post({ ...valid, accountNumber: `${"1".repeat(30)}abcde` }), 400, {
      accountNumber: "mustBeDigits",
    });
    await expectRefused(await post({ ...valid, bsb: "1".repeat(101) }), 400, {
      bsb: "bsbMustBe6Digits",
    });
    await expectRefused(await post({ accountName: "A", bsb: 62000, accountNumber: "1" }), 400, {
      bsb: "invalidType",
    });
    expect(await ok(await company.api("settings/bank-details"))).toEqual([]);
  });

  it("refuses a user who is not an admin (403)", async () => {
    const company = await newCompany();
    const created = bankDetails.parse(
      await ok(await company.api("settings/bank-details", json("POST", valid)), 201),
    );
    const someone = await member(company);
    for (const res of [
      await someone.api("settings/bank-details"),
      await someone.api("settings/bank-details", json("POST", valid)),
      await someone.api(`settings/bank-details/${created.id}`, json("PUT", valid)),
    ]) {
      expect(res.status).toBe(403);
      expect((await res.json()).errors).toEqual({ body: "adminOnly" });
    }
    expect((await someone.api("settings/company-details")).status).toBe(200);
  });

  it("shows and changes nothing of another company", async () => {
    const company = await newCompany();
    const created = bankDetails.parse(
      await ok(await company.api("settings/bank-details", json("POST", valid)), 201),
    );
    const other = await newCompany();
    expect(await ok(await other.api("settings/bank-details"))).toEqual([]);
    expect(
      (
        await other.api(
          `settings/bank-details/${created.id}`,
          json("PUT", { ...valid, accountName: "Theirs" }),
        )
      ).status,
    ).toBe(404);
    expect(await ok(await company.api("settings/bank-details"))).toEqual([created]);
  });
});
