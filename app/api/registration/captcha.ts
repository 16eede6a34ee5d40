/**
 * The registration captcha of the contract (docs/decisions/0022-registration-captcha.md): the
 * provider issues challenges and checks the solution sent with `POST registration`.
 *
 * - With JavaScript: an ALTCHA proof of work. The browser's widget solves a challenge of
 *   `GET registration/captcha/challenge` and the console forwards its payload (`{ altcha }`).
 * - Without JavaScript: a question, 'What is 7 plus 4?', of `GET registration/captcha/question`.
 *   The question travels in a token that only the provider and the console can read: its
 *   numbers, expiry and a random nonce, encrypted and authenticated (JWE, `dir` with A256GCM)
 *   under a key derived from the console's OIDC client secret (questionKey). Whoever else
 *   holds the token (a robot reading the page) learns nothing of the sum from it. The console
 *   forwards it with the typed answer (`{ token, answer }`). Digits or words (English or Dutch)
 *   count.
 *
 * Both expire (one hour) and work once. Pure: zod, jose and Web Crypto.
 */
import { CompactEncrypt, compactDecrypt } from "jose";
import * as z from "zod";

export const CAPTCHA_TTL_MS = 60 * 60 * 1000;

/** An ALTCHA challenge (altcha-lib's v1 format, which the widget reads). */
export const captchaChallenge = z.object({
  algorithm: z.enum(["SHA-1", "SHA-256", "SHA-512"]),
  challenge: z.string(),
  maxnumber: z.number().int().optional(),
  salt: z.string(),
  signature: z.string(),
});

/** The question for people without JavaScript: what is `a` plus `b`. */
export const captchaQuestion = z.object({
  token: z.string(),
  a: z.number().int(),
  b: z.number().int(),
});
export type CaptchaQuestion = z.infer<typeof captchaQuestion>;

/** What a registration carries: the widget's payload (`altcha`), or the question's `token` and the `answer` typed. */
export const captchaSolution = z
  .object({
    altcha: z.string().min(1).max(4000).optional(),
    token: z.string().min(1).max(200).optional(),
    answer: z.string().max(40).optional(),
  })
  .refine(
    (solution) =>
      solution.altcha !== undefined ||
      (solution.token !== undefined && solution.answer !== undefined),
    {
      message: "must hold an ALTCHA payload, or a question's token and answer",
    },
  );
export type CaptchaSolution = z.infer<typeof captchaSolution>;

/**
 * Rule codes of a refused solution (field `captcha`): not made by the provider or altered
 * (`invalid`), too old (`expired`), used before (`replayed`), a wrong sum (`wrong`), or a
 * question sent by another caller than the console (`questionNotAllowed`: direct callers of
 * the API solve the proof of work).
 */
export const CAPTCHA_CODES = [
  "invalid",
  "expired",
  "replayed",
  "wrong",
  "questionNotAllowed",
] as const;
export type CaptchaCode = (typeof CAPTCHA_CODES)[number];

/** What a question token holds: the numbers, when it expires (ms since the epoch) and a nonce of its own. */
const sealedQuestion = z.object({
  a: z.number().int().min(0).max(99),
  b: z.number().int().min(0).max(99),
  expires: z.number().int().positive(),
  nonce: z.string().regex(/^[A-Za-z0-9_-]{16}$/),
});
export type SealedQuestion = z.infer<typeof sealedQuestion>;

const QUESTION_KEY_INFO = "register-captcha/question";
const JWE_HEADER = { alg: "dir", enc: "A256GCM" } as const;

/** The key of question tokens, derived (HKDF-SHA256) from the console's client secret. */
export async function questionKey(clientSecret: string): Promise<Uint8Array> {
  const encoder = new TextEncoder();
  const base = await crypto.subtle.importKey("raw", encoder.encode(clientSecret), "HKDF", false, [
    "deriveBits",
  ]);
  const bits = await crypto.subtle.deriveBits(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: new Uint8Array(0),
      info: encoder.encode(QUESTION_KEY_INFO),
    },
    base,
    256,
  );
  return new Uint8Array(bits);
}

/** A question as its token: encrypted and authenticated with `key`. */
export function sealQuestionToken(question: SealedQuestion, key: Uint8Array): Promise<string> {
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(question)))
    .setProtectedHeader(JWE_HEADER)
    .encrypt(key);
}

/** The question of a token made with `key`; undefined when it was not, or was altered. */
export async function openQuestionToken(
  token: string,
  key: Uint8Array,
): Promise<SealedQuestion | undefined> {
  try {
    const { plaintext } = await compactDecrypt(token, key, {
      keyManagementAlgorithms: ["dir"],
      contentEncryptionAlgorithms: ["A256GCM"],
    });
    const read = sealedQuestion.safeParse(JSON.parse(new TextDecoder().decode(plaintext)));
    return read.success ? read.data : undefined;
  } catch {
    return undefined;
  }
}

const NUMBER_WORDS: Record<string, number> = {
  // English
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  // Dutch
  nul: 0,
  een: 1,
  één: 1,
  twee: 2,
  drie: 3,
  vier: 4,
  vijf: 5,
  zes: 6,
  zeven: 7,
  acht: 8,
  negen: 9,
  tien: 10,
  elf: 11,
  twaalf: 12,
  dertien: 13,
  veertien: 14,
  vijftien: 15,
  zestien: 16,
  zeventien: 17,
  achttien: 18,
  negentien: 19,
  twintig: 20,
};

/** An answer in digits ('11') or words ('eleven', 'elf'); undefined when it is neither. */
export function parseAnswer(text: string): number | undefined {
  const clean = text
    .normalize("NFC")
    .trim()
    .toLowerCase()
    .replace(/[.!]+$/, "")
    .trim();
  if (/^\d{1,3}$/.test(clean)) return Number(clean);
  return Object.hasOwn(NUMBER_WORDS, clean) ? NUMBER_WORDS[clean] : undefined;
}

/** Whether `answer` is the sum the token asks for (the MAC aside). */
export const answersQuestion = (question: { a: number; b: number }, answer: string) =>
  parseAnswer(answer) === question.a + question.b;
