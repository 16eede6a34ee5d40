/**
 * The registration captcha, issued and checked by the provider (app/api/registration/captcha.ts
 * has the contract: the shapes, the question token's format and the answers that count).
 *
 * - ALTCHA: challenges made with altcha-lib, HMAC-signed, with an expiry in their salt.
 * - The question: two numbers from 1 to 10 in a token encrypted and authenticated under a key
 *   of the console's client secret (the contract's sealQuestionToken): its answer cannot be
 *   read from it. Only the console may send one (it shows it to people without JavaScript);
 *   a direct caller of the API solves the proof of work.
 *
 * A solution is checked and spent in one step: right or wrong, a question is answered once;
 * a right payload is refused the second time (`replayed`). Spent solutions are remembered
 * for the captcha's lifetime in the limit store (Redis when REDIS_URL is set). The ALTCHA key is
 * derived with HMAC from a secret the provider keeps in its database. Nothing is kept per
 * question: any instance checks any token.
 */
import { createHmac, randomBytes, randomInt } from "node:crypto";
import { createChallenge, extractParams, verifySolution } from "altcha-lib";
import {
  answersQuestion,
  CAPTCHA_TTL_MS,
  type CaptchaCode,
  type CaptchaQuestion,
  type CaptchaSolution,
  openQuestionToken,
  questionKey,
  sealQuestionToken,
} from "~/api/registration/captcha";
import { type LimitStore, take } from "./limits";

/** Up to this many SHA-256 hashes to find the number: well under a second or two on a phone. */
export const ALTCHA_MAX_NUMBER = 100_000;

export type CaptchaVerdict = { ok: true } | { ok: false; code: CaptchaCode };

export interface CaptchaOptions {
  /** The secret the ALTCHA key derives from. */
  secret: () => Promise<string>;
  /** The console's client secret, which the question's key derives from (the console reads the question too). */
  questionSecret: string;
  store: LimitStore;
  now?: () => number;
  ttlMs?: number;
  maxNumber?: number;
}

export function createCaptcha(options: CaptchaOptions) {
  const now = options.now ?? Date.now;
  const ttl = options.ttlMs ?? CAPTCHA_TTL_MS;
  const maxNumber = options.maxNumber ?? ALTCHA_MAX_NUMBER;
  const spent = options.store.limiter({
    keyPrefix: "captcha-spent",
    points: 1,
    duration: Math.ceil(ttl / 1000),
  });
  let keys: Promise<{ question: Uint8Array; altcha: string }> | undefined;
  const keysOf = () =>
    (keys ??= Promise.all([options.secret(), questionKey(options.questionSecret)]).then(
      ([secret, question]) => ({
        question,
        altcha: createHmac("sha256", secret).update("register-captcha/altcha").digest("hex"),
      }),
    ));
  /** Marks a solution used; false when it already was. */
  const spend = async (key: string) => (await take(spent, key)) === 0;

  /** A new question: two numbers from 1 to 10. */
  async function createQuestion(): Promise<CaptchaQuestion> {
    const a = randomInt(1, 11);
    const b = randomInt(1, 11);
    const token = await sealQuestionToken(
      { a, b, expires: now() + ttl, nonce: randomBytes(12).toString("base64url") },
      (await keysOf()).question,
    );
    return { token, a, b };
  }

  /** A new ALTCHA challenge. */
  async function createAltchaChallenge() {
    return createChallenge({
      hmacKey: (await keysOf()).altcha,
      maxNumber,
      algorithm: "SHA-256",
      expires: new Date(now() + ttl),
    });
  }

  async function checkQuestion(token: string, answer: string): Promise<CaptchaVerdict> {
    const question = await openQuestionToken(token, (await keysOf()).question);
    if (!question) return { ok: false, code: "invalid" };
    if (question.expires <= now()) return { ok: false, code: "expired" };
    // One try per question: a wrong answer spends it too, so guessing needs a new one each time.
    if (!(await spend(`q:${question.nonce}`))) return { ok: false, code: "replayed" };
    return answersQuestion(question, answer) ? { ok: true } : { ok: false, code: "wrong" };
  }

  async function checkAltcha(payload: string): Promise<CaptchaVerdict> {
    const decoded = decodeAltchaPayload(payload);
    if (!decoded) return { ok: false, code: "invalid" };
    // The signature and the solution; the expiry is checked below for a clearer message.
    if (!(await verifySolution(decoded, (await keysOf()).altcha, false)))
      return { ok: false, code: "invalid" };
    const expires = Number(extractParams(decoded).expires) * 1000;
    if (!Number.isFinite(expires) || expires <= 0) return { ok: false, code: "invalid" };
    if (expires <= now()) return { ok: false, code: "expired" };
    if (!(await spend(`a:${decoded.signature}`))) return { ok: false, code: "replayed" };
    return { ok: true };
  }

  /** Checks a solution and spends it. A question counts only from the console (`questionAllowed`). */
  async function verify(
    solution: CaptchaSolution,
    caller: { questionAllowed: boolean },
  ): Promise<CaptchaVerdict> {
    if (solution.altcha !== undefined) return checkAltcha(solution.altcha);
    if (!caller.questionAllowed) return { ok: false, code: "questionNotAllowed" };
    return checkQuestion(solution.token ?? "", solution.answer ?? "");
  }

  return { createQuestion, createAltchaChallenge, verify };
}

export type Captcha = ReturnType<typeof createCaptcha>;

interface AltchaPayload {
  algorithm: "SHA-256";
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

function decodeAltchaPayload(payload: string): AltchaPayload | undefined {
  if (payload.length > 4000) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
  } catch {
    return undefined;
  }
  if (!value || typeof value !== "object") return undefined;
  const { algorithm, challenge, number, salt, signature } = value as Record<string, unknown>;
  if (algorithm !== "SHA-256") return undefined;
  if (typeof challenge !== "string" || typeof salt !== "string" || typeof signature !== "string")
    return undefined;
  if (typeof number !== "number" || !Number.isInteger(number) || number < 0) return undefined;
  return { algorithm, challenge, number, salt, signature };
}
