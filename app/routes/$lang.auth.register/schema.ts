/**
 * The registration form (spec 02 sections 2.5 and 5.7): one zod schema, built from a
 * translator and the countries of the page, used by conform in the browser and by the
 * action on the server. The provider checks the same rules again (app/api/registration/);
 * this schema exists for the translated messages next to the fields.
 *
 * Field names are the contract's (`countryId`, `zipPostCode`, `termsAndConditionsAgreed`...),
 * so a provider error naming a `field` lands next to the right input.
 * What only the server can check (the captcha's solution, the icon's pixels) is not here.
 */
import type { TFunction } from "i18next";
import * as z from "zod";
import { HTTP_URL, isStorableText, PASSWORD_POLICY } from "~/api/common";
import type { CaptchaSolution } from "~/api/registration/captcha";
import {
  ABOUT_LIMITS,
  ENTITY_TYPES,
  plainTextLength,
  SOCIAL_PRESENCE_MAX,
  USER_TITLES,
  type RegistrationRequest,
} from "~/api/registration/schemas";
import { COMPANY_ICON_MAX_BYTES } from "./company-icon";
import { stateLabel, type StateLabel } from "~/api/settings/rules";

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

/** Entity type values of the radio group, in display order (spec 02 section 3). */
export const ENTITY_TYPE_OPTIONS = [
  { value: String(ENTITY_TYPES.external), key: "standard" },
  { value: String(ENTITY_TYPES.internal), key: "advanced" },
  { value: String(ENTITY_TYPES.entry), key: "entry" },
] as const;

/** Which word the state field uses: the company settings' rule (spec 02 section 9), or all of them before a country is chosen. */
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

const URL_MAX = 2048;

/** Where each text field's label is in `auth:register.fields`, for messages that name the field. */
const LABEL_KEYS = {
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
type TextField = keyof typeof LABEL_KEYS;

/** The label of a text field as the page shows it; the state field's word follows the country. */
export function textFieldLabel(t: TFunction, field: string, countryId?: string): string | undefined {
  if (field === "stateCounty") return t(`register.fields.stateCounty.${stateKind(countryId)}`);
  return field in LABEL_KEYS ? t(LABEL_KEYS[field as TextField]) : undefined;
}

export function registerSchema(t: TFunction, context: RegisterContext) {
  const countryCodes = new Set(context.countries.map((country) => country.code));
  const entityCountries = context.countries.filter((country) => country.entityTypes);

  // A NUL character cannot be stored (a browser sends no lone surrogate: it posts U+FFFD).
  // The provider refuses it too (`invalidCharacters`); here it is worded next to the field.
  const invalidCharacters = (label: string) => t("register.errors.invalidCharacters", { field: label });
  const storable = (field: TextField) => [isStorableText, invalidCharacters(t(LABEL_KEYS[field]))] as const;
  const required = (field: TextField, max: number, requiredKey: string, tooLongKey: string) =>
    z
      .string({ message: t(requiredKey) })
      .trim()
      .min(1, t(requiredKey))
      .max(max, t(tooLongKey, { max }))
      .refine(...storable(field));
  const optional = (field: TextField, max: number, tooLongKey: string) =>
    z
      .string()
      .trim()
      .max(max, t(tooLongKey, { max }))
      .refine(...storable(field))
      .optional();
  const url = (field: TextField, invalidKey: string) =>
    z
      .string()
      .trim()
      .max(URL_MAX, t("register.errors.urlTooLong", { max: URL_MAX }))
      .refine(...storable(field))
      .refine((value) => HTTP_URL.test(value), t(invalidKey))
      .optional();

  return z
    .object({
      // About you
      title: z.enum(USER_TITLES, { message: t("register.errors.titleRequired") }),
      firstName: required("firstName", 100, "register.errors.firstNameRequired", "register.errors.firstNameTooLong"),
      lastName: required("lastName", 100, "register.errors.lastNameRequired", "register.errors.lastNameTooLong"),
      email: z
        .string({ message: t("register.errors.emailRequired") })
        .trim()
        .min(1, t("register.errors.emailRequired"))
        .max(255, t("register.errors.emailInvalid"))
        .refine(...storable("email"))
        .pipe(z.email({ message: t("register.errors.emailInvalid") })),
      password: z
        .string({ message: t("register.errors.passwordRequired") })
        .min(1, t("register.errors.passwordRequired"))
        .max(PASSWORD_POLICY.maxLength, t("register.errors.passwordTooLong", { max: PASSWORD_POLICY.maxLength }))
        .refine(...storable("password"))
        .refine(meetsPolicy, t("register.errors.passwordPolicy")),
      confirmPassword: z
        .string({ message: t("register.errors.confirmPasswordRequired") })
        .min(1, t("register.errors.confirmPasswordRequired"))
        .refine(...storable("confirmPassword")),

      // About your company
      companyName: required("companyName", 200, "register.errors.companyNameRequired", "register.errors.companyNameTooLong"),
      countryId: z
        .string({ message: t("register.errors.countryRequired") })
        .refine((code) => countryCodes.has(code), t("register.errors.countryRequired")),
      phoneNumber: required("phoneNumber", 40, "register.errors.phoneNumberRequired", "register.errors.phoneNumberTooLong"),
      addressLine1: required("addressLine1", 200, "register.errors.addressLine1Required", "register.errors.addressLine1TooLong"),
      addressLine2: optional("addressLine2", 200, "register.errors.addressLine2TooLong"),
      addressLine3: optional("addressLine3", 200, "register.errors.addressLine3TooLong"),
      cityTown: required("cityTown", 100, "register.errors.cityTownRequired", "register.errors.cityTownTooLong"),
      zipPostCode: required("zipPostCode", 20, "register.errors.zipPostCodeRequired", "register.errors.zipPostCodeTooLong"),
      // Required, with a message that names the field as the chosen country does (below).
      stateCounty: z.string().trim().optional(),
      profile: z
        .string({ message: t("register.errors.profileRequired") })
        .trim()
        .refine(...storable("profile"))
        .superRefine((value, ctx) => {
          const count = plainTextLength(value);
          if (count === 0) ctx.addIssue({ code: "custom", message: t("register.errors.profileRequired") });
          else if (count < ABOUT_LIMITS.min) ctx.addIssue({ code: "custom", message: t("register.errors.profileTooShort", { min: ABOUT_LIMITS.min, count }) });
          else if (count > ABOUT_LIMITS.max) ctx.addIssue({ code: "custom", message: t("register.errors.profileTooLong", { max: ABOUT_LIMITS.max, count }) });
        }),
      website: url("website", "register.errors.websiteInvalid"),
      socialPresence: optional("socialPresence", SOCIAL_PRESENCE_MAX, "register.errors.socialPresenceTooLong"),
      supportUrl: url("supportUrl", "register.errors.supportUrlInvalid"),
      termsUrl: url("termsUrl", "register.errors.termsUrlInvalid"),
      // Type and byte size here; the server also reads the PNG signature and its pixel size.
      companyIcon: z
        .custom<File>((value) => typeof File !== "undefined" && value instanceof File, t("register.errors.iconInvalidType"))
        // Another image type is refused at once; anything else is judged by its bytes on the server.
        .refine((file) => !(file.type.startsWith("image/") && file.type !== "image/png"), t("register.errors.iconInvalidType"))
        .refine((file) => file.size <= COMPANY_ICON_MAX_BYTES, t("register.errors.iconTooBig"))
        .optional(),
      entityType: z.enum(["0", "1", "2"], { message: t("register.errors.entityTypeInvalid") }).optional(),

      // The captcha: the ALTCHA payload (JS) or the answer to the signed question (no JS).
      altcha: z.string().max(4000).optional(),
      captchaToken: z.string().max(500).optional(),
      captchaAnswer: z.string().trim().max(40, t("register.errors.captchaAnswerRequired")).optional(),

      termsAndConditionsAgreed: z
        .boolean({ message: t("register.errors.termsRequired") })
        .refine((accepted) => accepted, t("register.errors.termsRequired")),
    })
    .superRefine(
      (data, ctx) => {
        // Rules that span fields run even when other fields failed, so a page without JS
        // shows every problem at once. `data` may be partial here.
        const value = data as Partial<typeof data>;
        if (value.password && value.confirmPassword && value.password !== value.confirmPassword) {
          ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: t("register.errors.passwordMismatch") });
        }
        if (!value.stateCounty) {
          ctx.addIssue({ code: "custom", path: ["stateCounty"], message: t(`register.errors.stateCountyRequired.${stateKind(value.countryId)}`) });
        } else if (value.stateCounty.length > 100) {
          ctx.addIssue({ code: "custom", path: ["stateCounty"], message: t(`register.errors.stateCountyTooLong.${stateKind(value.countryId)}`, { max: 100 }) });
        } else if (!isStorableText(value.stateCounty)) {
          ctx.addIssue({ code: "custom", path: ["stateCounty"], message: invalidCharacters(textFieldLabel(t, "stateCounty", value.countryId) ?? "") });
        }
        const advanced = [String(ENTITY_TYPES.internal), String(ENTITY_TYPES.entry)];
        if (value.entityType && advanced.includes(value.entityType) && value.countryId && countryCodes.has(value.countryId)) {
          const offered = entityCountries.some((country) => country.code === value.countryId);
          if (!offered) {
            ctx.addIssue({
              code: "custom",
              path: ["entityType"],
              message: t("register.errors.entityTypeNotOffered", { countries: entityCountries.map((country) => country.name).join(", ") }),
            });
          }
        }
        if (value.captchaToken !== undefined) {
          if (!value.captchaAnswer) ctx.addIssue({ code: "custom", path: ["captchaAnswer"], message: t("register.errors.captchaAnswerRequired") });
        } else if (!value.altcha) {
          ctx.addIssue({ code: "custom", path: ["altcha"], message: t("register.errors.captchaWidgetRequired") });
        }
      },
      { when: () => true },
    );
}

export type RegisterValues = z.output<ReturnType<typeof registerSchema>>;

function meetsPolicy(value: string): boolean {
  return value.length >= PASSWORD_POLICY.minLength && /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value);
}

/**
 * The body of `POST registration` from a valid form. The entity type goes only to a country
 * that offers entity types; elsewhere the provider's default (Standard) applies.
 */
export function toRegistrationRequest(
  values: RegisterValues,
  options: { context: RegisterContext; language: "en-AU" | "nl-NL"; icon?: { fileName: string; contentBase64: string }; captcha: CaptchaSolution },
): RegistrationRequest {
  const country = options.context.countries.find((item) => item.code === values.countryId);
  return {
    title: values.title,
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    password: values.password,
    companyName: values.companyName,
    countryId: values.countryId,
    phoneNumber: values.phoneNumber,
    addressLine1: values.addressLine1,
    addressLine2: values.addressLine2 ?? "",
    addressLine3: values.addressLine3 ?? "",
    cityTown: values.cityTown,
    zipPostCode: values.zipPostCode,
    stateCounty: values.stateCounty ?? "",
    profile: values.profile,
    website: values.website ?? "",
    socialPresence: values.socialPresence ?? "",
    supportUrl: values.supportUrl ?? "",
    termsUrl: values.termsUrl ?? "",
    ...(country?.entityTypes && values.entityType !== undefined ? { entityType: Number(values.entityType) as 0 | 1 | 2 } : {}),
    ...(options.icon ? { companyIcon: options.icon } : {}),
    termsAndConditionsAgreed: true,
    localeCode: options.language,
    captcha: options.captcha,
  };
}
