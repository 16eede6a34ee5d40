import { beforeAll, describe, expect, it } from "vitest";
import { questionKey, sealQuestionToken } from "~/api/registration/captcha";
import { captchaField, problemOf, readSentCaptcha } from "./captcha";

let key: Uint8Array;
/** Question tokens as the provider writes them, under the key of the console's client secret. */
const tokens = new Map<string, string>();
const token = (a: number, b: number, expires: number) => tokens.get(`${a}.${b}.${expires}`)!;
const later = Date.now() + 60_000;
const earlier = Date.now() - 1;

beforeAll(async () => {
  key = await questionKey("the-console-client-secret-of-this-test");
  for (const [a, b, expires] of [
    [3, 4, later],
    [3, 4, earlier],
  ]) {
    tokens.set(
      `${a}.${b}.${expires}`,
      await sealQuestionToken({ a, b, expires, nonce: "AAAAAAAAAAAAAAAA" }, key),
    );
  }
});

describe("the captcha a registration form sent", () => {
  it("forwards the widget's payload, whatever else came with it", async () => {
    expect(
      await readSentCaptcha(
        { altcha: "payload", captchaToken: token(3, 4, later), captchaAnswer: "1" },
        key,
      ),
    ).toEqual({ kind: "altcha", solution: { altcha: "payload" } });
  });

  it("forwards a right answer in digits or words, with its question to ask again", async () => {
    for (const answer of ["7", " seven ", "zeven"]) {
      expect(
        await readSentCaptcha({ captchaToken: token(3, 4, later), captchaAnswer: answer }, key),
      ).toEqual({
        kind: "question",
        solution: { token: token(3, 4, later), answer: answer.trim() },
        question: { token: token(3, 4, later), a: 3, b: 4 },
      });
    }
  });

  it("says at once what it can tell is wrong: nothing sent, no answer, a wrong sum, an expired or unreadable question", async () => {
    expect(await readSentCaptcha({}, key)).toEqual({ kind: "altcha", problem: "missing" });
    expect(
      await readSentCaptcha({ captchaToken: token(3, 4, later), captchaAnswer: " " }, key),
    ).toMatchObject({ kind: "question", problem: "missing" });
    expect(
      await readSentCaptcha({ captchaToken: token(3, 4, later), captchaAnswer: "8" }, key),
    ).toMatchObject({ kind: "question", problem: "wrong" });
    expect(
      await readSentCaptcha({ captchaToken: token(3, 4, earlier), captchaAnswer: "7" }, key),
    ).toMatchObject({ kind: "question", problem: "expired" });
    expect(await readSentCaptcha({ captchaToken: "garbage", captchaAnswer: "7" }, key)).toEqual({
      kind: "question",
      problem: "invalid",
    });
    const foreign = await sealQuestionToken(
      { a: 3, b: 4, expires: later, nonce: "AAAAAAAAAAAAAAAA" },
      await questionKey("another-client-secret"),
    );
    expect(await readSentCaptcha({ captchaToken: foreign, captchaAnswer: "7" }, key)).toEqual({
      kind: "question",
      problem: "invalid",
    });
  });

  it("words the provider's refusals it knows, any other as invalid", () => {
    expect(
      ["expired", "replayed", "wrong", "invalid", "questionNotAllowed", undefined].map(problemOf),
    ).toEqual(["expired", "replayed", "wrong", "invalid", "invalid", "invalid"]);
    expect(captchaField("altcha")).toBe("altcha");
    expect(captchaField("question")).toBe("captchaAnswer");
  });
});
