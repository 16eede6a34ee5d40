/**
 * Values kept encrypted at rest (the bank account number): AES-256-GCM, a random 96-bit IV per
 * value, and associated data naming where the value belongs, so a value copied to another row
 * fails to open. Stored as `enc1:<key id>:<iv>:<ciphertext and tag>` (base64url). A stored value
 * without that prefix is plain text written before encryption, and reads as it is.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

const PREFIX = "enc1";
const ALGORITHM = "aes-256-gcm";
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;

/** A key as written in DATA_ENCRYPTION_KEY: 32 bytes in base64 or base64url. */
export const KEY_PATTERN = /^[A-Za-z0-9+/_-]{43}=?$/;

/** The key's bytes, or undefined when the text is not 32 bytes in base64 or base64url. */
export function decodeKey(text: string): Buffer | undefined {
  if (!KEY_PATTERN.test(text)) return undefined;
  const key = Buffer.from(text, "base64");
  return key.length === KEY_BYTES ? key : undefined;
}

/** A new random key, base64url. */
export const newKey = () => randomBytes(KEY_BYTES).toString("base64url");

/** A stored value that will not open with this key: another key's, altered, or of another row. */
export class UnreadableValueError extends Error {}

export interface ValueCipher {
  /** Names the key without revealing it; kept with each value so another key's values are told apart. */
  keyId: string;
  /** How every value this key encrypted begins (for a LIKE in SQL: no wildcard characters). */
  storedPrefix: string;
  /** `context` names the value's place (table, column, owner): it must be the same to decrypt. */
  encrypt(plain: string, context: string): string;
  /** Plain text from before encryption passes through; a value this key cannot open throws. */
  decrypt(stored: string, context: string): string;
}

/** The key id of an encrypted stored value; undefined for plain text. */
export function keyIdOf(stored: string): string | undefined {
  const parts = stored.split(":");
  return parts.length === 4 && parts[0] === PREFIX ? parts[1] : undefined;
}

export function createValueCipher(keyText: string): ValueCipher {
  const key = decodeKey(keyText);
  if (!key)
    throw new Error(`the data encryption key must be ${KEY_BYTES} bytes in base64 or base64url`);
  const keyId = createHash("sha256")
    .update("value-cipher key id\0")
    .update(key)
    .digest("hex")
    .slice(0, 16);

  return {
    keyId,
    storedPrefix: `${PREFIX}:${keyId}:`,
    encrypt(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, "utf8"));
      const sealed = Buffer.concat([
        cipher.update(plain, "utf8"),
        cipher.final(),
        cipher.getAuthTag(),
      ]);
      return [PREFIX, keyId, iv.toString("base64url"), sealed.toString("base64url")].join(":");
    },
    decrypt(stored, context) {
      const id = keyIdOf(stored);
      if (id === undefined) return stored;
      if (id !== keyId)
        throw new UnreadableValueError(
          `a value was encrypted with another key (${id}, this key is ${keyId})`,
        );
      const [, , ivText, sealedText] = stored.split(":");
      const iv = Buffer.from(ivText, "base64url");
      const sealed = Buffer.from(sealedText, "base64url");
      if (iv.length !== IV_BYTES || sealed.length < TAG_BYTES)
        throw new UnreadableValueError("an encrypted value is malformed");
      try {
        const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(context, "utf8"));
        decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
        return Buffer.concat([
          decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
          decipher.final(),
        ]).toString("utf8");
      } catch {
        throw new UnreadableValueError("an encrypted value failed its authentication");
      }
    },
  };
}
