/** POST registration: a company with its first user. */
import * as z from "zod";
import { emailAddress, optionalText, optionalUrl, password, requiredText } from "../common";
import { captchaSolution } from "./captcha";
import { ABOUT_LIMITS, plainTextLength, SOCIAL_PRESENCE_MAX, USER_TITLES } from "./rules";

export {
  ABOUT_LIMITS,
  ENTITY_TYPES,
  plainTextLength,
  SOCIAL_PRESENCE_MAX,
  USER_TITLES,
} from "./rules";

export const registrationRequest = z.object({
  // about you
  title: z.enum(USER_TITLES, { message: "must be one of mr, mrs, ms, master, miss, dr" }),
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: emailAddress,
  password,
  // about your company
  companyName: requiredText(200),
  countryId: requiredText(8),
  phoneNumber: requiredText(40),
  addressLine1: requiredText(200),
  addressLine2: optionalText(200),
  addressLine3: optionalText(200),
  cityTown: requiredText(100),
  zipPostCode: requiredText(20),
  stateCounty: requiredText(100),
  profile: z
    .string({ message: "is required" })
    .trim()
    .refine((v) => plainTextLength(v) > 0, { message: "is required", params: { code: "required" } })
    .refine((v) => plainTextLength(v) >= ABOUT_LIMITS.min, {
      message: `must be at least ${ABOUT_LIMITS.min} characters`,
      params: { code: "tooShort" },
    })
    .refine((v) => plainTextLength(v) <= ABOUT_LIMITS.max, {
      message: `must be at most ${ABOUT_LIMITS.max} characters`,
      params: { code: "tooLong" },
    }),
  website: optionalUrl,
  socialPresence: optionalText(SOCIAL_PRESENCE_MAX),
  supportUrl: optionalUrl,
  termsUrl: optionalUrl,
  /** Entity type, only where the lower-level entity feature is on for the country. */
  entityType: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  /** Company icon, as a PNG in base64. */
  companyIcon: z
    .object({
      fileName: requiredText(255),
      /** At most 400 KB of PNG: 546,134 base64 characters; a little slack for padding. */
      contentBase64: z
        .string()
        .min(1, { message: "is required" })
        .max(560_000, { message: "File size greater than 400KB" }),
    })
    .optional(),
  termsAndConditionsAgreed: z.literal(true, { message: "must be accepted" }),
  /** The language of the verification mail and of the link's landing page. */
  localeCode: z.enum(["en-AU", "nl-NL"]).default("en-AU"),
  /** The solved captcha (app/api/registration/captcha.ts); checked last, so other fields are named first. */
  captcha: captchaSolution,
});
export type RegistrationRequest = z.input<typeof registrationRequest>;

/**
 * The console registers on behalf of a person who is not signed in: it authenticates with its
 * OIDC client credentials (HTTP Basic) and names the person's IP address in this header, which
 * the provider's per-address limit counts (docs/decisions/0028-registration-client-address.md).
 * From any other caller the header is ignored.
 */
export const CLIENT_ADDRESS_HEADER = "X-Client-Address";

export const registrationResponse = z.object({
  userId: z.string(),
  companyId: z.string(),
  email: z.string(),
});
export type RegistrationResponse = z.infer<typeof registrationResponse>;
