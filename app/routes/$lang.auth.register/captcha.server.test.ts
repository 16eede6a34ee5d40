import { solveChallenge } from "altcha-lib";
import { describe, expect, it } from "vitest";
import { CAPTCHA_TTL_MS, createCaptcha, parseAnswer, SpentTokens } from "./captcha.server";

const secret = "a-test-session-secret-of-at-least-32-chars";

function clock(start = Date.UTC(2025, 0, 1)) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const words: Record<number, string> = { 2: "two", 11: "eleven", 20: "twenty" };

describe("parseAnswer", () => {
  it("reads digits and English or Dutch words", () => {
    expect(parseAnswer("11")).toBe(11);
    expect(parseAnswer(" 7 ")).toBe(7);
    expect(parseAnswer("Eleven")).toBe(11);
    expect(parseAnswer("elf")).toBe(11);
    expect(parseAnswer("één")).toBe(1);
    expect(parseAnswer("twintig.")).toBe(20);
    expect(parseAnswer(words[2])).toBe(2);
  });

  it("refuses anything else", () => {
    expect(parseAnswer("")).toBeUndefined();
    expect(parseAnswer("eleventy")).toBeUndefined();
    expect(parseAnswer("1 1")).toBeUndefined();
    expect(parseAnswer("-3")).toBeUndefined();
  });
});

describe("question (no JS)", () => {
  it("asks two numbers from 1 to 10 and never puts the answer in the token", () => {
    const captcha = createCaptcha({ secret });
    for (let i = 0; i < 50; i += 1) {
      const { token, a, b } = captcha.createQuestion();
      expect(a).toBeGreaterThanOrEqual(1);
      expect(a).toBeLessThanOrEqual(10);
      expect(b).toBeGreaterThanOrEqual(1);
      expect(b).toBeLessThanOrEqual(10);
      const parts = token.split(".");
      expect(parts).toHaveLength(6);
      expect(parts.slice(1, 3)).toEqual([String(a), String(b)]);
    }
  });

  it("accepts the right answer in digits or words, once", async () => {
    const time = clock();
    const captcha = createCaptcha({ secret, now: time.now });
    const { token, a, b } = captcha.createQuestion();
    const check = await captcha.check({ captchaToken: token, captchaAnswer: String(a + b) });
    expect(check).toMatchObject({ ok: true, kind: "question" });
    // Not spent yet: a form that failed for other reasons may send it again.
    expect(await captcha.check({ captchaToken: token, captchaAnswer: String(a + b) })).toMatchObject({ ok: true });
    if (!check.ok) throw new Error("expected ok");
    expect(check.spend()).toBe(true);
    expect(check.spend()).toBe(false);
    expect(await captcha.check({ captchaToken: token, captchaAnswer: String(a + b) })).toEqual({ ok: false, kind: "question", reason: "replayed" });
  });

  it("accepts words", async () => {
    const captcha = createCaptcha({ secret });
    let question = captcha.createQuestion();
    while (!words[question.a + question.b]) question = captcha.createQuestion();
    expect(await captcha.check({ captchaToken: question.token, captchaAnswer: words[question.a + question.b].toUpperCase() })).toMatchObject({ ok: true });
  });

  it("spends the question on a wrong answer", async () => {
    const captcha = createCaptcha({ secret });
    const { token, a, b } = captcha.createQuestion();
    expect(await captcha.check({ captchaToken: token, captchaAnswer: String(a + b + 1) })).toEqual({ ok: false, kind: "question", reason: "wrong" });
    expect(await captcha.check({ captchaToken: token, captchaAnswer: String(a + b) })).toEqual({ ok: false, kind: "question", reason: "replayed" });
  });

  it("reports a missing answer without spending the question", async () => {
    const captcha = createCaptcha({ secret });
    const { token, a, b } = captcha.createQuestion();
    expect(await captcha.check({ captchaToken: token, captchaAnswer: "  " })).toEqual({ ok: false, kind: "question", reason: "missing" });
    expect(await captcha.check({ captchaToken: token, captchaAnswer: String(a + b) })).toMatchObject({ ok: true });
  });

  it("expires", async () => {
    const time = clock();
    const captcha = createCaptcha({ secret, now: time.now });
    const { token, a, b } = captcha.createQuestion();
    time.advance(CAPTCHA_TTL_MS + 1);
    expect(await captcha.check({ captchaToken: token, captchaAnswer: String(a + b) })).toEqual({ ok: false, kind: "question", reason: "expired" });
  });

  it("refuses forged, altered and foreign tokens", async () => {
    const captcha = createCaptcha({ secret });
    const { token, a, b } = captcha.createQuestion();
    const [v, , , expires, nonce, mac] = token.split(".");
    // Easier numbers with the old MAC.
    const altered = [v, "1", "1", expires, nonce, mac].join(".");
    expect(await captcha.check({ captchaToken: altered, captchaAnswer: "2" })).toEqual({ ok: false, kind: "question", reason: "invalid" });
    // A later expiry with the old MAC.
    const extended = [v, a, b, String(Number(expires) + 1e9), nonce, mac].join(".");
    expect(await captcha.check({ captchaToken: extended, captchaAnswer: String(a + b) })).toEqual({ ok: false, kind: "question", reason: "invalid" });
    // Signed with another secret.
    const other = createCaptcha({ secret: `${secret}-other` }).createQuestion();
    expect(await captcha.check({ captchaToken: other.token, captchaAnswer: String(other.a + other.b) })).toEqual({ ok: false, kind: "question", reason: "invalid" });
    expect(await captcha.check({ captchaToken: "garbage", captchaAnswer: "3" })).toEqual({ ok: false, kind: "question", reason: "invalid" });
  });

  it("reads a kept question back", () => {
    const captcha = createCaptcha({ secret });
    const question = captcha.createQuestion();
    expect(captcha.readQuestion(question.token)).toMatchObject(question);
    expect(captcha.readQuestion(`${question.token}x`)).toBeUndefined();
  });
});

describe("ALTCHA (JS)", () => {
  async function solved(captcha: ReturnType<typeof createCaptcha>) {
    const challenge = await captcha.createAltchaChallenge();
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
    if (!solution) throw new Error("no solution");
    const payload = { algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution.number, salt: challenge.salt, signature: challenge.signature };
    return { challenge, payload, encoded: Buffer.from(JSON.stringify(payload)).toString("base64") };
  }

  it("creates signed SHA-256 challenges with an expiry", async () => {
    const time = clock();
    const captcha = createCaptcha({ secret, now: time.now, maxNumber: 1000 });
    const challenge = await captcha.createAltchaChallenge();
    expect(challenge.algorithm).toBe("SHA-256");
    expect(challenge.maxnumber).toBe(1000);
    expect(challenge.salt).toContain(`expires=${Math.floor((time.now() + CAPTCHA_TTL_MS) / 1000)}`);
  });

  it("accepts a solved payload once", async () => {
    const captcha = createCaptcha({ secret, maxNumber: 1000 });
    const { encoded } = await solved(captcha);
    const check = await captcha.check({ altcha: encoded });
    expect(check).toMatchObject({ ok: true, kind: "altcha" });
    if (!check.ok) throw new Error("expected ok");
    expect(check.spend()).toBe(true);
    expect(await captcha.check({ altcha: encoded })).toEqual({ ok: false, kind: "altcha", reason: "replayed" });
  });

  it("prefers the payload to the question when both are sent", async () => {
    const captcha = createCaptcha({ secret, maxNumber: 1000 });
    const { encoded } = await solved(captcha);
    expect(await captcha.check({ altcha: encoded, captchaToken: "garbage", captchaAnswer: "1" })).toMatchObject({ ok: true, kind: "altcha" });
  });

  it("refuses a wrong number, another key, another algorithm and garbage", async () => {
    const captcha = createCaptcha({ secret, maxNumber: 1000 });
    const { payload } = await solved(captcha);
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64");
    expect(await captcha.check({ altcha: encode({ ...payload, number: payload.number + 1 }) })).toEqual({ ok: false, kind: "altcha", reason: "invalid" });
    expect(await captcha.check({ altcha: encode({ ...payload, algorithm: "SHA-1" }) })).toEqual({ ok: false, kind: "altcha", reason: "invalid" });
    const other = createCaptcha({ secret: `${secret}-other`, maxNumber: 1000 });
    const foreign = await solved(other);
    expect(await captcha.check({ altcha: foreign.encoded })).toEqual({ ok: false, kind: "altcha", reason: "invalid" });
    expect(await captcha.check({ altcha: "not base64 json" })).toEqual({ ok: false, kind: "altcha", reason: "invalid" });
  });

  it("reports an expired payload as expired", async () => {
    const time = clock(Date.now());
    const captcha = createCaptcha({ secret, now: time.now, maxNumber: 1000 });
    const { encoded } = await solved(captcha);
    time.advance(CAPTCHA_TTL_MS + 1000);
    expect(await captcha.check({ altcha: encoded })).toEqual({ ok: false, kind: "altcha", reason: "expired" });
  });

  it("asks for the widget when nothing was sent", async () => {
    const captcha = createCaptcha({ secret });
    expect(await captcha.check({})).toEqual({ ok: false, kind: "altcha", reason: "missing" });
  });
});

describe("SpentTokens", () => {
  it("forgets tokens once they expire", () => {
    const store = new SpentTokens();
    expect(store.claim("a", 100, 0)).toBe(true);
    expect(store.claim("a", 100, 50)).toBe(false);
    expect(store.has("a", 100)).toBe(false);
    store.prune(100);
    expect(store.size).toBe(0);
  });

  it("stays bounded", () => {
    const store = new SpentTokens(3);
    for (const key of ["a", "b", "c", "d"]) store.claim(key, 1000, 0);
    expect(store.size).toBe(3);
    expect(store.has("d", 1)).toBe(true);
  });
});
