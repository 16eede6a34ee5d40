/**
 * The rules of settings as pure functions, shared
 * by the console (its forms' checks, the cards and labels) and the sandbox (its refusals with
 * rule codes): bank details (BSB exactly 6 digits, account number of digits only, at most 30,
 * values trimmed, shown masked but for its last 3 digits), the regional entries of the
 * company (one per country, exactly one default, default first, the state's label by
 * country) and the user dialog (the password confirmed). Field rules shared with
 * registration (about text, social presence, password) are registration's. Plain TypeScript.
 */

/** At most this many regional entries of a company (one per country; there are fewer countries). */
export const MAX_ENTITIES = 20;

export const BANK_LIMITS = { bsbDigits: 6, accountNumberMaxDigits: 30, shownDigits: 3 } as const;

/** The fields the company shares: sent with every regional entry, shown once. */
export const SHARED_FIELDS = [
  "profile",
  "website",
  "socialPresence",
  "supportUrl",
  "termsUrl",
] as const;
export type SharedField = (typeof SHARED_FIELDS)[number];

/** The fields of a regional card, in page order. */
export const REGIONAL_FIELDS = [
  "companyName",
  "phoneNumber",
  "addressLine1",
  "addressLine2",
  "addressLine3",
  "cityTown",
  "zipPostCode",
  "stateCounty",
] as const;
export type RegionalField = (typeof REGIONAL_FIELDS)[number];

/** The longest account name the provider keeps. */
export const ACCOUNT_NAME_MAX = 200;

export const SETTINGS_RULE_CODES = [
  "required",
  // bank details
  "bsbMustBe6Digits",
  "mustBeDigits",
  "atMost30Digits",
  "bankDetailsExist",
  // company details
  "oneCountryMustBeSelected",
  "noDuplicateCountry",
  "oneCountryMustBeDefault",
  "unknownCountry",
  "imageNotFound",
  // users
  "passwordMismatch",
  "taken",
  "adminOnly",
  "cannotDeleteSelf",
  "lastAdmin",
] as const;
export type SettingsRuleCode = (typeof SETTINGS_RULE_CODES)[number];

/** Failing fields (dotted paths: `entityInformation.1.countryId`) with the code of the rule each breaks. */
export type SettingsErrors = Record<string, SettingsRuleCode>;

// ---------------------------------------------------------------------------
// Bank details
// ---------------------------------------------------------------------------

export interface BankValues {
  accountName?: string | null;
  bsb?: string | null;
  accountNumber?: string | null;
}

/** The values as saved: each trimmed. */
export function trimBank(values: BankValues): {
  accountName: string;
  bsb: string;
  accountNumber: string;
} {
  return {
    accountName: (values.accountName ?? "").trim(),
    bsb: (values.bsb ?? "").trim(),
    accountNumber: (values.accountNumber ?? "").trim(),
  };
}

/** The rule the BSB breaks, if any: exactly 6 digits. */
export function bsbRule(bsb: string): SettingsRuleCode | undefined {
  const value = bsb.trim();
  if (!value) return "required";
  return /^\d{6}$/.test(value) ? undefined : "bsbMustBe6Digits";
}

/** The rule the account number breaks, if any: required, digits only, at most 30. */
export function accountNumberRule(accountNumber: string): SettingsRuleCode | undefined {
  const value = accountNumber.trim();
  if (!value) return "required";
  if (!/^\d+$/.test(value)) return "mustBeDigits";
  return value.length > BANK_LIMITS.accountNumberMaxDigits ? "atMost30Digits" : undefined;
}

/** Every rule the bank form breaks, by field, on the trimmed values. */
export function validateBank(values: BankValues): SettingsErrors {
  const { accountName, bsb, accountNumber } = trimBank(values);
  const errors: SettingsErrors = {};
  if (!accountName) errors.accountName = "required";
  const bsbCode = bsbRule(bsb);
  if (bsbCode) errors.bsb = bsbCode;
  const numberCode = accountNumberRule(accountNumber);
  if (numberCode) errors.accountNumber = numberCode;
  return errors;
}

/** What a field of the bank form keeps of what is typed: digits only, at most `max` of them (BSB 6, account number 30). */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, "").slice(0, max);
}

/** The account number as shown and answered: every digit but the last 3 masked (`*****123`); a number of 3 digits or fewer wholly masked. */
export function maskAccountNumber(accountNumber: string): string {
  const value = accountNumber.trim();
  const shown = value.length > BANK_LIMITS.shownDigits ? value.slice(-BANK_LIMITS.shownDigits) : "";
  return "*".repeat(value.length - shown.length) + shown;
}

// ---------------------------------------------------------------------------
// Company details (4.3, 5.5, 9)
// ---------------------------------------------------------------------------

export interface EntityLike {
  countryId?: string | null;
  isDefault?: boolean | null;
}

/**
 * The rules of the list of regional entries: at least one, each with a country
 * (oneCountryMustBeSelected), no country twice (noDuplicateCountry, on the later entry),
 * exactly one default (oneCountryMustBeDefault, on the list).
 */
export function validateEntityList(entries: readonly EntityLike[]): SettingsErrors {
  const errors: SettingsErrors = {};
  if (entries.length === 0) return { entityInformation: "oneCountryMustBeSelected" };
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    const country = (entry.countryId ?? "").trim().toUpperCase();
    if (!country) errors[`entityInformation.${index}.countryId`] = "oneCountryMustBeSelected";
    else if (seen.has(country))
      errors[`entityInformation.${index}.countryId`] = "noDuplicateCountry";
    seen.add(country);
  });
  if (entries.filter((entry) => entry.isDefault === true).length !== 1)
    errors.entityInformation = "oneCountryMustBeDefault";
  return errors;
}

/** Makes `index` the default entry and clears the others. */
export function setDefaultEntry<E extends EntityLike>(entries: readonly E[], index: number): E[] {
  return entries.map((entry, i) => ({ ...entry, isDefault: i === index }));
}

/** The entries with the default first, the others in the order given. */
export function sortDefaultFirst<E extends EntityLike>(entries: readonly E[]): E[] {
  return [...entries].sort((a, b) => Number(b.isDefault === true) - Number(a.isDefault === true));
}

/** Whether an entry may be deleted: not the default one. */
export const canDeleteEntry = (entry: EntityLike) => entry.isDefault !== true;

/** The countries not yet used by an entry (what an added entry may choose); adding is offered while any is left. */
export function unusedCountries<C extends { code: string }>(
  countries: readonly C[],
  entries: readonly EntityLike[],
): C[] {
  const used = new Set(entries.map((entry) => (entry.countryId ?? "").toUpperCase()));
  return countries.filter((country) => !used.has(country.code.toUpperCase()));
}

export type StateLabel = "country" | "province" | "state";

/** The label of the state field by country: UK 'country', CA 'province', others 'state'. */
export function stateLabel(countryCode: string | null | undefined): StateLabel {
  const code = (countryCode ?? "").trim().toUpperCase();
  return code === "UK" ? "country" : code === "CA" ? "province" : "state";
}

// ---------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------

/** The user dialog's confirmation: it must equal the password (passwordMismatch). */
export function confirmationRule(
  password: string | null | undefined,
  confirmPassword: string | null | undefined,
): SettingsRuleCode | undefined {
  return (password ?? "") === (confirmPassword ?? "") ? undefined : "passwordMismatch";
}
