/**
 * What the identity provider tells the console's sign-in page (its login page) in the query:
 * `message` (a notice: the address was verified, the password changed...) and `error` (why
 * the sign-in form came back). Codes only, never text: the console words each code from
 * `locales/` and shows nothing for a value that is not one of them, so a link cannot put
 * words of its own on the page. Pure: no framework.
 */

/** Notices of `?message=` (and of the console's own sign-outs: a suspended account). */
export const SIGN_IN_MESSAGES = [
  "email_verified",
  "verification_invalid",
  "password_reset",
  "account_suspended",
  "session_expired",
] as const;
export type SignInMessage = (typeof SIGN_IN_MESSAGES)[number];

/** Why the provider sent the sign-in form back (`?error=`). */
export const SIGN_IN_ERRORS = [
  "invalid_credentials",
  "email_not_verified",
  "account_suspended",
  "missing_fields",
  "session_expired",
] as const;
export type SignInError = (typeof SIGN_IN_ERRORS)[number];

/** `value` when it is one of `codes`, else null. */
export function codeOf<T extends string>(codes: readonly T[], value: unknown): T | null {
  return typeof value === "string" && (codes as readonly string[]).includes(value)
    ? (value as T)
    : null;
}
