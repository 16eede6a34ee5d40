import { describe, expect, it } from "vitest";
import {
  accountNumberRule,
  bsbRule,
  canDeleteEntry,
  confirmationRule,
  digitsOnly,
  maskAccountNumber,
  setDefaultEntry,
  sortDefaultFirst,
  stateLabel,
  trimBank,
  unusedCountries,
  validateBank,
  validateEntityList,
} from "./rules";
import { bankDetailsRequest, companyDetailsRequest } from "./schemas";

describe("bank rules", () => {
  it("holds the BSB to exactly 6 digits", () => {
    expect(bsbRule("")).toBe("required");
    expect(bsbRule("  ")).toBe("required");
    expect(bsbRule("12345")).toBe("bsbMustBe6Digits");
    expect(bsbRule("1234567")).toBe("bsbMustBe6Digits");
    expect(bsbRule("123-45")).toBe("bsbMustBe6Digits");
    expect(bsbRule("12345a")).toBe("bsbMustBe6Digits");
    expect(bsbRule(" 123456 ")).toBeUndefined();
  });

  it("holds the account number to digits only, at most 30", () => {
    expect(accountNumberRule("")).toBe("required");
    expect(accountNumberRule("12 34")).toBe("mustBeDigits");
    expect(accountNumberRule("-1234")).toBe("mustBeDigits");
    expect(accountNumberRule("1".repeat(31))).toBe("atMost30Digits");
    expect(accountNumberRule("1".repeat(30))).toBeUndefined();
    expect(accountNumberRule(" 0012345 ")).toBeUndefined();
  });

  it("names every failing field, on trimmed values", () => {
    expect(validateBank({})).toEqual({
      accountName: "required",
      bsb: "required",
      accountNumber: "required",
    });
    expect(validateBank({ accountName: "  ", bsb: "12", accountNumber: "x" })).toEqual({
      accountName: "required",
      bsb: "bsbMustBe6Digits",
      accountNumber: "mustBeDigits",
    });
    expect(
      validateBank({ accountName: " Acme ", bsb: " 062000 ", accountNumber: " 12345678 " }),
    ).toEqual({});
    expect(
      trimBank({ accountName: " Acme ", bsb: " 062000 ", accountNumber: " 12345678 " }),
    ).toEqual({ accountName: "Acme", bsb: "062000", accountNumber: "12345678" });
  });

  it("keeps typed digits only, capped", () => {
    expect(digitsOnly("06-2 00a0123", 6)).toBe("062000");
    expect(digitsOnly("1".repeat(40), 30)).toHaveLength(30);
  });

  it("leaves a BSB or account number of any length to its own rule, not a generic length", () => {
    const body = { accountName: "Acme", bsb: "1".repeat(101), accountNumber: "1".repeat(101) };
    expect(bankDetailsRequest.safeParse(body).success).toBe(true);
    expect(validateBank(body)).toEqual({
      bsb: "bsbMustBe6Digits",
      accountNumber: "atMost30Digits",
    });
    expect(
      validateBank({ ...body, bsb: "062000", accountNumber: `${"1".repeat(30)}abcde` }),
    ).toEqual({ accountNumber: "mustBeDigits" });
  });

  it("masks the account number but for its last 3 digits", () => {
    expect(maskAccountNumber("12345678")).toBe("*****678");
    expect(maskAccountNumber("1234")).toBe("*234");
    expect(maskAccountNumber("123")).toBe("***");
    expect(maskAccountNumber("")).toBe("");
  });
});

describe("company rules", () => {
  it("needs at least one entry, each with a country, none twice, exactly one default", () => {
    expect(validateEntityList([])).toEqual({ entityInformation: "oneCountryMustBeSelected" });
    expect(validateEntityList([{ countryId: "AU", isDefault: true }])).toEqual({});
    expect(validateEntityList([{ countryId: "", isDefault: true }])).toEqual({
      "entityInformation.0.countryId": "oneCountryMustBeSelected",
    });
    expect(
      validateEntityList([
        { countryId: "AU", isDefault: true },
        { countryId: "au", isDefault: false },
      ]),
    ).toEqual({ "entityInformation.1.countryId": "noDuplicateCountry" });
    expect(
      validateEntityList([
        { countryId: "AU", isDefault: false },
        { countryId: "UK", isDefault: false },
      ]),
    ).toEqual({ entityInformation: "oneCountryMustBeDefault" });
    expect(
      validateEntityList([
        { countryId: "AU", isDefault: true },
        { countryId: "UK", isDefault: true },
      ]),
    ).toEqual({ entityInformation: "oneCountryMustBeDefault" });
  });

  it("sets one default, clearing the others, and sorts it first", () => {
    const entries = [
      { countryId: "AU", isDefault: true },
      { countryId: "UK", isDefault: false },
      { countryId: "US", isDefault: false },
    ];
    const changed = setDefaultEntry(entries, 2);
    expect(changed.map((e) => e.isDefault)).toEqual([false, false, true]);
    expect(sortDefaultFirst(changed).map((e) => e.countryId)).toEqual(["US", "AU", "UK"]);
    expect(canDeleteEntry(changed[2])).toBe(false);
    expect(canDeleteEntry(changed[0])).toBe(true);
  });

  it("offers only the countries not used yet", () => {
    const countries = [{ code: "AU" }, { code: "UK" }, { code: "NZ" }];
    expect(unusedCountries(countries, [{ countryId: "uk" }])).toEqual([
      { code: "AU" },
      { code: "NZ" },
    ]);
    expect(
      unusedCountries(countries, [{ countryId: "AU" }, { countryId: "UK" }, { countryId: "NZ" }]),
    ).toEqual([]);
  });

  it("labels the state field by country", () => {
    expect(stateLabel("UK")).toBe("country");
    expect(stateLabel("ca")).toBe("province");
    expect(stateLabel("AU")).toBe("state");
    expect(stateLabel(undefined)).toBe("state");
  });

  it("holds an entry's about text and social presence to registration's rules", () => {
    const entry = {
      countryId: "au",
      isDefault: true,
      companyName: "Acme",
      phoneNumber: "0400 000 000",
      addressLine1: "1 Main St",
      cityTown: "Sydney",
      zipPostCode: "2000",
      stateCounty: "NSW",
      profile: "x".repeat(200),
    };
    const parsed = companyDetailsRequest.parse({ entityInformation: [entry] });
    expect(parsed.entityInformation[0]).toMatchObject({
      countryId: "AU",
      icon: null,
      socialPresence: "",
    });
    const issues = (values: Record<string, unknown>) =>
      companyDetailsRequest
        .safeParse({ entityInformation: [{ ...entry, ...values }] })
        .error?.issues.map((i) => [
          i.path.join("."),
          i.code === "custom" ? i.params?.code : i.code,
        ]);
    expect(issues({ profile: "x".repeat(199) })).toEqual([
      ["entityInformation.0.profile", "tooShort"],
    ]);
    expect(issues({ profile: "x".repeat(10_001) })).toEqual([
      ["entityInformation.0.profile", "tooLong"],
    ]);
    expect(issues({ socialPresence: "x".repeat(1001) })).toEqual([
      ["entityInformation.0.socialPresence", "too_big"],
    ]);
    expect(issues({ socialPresence: "x".repeat(1000) })).toBeUndefined();
  });
});

describe("user rules", () => {
  it("needs the confirmation to equal the password", () => {
    expect(confirmationRule("Secret123", "Secret123")).toBeUndefined();
    expect(confirmationRule("Secret123", "Secret124")).toBe("passwordMismatch");
    expect(confirmationRule("", undefined)).toBeUndefined();
  });
});
