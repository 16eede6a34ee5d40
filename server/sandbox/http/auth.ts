/**
 * Bearer-token authentication of the provider API, as any resource server does it:
 * the JWT access token is verified against the issuer's JWKS, then its user is loaded.
 * A missing, expired or forged token answers 401, and so does a token whose grant was
 * revoked (sign-out, a reused authorization code): the API looks the grant up in the
 * identity provider's storage (docs/decisions/0026-revoked-grants.md), beside the user, in one
 * query at every call. Only the signature check is kept per token, until the token expires.
 */

import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import { eq } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from "jose";
import { LRUCache } from "lru-cache";
import { CLIENT_ADDRESS_HEADER } from "~/api/registration/schemas";
import { clientAddress, plainAddress } from "../../trust-proxy";
import type { AppEnv, Caller, SandboxContext } from "../context";
import { users } from "../db/schema/companies";
import { grantAlive } from "../oidc/adapter";
import { forbidden, unauthorized } from "./errors";

export const apiAudience = (issuer: string) => `${issuer}/api`;

/** Headers through which a proxy names the client, its scheme and host. */
const FORWARDED_HEADERS = ["x-forwarded-for", "x-forwarded-proto", "x-forwarded-host", "forwarded"];

/** The client's address of each request, as the server resolved it (resolveClientAddress). */
const clientAddresses = new WeakMap<IncomingMessage, string>();

/**
 * Resolves and keeps the client's address of a request: the connection's, or the one a
 * trusted proxy names. Forwarded headers from anyone else are removed, so that nothing
 * behind (the identity provider) reads them either.
 */
export function resolveClientAddress(req: IncomingMessage, trusted: (address: string) => boolean) {
  if (!trusted(req.socket.remoteAddress ?? "")) {
    for (const name of FORWARDED_HEADERS) delete req.headers[name];
    // The API's routes read the raw list (@hono/node-server), the identity provider the parsed one.
    const raw: string[] = [];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      if (!FORWARDED_HEADERS.includes(req.rawHeaders[i].toLowerCase()))
        raw.push(req.rawHeaders[i], req.rawHeaders[i + 1]);
    }
    req.rawHeaders = raw;
  }
  const forwarded = req.headers["x-forwarded-for"];
  clientAddresses.set(
    req,
    clientAddress(
      req.socket.remoteAddress,
      Array.isArray(forwarded) ? forwarded.join(",") : forwarded,
      trusted,
    ),
  );
}

/** The client's address: the connection's, or the one a trusted proxy names; "unknown" when the socket is gone. */
export function remoteAddress(c: Context): string {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return (
    (incoming && clientAddresses.get(incoming)) ??
    plainAddress(getConnInfo(c).remote.address ?? "unknown")
  );
}

/**
 * Who calls on behalf of a person who is not signed in (registration): the console, when it
 * authenticates with its OIDC client credentials (HTTP Basic), naming the person's address in
 * X-Client-Address; anyone else is the connection's address, whatever it names. Wrong
 * credentials answer 401 (docs/decisions/0028-registration-client-address.md).
 */
export function publicCaller(
  ctx: SandboxContext,
  c: Context,
): { address: string; viaConsole: boolean } {
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(c.req.header("authorization") ?? "");
  if (!basic) return { address: remoteAddress(c), viaConsole: false };
  // Compared as digests: equal lengths, in constant time.
  const digest = (text: string) => createHash("sha256").update(text).digest();
  const given = digest(Buffer.from(basic[1], "base64").toString("utf8"));
  if (
    !timingSafeEqual(
      given,
      digest(`${ctx.config.consoleClientId}:${ctx.config.consoleClientSecret}`),
    )
  ) {
    throw unauthorized("The client credentials are not valid.");
  }
  const named = c.req.header(CLIENT_ADDRESS_HEADER)?.trim() ?? "";
  return { address: isIP(named) ? plainAddress(named) : remoteAddress(c), viaConsole: true };
}

/** The access token's claim naming the grant it was issued under. */
export const GRANT_CLAIM = "grant_id";

/** Verified tokens kept at most (an entry is a few hundred bytes). */
const VERIFIED_TOKENS_KEPT = 10_000;

/** What a verified access token says: whose it is, of which company, under which grant, until when (ms). */
interface VerifiedToken {
  userId: string;
  companyId: unknown;
  grantId: string;
  expiresAt: number;
}

export function createAuth(ctx: SandboxContext) {
  const issuer = ctx.config.url;
  const jwks = createRemoteJWKSet(new URL(`${issuer}/jwks`), { cacheMaxAge: 10 * 60_000 });
  // Only the signature's verdict is kept, by the token's hash and until it expires: the grant and
  // the user are read at every call, so a revocation or a suspension counts at once, in every process.
  const verifiedTokens = new LRUCache<string, VerifiedToken>({ max: VERIFIED_TOKENS_KEPT });

  async function verifySignature(token: string): Promise<VerifiedToken> {
    const key = createHash("sha256").update(token).digest("base64url");
    const known = verifiedTokens.get(key);
    if (known) {
      if (Date.now() < known.expiresAt) return known;
      verifiedTokens.delete(key);
      throw unauthorized("The access token has expired.");
    }
    let payload: Awaited<ReturnType<typeof jwtVerify>>["payload"];
    try {
      ({ payload } = await jwtVerify(token, jwks, {
        issuer,
        audience: apiAudience(issuer),
        typ: "at+jwt",
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired)
        throw unauthorized("The access token has expired.");
      throw unauthorized("The access token is not valid.");
    }
    const userId = typeof payload.sub === "string" ? payload.sub : "";
    const grantId = payload[GRANT_CLAIM];
    if (!userId || typeof grantId !== "string" || !grantId)
      throw unauthorized("The access token is not valid.");
    const verified = {
      userId,
      companyId: payload.company_id,
      grantId,
      expiresAt: (payload.exp ?? 0) * 1000,
    };
    // A token without an expiry is not kept: it would be verified once for ever.
    if (payload.exp) verifiedTokens.set(key, verified);
    return verified;
  }

  async function verify(token: string): Promise<Caller> {
    const { userId, companyId, grantId } = await verifySignature(token);
    // The user and whether the grant is alive, in one query.
    const [user] = await ctx.db
      .select({
        id: users.id,
        companyId: users.companyId,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        isAdmin: users.isAdmin,
        suspendedAt: users.suspendedAt,
        grantAlive: grantAlive(grantId, userId),
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!user || user.companyId !== companyId) throw unauthorized("The access token is not valid.");
    if (!user.grantAlive) throw unauthorized("The access token has been revoked.");
    if (user.suspendedAt)
      throw forbidden("This account is suspended by the provider. Contact the provider's support.");
    return {
      userId: user.id,
      companyId: user.companyId,
      email: user.email,
      name: `${user.firstName} ${user.lastName}`.trim(),
      isAdmin: user.isAdmin,
    };
  }

  function bearer(header: string | undefined) {
    const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
    return match?.[1];
  }

  /** Requires a valid access token; sets `caller`. */
  const required: MiddlewareHandler<AppEnv> = async (c, next) => {
    const token = bearer(c.req.header("authorization"));
    if (!token) throw unauthorized();
    c.set("caller", await verify(token));
    await next();
  };

  /** Reads the caller when a token is sent; lookups answer anonymous callers too. */
  const optional: MiddlewareHandler<AppEnv> = async (c, next) => {
    const token = bearer(c.req.header("authorization"));
    if (token) c.set("caller", await verify(token));
    await next();
  };

  return { required, optional, verify };
}

export type Auth = ReturnType<typeof createAuth>;
