/** Single-use mail links: a random token sent to the user, only its hash stored. */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database, Tx } from "../db";
import { userTokens } from "../db/schema/companies";

export type TokenKind = "verify-email" | "reset-password";

export const TOKEN_LIFETIME: Record<TokenKind, number> = {
  "verify-email": 7 * 24 * 60 * 60 * 1000,
  "reset-password": 60 * 60 * 1000,
};

const hash = (token: string) => createHash("sha256").update(token).digest("base64url");

export async function issueToken(
  db: Database | Tx,
  userId: string,
  kind: TokenKind,
  lifetimeMs = TOKEN_LIFETIME[kind],
) {
  const token = randomBytes(32).toString("base64url");
  await db.insert(userTokens).values({
    userId,
    kind,
    tokenHash: hash(token),
    expiresAt: new Date(Date.now() + lifetimeMs),
  });
  return token;
}

/** The unused, unexpired token of this kind, or undefined. */
export async function findToken(db: Database | Tx, token: string, kind: TokenKind) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const [row] = await db
    .select()
    .from(userTokens)
    .where(
      and(
        eq(userTokens.tokenHash, hash(token)),
        eq(userTokens.kind, kind),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row;
}

/** Marks the token used; false when another request used it first. */
export async function useToken(db: Database | Tx, id: string) {
  const updated = await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.id, id), isNull(userTokens.usedAt)))
    .returning({ id: userTokens.id });
  return updated.length === 1;
}
