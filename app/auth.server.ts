/**
 * Signing in through the identity provider (authorization code + PKCE, remix-auth-oauth2),
 * and `requireUser`, which hands loaders and actions a provider client already holding the
 * bearer token and the language. Tokens reach the browser only sealed in the encrypted
 * session cookie (session.server.ts).
 */
import { type AppLoadContext, redirect } from "@remix-run/node";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { Authenticator } from "remix-auth";
import { CodeChallengeMethod, OAuth2Strategy } from "remix-auth-oauth2";
import * as z from "zod";
import { type ApiClient, createApiClient } from "./api/client.server";
import { providerCache, scopeOf } from "./api/http-cache.server";
import type { SignInMessage } from "./api/signin/codes";
import { env, isProduction } from "./env.server";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from "./i18n";
import { lastKnownAnswers } from "./lib/last-known.server";
import {
  type ConsoleSession,
  commitSession,
  destroySession,
  getSession,
  newCacheStamp,
  readCacheStamp,
  type SessionData,
  safeRedirect,
} from "./session.server";

const discovery = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  jwks_uri: z.string(),
  revocation_endpoint: z.string().optional(),
});
type Discovery = z.infer<typeof discovery>;

let discovered: Promise<Discovery> | undefined;

/** The provider's OpenID configuration, fetched once. */
function provider(): Promise<Discovery> {
  discovered ??= fetch(`${env().OIDC_ISSUER}/.well-known/openid-configuration`)
    .then((res) => {
      if (!res.ok) throw new Error(`OpenID configuration: ${res.status}`);
      return res.json();
    })
    .then((data) => discovery.parse(data))
    .catch((error) => {
      discovered = undefined;
      throw error;
    });
  return discovered;
}

let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

export const SCOPES = ["openid", "profile", "email", "company"];

/** The sign-in page's message for an account the provider suspended (a code: app/api/signin/codes.ts). */
export const SUSPENDED_MESSAGE: SignInMessage = "account_suspended";
/**
 * The one-time state of a sign-in round trip (state and PKCE verifier), `__Host-` in
 * production. One at a time: each start replaces it, the callback clears it.
 */
export const stateCookieName = () => (isProduction() ? "__Host-console_oauth" : "console_oauth");

/** The strategy adds the console's authorization parameters: always ask to sign in, in the page's language. */
class ConsoleStrategy extends OAuth2Strategy<SessionData> {
  constructor(
    private readonly language: Language,
    options: OAuth2Strategy.ConstructorOptions,
  ) {
    super(options, async ({ tokens }) => {
      const data = tokens.data as { id_token?: string };
      const userId = data.id_token ? await verifyIdToken(data.id_token) : undefined;
      return {
        userId,
        accessToken: tokens.accessToken(),
        refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : undefined,
        expiresAt: Date.now() + tokens.accessTokenExpiresInSeconds() * 1000,
      };
    });
  }

  protected override authorizationParams(params: URLSearchParams, request: Request) {
    const next = new URLSearchParams(params);
    next.set("prompt", "login");
    next.set("ui_locales", this.language);
    const email = new URL(request.url).searchParams.get("email");
    if (email && email.length <= 255) next.set("login_hint", email);
    return next;
  }
}

/** Checks the ID token; answers the user's id at the provider (its subject). */
async function verifyIdToken(idToken: string): Promise<string | undefined> {
  const config = await provider();
  jwks ??= createRemoteJWKSet(new URL(config.jwks_uri));
  const { payload } = await jwtVerify(idToken, jwks, {
    issuer: config.issuer,
    audience: env().OIDC_CLIENT_ID,
  });
  return typeof payload.sub === "string" && payload.sub ? payload.sub : undefined;
}

let authenticator: Promise<Authenticator<SessionData>> | undefined;

function getAuthenticator() {
  authenticator ??= provider().then((config) => {
    const auth = new Authenticator<SessionData>();
    for (const language of LANGUAGES) {
      auth.use(
        new ConsoleStrategy(language, {
          clientId: env().OIDC_CLIENT_ID,
          clientSecret: env().OIDC_CLIENT_SECRET,
          authorizationEndpoint: config.authorization_endpoint,
          tokenEndpoint: config.token_endpoint,
          tokenRevocationEndpoint: config.revocation_endpoint,
          redirectURI: `${env().APP_URL}/${language}/auth/callback`,
          scopes: SCOPES,
          codeChallengeMethod: CodeChallengeMethod.S256,
          cookie: {
            name: stateCookieName(),
            httpOnly: true,
            sameSite: "Lax",
            path: "/",
            maxAge: 600,
            ...(isProduction() ? { secure: true as const } : {}),
          },
        }),
        language,
      );
    }
    return auth;
  });
  authenticator.catch(() => {
    authenticator = undefined;
  });
  return authenticator;
}

async function strategy(language: Language) {
  const auth = await getAuthenticator();
  return auth.get(language) as ConsoleStrategy;
}

export function languageOf(request: Request): Language {
  const first = new URL(request.url).pathname.split("/")[1];
  return isLanguage(first) ? first : DEFAULT_LANGUAGE;
}

export const signInPath = (language: Language, params: Record<string, string | undefined> = {}) => {
  const query = new URLSearchParams(
    Object.entries(params).filter((e): e is [string, string] => Boolean(e[1])),
  );
  return `/${language}/auth/signin${query.size ? `?${query}` : ""}`;
};

/**
 * Sends the browser to the provider's authorization endpoint (throws the redirect), keeping
 * where to return to and a message for the sign-in page in the session.
 */
export async function startSignIn(
  request: Request,
  language: Language,
  keep: { redirectTo?: string; message?: string } = {},
): Promise<never> {
  const session = await getSession(request);
  if (keep.redirectTo) session.set("redirectTo", keep.redirectTo);
  if (keep.message) session.flash("signinMessage", keep.message);
  try {
    await (await getAuthenticator()).authenticate(language, withoutStateCookies(request));
  } catch (thrown) {
    if (thrown instanceof Response) {
      const headers = new Headers();
      for (const cookie of thrown.headers.getSetCookie())
        headers.append("Set-Cookie", underFixedName(cookie));
      for (const name of stateCookiesOf(request))
        if (name !== stateCookieName()) headers.append("Set-Cookie", expiredCookie(name));
      headers.append("Set-Cookie", await commitSession(session));
      throw redirect(thrown.headers.get("Location") ?? signInPath(language), { headers });
    }
    throw thrown;
  }
  throw new Error("The identity provider did not redirect.");
}

/**
 * The names of the sign-in state cookies a request carries: the one of this console, and
 * any left by a start that named its cookie after the attempt (`console_oauth:<id>`).
 */
function stateCookiesOf(request: Request): string[] {
  return cookiesOf(request)
    .map((cookie) => cookie.name)
    .filter(isStateCookie);
}

const isStateCookie = (name: string) => /^(__Host-)?console_oauth(:|$)/.test(name);

/** The cookies of a request's Cookie header, each with its name and its `name=value` text. */
function cookiesOf(request: Request): { name: string; text: string }[] {
  return (request.headers.get("Cookie") ?? "")
    .split(";")
    .filter((part) => part.trim())
    .map((part) => ({ name: part.split("=")[0].trim(), text: part }));
}

/** The sign-in library names each attempt's cookie `<name>:<id>`: the console keeps one name. */
function underFixedName(setCookie: string): string {
  const name = stateCookieName();
  return setCookie.startsWith(`${name}:`)
    ? `${name}${setCookie.slice(setCookie.indexOf("="))}`
    : setCookie;
}

const expiredCookie = (name: string) =>
  `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${isProduction() || name.startsWith("__Host-") ? "; Secure" : ""}`;

/** The request without sign-in states: a start makes a new one, never one more. */
function withoutStateCookies(request: Request) {
  const cookies = cookiesOf(request)
    .filter((cookie) => !isStateCookie(cookie.name))
    .map((cookie) => cookie.text)
    .join(";");
  const headers = new Headers(request.headers);
  if (cookies) headers.set("Cookie", cookies);
  else headers.delete("Cookie");
  return new Request(request.url, { method: request.method, headers });
}

/** Completes the sign-in at the callback; answers the session data or throws. */
export async function finishSignIn(request: Request, language: Language): Promise<SessionData> {
  return (await getAuthenticator()).authenticate(language, request);
}

/** Set-Cookie headers clearing every sign-in state cookie the request carries (at the callback). */
export const clearStateCookies = (request: Request) => stateCookiesOf(request).map(expiredCookie);

export async function signOutRedirect(request: Request, to?: string): Promise<never> {
  const session = await getSession(request);
  throw redirect(to ?? signInPath(languageOf(request)), {
    headers: { "Set-Cookie": await destroySession(session) },
  });
}

/** Renews the access token shortly before it expires; false when renewal failed. */
async function renew(session: ConsoleSession, language: Language): Promise<boolean> {
  const refreshToken = session.get("refreshToken");
  if (!refreshToken) return false;
  try {
    const tokens = await (await strategy(language)).refreshToken(refreshToken);
    session.set("accessToken", tokens.accessToken());
    if (tokens.hasRefreshToken()) session.set("refreshToken", tokens.refreshToken());
    session.set("expiresAt", Date.now() + tokens.accessTokenExpiresInSeconds() * 1000);
    return true;
  } catch {
    return false;
  }
}

/** Where the user was going: the path and query of this request (for GETs). */
function returnPath(request: Request) {
  if (request.method !== "GET") return undefined;
  const url = new URL(request.url);
  if (url.searchParams.has("_data")) url.searchParams.delete("_data");
  return safeRedirect(`${url.pathname}${url.search}`);
}

export interface SignedIn {
  api: ApiClient;
  language: Language;
  session: ConsoleSession;
}

const RENEW_MARGIN_MS = 60_000;

/**
 * The signed-in user's provider client; a visitor without a session (or whose session cannot
 * be renewed) is sent to sign-in, remembering where they were going.
 */
export function requireUser(request: Request, context: AppLoadContext): Promise<SignedIn> {
  // The loaders of one request (a layout and its page) share one client, so they share its
  // answers and one renewal of the session.
  let signedIn = signedInByRequest.get(context);
  if (!signedIn) {
    signedIn = signIn(request, context);
    signedInByRequest.set(context, signedIn);
  }
  return signedIn;
}

/** The signed-in user of each console request (its load context), while it runs. */
const signedInByRequest = new WeakMap<AppLoadContext, Promise<SignedIn>>();

async function signIn(request: Request, context: AppLoadContext): Promise<SignedIn> {
  const language = languageOf(request);
  const session = await getSession(request);
  if (!session.get("accessToken"))
    throw redirect(signInPath(language, { redirectTo: returnPath(request) }));
  if ((session.get("expiresAt") ?? 0) - RENEW_MARGIN_MS < Date.now()) {
    if (!(await renew(session, language))) {
      return signOutRedirect(request, signInPath(language, { redirectTo: returnPath(request) }));
    }
    context.appendSetCookie(await commitSession(session));
  }
  const token = session.get("accessToken") ?? "";
  const api = createApiClient({
    baseUrl: env().API_BASE_URL,
    token,
    language,
    cache: {
      store: providerCache(),
      scope: scopeOf(token, await readCacheStamp(request)),
      forget: async () => {
        const { stamp, cookie } = await newCacheStamp();
        context.appendSetCookie(cookie);
        return scopeOf(token, stamp);
      },
    },
    // A submission's page is shown from the last answers when the provider cannot be reached.
    lastKnown: lastKnownAnswers(session.get("userId"), language, {
      read: request.method !== "GET" && request.method !== "HEAD",
    }),
    onUnauthorized: () =>
      signOutRedirect(request, signInPath(language, { redirectTo: returnPath(request) })),
  });
  return { api, language, session };
}

/** True when the request carries a live session (no renewal attempted). */
export async function hasSession(request: Request) {
  const session = await getSession(request);
  return Boolean(session.get("accessToken")) && (session.get("expiresAt") ?? 0) > Date.now();
}

/** Revokes the refresh token at the provider, best effort. */
export async function revokeTokens(session: ConsoleSession, language: Language) {
  const refreshToken = session.get("refreshToken");
  if (!refreshToken) return;
  try {
    await (await strategy(language)).revokeToken(refreshToken);
  } catch {
    // The session is cleared anyway.
  }
}

/** The provider's login form target for a sign-in interaction (the sandbox's convention). */
export const interactionLoginUrl = (uid: string) =>
  `${env().OIDC_ISSUER}/interaction/${encodeURIComponent(uid)}/login`;
export const interactionAbortUrl = (uid: string) =>
  `${env().OIDC_ISSUER}/interaction/${encodeURIComponent(uid)}/abort`;
