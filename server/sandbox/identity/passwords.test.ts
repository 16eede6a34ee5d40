import { describe, expect, it } from "vitest";
import { hashPassword, unusableHash, verifyPassword } from "./passwords";

describe("passwords", () => {
  it("verifies the password it hashed and refuses another", async () => {
    const hash = await hashPassword("Secret-pass-1");
    expect(hash).toMatch(/^scrypt\$/);
    expect(await verifyPassword("Secret-pass-1", hash)).toBe(true);
    expect(await verifyPassword("secret-pass-1", hash)).toBe(false);
  });
  it("salts each hash", async () => {
    expect(await hashPassword("Same-pass-1")).not.toBe(await hashPassword("Same-pass-1"));
  });
  it("never matches the unusable hash or a malformed one", async () => {
    expect(await verifyPassword("anything", unusableHash)).toBe(false);
    expect(await verifyPassword("anything", "plain")).toBe(false);
  });
});
