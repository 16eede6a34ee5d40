/**
 * What stands before `POST registration` creates anything, once the body is well formed: a
 * per-email and a per-address limit, and the captcha (identity/captcha.ts). An email address
 * that has had its registrations is refused first, costing the caller's address nothing.
 * The address is the caller's own, or, for the console (which authenticates with its client
 * credentials), the address of the person it forwards
 * (docs/decisions/0028-registration-client-address.md).
 */

import type { CaptchaCode } from "~/api/registration/captcha";
import type { RegistrationRequest } from "~/api/registration/schemas";
import { ApiError, badRequest } from "../http/errors";
import { createCaptcha } from "./captcha";
import { type LimitStore, msBlocked, take } from "./limits";

export interface RegistrationLimitOptions {
  /** Registrations tried from one address per window. */
  perIp: number;
  /** Registrations tried for one email address per window. */
  perEmail: number;
  windowSeconds: number;
  /** The proof of work's largest number (its cost); tests make it cheap. */
  captchaMaxNumber?: number;
}

export const defaultRegistrationLimits: RegistrationLimitOptions = {
  perIp: 10,
  perEmail: 3,
  windowSeconds: 60 * 60,
};

/** Who sends a registration: the address it comes from, and whether the console forwards it. */
export interface RegistrationCaller {
  address: string;
  viaConsole: boolean;
}

const CAPTCHA_DETAIL: Record<CaptchaCode, string> = {
  invalid: "captcha: the solution was not made by this provider or was altered",
  expired: "captcha: the challenge has expired; ask for a new one",
  replayed: "captcha: this solution was used before; ask for a new challenge",
  wrong: "captcha: the answer is wrong; ask for a new question",
  questionNotAllowed:
    "captcha: a question is answered only through the console; solve a proof-of-work challenge",
};

function tooMany(detail: string, waitSeconds: number, field?: string) {
  return new ApiError(429, `${detail} Try again in ${Math.ceil(waitSeconds / 60)} minute(s).`, {
    ...(field ? { field, errors: { [field]: "tooManyAttempts" } } : {}),
    headers: { "Retry-After": String(waitSeconds) },
  });
}

export function createRegistrationGuard(options: {
  store: LimitStore;
  secret: () => Promise<string>;
  /** The console's client secret (the captcha question's key). */
  questionSecret: string;
  limits?: RegistrationLimitOptions;
}) {
  const limits = options.limits ?? defaultRegistrationLimits;
  const captcha = createCaptcha({
    secret: options.secret,
    questionSecret: options.questionSecret,
    store: options.store,
    maxNumber: limits.captchaMaxNumber,
  });
  const perIp = options.store.limiter({
    keyPrefix: "registration-ip",
    points: limits.perIp,
    duration: limits.windowSeconds,
  });
  const perEmail = options.store.limiter({
    keyPrefix: "registration-email",
    points: limits.perEmail,
    duration: limits.windowSeconds,
  });

  return {
    challenge: captcha.createAltchaChallenge,
    question: captcha.createQuestion,
    /** Throws the 429 or 400 that refuses this registration; spends its captcha solution. */
    async admit(data: Pick<RegistrationRequest, "email" | "captcha">, caller: RegistrationCaller) {
      const email = data.email.toLowerCase();
      const emailRefused = (wait: number) =>
        tooMany("Too many registrations for this email address.", wait, "email");
      // An email address that has had its registrations costs the caller nothing more.
      const emailBlocked = await msBlocked(perEmail, email);
      if (emailBlocked > 0) throw emailRefused(Math.ceil(emailBlocked / 1000));
      const ipWait = await take(perIp, caller.address);
      if (ipWait > 0) throw tooMany("Too many registrations from this address.", ipWait);
      const verdict = await captcha.verify(data.captcha, { questionAllowed: caller.viaConsole });
      if (!verdict.ok) throw badRequest(CAPTCHA_DETAIL[verdict.code], "captcha", verdict.code);
      const emailWait = await take(perEmail, email);
      if (emailWait > 0) throw emailRefused(emailWait);
    },
  };
}

export type RegistrationGuard = ReturnType<typeof createRegistrationGuard>;
