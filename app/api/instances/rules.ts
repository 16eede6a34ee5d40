/**
 * The rules of sandbox accounts as pure functions,
 * shared by the console (its forms, the import dialog, the environment select) and the
 * sandbox (its refusals with rule codes): environment types, staging and live, the
 * environment a choice of country selects (AUB live is AU's LIVEB; staging is TEST, or DEV
 * in a development build), the new-credentials and import checks, the configuration (a
 * disabled app is reset to status 200 and endpoint LIVE) and the import token's decoding.
 * docs/decisions/0058-sandbox-accounts-and-usage.md. Plain TypeScript.
 */
import { isStorableText } from "../text";

export const STAGING_TYPES = ["TEST", "DEV"] as const;
export const LIVE_TYPES = ["LIVE", "LIVEB"] as const;
export const INSTANCE_ENV_TYPES = [...STAGING_TYPES, ...LIVE_TYPES] as const;
export type InstanceEnvType = (typeof INSTANCE_ENV_TYPES)[number];

/** A staging account (TEST or DEV): only users with test access see, create or change one. */
export const isStagingType = (type: string): boolean =>
  (STAGING_TYPES as readonly string[]).includes(type.toUpperCase());
export const isLiveType = (type: string): boolean =>
  (LIVE_TYPES as readonly string[]).includes(type.toUpperCase());

/** Default firm type (product variant) of a new or imported account. */
export const DEFAULT_FIRM_TYPE = 1;
/** The status choices of an app in an account's configuration. */
export const APP_STATUS_CODES = [0, 200] as const;
export const DISABLED_APP_STATUS = 200;
/** The service environments an app of the configuration can point at. */
export const APP_ENDPOINTS = ["DEV", "TEST", "BETA", "LIVE"] as const;
export type AppEndpoint = (typeof APP_ENDPOINTS)[number];
export const DISABLED_APP_ENDPOINT: AppEndpoint = "LIVE";

/** The token's numeric country code that means region NZ. */
export const NZ_COUNTRY_CODE = 5;
/** The AU beta region: its live environment is AU's of type LIVEB. */
export const BETA_REGION = "AUB";

/** Limits of the new-credentials fields. */
export const INSTANCE_LIMITS = {
  name: 100,
  email: 255,
  password: 128,
  id: 100,
  firmTypeMax: 1000,
} as const;

export const INSTANCE_RULE_CODES = [
  "required",
  "invalidEmail",
  "passwordMismatch",
  "tooLong",
  "invalidFirmType",
  "unknownEnvironment",
  "unknownRegion",
  "invalidStatus",
  "invalidEndpoint",
  "unknownApp",
  "duplicateApp",
  "invalidToken",
  "invalidCharacters",
  // state
  "noTestAccess",
  "usernameTaken",
] as const;
export type InstanceRuleCode = (typeof INSTANCE_RULE_CODES)[number];
export type InstanceErrors = Record<string, InstanceRuleCode>;

// ---------------------------------------------------------------------------
// Environments
// ---------------------------------------------------------------------------

export interface EnvironmentLike {
  id: number;
  envType: string;
  countryCode: string;
}

/** The country whose environments a chosen country uses: AUB is AU, IE is UK, others their own. */
export function environmentCountry(countryCode: string): string {
  const code = countryCode.trim().toUpperCase();
  return code === BETA_REGION ? "AU" : code === "IE" ? "UK" : code;
}

/** The environment type a choice selects: live is LIVE (LIVEB for AUB); staging is TEST, or DEV in a development build. */
export function environmentTypeFor(
  countryCode: string,
  sandbox: "staging" | "live",
  development = false,
): InstanceEnvType {
  if (sandbox === "staging") return development ? "DEV" : "TEST";
  return countryCode.trim().toUpperCase() === BETA_REGION ? "LIVEB" : "LIVE";
}

/** The environment type an import token names for its region: LIVE of AUB is AU's LIVEB; the others as given. */
export function importEnvironmentType(region: string, environment: string): string {
  const given = environment.trim().toUpperCase();
  return given === "LIVE" ? environmentTypeFor(region, "live") : given;
}

/** The environment of the new-credentials choice (country and sandbox), if the provider has it. */
export function environmentFor<E extends EnvironmentLike>(
  environments: readonly E[],
  choice: { countryCode: string; sandbox: "staging" | "live"; development?: boolean },
): E | undefined {
  const country = environmentCountry(choice.countryCode);
  const type = environmentTypeFor(choice.countryCode, choice.sandbox, choice.development);
  return environments.find(
    (env) => env.countryCode.toUpperCase() === country && env.envType.toUpperCase() === type,
  );
}

// ---------------------------------------------------------------------------
// New credentials and import
// ---------------------------------------------------------------------------

const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isValidEmail = (value: string): boolean =>
  EMAIL.test(value.trim()) && value.trim().length <= INSTANCE_LIMITS.email;

/** A firm type (product variant) is a whole number from 1 to 1000. */
export const isFirmType = (value: unknown): value is number =>
  typeof value === "number" &&
  Number.isInteger(value) &&
  value >= 1 &&
  value <= INSTANCE_LIMITS.firmTypeMax;

export interface NewInstanceValues {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  password?: string | null;
  /** Checked by the console only: the API is not sent it. */
  confirmPassword?: string | null;
  leapEnvironmentsId?: number | null;
  firmType?: number | null;
}

/**
 * New credentials: environment, names, email, password required; a
 * valid email; the confirmation equal to the password (when given); a firm type of 1 to 1000.
 */
export function validateNewInstance(values: NewInstanceValues): InstanceErrors {
  const errors: InstanceErrors = {};
  if (values.leapEnvironmentsId === undefined || values.leapEnvironmentsId === null)
    errors.leapEnvironmentsId = "required";
  const unstorable = (value: unknown) => typeof value === "string" && !isStorableText(value);
  for (const field of ["firstName", "lastName"] as const) {
    if (blank(values[field])) errors[field] = "required";
    else if (unstorable(values[field])) errors[field] = "invalidCharacters";
    else if ((values[field] as string).trim().length > INSTANCE_LIMITS.name)
      errors[field] = "tooLong";
  }
  if (blank(values.email)) errors.email = "required";
  else if (unstorable(values.email)) errors.email = "invalidCharacters";
  else if (!isValidEmail(values.email as string)) errors.email = "invalidEmail";
  if (blank(values.password)) errors.password = "required";
  else if (unstorable(values.password)) errors.password = "invalidCharacters";
  else if ((values.password as string).length > INSTANCE_LIMITS.password)
    errors.password = "tooLong";
  if (values.confirmPassword !== undefined) {
    if (blank(values.confirmPassword)) errors.confirmPassword = "required";
    else if (unstorable(values.confirmPassword)) errors.confirmPassword = "invalidCharacters";
    else if (values.confirmPassword !== values.password)
      errors.confirmPassword = "passwordMismatch";
  }
  if (values.firmType !== undefined && values.firmType !== null && !isFirmType(values.firmType))
    errors.firmType = "invalidFirmType";
  return errors;
}

/** The import payload. */
export interface ImportValues {
  region: string;
  environment: string;
  firmId: string;
  staffId: string;
  userId: string;
  firmType: number;
}

/** An import: region, environment (TEST, DEV, LIVE or LIVEB), firm, staff and user ids required; a firm type of 1 to 1000. */
export function validateImport(
  values: Partial<Record<keyof ImportValues, unknown>>,
): InstanceErrors {
  const errors: InstanceErrors = {};
  if (blank(values.region)) errors.region = "required";
  else if (typeof values.region === "string" && !isStorableText(values.region))
    errors.region = "invalidCharacters";
  if (blank(values.environment)) errors.environment = "required";
  else if (
    typeof values.environment !== "string" ||
    !(INSTANCE_ENV_TYPES as readonly string[]).includes(values.environment.trim().toUpperCase())
  ) {
    errors.environment = "unknownEnvironment";
  }
  for (const field of ["firmId", "staffId", "userId"] as const) {
    if (blank(values[field])) errors[field] = "required";
    else if (!isStorableText(String(values[field]))) errors[field] = "invalidCharacters";
    else if (String(values[field]).trim().length > INSTANCE_LIMITS.id) errors[field] = "tooLong";
  }
  if (values.firmType !== undefined && values.firmType !== null && !isFirmType(values.firmType))
    errors.firmType = "invalidFirmType";
  return errors;
}

/** An id of the token: a string or a whole number, as text. */
function tokenId(value: unknown): string | undefined {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" && Number.isSafeInteger(value)) return String(value);
  return undefined;
}

/** Base64 or base64url text to a string (UTF-8); undefined when it is not base64. */
function decodeBase64(part: string): string | undefined {
  const standard = part.replace(/-/g, "+").replace(/_/g, "/");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(standard) || standard.length % 4 === 1) return undefined;
  const padded = standard + "=".repeat((4 - (standard.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

export type DecodedToken =
  | { ok: true; payload: ImportValues }
  | { ok: false; error: "invalidToken" };

const INVALID_TOKEN: DecodedToken = { ok: false, error: "invalidToken" };

/**
 * The import token: three parts separated by dots, the middle
 * one base64 (or base64url) JSON holding firmId, userId, staffId, countryCode, region,
 * environment and firmType. Country code 5 means region NZ; otherwise the region is the
 * token's, upper case; a missing firm type is 1. Anything else, or a payload the import
 * refuses (`validateImport`), is `invalidToken`.
 */
export function decodeImportToken(token: string | null | undefined): DecodedToken {
  const parts = (token ?? "").trim().split(".");
  if (parts.length !== 3 || !parts[1]) return INVALID_TOKEN;
  const text = decodeBase64(parts[1]);
  if (text === undefined) return INVALID_TOKEN;
  let claims: unknown;
  try {
    claims = JSON.parse(text);
  } catch {
    return INVALID_TOKEN;
  }
  if (typeof claims !== "object" || claims === null || Array.isArray(claims)) return INVALID_TOKEN;
  const c = claims as Record<string, unknown>;
  const countryCode = typeof c.countryCode === "string" ? Number(c.countryCode) : c.countryCode;
  const region =
    countryCode === NZ_COUNTRY_CODE
      ? "NZ"
      : typeof c.region === "string"
        ? c.region.trim().toUpperCase()
        : "";
  const firmType =
    c.firmType === undefined || c.firmType === null || c.firmType === ""
      ? DEFAULT_FIRM_TYPE
      : typeof c.firmType === "string"
        ? Number(c.firmType)
        : c.firmType;
  const payload = {
    region,
    environment: typeof c.environment === "string" ? c.environment.trim().toUpperCase() : "",
    firmId: tokenId(c.firmId) ?? "",
    staffId: tokenId(c.staffId) ?? "",
    userId: tokenId(c.userId) ?? "",
    firmType: firmType as number,
  };
  if (Object.keys(validateImport(payload)).length > 0) return INVALID_TOKEN;
  return { ok: true, payload };
}

// ---------------------------------------------------------------------------
// Configuration
// ---------------------------------------------------------------------------

export interface ConfigurationValues {
  appGroupId: string;
  isEnabled: boolean;
  appStatusCode: number;
  appEndpoint: string;
}

/** An app's configuration as saved: a disabled app is reset to status 200 and endpoint LIVE; an enabled one keeps its choices. */
export function normalizeConfiguration<C extends ConfigurationValues>(item: C): C {
  return item.isEnabled
    ? { ...item, appEndpoint: item.appEndpoint.toUpperCase() }
    : { ...item, appStatusCode: DISABLED_APP_STATUS, appEndpoint: DISABLED_APP_ENDPOINT };
}

/**
 * A configuration's items: each app once, a status of 0 or 200 and an endpoint of DEV, TEST,
 * BETA or LIVE; with `known`, an app group of the account's region (`unknownApp` otherwise).
 * Errors are named `configurations.{index}.{field}`.
 */
export function validateConfiguration(
  items: readonly ConfigurationValues[],
  known?: ReadonlySet<string>,
): InstanceErrors {
  const errors: InstanceErrors = {};
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const at = `configurations.${index}`;
    const id = item.appGroupId.trim().toLowerCase();
    if (seen.has(id)) errors[`${at}.appGroupId`] = "duplicateApp";
    else if (known && !known.has(id)) errors[`${at}.appGroupId`] = "unknownApp";
    seen.add(id);
    if (!(APP_STATUS_CODES as readonly number[]).includes(item.appStatusCode))
      errors[`${at}.appStatusCode`] = "invalidStatus";
    if (!(APP_ENDPOINTS as readonly string[]).includes(item.appEndpoint.toUpperCase()))
      errors[`${at}.appEndpoint`] = "invalidEndpoint";
  });
  return errors;
}

/** The configuration badge: how many apps are enabled. */
export const enabledCount = (configuration: readonly { isEnabled: boolean }[]): number =>
  configuration.filter((item) => item.isEnabled).length;
