import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createValueCipher, decodeKey, keyIdOf, newKey, UnreadableValueError } from "./encryption";

const PLACE = "bank_details.account_number:company-1";

describe("the value cipher", () => {
  const cipher = createValueCipher(newKey());

  it("stores no plain text and opens its own values again", () => {
    const stored = cipher.encrypt("123456789", PLACE);
    expect(stored).not.toContain("123456789");
    expect(keyIdOf(stored)).toBe(cipher.keyId);
    expect(cipher.decrypt(stored, PLACE)).toBe("123456789");
  });

  it("draws a new IV for each value, so equal numbers are stored unlike", () => {
    expect(cipher.encrypt("123456789", PLACE)).not.toBe(cipher.encrypt("123456789", PLACE));
  });

  it("reads plain text written before encryption as it is", () => {
    expect(keyIdOf("12345678")).toBeUndefined();
    expect(cipher.decrypt("12345678", PLACE)).toBe("12345678");
  });

  it("fails closed with a wrong key, even one that claims the right key id", () => {
    const stored = cipher.encrypt("123456789", PLACE);
    const other = createValueCipher(newKey());
    expect(() => other.decrypt(stored, PLACE)).toThrow(UnreadableValueError);
    const [, , iv, sealed] = stored.split(":");
    expect(() => other.decrypt(["enc1", other.keyId, iv, sealed].join(":"), PLACE)).toThrow(
      UnreadableValueError,
    );
  });

  it("fails closed for an altered value or one moved to another place", () => {
    const stored = cipher.encrypt("123456789", PLACE);
    const [prefix, id, iv, sealed] = stored.split(":");
    const bytes = Buffer.from(sealed, "base64url");
    bytes[0] ^= 1;
    expect(() =>
      cipher.decrypt([prefix, id, iv, bytes.toString("base64url")].join(":"), PLACE),
    ).toThrow(UnreadableValueError);
    expect(() => cipher.decrypt([prefix, id, "short", sealed].join(":"), PLACE)).toThrow(
      UnreadableValueError,
    );
    expect(() => cipher.decrypt(stored, "bank_details.account_number:company-2")).toThrow(
      UnreadableValueError,
    );
  });

  it("takes a key of 32 bytes in base64 or base64url, and nothing else", () => {
    const bytes = randomBytes(32);
    expect(decodeKey(bytes.toString("base64"))).toEqual(bytes);
    expect(decodeKey(bytes.toString("base64url"))).toEqual(bytes);
    expect(decodeKey(randomBytes(31).toString("base64"))).toBeUndefined();
    expect(decodeKey(randomBytes(33).toString("base64"))).toBeUndefined();
    expect(decodeKey("x".repeat(32))).toBeUndefined();
    expect(() => createValueCipher("not a key")).toThrow();
  });
});
