import { solveChallenge } from "altcha-lib";
import { describe, expect, it } from "vitest";
import {
  CAPTCHA_TTL_MS,
  openQuestionToken,
  parseAnswer,
  questionKey,
} from "~/api/registration/captcha";
import { createCaptcha } from "./captcha";
import { memoryLimitStore } from "./limits";

const secret = async () => "a-test-provider-secret-of-at-least-32-chars";
const otherSecret = async () => "another-provider-secret-of-32-chars-or-more";
/** The console's client secret, the question's key. */
const questionSecret = "the-console-client-secret-of-this-test";

function clock(start = Date.now()) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const fromConsole = { questionAllowed: true };
const words: Record<number, string> = { 2: "two", 11: "eleven", 20: "twenty" };

describe("parseAnswer", () => {
  it("reads digits and English or Dutch words", () => {
    expect(parseAnswer("11")).toBe(11);
    expect(parseAnswer(" 7 ")).toBe(7);
    expect(parseAnswer("Eleven")).toBe(11);
    expect(parseAnswer("elf")).toBe(11);
    expect(parseAnswer("één")).toBe(1);
    expect(parseAnswer("twintig.")).toBe(20);
  });

  it("refuses anything else", () => {
    for (const text of ["", "eleventy", "1 1", "-3", "constructor", "toString"])
      expect(parseAnswer(text)).toBeUndefined();
  });
});

describe("question (no JS)", () => {
  it("asks two numbers from 1 to 10 in a token that only the console's client secret opens", async () => {
    const captcha = createCaptcha({ secret, questionSecret, store: memoryLimitStore() });
    const key = await questionKey(questionSecret);
    for (let i = 0; i < 50; i += 1) {
      const { token, a, b } = await captcha.createQuestion();
      expect(a).toBeGreaterThanOrEqual(1);
      expect(b).toBeLessThanOrEqual(10);
      expect(await openQuestionToken(token, key)).toMatchObject({ a, b });
      expect(
        await openQuestionToken(token, await questionKey("another-client-secret")),
      ).toBeUndefined();
      expect(token.length).toBeLessThanOrEqual(200);
    }
  });

  it("does not give away its numbers or its answer to whoever reads or decodes the token", async () => {
    const captcha = createCaptcha({ secret, questionSecret, store: memoryLimitStore() });
    for (let i = 0; i < 50; i += 1) {
      const { token, a, b } = await captcha.createQuestion();
      const parts = token.split(".");
      // Not as parts of their own, nor in what any part decodes to (base64url, as text).
      expect(token).not.toContain(`.${a}.${b}.`);
      for (const reading of parts.map((part) =>
        Buffer.from(part, "base64url").toString("latin1"),
      )) {
        expect(reading).not.toMatch(/"a"\s*:|"b"\s*:|expires|nonce/);
      }
      // The readable header names the algorithms only.
      expect(JSON.parse(Buffer.from(parts[0], "base64url").toString())).toEqual({
        alg: "dir",
        enc: "A256GCM",
      });
      // The same numbers make another token each time.
      expect((await captcha.createQuestion()).token).not.toBe(token);
    }
  });

  it("accepts the right answer in digits or words, once", async () => {
    const captcha = createCaptcha({ secret, questionSecret, store: memoryLimitStore() });
    let question = await captcha.createQuestion();
    while (!words[question.a + question.b]) question = await captcha.createQuestion();
    const solution = {
      token: question.token,
      answer: words[question.a + question.b].toUpperCase(),
    };
    expect(await captcha.verify(solution, fromConsole)).toEqual({ ok: true });
    expect(await captcha.verify(solution, fromConsole)).toEqual({ ok: false, code: "replayed" });
  });

  it("spends the question on a wrong answer", async () => {
    const captcha = createCaptcha({ secret, questionSecret, store: memoryLimitStore() });
    const { token, a, b } = await captcha.createQuestion();
    expect(await captcha.verify({ token, answer: String(a + b + 1) }, fromConsole)).toEqual({
      ok: false,
      code: "wrong",
    });
    expect(await captcha.verify({ token, answer: String(a + b) }, fromConsole)).toEqual({
      ok: false,
      code: "replayed",
    });
  });

  it("is answered only through the console", async () => {
    const captcha = createCaptcha({ secret, questionSecret, store: memoryLimitStore() });
    const { token, a, b } = await captcha.createQuestion();
    expect(
      await captcha.verify({ token, answer: String(a + b) }, { questionAllowed: false }),
    ).toEqual({ ok: false, code: "questionNotAllowed" });
    expect(await captcha.verify({ token, answer: String(a + b) }, fromConsole)).toEqual({
      ok: true,
    });
  });

  it("expires", async () => {
    const time = clock();
    const captcha = createCaptcha({
      secret,
      questionSecret,
      store: memoryLimitStore(),
      now: time.now,
    });
    const { token, a, b } = await captcha.createQuestion();
    time.advance(CAPTCHA_TTL_MS + 1);
    expect(await captcha.verify({ token, answer: String(a + b) }, fromConsole)).toEqual({
      ok: false,
      code: "expired",
    });
  });

  it("refuses forged, altered and foreign tokens", async () => {
    const captcha = createCaptcha({ secret, questionSecret, store: memoryLimitStore() });
    const { token, a, b } = await captcha.createQuestion();
    const [header, encryptedKey, iv, ciphertext, tag] = token.split(".");
    const check = (t: string, answer: string) => captcha.verify({ token: t, answer }, fromConsole);
    // One bit of the ciphertext flipped, or another header.
    const flipped = Buffer.from(ciphertext, "base64url");
    flipped[0] ^= 1;
    expect(
      await check(
        [header, encryptedKey, iv, flipped.toString("base64url"), tag].join("."),
        String(a + b),
      ),
    ).toEqual({ ok: false, code: "invalid" });
    const otherHeader = Buffer.from(JSON.stringify({ alg: "dir", enc: "A128GCM" })).toString(
      "base64url",
    );
    expect(
      await check([otherHeader, encryptedKey, iv, ciphertext, tag].join("."), String(a + b)),
    ).toEqual({ ok: false, code: "invalid" });
    // Made with another secret.
    const other = await createCaptcha({
      secret: otherSecret,
      questionSecret: "another-console-client-secret",
      store: memoryLimitStore(),
    }).createQuestion();
    expect(await check(other.token, String(other.a + other.b))).toEqual({
      ok: false,
      code: "invalid",
    });
    expect(await check("garbage", "3")).toEqual({ ok: false, code: "invalid" });
  });
});

describe("ALTCHA (JS)", () => {
  async function solved(captcha: ReturnType<typeof createCaptcha>) {
    const challenge = await captcha.createAltchaChallenge();
    const solution = await solveChallenge(
      challenge.challenge,
      challenge.salt,
      challenge.algorithm,
      challenge.maxnumber,
    ).promise;
    if (!solution) throw new Error("no solution");
    const payload = {
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt: challenge.salt,
      signature: challenge.signature,
    };
    return { challenge, payload, encoded: Buffer.from(JSON.stringify(payload)).toString("base64") };
  }

  it("creates signed SHA-256 challenges with an expiry", async () => {
    const time = clock(Date.UTC(2025, 0, 1));
    const captcha = createCaptcha({
      secret,
      questionSecret,
      store: memoryLimitStore(),
      now: time.now,
      maxNumber: 1000,
    });
    const challenge = await captcha.createAltchaChallenge();
    expect(challenge.algorithm).toBe("SHA-256");
    expect(challenge.maxnumber).toBe(1000);
    expect(challenge.salt).toContain(`expires=${Math.floor((time.now() + CAPTCHA_TTL_MS) / 1000)}`);
  });

  it("accepts a solved payload once, from anyone", async () => {
    const captcha = createCaptcha({
      secret,
      questionSecret,
      store: memoryLimitStore(),
      maxNumber: 1000,
    });
    const { encoded } = await solved(captcha);
    expect(await captcha.verify({ altcha: encoded }, { questionAllowed: false })).toEqual({
      ok: true,
    });
    expect(await captcha.verify({ altcha: encoded }, fromConsole)).toEqual({
      ok: false,
      code: "replayed",
    });
  });

  it("refuses a wrong number, another key, another algorithm and garbage", async () => {
    const captcha = createCaptcha({
      secret,
      questionSecret,
      store: memoryLimitStore(),
      maxNumber: 1000,
    });
    const { payload } = await solved(captcha);
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64");
    const check = (altcha: string) => captcha.verify({ altcha }, fromConsole);
    expect(await check(encode({ ...payload, number: payload.number + 1 }))).toEqual({
      ok: false,
      code: "invalid",
    });
    expect(await check(encode({ ...payload, algorithm: "SHA-1" }))).toEqual({
      ok: false,
      code: "invalid",
    });
    const foreign = await solved(
      createCaptcha({
        secret: otherSecret,
        questionSecret: "another-console-client-secret",
        store: memoryLimitStore(),
        maxNumber: 1000,
      }),
    );
    expect(await check(foreign.encoded)).toEqual({ ok: false, code: "invalid" });
    expect(await check("not base64 json")).toEqual({ ok: false, code: "invalid" });
  });

  it("reports an expired payload as expired", async () => {
    const time = clock();
    const captcha = createCaptcha({
      secret,
      questionSecret,
      store: memoryLimitStore(),
      now: time.now,
      maxNumber: 1000,
    });
    const { encoded } = await solved(captcha);
    time.advance(CAPTCHA_TTL_MS + 1000);
    expect(await captcha.verify({ altcha: encoded }, fromConsole)).toEqual({
      ok: false,
      code: "expired",
    });
  });
});
