/**
 * Accounts of the identity provider: registration (registration.ts), email verification and
 * password reset (mailed-links.ts). The registration guard is made once per sandbox, so its
 * limits count every registration the sandbox answers.
 */
import { randomBytes } from "node:crypto";
import type { SandboxContext } from "../context";
import { loadSecret } from "../oidc/provider";
import type { Language } from "./i18n";
import type { LimitStore } from "./limits";
import {
  findResetToken,
  type MailedUser,
  requestPasswordReset,
  resetPassword,
  sendVerification,
  verifyEmail,
} from "./mailed-links";
import { type RegistrationInput, register } from "./registration";
import {
  createRegistrationGuard,
  type RegistrationCaller,
  type RegistrationGuard,
  type RegistrationLimitOptions,
} from "./registration-guard";
import type { TokenKind } from "./tokens";

export interface AccountOptions {
  /** Where the registration limits and spent captcha solutions are kept. */
  limits: LimitStore;
  registrationLimits?: RegistrationLimitOptions;
  /** Lifetimes of mailed links in ms (tests shorten them). */
  lifetimes?: Partial<Record<TokenKind, number>>;
}

/** What the account operations share beyond the context. */
export interface AccountDeps {
  guard: RegistrationGuard;
  /** Lifetimes of mailed links in ms, where they differ from the defaults. */
  lifetimes?: Partial<Record<TokenKind, number>>;
}

export function accountDeps(ctx: SandboxContext, options: AccountOptions): AccountDeps {
  const guard = createRegistrationGuard({
    store: options.limits,
    limits: options.registrationLimits,
    secret: () => loadSecret(ctx, "captcha-key", async () => randomBytes(32).toString("base64url")),
    questionSecret: ctx.config.consoleClientSecret,
  });
  return { guard, lifetimes: options.lifetimes };
}

export function createAccounts(ctx: SandboxContext, options: AccountOptions) {
  const deps = accountDeps(ctx, options);
  return {
    register: (input: RegistrationInput, caller: RegistrationCaller) =>
      register(ctx, deps, input, caller),
    captchaChallenge: deps.guard.challenge,
    captchaQuestion: deps.guard.question,
    verifyEmail: (token: string) => verifyEmail(ctx, token),
    requestPasswordReset: (email: string, lang: Language) =>
      requestPasswordReset(ctx, deps, email, lang),
    findResetToken: (token: string) => findResetToken(ctx, token),
    resetPassword: (token: string, newPassword: string) => resetPassword(ctx, token, newPassword),
    sendVerification: (user: MailedUser, companyName: string, lang: Language) =>
      sendVerification(ctx, deps, user, companyName, lang),
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
