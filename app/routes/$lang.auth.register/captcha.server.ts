/**
 * The registration captcha: self-hosted, nothing third-party.
 *
 * - With JavaScript: ALTCHA proof of work. The browser fetches a challenge from
 *   `/{lang}/auth/register/challenge` (created here with altcha-lib, HMAC-signed, with an
 *   expiry in its salt), solves it in a same-origin web worker and posts the payload in the
 *   `altcha` field; the action verifies it here.
 * - Without JavaScript (or when the widget cannot run): a question, 'What is 7 plus 4?'. The
 *   question travels in a hidden `captchaToken`, `v1.<a>.<b>.<expires>.<nonce>.<mac>`, whose
 *   MAC (HMAC-SHA256) binds the numbers, the expiry and a random nonce. The answer is never
 *   in the page: the server adds the numbers again. Digits or words (English or Dutch) count.
 *
 * Both kinds expire (one hour) and work once: a token is spent when its answer is wrong or
 * when the registration it protects is sent to the provider. A correct token on a form that
 * failed validation stays valid, so the person does not solve it again.
 * Spent tokens are remembered in this process until they expire (see `SpentTokens`): with
 * several console replicas, a shared store would replace it.
 *
 * Keys are derived from SESSION_SECRET with HMAC, one per purpose.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { createChallenge, extractParams, verifySolution } from "altcha-lib";
import type { Challenge } from "altcha-lib/types";
import { env } from "~/env.server";

export const CAPTCHA_TTL_MS = 60 * 60 * 1000;
/** Up to this many SHA-256 hashes to find the number: well under a second or two on a phone. */
export const ALTCHA_MAX_NUMBER = 100_000;

export type CaptchaKind = "altcha" | "question";
export type CaptchaFailure = "missing" | "invalid" | "expired" | "replayed" | "wrong";

/** The question shown without JS; `token` goes back in a hidden field. */
export interface QuestionChallenge {
  token: string;
  a: number;
  b: number;
}

export type CaptchaCheck =
  | { ok: true; kind: CaptchaKind; /** Marks the token used; false when it already was (a race). */ spend: () => boolean }
  | { ok: false; kind: CaptchaKind; reason: CaptchaFailure };

export interface CaptchaInput {
  altcha?: string | null;
  captchaToken?: string | null;
  captchaAnswer?: string | null;
}

/** Tokens already used, kept until they expire. */
export class SpentTokens {
  private readonly entries = new Map<string, number>();
  constructor(private readonly maxEntries = 100_000) {}

  has(key: string, now: number): boolean {
    const expires = this.entries.get(key);
    return expires !== undefined && expires > now;
  }

  /** Marks `key` spent until `expiresAt`; false when it already was. */
  claim(key: string, expiresAt: number, now: number): boolean {
    if (this.has(key, now)) return false;
    if (this.entries.size >= this.maxEntries) this.prune(now);
    if (this.entries.size >= this.maxEntries) {
      // Still full of live tokens: forget the oldest (insertion order).
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, expiresAt);
    return true;
  }

  prune(now: number) {
    for (const [key, expires] of this.entries) if (expires <= now) this.entries.delete(key);
  }

  get size() {
    return this.entries.size;
  }
}

export interface CaptchaOptions {
  secret: string;
  now?: () => number;
  store?: SpentTokens;
  ttlMs?: number;
  maxNumber?: number;
}

export function createCaptcha(options: CaptchaOptions) {
  const now = options.now ?? Date.now;
  const store = options.store ?? new SpentTokens();
  const ttl = options.ttlMs ?? CAPTCHA_TTL_MS;
  const maxNumber = options.maxNumber ?? ALTCHA_MAX_NUMBER;
  const questionKey = createHmac("sha256", options.secret).update("register-captcha/question").digest();
  const altchaKey = createHmac("sha256", options.secret).update("register-captcha/altcha").digest("hex");

  const mac = (body: string) => createHmac("sha256", questionKey).update(body).digest("base64url");

  /** A new question: two numbers from 1 to 10. */
  function createQuestion(): QuestionChallenge {
    const a = randomInt(1, 11);
    const b = randomInt(1, 11);
    const body = `v1.${a}.${b}.${now() + ttl}.${randomBytes(12).toString("base64url")}`;
    return { token: `${body}.${mac(body)}`, a, b };
  }

  /** The numbers of a token whose MAC is right (expired or not); undefined when forged or malformed. */
  function readQuestion(token: string): (QuestionChallenge & { expires: number; nonce: string }) | undefined {
    const match = /^v1\.(\d{1,2})\.(\d{1,2})\.(\d{1,15})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return undefined;
    const body = token.slice(0, token.lastIndexOf("."));
    const expected = Buffer.from(mac(body));
    const given = Buffer.from(match[5]);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    return { token, a: Number(match[1]), b: Number(match[2]), expires: Number(match[3]), nonce: match[4] };
  }

  function checkQuestion(token: string, answer: string | null | undefined): CaptchaCheck {
    const kind = "question" as const;
    const question = readQuestion(token);
    if (!question) return { ok: false, kind, reason: "invalid" };
    const at = now();
    if (question.expires <= at) return { ok: false, kind, reason: "expired" };
    const key = `q:${question.nonce}`;
    if (store.has(key, at)) return { ok: false, kind, reason: "replayed" };
    if (!answer || !answer.trim()) return { ok: false, kind, reason: "missing" };
    if (parseAnswer(answer) !== question.a + question.b) {
      // One try per question: a wrong answer spends it, so guessing needs a new question each time.
      store.claim(key, question.expires, at);
      return { ok: false, kind, reason: "wrong" };
    }
    return { ok: true, kind, spend: () => store.claim(key, question.expires, now()) };
  }

  /** A new ALTCHA challenge (altcha-lib v1 format, which the widget reads). */
  function createAltchaChallenge(): Promise<Challenge> {
    return createChallenge({ hmacKey: altchaKey, maxNumber, algorithm: "SHA-256", expires: new Date(now() + ttl) });
  }

  async function checkAltcha(payload: string): Promise<CaptchaCheck> {
    const kind = "altcha" as const;
    const decoded = decodeAltchaPayload(payload);
    if (!decoded) return { ok: false, kind, reason: "invalid" };
    // The signature and the solution; the expiry is checked below for a clearer message.
    if (!(await verifySolution(decoded, altchaKey, false))) return { ok: false, kind, reason: "invalid" };
    const expires = Number(extractParams(decoded).expires) * 1000;
    if (!Number.isFinite(expires) || expires <= 0) return { ok: false, kind, reason: "invalid" };
    const at = now();
    if (expires <= at) return { ok: false, kind, reason: "expired" };
    const key = `a:${decoded.signature}`;
    if (store.has(key, at)) return { ok: false, kind, reason: "replayed" };
    return { ok: true, kind, spend: () => store.claim(key, expires, now()) };
  }

  /** The ALTCHA payload when there is one, otherwise the question. */
  async function check(input: CaptchaInput): Promise<CaptchaCheck> {
    if (input.altcha) return checkAltcha(input.altcha);
    if (input.captchaToken) return checkQuestion(input.captchaToken, input.captchaAnswer);
    return { ok: false, kind: "altcha", reason: "missing" };
  }

  return { createQuestion, readQuestion, createAltchaChallenge, check, store };
}

export type Captcha = ReturnType<typeof createCaptcha>;

let instance: Captcha | undefined;
/** The console's captcha, keyed from SESSION_SECRET. */
export function captcha(): Captcha {
  instance ??= createCaptcha({ secret: env().SESSION_SECRET });
  return instance;
}

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
  if (typeof challenge !== "string" || typeof salt !== "string" || typeof signature !== "string") return undefined;
  if (typeof number !== "number" || !Number.isInteger(number) || number < 0) return undefined;
  return { algorithm, challenge, number, salt, signature };
}

const NUMBER_WORDS: Record<string, number> = {
  // English
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17,
  eighteen: 18, nineteen: 19, twenty: 20,
  // Dutch
  nul: 0, een: 1, "één": 1, twee: 2, drie: 3, vier: 4, vijf: 5, zes: 6, zeven: 7, acht: 8, negen: 9,
  tien: 10, elf: 11, twaalf: 12, dertien: 13, veertien: 14, vijftien: 15, zestien: 16, zeventien: 17,
  achttien: 18, negentien: 19, twintig: 20,
};

/** An answer in digits ('11') or words ('eleven', 'elf'); undefined when it is neither. */
export function parseAnswer(text: string): number | undefined {
  const clean = text.normalize("NFC").trim().toLowerCase().replace(/[.!]+$/, "").trim();
  if (/^\d{1,3}$/.test(clean)) return Number(clean);
  return NUMBER_WORDS[clean];
}
