/**
 * Bearer-token authentication of the provider API, as any resource server does it:
 * the JWT access token is verified against the issuer's JWKS, then its user is loaded.
 * A missing, expired or forged token answers 401, and so does a token whose grant was
 * revoked (sign-out, a reused authorization code): the API looks the grant up in the
 * identity provider's storage (docs/decisions/0026-revoked-grants.md).
 */
import { createRemoteJWKSet, jwtVerify, errors as joseErrors } from "jose";
import { eq } from "drizzle-orm";
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import { CLIENT_ADDRESS_HEADER } from "~/api/registration/schemas";
import type { AppEnv, Caller, SandboxContext } from "../context";
import { users } from "../db/schema";
import { createAdapterFactory } from "../oidc/adapter";
import { clientAddress, plainAddress } from "../../trust-proxy";
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
      if (!FORWARDED_HEADERS.includes(req.rawHeaders[i].toLowerCase())) raw.push(req.rawHeaders[i], req.rawHeaders[i + 1]);
    }
    req.rawHeaders = raw;
  }
  const forwarded = req.headers["x-forwarded-for"];
  clientAddresses.set(req, clientAddress(req.socket.remoteAddress, Array.isArray(forwarded) ? forwarded.join(",") : forwarded, trusted));
}

/** The client's address: the connection's, or the one a trusted proxy names; "unknown" when the socket is gone. */
export function remoteAddress(c: Context): string {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return (incoming && clientAddresses.get(incoming)) ?? plainAddress(getConnInfo(c).remote.address ?? "unknown");
}

/**
 * Who calls on behalf of a person who is not signed in (registration): the console, when it
 * authenticates with its OIDC client credentials (HTTP Basic), naming the person's address in
 * X-Client-Address; anyone else is the connection's address, whatever it names. Wrong
 * credentials answer 401 (docs/decisions/0028-registration-client-address.md).
 */
export function publicCaller(ctx: SandboxContext, c: Context): { address: string; viaConsole: boolean } {
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(c.req.header("authorization") ?? "");
  if (!basic) return { address: remoteAddress(c), viaConsole: false };
  // Compared as digests: equal lengths, in constant time.
  const digest = (text: string) => createHash("sha256").update(text).digest();
  const given = digest(Buffer.from(basic[1], "base64").toString("utf8"));
  if (!timingSafeEqual(given, digest(`${ctx.config.consoleClientId}:${ctx.config.consoleClientSecret}`))) {
    throw unauthorized("The client credentials are not valid.");
  }
  const named = c.req.header(CLIENT_ADDRESS_HEADER)?.trim() ?? "";
  return { address: isIP(named) ? plainAddress(named) : remoteAddress(c), viaConsole: true };
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
