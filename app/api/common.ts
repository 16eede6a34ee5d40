/**
 * Building blocks of the provider contract shared by the console and the sandbox.
 * Messages here are the API's own (English, naming the rule); the console shows its
 * translated messages for the same rules.
 */
import * as z from "zod";

import { isStorableText, meetsPasswordPolicy, PASSWORD_POLICY, TEXT_TESTS } from "./text";

export {
  HTTP_URL,
  isStorableText,
  meetsPasswordPolicy,
  PASSWORD_POLICY,
  storableCopy,
} from "./text";

/** The refusal of text the database cannot store: the API's words and the rule code. */
export const INVALID_CHARACTERS = {
  message: "must not contain a NUL character or a lone surrogate",
  params: { code: "invalidCharacters" },
} as const;

/** A string the database can store (`isStorableText`); `params` words a missing or non-string value. */
export const storableText = (params?: Parameters<typeof z.string>[0]) =>
  // A copy: zod takes `message` out of the parameters object it is given.
  z
    .string(params)
    .refine(isStorableText, { ...INVALID_CHARACTERS, params: { ...INVALID_CHARACTERS.params } });

/** The range of a database integer (int4) column. */
export const INT32 = { min: -2_147_483_648, max: 2_147_483_647 } as const;

/**
 * A whole number a database integer column holds: not a fraction, not NaN or infinite, within
 * int32 and within `min` and `max` when given (ids and codes are never negative: `min: 0`).
 */
export function wholeNumber(range: { min?: number; max?: number } = {}) {
  const min = Math.max(range.min ?? INT32.min, INT32.min);
  const max = Math.min(range.max ?? INT32.max, INT32.max);
  return z
    .number({ message: "must be a number" })
    .int({ message: "must be a whole number" })
    .min(min, { message: `must be at least ${min}` })
    .max(max, { message: `must be at most ${max}` });
}

/** A required string: trimmed, not blank, at most `max` characters. */
export const requiredText = (max: number) =>
  storableText({ message: "is required" })
    .trim()
    .min(1, { message: "is required" })
    .max(max, { message: `must be at most ${max} characters` });

/** An optional string: trimmed, empty allowed, at most `max` characters. */
export const optionalText = (max: number) =>
  storableText()
    .trim()
    .max(max, { message: `must be at most ${max} characters` })
    .default("");

export const emailAddress = storableText({ message: "is required" })
  .trim()
  .min(1, { message: "is required" })
  .max(255, { message: "must be at most 255 characters" })
  .pipe(z.email({ message: "must be a valid email address" }))
  .transform((value) => value.toLowerCase());

export const optionalUrl = storableText()
  .trim()
  .max(2048, { message: "must be at most 2048 characters" })
  .refine(TEXT_TESTS.emptyOrHttpUrl, { message: "must be a valid http or https URL" })
  .default("");

export const password = storableText({ message: "is required" })
  .min(1, { message: "is required" })
  .max(PASSWORD_POLICY.maxLength, {
    message: `must be at most ${PASSWORD_POLICY.maxLength} characters`,
  })
  .refine(meetsPasswordPolicy, {
    message:
      "must have at least 8 characters with a lowercase letter, an uppercase letter and a digit",
  });

/**
 * Codes of the refusals of a request's shape, on any call (a value missing, of the wrong
 * type, too short or long, a number out of its range, badly formed, holding characters the
 * database cannot store, not one of the allowed values, or a body that is not JSON). Each
 * area's rules add their own codes (apps: `RULE_KEYS`).
 */
export const SHAPE_RULE_CODES = [
  "required",
  "invalidType",
  "tooShort",
  "tooLong",
  "outOfRange",
  "invalidFormat",
  "invalidCharacters",
  "invalidEmail",
  "invalidUrl",
  "invalidValue",
  "invalid",
  "invalidJson",
] as const;
export type ShapeRuleCode = (typeof SHAPE_RULE_CODES)[number];

/**
 * The error answer of every failing call. `errors` names every failing
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

/** Puts a prefix before every path: `prefixErrors('details', { name: 'required' })`. */
export function prefixErrors<E extends Record<string, string>>(prefix: string, errors: E): E {
  return Object.fromEntries(
    Object.entries(errors).map(([path, key]) => [`${prefix}.${path}`, key]),
  ) as E;
}

/** Text fields of an answer by name, each a string: spread into a `z.object`. */
export function stringFields<Key extends string>(keys: readonly Key[]) {
  return Object.fromEntries(keys.map((key) => [key, z.string()])) as Record<Key, z.ZodString>;
}
