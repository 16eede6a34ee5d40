/**
 * The identity provider: oidc-provider with authorization code + PKCE (S256) for one
 * confidential client, the console; refresh tokens; JWT access tokens for the provider API
 * (resource indicator `${issuer}/api`), verified by the API against the issuer's JWKS.
 * The login page is the console's sign-in page (see interactions.ts).
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import Provider, { type Configuration, type KoaContextWithOIDC } from "oidc-provider";
import { redactUrl } from "~/lib/log-redact";
import type { SandboxContext } from "../context";
import { companies, users } from "../db/schema/companies";
import { providerSecrets } from "../db/schema/records";
import { apiAudience, GRANT_CLAIM } from "../http/auth";
import { createAdapterFactory } from "./adapter";

export const CONSOLE_SCOPES = "openid profile email company";
export const LANGUAGES = ["en-AU", "nl-NL"] as const;

/** Keys generated once and kept in the database, so every instance and restart shares them. */
export async function loadSecret<T>(
  ctx: SandboxContext,
  name: string,
  create: () => Promise<T>,
): Promise<T> {
  const [row] = await ctx.db.select().from(providerSecrets).where(eq(providerSecrets.name, name));
  if (row) return row.value as T;
  await ctx.db
    .insert(providerSecrets)
    .values({ name, value: await create() })
    .onConflictDoNothing();
  const [stored] = await ctx.db
    .select()
    .from(providerSecrets)
    .where(eq(providerSecrets.name, name));
  return stored.value as T;
}

async function signingKeys(ctx: SandboxContext): Promise<JWK[]> {
  const key = await loadSecret(ctx, "jwks-rs256", async () => {
    const { privateKey } = await generateKeyPair("RS256", {
      extractable: true,
      modulusLength: 2048,
    });
    const jwk = await exportJWK(privateKey);
    return { ...jwk, kid: randomBytes(8).toString("hex"), alg: "RS256", use: "sig" };
  });
  return [key];
}

/** The identity provider's cookies (`_session`, `_interaction`, `_interaction_resume`): Secure whenever its public URL is https. */
export function cookieOptions(issuer: string, keys: string[]) {
  const secure = new URL(issuer).protocol === "https:";
  const each = { signed: true, httpOnly: true, sameSite: "lax", secure } as const;
  return { keys, long: { ...each }, short: { ...each } } satisfies Configuration["cookies"];
}

export async function accountClaims(ctx: SandboxContext, userId: string) {
  const [row] = await ctx.db
    .select({ user: users, company: companies })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;
  const { user, company } = row;
  return {
    sub: user.id,
    email: user.email,
    email_verified: Boolean(user.emailVerifiedAt),
    name: `${user.firstName} ${user.lastName}`.trim(),
    given_name: user.firstName,
    family_name: user.lastName,
    locale: user.localeCode,
    company_id: company.id,
    company_name: company.name,
    admin: user.isAdmin,
  };
}

export async function createProvider(
  ctx: SandboxContext,
  options: { accessTokenTtl?: number } = {},
) {
  const accessTokenTtl = options.accessTokenTtl ?? 60 * 60;
  const issuer = ctx.config.url;
  const audience = apiAudience(issuer);
  const clientId = ctx.config.consoleClientId;
  const cookies = cookieOptions(
    issuer,
    await loadSecret(ctx, "cookie-keys", async () => [randomBytes(32).toString("base64url")]),
  );

  const configuration: Configuration = {
    adapter: createAdapterFactory(ctx.db),
    clients: [
      {
        client_id: clientId,
        client_secret: ctx.config.consoleClientSecret,
        client_name: "Developer Console",
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        redirect_uris: LANGUAGES.map((lang) => `${ctx.config.consoleUrl}/${lang}/auth/callback`),
        post_logout_redirect_uris: LANGUAGES.map((lang) => `${ctx.config.consoleUrl}/${lang}/apps`),
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: (await signingKeys(ctx)) as never },
    cookies,
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "given_name", "family_name", "locale"],
      company: ["company_id", "company_name", "admin"],
    },
    scopes: ["openid", "offline_access", "profile", "email", "company", "api"],
    async findAccount(_koa, sub) {
      const claims = await accountClaims(ctx, sub);
      if (!claims) return undefined;
      return { accountId: sub, claims: async () => claims };
    },
    /**
     * The session claims in the access token too: user, email, name, company,
     * admin; and the grant it was issued under, which the API checks is not revoked
     * (docs/decisions/0026-revoked-grants.md).
     */
    async extraTokenClaims(_koa, token) {
      if (!("accountId" in token) || typeof token.accountId !== "string") return undefined;
      const claims = await accountClaims(ctx, token.accountId);
      if (!claims) return undefined;
      const { email, name, company_id, company_name, admin } = claims;
      return {
        email,
        name,
        company_id,
        company_name,
        admin,
        [GRANT_CLAIM]: "grantId" in token ? token.grantId : undefined,
      };
    },
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      revocation: {
        enabled: true,
        /** A client revokes only the tokens issued to it (the console its own, at sign-out). */
        allowedPolicy: async (_koa, client, token) => token.clientId === client.clientId,
      },
      rpInitiatedLogout: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => audience,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_koa, resourceIndicator) => {
          if (resourceIndicator !== audience) throw new Error("unknown resource");
          return {
            scope: "api",
            audience,
            accessTokenTTL: accessTokenTtl,
            accessTokenFormat: "jwt",
            jwt: { sign: { alg: "RS256" } },
          };
        },
      },
    },
    /** Refresh tokens for the console without an offline_access consent round. */
    issueRefreshToken: async (_koa, client) => client.grantTypeAllowed("refresh_token"),
    expiresWithSession: async () => false,
    /**
     * Every revocation ends the whole grant: a revoked refresh token (sign-out), a reused
     * authorization code, a logout. With it go the grant's access tokens, which the API
     * refuses once their grant is gone (docs/decisions/0026-revoked-grants.md).
     */
    revokeGrantPolicy: async () => true,
    // The console may renew from parallel requests (one per loader); a rotated token would
    // sign all but the first out. Refresh tokens are revoked at sign-out instead.
    rotateRefreshToken: false,
    ttl: {
      AccessToken: accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      Session: 14 * 24 * 60 * 60,
      RefreshToken: 14 * 24 * 60 * 60,
    },
    /** The first-party console never shows a consent screen. */
    async loadExistingGrant(koa: KoaContextWithOIDC) {
      const client = koa.oidc.client;
      const session = koa.oidc.session;
      if (!client || !session?.accountId) return undefined;
      const grantId = koa.oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await koa.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      if (client.clientId !== clientId) return undefined;
      const grant = new koa.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope(`${CONSOLE_SCOPES} offline_access`);
      grant.addResourceScope(audience, "api");
      await grant.save();
      return grant;
    },
    interactions: {
      url: (_koa, interaction) => `/interaction/${interaction.uid}`,
    },
    /** Errors shown to a browser (bad authorization requests...): the API's error shape, logged. */
    renderError: async (koa, out, error) => {
      const traceId = randomBytes(16).toString("hex");
      ctx.log.warn(
        {
          traceId,
          path: redactUrl(koa.path),
          error: out.error,
          description: out.error_description,
          err: error,
        },
        "identity provider error",
      );
      koa.type = "json";
      koa.body = {
        status: koa.status,
        detail: out.error_description ?? out.error,
        error: out.error,
        traceId,
      };
    },
    routes: { end_session: "/session/end" },
  };

  const provider = new Provider(issuer, configuration);
  // X-Forwarded-* reach it only from the proxies TRUST_PROXY names (resolveClientAddress).
  provider.proxy = ctx.config.trustProxy.length > 0;
  // Public over https: every request reached it over https (TLS ends in front of it), so its
  // cookies may be Secure even when that proxy is not one TRUST_PROXY names.
  if (cookies.long.secure) Object.defineProperty(provider.request, "secure", { get: () => true });
  provider.on("server_error", (_koa, error) =>
    ctx.log.error({ err: error }, "identity provider error"),
  );
  return provider;
}
