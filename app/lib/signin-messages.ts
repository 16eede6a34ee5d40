/**
 * The sign-in page's messages: each code the page may be given (by the identity provider,
 * app/api/signin/codes.ts, or by the console's own callback and sign-outs) and the key of its
 * text in `locales/{lang}/auth.json`. Anything else given to the page shows nothing.
 */
import {
  codeOf,
  SIGN_IN_ERRORS,
  SIGN_IN_MESSAGES,
  type SignInError,
  type SignInMessage,
} from "~/api/signin/codes";

/** Why the callback could not complete a sign-in (`?failed=`): the console's own codes. */
export const SIGN_IN_FAILURES = ["access_denied", "unavailable", "failed"] as const;
export type SignInFailure = (typeof SIGN_IN_FAILURES)[number];

/** Notices: shown as a status, except those that say something went wrong (`alert`). */
export const MESSAGE_KEYS: Record<SignInMessage, { key: string; alert: boolean }> = {
  email_verified: { key: "signin.messages.emailVerified", alert: false },
  verification_invalid: { key: "signin.messages.verificationInvalid", alert: false },
  password_reset: { key: "signin.messages.passwordReset", alert: false },
  account_suspended: { key: "signin.errors.accountSuspended", alert: false },
  session_expired: { key: "signin.errors.sessionExpired", alert: true },
};

/** Alerts of the form's errors; a missing field is shown next to the field instead (null). */
export const ERROR_KEYS: Record<SignInError, string | null> = {
  invalid_credentials: "signin.errors.invalidCredentials",
  email_not_verified: "signin.errors.emailNotVerified",
  account_suspended: "signin.errors.accountSuspended",
  missing_fields: null,
  session_expired: "signin.errors.sessionExpired",
};

export const FAILURE_KEYS: Record<SignInFailure, string> = {
  access_denied: "signin.failures.accessDenied",
  unavailable: "signin.failures.unavailable",
  failed: "signin.failures.failed",
};

/** The codes of a sign-in page's query (and flashed message); what is not a code is dropped. */
export function readSignInCodes(input: {
  message?: string | null;
  error?: string | null;
  failed?: string | null;
}) {
  return {
    message: codeOf(SIGN_IN_MESSAGES, input.message),
    error: codeOf(SIGN_IN_ERRORS, input.error),
    failed: codeOf(SIGN_IN_FAILURES, input.failed),
  };
}

/** The failure code of an OAuth error the callback met (RFC 6749 section 4.1.2.1 codes), or of anything else. */
export function failureOf(oauthError: string | undefined): SignInFailure {
  if (oauthError === "access_denied") return "access_denied";
  if (oauthError === "server_error" || oauthError === "temporarily_unavailable")
    return "unavailable";
  return "failed";
}
