/**
 * The captcha as the registration form sent it, read before anything goes to the provider,
 * which checks the solution and spends it (app/api/registration/captcha.ts). The console opens
 * a question's token with the key of its client secret (its numbers, its expiry, whether the
 * answer is the sum), so that a form that failed for other reasons says at once that the
 * answer is wrong and asks a new question, or keeps a right one; the rest (a payload's proof
 * of work, a replay) is the provider's to say.
 */
import {
  answersQuestion,
  CAPTCHA_CODES,
  type CaptchaQuestion,
  type CaptchaSolution,
  openQuestionToken,
} from "~/api/registration/captcha";

export type CaptchaKind = "altcha" | "question";
/** What the form's messages name (`register.errors.captcha.<kind>.<problem>`). */
export type CaptchaProblem = "missing" | "invalid" | "expired" | "wrong" | "replayed";

export interface SentCaptcha {
  kind: CaptchaKind;
  /** What goes to the provider, when nothing is wrong with it here. */
  solution?: CaptchaSolution;
  problem?: CaptchaProblem;
  /** The question asked, when its token could be read. */
  question?: CaptchaQuestion;
}

/** The widget's payload when there is one, otherwise the question (opened with `key`: questionKey) and its answer. */
export async function readSentCaptcha(
  fields: { altcha?: string; captchaToken?: string; captchaAnswer?: string },
  key: Uint8Array,
  now = Date.now(),
): Promise<SentCaptcha> {
  if (fields.altcha) return { kind: "altcha", solution: { altcha: fields.altcha } };
  if (!fields.captchaToken) return { kind: "altcha", problem: "missing" };
  const read = await openQuestionToken(fields.captchaToken, key);
  if (!read) return { kind: "question", problem: "invalid" };
  const question = { token: fields.captchaToken, a: read.a, b: read.b };
  if (read.expires <= now) return { kind: "question", problem: "expired", question };
  const answer = fields.captchaAnswer?.trim() ?? "";
  if (!answer) return { kind: "question", problem: "missing", question };
  if (!answersQuestion(read, answer)) return { kind: "question", problem: "wrong", question };
  return { kind: "question", solution: { token: fields.captchaToken, answer }, question };
}

/** The form field a captcha message stands next to. */
export const captchaField = (kind: CaptchaKind) => (kind === "altcha" ? "altcha" : "captchaAnswer");

/** The problem of the provider's rule code for a refused solution. */
export function problemOf(code: string | undefined): CaptchaProblem {
  const known = (CAPTCHA_CODES as readonly string[]).includes(code ?? "") ? code : undefined;
  return known === "expired" || known === "replayed" || known === "wrong" ? known : "invalid";
}
