/**
 * Cookies of the console: the session (tokens, expiry, flash messages) and the language
 * preference. The session cookie is HttpOnly and SameSite=Lax, `__Host-` and Secure in
 * production; its name never collides with the identity provider's (_session, _interaction).
 */
import { createCookie, createCookieSessionStorage, redirect, type Session } from "@remix-run/node";
import { env, isProduction } from "./env.server";
import { isLanguage, type Language } from "./i18n";

export interface SessionData {
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

let storage: ReturnType<typeof createStorage> | undefined;

function createStorage() {
  const production = isProduction();
  return createCookieSessionStorage<SessionData, SessionFlash>({
    cookie: {
      name: production ? "__Host-console" : "console_session",
      httpOnly: true,
      sameSite: "lax",
      secure: production,
      path: "/",
      secrets: [env().SESSION_SECRET],
      maxAge: 60 * 60 * 24 * 14,
    },
  });
}

function sessionStorage() {
  storage ??= createStorage();
  return storage;
}

export type ConsoleSession = Session<SessionData, SessionFlash>;

export const getSession = (request: Request) => sessionStorage().getSession(request.headers.get("Cookie"));
export const commitSession = (session: ConsoleSession) => sessionStorage().commitSession(session);
export const destroySession = (session: ConsoleSession) => sessionStorage().destroySession(session);

/** The remembered language (set by the language selector). */
export const languageCookie = createCookie("console_lang", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 60 * 60 * 24 * 365,
});

export async function preferredLanguage(request: Request): Promise<Language | undefined> {
  const value = await languageCookie.parse(request.headers.get("Cookie"));
  return isLanguage(value) ? value : undefined;
}

/** A same-origin path, or undefined: never an absolute or protocol-relative URL. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined): string | undefined {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return undefined;
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
const toastCookie = createCookie("console_toast", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 60 });

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

const errorCookie = createCookie("console_error", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 60 });

export async function readFlashError(request: Request): Promise<{ error?: FlashError; clear?: string }> {
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
