import { describe, expect, it } from "vitest";
import { captchaField, problemOf, readSentCaptcha } from "./captcha";

/** A question token as the provider writes it (the MAC is the provider's to check). */
const token = (a: number, b: number, expires: number) => `v1.${a}.${b}.${expires}.AAAAAAAAAAAAAAAA.${"B".repeat(43)}`;
const later = Date.now() + 60_000;

describe("the captcha a registration form sent", () => {
  it("forwards the widget's payload, whatever else came with it", () => {
    expect(readSentCaptcha({ altcha: "payload", captchaToken: token(3, 4, later), captchaAnswer: "1" })).toEqual({ kind: "altcha", solution: { altcha: "payload" } });
  });

  it("forwards a right answer in digits or words, with its question to ask again", () => {
    for (const answer of ["7", " seven ", "zeven"]) {
      expect(readSentCaptcha({ captchaToken: token(3, 4, later), captchaAnswer: answer })).toEqual({
        kind: "question",
        solution: { token: token(3, 4, later), answer: answer.trim() },
        question: { token: token(3, 4, later), a: 3, b: 4 },
      });
    }
  });

  it("says at once what it can tell is wrong: nothing sent, no answer, a wrong sum, an expired or unreadable question", () => {
    expect(readSentCaptcha({})).toEqual({ kind: "altcha", problem: "missing" });
    expect(readSentCaptcha({ captchaToken: token(3, 4, later), captchaAnswer: " " })).toMatchObject({ kind: "question", problem: "missing" });
    expect(readSentCaptcha({ captchaToken: token(3, 4, later), captchaAnswer: "8" })).toMatchObject({ kind: "question", problem: "wrong" });
    expect(readSentCaptcha({ captchaToken: token(3, 4, Date.now() - 1), captchaAnswer: "7" })).toMatchObject({ kind: "question", problem: "expired" });
    expect(readSentCaptcha({ captchaToken: "garbage", captchaAnswer: "7" })).toEqual({ kind: "question", problem: "invalid" });
  });

  it("words the provider's refusals it knows, any other as invalid", () => {
    expect(["expired", "replayed", "wrong", "invalid", "questionNotAllowed", undefined].map(problemOf)).toEqual(["expired", "replayed", "wrong", "invalid", "invalid", "invalid"]);
    expect(captchaField("altcha")).toBe("altcha");
    expect(captchaField("question")).toBe("captchaAnswer");
  });
});
