/**
 * The company tab's form, pure so that the browser and
 * the action read and check it alike: the fields the company shares across its regions
 * (about, website, social presence, support and terms URLs, icon) and one card per regional
 * entry (its country, name, phone and address), exactly one of them the default.
 *
 * Field rules are registration's (the rules derived from its schema's fields, with its
 * messages: ./company.server.ts); the rules of the list are the contract's
 * (app/api/settings/rules.ts). docs/decisions/0064-company-tab.md.
 */
import type { TFunction } from "i18next";
import {
  MAX_ENTITIES,
  REGIONAL_FIELDS,
  type RegionalField,
  SETTINGS_RULE_CODES,
  SHARED_FIELDS,
  type SharedField,
  stateLabel,
  validateEntityList,
} from "~/api/settings/rules";
import type { CompanyDetails, CompanyDetailsRequest } from "~/api/settings/schemas";
import { HTTP_URL, isStorableText } from "~/api/text";
import { profileError } from "~/routes/$lang.auth.register/form";
import { type FormRules, firstBroken } from "./check";

export const OPTIONAL_FIELDS: readonly string[] = [
  "addressLine2",
  "addressLine3",
  "website",
  "socialPresence",
  "supportUrl",
  "termsUrl",
];

export const ICON_FIELD = "companyIcon";
export const DEFAULT_FIELD = "defaultEntry";
/** The name of the list as a whole, for the rules of the list (no country, no default). */
export const LIST_FIELD = "entities";

export interface RegionalValues {
  /** The entry's id once saved; empty for an entry added on the page. */
  id: string;
  countryId: string;
  companyName: string;
  phoneNumber: string;
  addressLine1: string;
  addressLine2: string;
  addressLine3: string;
  cityTown: string;
  zipPostCode: string;
  stateCounty: string;
}

export interface CompanyFormValues {
  profile: string;
  website: string;
  socialPresence: string;
  supportUrl: string;
  termsUrl: string;
  icon: { id: string; url: string } | null;
  entries: RegionalValues[];
  /** The index of the default entry; -1 when none is chosen. */
  defaultIndex: number;
}

/** What the page shows after a post: the values as typed, their problems, the card to open or the confirmation to show. */
export interface CompanyFormReply {
  values: CompanyFormValues;
  errors: CompanyFormErrors;
  /** The card to open (an added one, the first with a problem); -1 for none. */
  open: number;
  /** The card whose deletion is asked for (without JavaScript); -1 for none. */
  confirmDelete: number;
  notice: "unchanged" | null;
  /** The refusal in words when it names no field. */
  failure: string | null;
}

/** Problems by field name (`profile`, `entities[1].cityTown`, `companyIcon`, `defaultEntry`, `entities`), in the user's words. */
export type CompanyFormErrors = Record<string, string>;

export const entryField = (index: number, field: RegionalField | "countryId" | "id") =>
  `entities[${index}].${field}`;

export const emptyEntry = (): RegionalValues => ({
  id: "",
  countryId: "",
  companyName: "",
  phoneNumber: "",
  addressLine1: "",
  addressLine2: "",
  addressLine3: "",
  cityTown: "",
  zipPostCode: "",
  stateCounty: "",
});

/** The form's values from the saved details: shared fields from the default entry (the first). */
export function fromCompanyDetails(details: CompanyDetails): CompanyFormValues {
  const [first] = details.entityInformation;
  const defaultIndex = details.entityInformation.findIndex((entry) => entry.isDefault);
  return {
    profile: first?.profile ?? "",
    website: first?.website ?? "",
    socialPresence: first?.socialPresence ?? "",
    supportUrl: first?.supportUrl ?? "",
    termsUrl: first?.termsUrl ?? "",
    icon: first?.icon ?? null,
    entries: details.entityInformation.map((entry) => ({
      id: entry.id,
      countryId: entry.countryId,
      companyName: entry.companyName,
      phoneNumber: entry.phoneNumber,
      addressLine1: entry.addressLine1,
      addressLine2: entry.addressLine2,
      addressLine3: entry.addressLine3,
      cityTown: entry.cityTown,
      zipPostCode: entry.zipPostCode,
      stateCounty: entry.stateCounty,
    })),
    defaultIndex,
  };
}

/** The body of `PUT settings/company-details`: every entry, with the shared fields and the icon. */
export function toCompanyRequest(values: CompanyFormValues): CompanyDetailsRequest {
  const shared = Object.fromEntries(SHARED_FIELDS.map((field) => [field, values[field].trim()]));
  return {
    entityInformation: values.entries.map(({ id: _id, ...entry }, index) => ({
      ...Object.fromEntries(Object.entries(entry).map(([key, value]) => [key, value.trim()])),
      ...shared,
      countryId: entry.countryId.trim().toUpperCase(),
      isDefault: index === values.defaultIndex,
      icon: values.icon ? { id: values.icon.id } : null,
    })) as CompanyDetailsRequest["entityInformation"],
  };
}

/** Whether the values would save nothing new over `saved`. */
export function isUnchanged(values: CompanyFormValues, saved: CompanyFormValues): boolean {
  const canonical = (request: CompanyDetailsRequest) =>
    JSON.stringify(
      [...request.entityInformation].sort((a, b) =>
        String(a.countryId).localeCompare(String(b.countryId)),
      ),
    );
  return canonical(toCompanyRequest(values)) === canonical(toCompanyRequest(saved));
}

/** Reads a field that must be one piece of text: the text, or `undefined` when sent twice or as a file. */
function oneText(formData: FormData, name: string): string | undefined {
  const all = formData.getAll(name);
  if (all.length === 0) return "";
  if (all.length > 1 || typeof all[0] !== "string") return undefined;
  return all[0];
}

/**
 * The form's values as posted, and the fields that were not one piece of text (sent twice or
 * as a file: named, `invalid`). Entries are taken in the order of their indices.
 */
export function readCompanyForm(formData: FormData): {
  values: CompanyFormValues;
  malformed: string[];
} {
  const malformed: string[] = [];
  const read = (name: string) => {
    const value = oneText(formData, name);
    if (value === undefined) malformed.push(name);
    return value ?? "";
  };
  const indices = new Set<number>();
  for (const name of formData.keys()) {
    const match = /^entities\[(\d{1,3})\]\.\w+$/.exec(name);
    if (match) indices.add(Number(match[1]));
  }
  const sent = [...indices].sort((a, b) => a - b);
  const entries = sent.map((sentIndex) => {
    const entry = emptyEntry();
    for (const field of ["id", "countryId", ...REGIONAL_FIELDS] as const) {
      const name = entryField(sentIndex, field);
      const value = oneText(formData, name);
      if (value === undefined) malformed.push(name);
      entry[field] = value ?? "";
    }
    return entry;
  });
  const defaultSent = read(DEFAULT_FIELD).trim();
  const defaultIndex = /^\d{1,3}$/.test(defaultSent) ? sent.indexOf(Number(defaultSent)) : -1;
  const iconId = read("iconId").trim();
  const iconUrl = read("iconUrl").trim();
  const values: CompanyFormValues = {
    profile: read("profile"),
    website: read("website"),
    socialPresence: read("socialPresence"),
    supportUrl: read("supportUrl"),
    termsUrl: read("termsUrl"),
    icon: iconId ? { id: iconId, url: HTTP_URL.test(iconUrl) ? iconUrl : "" } : null,
    entries,
    defaultIndex,
  };
  // Malformed names are as sent; entries are renumbered from 0 in the page.
  return { values, malformed: malformed.map((name) => renumber(name, sent)) };
}

function renumber(name: string, sent: number[]): string {
  return name.replace(
    /^entities\[(\d+)\]/,
    (_, index: string) => `entities[${sent.indexOf(Number(index))}]`,
  );
}

/** The label of a field as the page shows it (the state's word by the entry's country). */
export function companyFieldLabel(t: TFunction, name: string, values?: CompanyFormValues): string {
  const match = /^entities\[(\d+)\]\.(\w+)$/.exec(name);
  const field = match ? match[2] : name;
  if (field === "stateCounty")
    return t(
      `settings:company.fields.stateCounty.${stateLabel(values?.entries[Number(match?.[1])]?.countryId)}`,
    );
  if (field === "countryId") return t("settings:company.fields.countryId");
  if (field === ICON_FIELD || field === "iconId")
    return t("auth:register.fields.companyIcon.label");
  const key = ["profile", "phoneNumber", "socialPresence"].includes(field)
    ? `auth:register.fields.${field}.label`
    : `auth:register.fields.${field}`;
  return t(key);
}

/** A rule code of the settings calls (or of registration's fields) in the user's words. */
export function companyRuleMessage(t: TFunction, code: string, label: string): string {
  if (code === "tooShort" || code === "tooLong" || code === "required")
    return t(`settings:company.errors.${code}`, { field: label });
  if (code === "invalidCharacters")
    return t("auth:register.errors.invalidCharacters", { field: label });
  if (code === "imageTypeInvalid" || code === "invalidType")
    return t("auth:register.errors.iconInvalidType");
  if (code === "imageSizeInvalid" || code === "invalidSize")
    return t("auth:register.errors.iconInvalidSize");
  if (code === "sizeGreater400KB") return t("auth:register.errors.iconTooBig");
  return (SETTINGS_RULE_CODES as readonly string[]).includes(code)
    ? t(`settings:errors.${code}`, { field: label })
    : t("settings:errors.invalid", { field: label });
}

const STATE_MAX = 100;

/** `t` reaching registration's messages (the `auth` namespace) by their keys there. */
export const authTranslator = (t: TFunction) =>
  ((key: string, options?: Record<string, unknown>) => t(`auth:${key}`, options)) as TFunction;

/**
 * Every problem of the form, by field, in the user's words: registration's field rules for the
 * shared and regional fields (`rules`: ./company.server.ts, and the about text's length), a
 * state named as the country calls it, and the rules of the list (a country on each card from
 * `countryCodes`, none twice, exactly one default). `t` must reach the `auth` and `settings`
 * namespaces.
 */
export function validateCompanyForm(
  t: TFunction,
  values: CompanyFormValues,
  countryCodes: readonly string[],
  rules: FormRules,
): CompanyFormErrors {
  const errors: CompanyFormErrors = {};
  const check = (name: string, field: SharedField | RegionalField, value: string) => {
    const message = firstBroken(
      rules[field] ?? [],
      OPTIONAL_FIELDS.includes(field) && value.trim() === "" ? undefined : value,
    );
    const more =
      field === "profile" && !message ? profileError(authTranslator(t), value.trim()) : undefined;
    if (message ?? more) errors[name] = (message ?? more) as string;
  };
  for (const field of SHARED_FIELDS) check(field, field, values[field]);
  values.entries.forEach((entry, index) => {
    for (const field of REGIONAL_FIELDS) {
      const name = entryField(index, field);
      if (field === "stateCounty") {
        const value = entry.stateCounty.trim();
        const label = companyFieldLabel(t, name, values);
        if (!value) errors[name] = t("settings:errors.required", { field: label });
        else if (value.length > STATE_MAX)
          errors[name] = t("settings:errors.tooLong", { field: label, max: STATE_MAX });
        else if (!isStorableText(value))
          errors[name] = t("auth:register.errors.invalidCharacters", { field: label });
      } else check(name, field, entry[field]);
    }
    const country = entry.countryId.trim().toUpperCase();
    if (country && !countryCodes.includes(country))
      errors[entryField(index, "countryId")] = t("settings:errors.unknownCountry");
  });
  if (values.entries.length > MAX_ENTITIES)
    errors[LIST_FIELD] = t("settings:errors.oneCountryMustBeSelected");
  const list = validateEntityList(
    values.entries.map((entry, index) => ({
      countryId: entry.countryId,
      isDefault: index === values.defaultIndex,
    })),
  );
  for (const [path, code] of Object.entries(list)) {
    if (path === "entityInformation")
      errors[code === "oneCountryMustBeDefault" ? DEFAULT_FIELD : LIST_FIELD] = t(
        `settings:errors.${code}`,
      );
    else
      errors[
        path.replace(/^entityInformation\.(\d+)\.countryId$/, (_, index: string) =>
          entryField(Number(index), "countryId"),
        )
      ] ??= t(`settings:errors.${code}`);
  }
  return errors;
}

/** The field of the form a refusal of `PUT settings/company-details` names (`entityInformation.2.cityTown`). */
export function formFieldOfApiPath(path: string): string {
  const match = /^entityInformation\.(\d+)\.(\w+)/.exec(path);
  if (!match) return path === "entityInformation" ? LIST_FIELD : path;
  const [, index, field] = match;
  if (field === "icon") return ICON_FIELD;
  if (field === "isDefault") return DEFAULT_FIELD;
  if ((SHARED_FIELDS as readonly string[]).includes(field)) return field;
  return entryField(Number(index), field as RegionalField);
}

/** The index of the first card with a problem, or -1. */
export function firstInvalidEntry(errors: CompanyFormErrors): number {
  const indices = Object.keys(errors).flatMap((name) => {
    const match = /^entities\[(\d+)\]\./.exec(name);
    return match ? [Number(match[1])] : [];
  });
  return indices.length ? Math.min(...indices) : -1;
}

/** The field names in page order, for the error summary. */
export function orderedErrorNames(values: CompanyFormValues, errors: CompanyFormErrors): string[] {
  const order = [
    LIST_FIELD,
    ...SHARED_FIELDS,
    ICON_FIELD,
    DEFAULT_FIELD,
    ...values.entries.flatMap((_, index) => [
      entryField(index, "countryId"),
      ...REGIONAL_FIELDS.map((field) => entryField(index, field)),
    ]),
  ];
  return [
    ...order.filter((name) => name in errors),
    ...Object.keys(errors).filter((name) => !order.includes(name)),
  ];
}
