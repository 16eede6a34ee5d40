/**
 * The registration form's schema, the action's, built from a
 * translator and the countries of the page. The provider checks the same rules again
 * (app/api/registration/); this schema exists for the translated messages next to the
 * fields. The browser checks the rules `formRules` derives from it and those of ./form.ts,
 * which the schema refines with.
 *
 * What only the server can check (the captcha's solution, the icon's pixels) is not here.
 */
import type { TFunction } from "i18next";
import * as z from "zod";
import type { CaptchaSolution } from "~/api/registration/captcha";
import { SOCIAL_PRESENCE_MAX, USER_TITLES } from "~/api/registration/rules";
import type { RegistrationRequest } from "~/api/registration/schemas";
import { PASSWORD_POLICY, TEXT_TESTS } from "~/api/text";
import {
  crossFieldErrors,
  iconError,
  LABEL_KEYS,
  profileError,
  type RegisterContext,
  type TextField,
} from "./form";

const URL_MAX = 2048;

export function registerSchema(t: TFunction, context: RegisterContext) {
  const countryCodes = context.countries.map((country) => country.code);

  // A NUL character cannot be stored (a browser sends no lone surrogate: it posts U+FFFD).
  // The provider refuses it too (`invalidCharacters`); here it is worded next to the field.
  const invalidCharacters = (label: string) =>
    t("register.errors.invalidCharacters", { field: label });
  const storable = (field: TextField) =>
    [TEXT_TESTS.storableText, invalidCharacters(t(LABEL_KEYS[field]))] as const;
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
      .refine(TEXT_TESTS.httpUrl, t(invalidKey))
      .optional();

  return z
    .object({
      // About you
      title: z.enum(USER_TITLES, { message: t("register.errors.titleRequired") }),
      firstName: required(
        "firstName",
        100,
        "register.errors.firstNameRequired",
        "register.errors.firstNameTooLong",
      ),
      lastName: required(
        "lastName",
        100,
        "register.errors.lastNameRequired",
        "register.errors.lastNameTooLong",
      ),
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
        .max(
          PASSWORD_POLICY.maxLength,
          t("register.errors.passwordTooLong", { max: PASSWORD_POLICY.maxLength }),
        )
        .refine(...storable("password"))
        .refine(TEXT_TESTS.passwordPolicy, t("register.errors.passwordPolicy")),
      confirmPassword: z
        .string({ message: t("register.errors.confirmPasswordRequired") })
        .min(1, t("register.errors.confirmPasswordRequired"))
        .refine(...storable("confirmPassword")),

      // About your company
      companyName: required(
        "companyName",
        200,
        "register.errors.companyNameRequired",
        "register.errors.companyNameTooLong",
      ),
      countryId: z.enum(countryCodes, { message: t("register.errors.countryRequired") }),
      phoneNumber: required(
        "phoneNumber",
        40,
        "register.errors.phoneNumberRequired",
        "register.errors.phoneNumberTooLong",
      ),
      addressLine1: required(
        "addressLine1",
        200,
        "register.errors.addressLine1Required",
        "register.errors.addressLine1TooLong",
      ),
      addressLine2: optional("addressLine2", 200, "register.errors.addressLine2TooLong"),
      addressLine3: optional("addressLine3", 200, "register.errors.addressLine3TooLong"),
      cityTown: required(
        "cityTown",
        100,
        "register.errors.cityTownRequired",
        "register.errors.cityTownTooLong",
      ),
      zipPostCode: required(
        "zipPostCode",
        20,
        "register.errors.zipPostCodeRequired",
        "register.errors.zipPostCodeTooLong",
      ),
      // Required, with a message that names the field as the chosen country does (below).
      stateCounty: z.string().trim().optional(),
      profile: z
        .string({ message: t("register.errors.profileRequired") })
        .trim()
        .refine(...storable("profile"))
        .superRefine((value, ctx) => {
          const message = profileError(t, value);
          if (message) ctx.addIssue({ code: "custom", message });
        }),
      website: url("website", "register.errors.websiteInvalid"),
      socialPresence: optional(
        "socialPresence",
        SOCIAL_PRESENCE_MAX,
        "register.errors.socialPresenceTooLong",
      ),
      supportUrl: url("supportUrl", "register.errors.supportUrlInvalid"),
      termsUrl: url("termsUrl", "register.errors.termsUrlInvalid"),
      // Type and byte size here; the server also reads the PNG signature and its pixel size.
      companyIcon: z
        .custom<File>(
          (value) => typeof File !== "undefined" && value instanceof File,
          t("register.errors.iconInvalidType"),
        )
        .superRefine((file, ctx) => {
          const message = iconError(t, file);
          if (message) ctx.addIssue({ code: "custom", message });
        })
        .optional(),
      entityType: z
        .enum(["0", "1", "2"], { message: t("register.errors.entityTypeInvalid") })
        .optional(),

      // The captcha: the ALTCHA payload (JS) or the answer to the signed question (no JS).
      altcha: z.string().max(4000).optional(),
      captchaToken: z.string().max(500).optional(),
      captchaAnswer: z
        .string()
        .trim()
        .max(40, t("register.errors.captchaAnswerRequired"))
        .optional(),

      termsAndConditionsAgreed: z
        .boolean({ message: t("register.errors.termsRequired") })
        .refine((accepted) => accepted, t("register.errors.termsRequired")),
    })
    .superRefine(
      (data, ctx) => {
        // Rules that span fields run even when other fields failed, so a page without JS
        // shows every problem at once. `data` may be partial here.
        for (const [path, message] of Object.entries(crossFieldErrors(t, data, context)))
          ctx.addIssue({ code: "custom", path: [path], message });
      },
      { when: () => true },
    );
}

export type RegisterValues = z.output<ReturnType<typeof registerSchema>>;

/**
 * The body of `POST registration` from a valid form. The entity type goes only to a country
 * that offers entity types; elsewhere the provider's default (Standard) applies.
 */
export function toRegistrationRequest(
  values: RegisterValues,
  options: {
    context: RegisterContext;
    language: "en-AU" | "nl-NL";
    icon?: { fileName: string; contentBase64: string };
    captcha: CaptchaSolution;
  },
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
    ...(country?.entityTypes && values.entityType !== undefined
      ? { entityType: Number(values.entityType) as 0 | 1 | 2 }
      : {}),
    ...(options.icon ? { companyIcon: options.icon } : {}),
    termsAndConditionsAgreed: true,
    localeCode: options.language,
    captcha: options.captcha,
  };
}
