import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SIGN_IN_ERRORS, SIGN_IN_MESSAGES } from "~/api/signin/codes";
import {
  ERROR_KEYS,
  FAILURE_KEYS,
  failureOf,
  MESSAGE_KEYS,
  readSignInCodes,
  SIGN_IN_FAILURES,
} from "./signin-messages";

const locale = (lang: string) =>
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, `../../locales/${lang}/auth.json`), "utf8"),
  ) as Record<string, unknown>;
const textOf = (bundle: Record<string, unknown>, key: string) =>
  key
    .split(".")
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined,
      bundle,
    );

describe("sign-in page codes", () => {
  it("keeps the codes it knows", () => {
    expect(
      readSignInCodes({
        message: "email_verified",
        error: "invalid_credentials",
        failed: "access_denied",
      }),
    ).toEqual({
      message: "email_verified",
      error: "invalid_credentials",
      failed: "access_denied",
    });
  });

  it.each([
    "Call 1-800-EVIL",
    "email verified",
    "EMAIL_VERIFIED",
    "toString",
    "__proto__",
    "",
    " email_verified",
  ])("drops %j: not a code, nothing is shown", (value) => {
    expect(readSignInCodes({ message: value, error: value, failed: value })).toEqual({
      message: null,
      error: null,
      failed: null,
    });
  });

  it("drops what is missing", () => {
    expect(readSignInCodes({})).toEqual({ message: null, error: null, failed: null });
  });

  it("words every code in both languages", () => {
    const keys = [
      ...SIGN_IN_MESSAGES.map((code) => MESSAGE_KEYS[code].key),
      ...SIGN_IN_ERRORS.flatMap((code) => ERROR_KEYS[code] ?? []),
      ...SIGN_IN_FAILURES.map((code) => FAILURE_KEYS[code]),
    ];
    for (const lang of ["en-AU", "nl-NL"]) {
      const bundle = locale(lang);
      for (const key of keys) expect(typeof textOf(bundle, key), `${lang} ${key}`).toBe("string");
    }
  });

  it("turns the callback's OAuth errors into failure codes", () => {
    expect(failureOf("access_denied")).toBe("access_denied");
    expect(failureOf("server_error")).toBe("unavailable");
    expect(failureOf("temporarily_unavailable")).toBe("unavailable");
    expect(failureOf("invalid_grant")).toBe("failed");
    expect(failureOf(undefined)).toBe("failed");
  });
});
