/**
 * The registration form as the page needs it, zod-free: its
 * fields in page order, their labels, and the rules the browser checks beside those derived
 * from the action's schema (./schema.server.ts): the rules across fields (the confirmation,
 * the state named as the country calls it, the entity types a country offers, the captcha),
 * the about text's length as a reader counts it and the icon's type and size. The schema
 * refines with the same functions.
 *
 * Field names are the contract's (`countryId`, `zipPostCode`, `termsAndConditionsAgreed`...),
 * so a provider error naming a `field` lands next to the right input.
 */
import type { TFunction } from "i18next";
import { ABOUT_LIMITS, ENTITY_TYPES, plainTextLength } from "~/api/registration/rules";
import { type StateLabel, stateLabel } from "~/api/settings/rules";
import { isStorableText } from "~/api/text";
import { COMPANY_ICON_MAX_BYTES } from "./company-icon";

/** A country of the pick list, as the page needs it. */
export interface RegisterCountry {
  code: string;
  name: string;
  phoneCode: string;
  /** `lower-level-entity-enabled` for this country: the entity type choice is offered. */
  entityTypes: boolean;
}

export interface RegisterContext {
  countries: RegisterCountry[];
}

/** Entity type values of the radio group, in display order. */
export const ENTITY_TYPE_OPTIONS = [
  { value: String(ENTITY_TYPES.external), key: "standard" },
  { value: String(ENTITY_TYPES.internal), key: "advanced" },
  { value: String(ENTITY_TYPES.entry), key: "entry" },
] as const;

/** Which word the state field uses: the company settings' rule, or all of them before a country is chosen. */
export type StateKind = StateLabel | "any";
export function stateKind(countryCode: string | null | undefined): StateKind {
  return countryCode?.trim() ? stateLabel(countryCode) : "any";
}

/** The form's fields in page order: the error summary lists them in this order. */
export const FIELD_ORDER = [
  "title",
  "firstName",
  "lastName",
  "email",
  "password",
  "confirmPassword",
  "companyName",
  "countryId",
  "phoneNumber",
  "addressLine1",
  "addressLine2",
  "addressLine3",
  "cityTown",
  "zipPostCode",
  "stateCounty",
  "profile",
  "website",
  "socialPresence",
  "supportUrl",
  "termsUrl",
  "companyIcon",
  "entityType",
  "captchaAnswer",
  "altcha",
  "termsAndConditionsAgreed",
] as const;
export type RegisterField = (typeof FIELD_ORDER)[number];

/** Fields never sent back into the page after a failed submit. */
export const SECRET_FIELDS = ["password", "confirmPassword", "altcha", "captchaToken"] as const;

/** Where each text field's label is in `auth:register.fields`, for messages that name the field. */
export const LABEL_KEYS = {
  firstName: "register.fields.firstName",
  lastName: "register.fields.lastName",
  email: "register.fields.email.label",
  password: "register.fields.password.label",
  confirmPassword: "register.fields.confirmPassword",
  companyName: "register.fields.companyName",
  phoneNumber: "register.fields.phoneNumber.label",
  addressLine1: "register.fields.addressLine1",
  addressLine2: "register.fields.addressLine2",
  addressLine3: "register.fields.addressLine3",
  cityTown: "register.fields.cityTown",
  zipPostCode: "register.fields.zipPostCode",
  profile: "register.fields.profile.label",
  website: "register.fields.website",
  socialPresence: "register.fields.socialPresence.label",
  supportUrl: "register.fields.supportUrl",
  termsUrl: "register.fields.termsUrl",
} as const satisfies Partial<Record<RegisterField, string>>;
export type TextField = keyof typeof LABEL_KEYS;

/** The label of a text field as the page shows it; the state field's word follows the country. */
export function textFieldLabel(
  t: TFunction,
  field: string,
  countryId?: string,
): string | undefined {
  if (field === "stateCounty") return t(`register.fields.stateCounty.${stateKind(countryId)}`);
  return field in LABEL_KEYS ? t(LABEL_KEYS[field as TextField]) : undefined;
}

/** The value of a field as sent, when it is some text (an empty field is no value, as in the action). */
const textOf = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);

/** The about text's length as a reader counts it: required, 200 to 10,000 characters. */
export function profileError(t: TFunction, value: string): string | undefined {
  const count = plainTextLength(value);
  if (count === 0) return t("register.errors.profileRequired");
  if (count < ABOUT_LIMITS.min)
    return t("register.errors.profileTooShort", { min: ABOUT_LIMITS.min, count });
  if (count > ABOUT_LIMITS.max)
    return t("register.errors.profileTooLong", { max: ABOUT_LIMITS.max, count });
  return undefined;
}

/** The icon's type and byte size; anything else of it is judged by its bytes on the server. */
export function iconError(t: TFunction, file: File): string | undefined {
  // Another image type is refused at once.
  if (file.type.startsWith("image/") && file.type !== "image/png")
    return t("register.errors.iconInvalidType");
  if (file.size > COMPANY_ICON_MAX_BYTES) return t("register.errors.iconTooBig");
  return undefined;
}

/**
 * The rules that span fields, by field: the confirmation equal to the password, the state
 * (required, at most 100 characters, storable) named as the chosen country calls it, an
 * advanced entity type only for a country that offers entity types, and the captcha: the
 * answer to the question when one was asked (no JS), else the widget's payload.
 */
export function crossFieldErrors(
  t: TFunction,
  values: Record<string, unknown>,
  context: RegisterContext,
): Partial<Record<RegisterField, string>> {
  const errors: Partial<Record<RegisterField, string>> = {};
  const password = textOf(values.password);
  const confirmPassword = textOf(values.confirmPassword);
  const countryId = textOf(values.countryId);
  const stateCounty = textOf(values.stateCounty)?.trim();
  const entityType = textOf(values.entityType);
  const countryCodes = new Set(context.countries.map((country) => country.code));
  if (password && confirmPassword && password !== confirmPassword)
    errors.confirmPassword = t("register.errors.passwordMismatch");
  if (!stateCounty)
    errors.stateCounty = t(`register.errors.stateCountyRequired.${stateKind(countryId)}`);
  else if (stateCounty.length > 100)
    errors.stateCounty = t(`register.errors.stateCountyTooLong.${stateKind(countryId)}`, {
      max: 100,
    });
  else if (!isStorableText(stateCounty))
    errors.stateCounty = t("register.errors.invalidCharacters", {
      field: textFieldLabel(t, "stateCounty", countryId) ?? "",
    });
  const advanced = [String(ENTITY_TYPES.internal), String(ENTITY_TYPES.entry)];
  if (entityType && advanced.includes(entityType) && countryId && countryCodes.has(countryId)) {
    const entityCountries = context.countries.filter((country) => country.entityTypes);
    if (!entityCountries.some((country) => country.code === countryId)) {
      errors.entityType = t("register.errors.entityTypeNotOffered", {
        countries: entityCountries.map((country) => country.name).join(", "),
      });
    }
  }
  if (values.captchaToken !== undefined && values.captchaToken !== "") {
    if (!textOf(values.captchaAnswer)?.trim())
      errors.captchaAnswer = t("register.errors.captchaAnswerRequired");
  } else if (!textOf(values.altcha)) errors.altcha = t("register.errors.captchaWidgetRequired");
  return errors;
}

/** What the browser checks beside the rules derived from the schema: the rules across fields, the about text's length, the icon's type and size. */
export function registerFormErrors(
  t: TFunction,
  values: Record<string, unknown>,
  context: RegisterContext,
): Partial<Record<RegisterField, string>> {
  const profile = textOf(values.profile);
  const icon = values.companyIcon;
  return {
    ...crossFieldErrors(t, values, context),
    profile: profile === undefined ? undefined : profileError(t, profile.trim()),
    companyIcon:
      icon instanceof File && !(icon.name === "" && icon.size === 0)
        ? iconError(t, icon)
        : undefined,
  };
}
