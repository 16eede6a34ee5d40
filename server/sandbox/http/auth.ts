/**
 * Bearer-token authentication of the provider API, as any resource server does it:
 * the JWT access token is verified against the issuer's JWKS, then its user is loaded.
 * A missing, expired or forged token answers 401, and so does a token whose grant was
 * revoked (sign-out, a reused authorization code): the API looks the grant up in the
 * identity provider's storage (docs/decisions/0026-revoked-grants.md).
 */
import { createRemoteJWKSet, jwtVerify, errors as joseErrors } from "jose";
import { eq } from "drizzle-orm";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv, Caller, SandboxContext } from "../context";
import { users } from "../db/schema";
import { createAdapterFactory } from "../oidc/adapter";
import { forbidden, unauthorized } from "./errors";

export const apiAudience = (issuer: string) => `${issuer}/api`;

/** The address of the connection (IPv4 without its IPv6 mapping), "unknown" when the socket is gone. */
export function remoteAddress(c: Context): string {
  const address = getConnInfo(c).remote.address ?? "unknown";
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
}

/** The access token's claim naming the grant it was issued under. */
export const GRANT_CLAIM = "grant_id";

export function createAuth(ctx: SandboxContext) {
  const issuer = ctx.config.url;
  const jwks = createRemoteJWKSet(new URL(`${issuer}/jwks`), { cacheMaxAge: 10 * 60_000 });
  const grants = new (createAdapterFactory(ctx.db))("Grant");

  async function verify(token: string): Promise<Caller> {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, jwks, { issuer, audience: apiAudience(issuer), typ: "at+jwt" }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw unauthorized("The access token has expired.");
      throw unauthorized("The access token is not valid.");
    }
    const userId = typeof payload.sub === "string" ? payload.sub : "";
    const grantId = payload[GRANT_CLAIM];
    if (!userId || typeof grantId !== "string" || !grantId) throw unauthorized("The access token is not valid.");
    const [[user], grant] = await Promise.all([ctx.db.select().from(users).where(eq(users.id, userId)).limit(1), grants.find(grantId)]);
    if (!user || user.companyId !== payload.company_id) throw unauthorized("The access token is not valid.");
    if (!grant || grant.accountId !== userId) throw unauthorized("The access token has been revoked.");
    if (user.suspendedAt) throw forbidden("This account is suspended by the provider. Contact the provider's support.");
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
