/**
 * Cookies of the console: the session (tokens, expiry, flash messages), the language
 * preference, the toast and error of the next page. Every cookie is HttpOnly and
 * SameSite=Lax, and Secure in production. The session cookie is encrypted (JWE, A256GCM with
 * a key derived from SESSION_SECRET), so its tokens can neither be read nor changed in the
 * browser; it is `__Host-` in production and its name never collides with the identity
 * provider's (_session, _interaction).
 */
import { hkdfSync, randomBytes } from "node:crypto";
import {
  type CookieOptions,
  createCookie,
  createSession,
  redirect,
  type Session,
  type SessionStorage,
} from "@remix-run/node";
import { EncryptJWT, jwtDecrypt } from "jose";
import { env, isProduction } from "./env.server";
import { isLanguage, type Language } from "./i18n";

/** Cookies are Secure in production (browsers keep them on http://localhost too). */
const SECURE = process.env.NODE_ENV === "production";

/** A console cookie: HttpOnly, SameSite=Lax, for the whole site, Secure in production. */
export const consoleCookie = (
  name: string,
  options: Omit<CookieOptions, "httpOnly" | "sameSite" | "path" | "secure"> = {},
) => createCookie(name, { ...options, httpOnly: true, sameSite: "lax", path: "/", secure: SECURE });

export interface SessionData {
  /** The user's id at the provider (the ID token's subject): the owner of their drafts. */
  userId?: string;
  accessToken: string;
  refreshToken?: string;
  /** Epoch milliseconds; authenticated means it lies ahead. */
  expiresAt: number;
  /** Where to go after signing in (a same-origin path). */
  redirectTo?: string;
}

export interface Toast {
  /** A key of the `toast` group of common.json. */
  key: string;
  values?: Record<string, string>;
}

export interface SessionFlash {
  /** A message for the sign-in page (from the provider or a failed sign-in). */
  signinMessage: string;
}

const SESSION_MAX_AGE = 60 * 60 * 24 * 14;

let storage: SessionStorage<SessionData, SessionFlash> | undefined;

/** The session's encryption key: 256 bits derived from SESSION_SECRET. */
const sessionKey = (secret: string) =>
  new Uint8Array(hkdfSync("sha256", secret, "", "developer-console session", 32));

/**
 * Session storage whose cookie holds the session's data, encrypted and authenticated: a
 * cookie that fails to decrypt or has expired is no session at all.
 */
export function createEncryptedSessionStorage(
  secret: string,
  production: boolean,
): SessionStorage<SessionData, SessionFlash> {
  const key = sessionKey(secret);
  const cookie = createCookie(production ? "__Host-console" : "console_session", {
    httpOnly: true,
    sameSite: "lax",
    secure: production,
    path: "/",
    maxAge: SESSION_MAX_AGE,
  });
  const read = async (value: unknown) => {
    if (typeof value !== "string" || value.length > 8192) return {};
    try {
      const { payload } = await jwtDecrypt(value, key, {
        keyManagementAlgorithms: ["dir"],
        contentEncryptionAlgorithms: ["A256GCM"],
      });
      return payload.data && typeof payload.data === "object"
        ? (payload.data as Record<string, unknown>)
        : {};
    } catch {
      return {};
    }
  };
  return {
    async getSession(cookieHeader) {
      const data = await read(await cookie.parse(cookieHeader ?? null));
      return createSession<SessionData, SessionFlash>(data as Partial<SessionData> as SessionData);
    },
    async commitSession(session) {
      const sealed = await new EncryptJWT({ data: session.data })
        .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
        .setIssuedAt()
        .setExpirationTime(`${SESSION_MAX_AGE}s`)
        .encrypt(key);
      return cookie.serialize(sealed);
    },
    async destroySession() {
      return cookie.serialize("", { maxAge: undefined, expires: new Date(0) });
    },
  };
}

function sessionStorage() {
  storage ??= createEncryptedSessionStorage(env().SESSION_SECRET, isProduction());
  return storage;
}

export type ConsoleSession = Session<SessionData, SessionFlash>;

export const getSession = (request: Request) =>
  sessionStorage().getSession(request.headers.get("Cookie"));
export const commitSession = (session: ConsoleSession) => sessionStorage().commitSession(session);
export const destroySession = (session: ConsoleSession) => sessionStorage().destroySession(session);

/** The remembered language (set by the language selector). */
export const languageCookie = consoleCookie("console_lang", { maxAge: 60 * 60 * 24 * 365 });

export async function preferredLanguage(request: Request): Promise<Language | undefined> {
  const value = await languageCookie.parse(request.headers.get("Cookie"));
  return isLanguage(value) ? value : undefined;
}

/** A same-origin path, or undefined: never an absolute or protocol-relative URL. */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
): string | undefined {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\"))
    return undefined;
  try {
    const url = new URL(to, "http://console.invalid");
    if (url.origin !== "http://console.invalid") return undefined;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return undefined;
  }
}

/**
 * The success toast of the next page (post/redirect/get). A cookie of its own, so that
 * reading it never races with a loader that renews the session.
 */
const toastCookie = consoleCookie("console_toast", { maxAge: 60 });

/**
 * The stamp of a browser's answers in the console's HTTP cache (api/http-cache.server.ts):
 * changed whenever its person changes something, so that every console process reads their
 * answers afresh. Not a secret: it only picks among that person's own kept answers.
 */
const cacheStampCookie = consoleCookie("console_cache", { maxAge: SESSION_MAX_AGE });

export async function readCacheStamp(request: Request): Promise<string | undefined> {
  const value: unknown = await cacheStampCookie.parse(request.headers.get("cookie"));
  return typeof value === "string" && /^[\w-]{1,32}$/.test(value) ? value : undefined;
}

/** A new stamp and its Set-Cookie header. */
export async function newCacheStamp(): Promise<{ stamp: string; cookie: string }> {
  const stamp = randomBytes(9).toString("base64url");
  return { stamp, cookie: await cacheStampCookie.serialize(stamp) };
}

export async function toastHeader(toast: Toast) {
  return toastCookie.serialize(toast);
}

export async function readToast(request: Request): Promise<{ toast?: Toast; clear?: string }> {
  const value = await toastCookie.parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object" || typeof value.key !== "string") return {};
  return { toast: value as Toast, clear: await toastCookie.serialize("", { maxAge: 0 }) };
}

/** A redirect that shows a success toast on the page it leads to. */
export async function redirectWithToast(to: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(to, { ...init, headers });
}

/** An error of an action that redirects: shown once, in the error dialog of the next page. */
export interface FlashError {
  detail?: string;
  traceId?: string;
  /** A key of `errors.fallback` in common.json, used when there is no detail. */
  fallback?: string;
}

const errorCookie = consoleCookie("console_error", { maxAge: 60 });

export async function readFlashError(
  request: Request,
): Promise<{ error?: FlashError; clear?: string }> {
  const value = await errorCookie.parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return {};
  const error: FlashError = {
    detail: typeof value.detail === "string" ? value.detail.slice(0, 1000) : undefined,
    traceId: typeof value.traceId === "string" ? value.traceId.slice(0, 100) : undefined,
    fallback: typeof value.fallback === "string" ? value.fallback : undefined,
  };
  return { error, clear: await errorCookie.serialize("", { maxAge: 0 }) };
}

/** A redirect that opens the error dialog on the page it leads to. */
export async function redirectWithError(to: string, error: FlashError, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await errorCookie.serialize(error));
  return redirect(to, { ...init, headers });
}
