/**
 * Building blocks of the provider contract shared by the console and the sandbox.
 * Messages here are the API's own (English, naming the rule); the console shows its
 * translated messages for the same rules.
 */
import { z } from "zod";

/** A required string: trimmed, not blank, at most `max` characters. */
export const requiredText = (max: number) =>
  z
    .string({ message: "is required" })
    .trim()
    .min(1, { message: "is required" })
    .max(max, { message: `must be at most ${max} characters` });

/** An optional string: trimmed, empty allowed, at most `max` characters. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `must be at most ${max} characters` })
    .default("");

export const emailAddress = z
  .string({ message: "is required" })
  .trim()
  .min(1, { message: "is required" })
  .max(255, { message: "must be at most 255 characters" })
  .pipe(z.email({ message: "must be a valid email address" }))
  .transform((value) => value.toLowerCase());

/** http(s) URLs with the protocol written out (spec 01 section 5). */
export const HTTP_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

export const optionalUrl = z
  .string()
  .trim()
  .max(2048, { message: "must be at most 2048 characters" })
  .refine((value) => value === "" || HTTP_URL.test(value), { message: "must be a valid http or https URL" })
  .default("");

/** Password policy of spec 02 section 5.7. */
export const PASSWORD_POLICY = { minLength: 8, maxLength: 128 } as const;
export const password = z
  .string({ message: "is required" })
  .min(1, { message: "is required" })
  .max(PASSWORD_POLICY.maxLength, { message: `must be at most ${PASSWORD_POLICY.maxLength} characters` })
  .refine((value) => value.length >= PASSWORD_POLICY.minLength && /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value), {
    message: "must have at least 8 characters with a lowercase letter, an uppercase letter and a digit",
  });

export function meetsPasswordPolicy(value: string): boolean {
  return password.safeParse(value).success;
}

/**
 * Codes of the refusals of a request's shape, on any call (a value missing, of the wrong
 * type, too short or long, badly formed, not one of the allowed values, or a body that is
 * not JSON). Each area's rules add their own codes (apps: `RULE_KEYS`).
 */
export const SHAPE_RULE_CODES = [
  "required",
  "invalidType",
  "tooShort",
  "tooLong",
  "invalidFormat",
  "invalidEmail",
  "invalidUrl",
  "invalidValue",
  "invalid",
  "invalidJson",
] as const;
export type ShapeRuleCode = (typeof SHAPE_RULE_CODES)[number];

/**
 * The error answer of every failing call (spec 01 section 8). `errors` names every failing
 * field with the code of the rule it breaks (`{ "marketplace.detail.websiteUrl": "invalidUrl" }`);
 * the console words codes from `locales/`, `detail` is the provider's own (English) words.
 */
export const apiErrorBody = z.object({
  status: z.number().optional(),
  title: z.string().optional(),
  detail: z.string().optional(),
  traceId: z.string().optional(),
  field: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;
