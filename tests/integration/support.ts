/**
 * Helpers of the integration suite: the running sandbox, the reviewer endpoints, an OIDC
 * client that drives the authorization code flow with PKCE over plain HTTP, and fresh
 * companies with a signed-in user.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { inject } from "vitest";
import type { RegistrationRequest } from "~/api/registration";

export interface Target {
  sandboxUrl: string;
  consoleUrl: string;
  adminToken: string;
  clientId: string;
  clientSecret: string;
}

let target: Target | undefined;

/** Points this test file's helpers at another sandbox (one started with special options). */
export function useTarget(next: Target | undefined) {
  target = next;
}

const current = (): Target =>
  target ?? {
    sandboxUrl: inject("sandboxUrl"),
    consoleUrl: inject("consoleUrl"),
    adminToken: inject("adminToken"),
    clientId: inject("clientId"),
    clientSecret: inject("clientSecret"),
  };

export const sandboxUrl = () => current().sandboxUrl;
export const consoleUrl = () => current().consoleUrl;

/** Calls the reviewer endpoints with the admin token. */
export function admin(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("authorization", `Bearer ${current().adminToken}`);
  if (init.body && !headers.has("content-type")) headers.set("content-type", "application/json");
  return fetch(`${sandboxUrl()}/admin/${path.replace(/^\//, "")}`, { ...init, headers });
}

/** Calls the provider API; with a token, as that user. */
export function apiFetch(path: string, init: RequestInit = {}, token?: string) {
  const headers = new Headers(init.headers);
  if (token) headers.set("authorization", `Bearer ${token}`);
  if (typeof init.body === "string" && !headers.has("content-type")) headers.set("content-type", "application/json");
  return fetch(`${sandboxUrl()}/api/${path.replace(/^\//, "")}`, { ...init, headers });
}

export const uniqueEmail = (label = "user") => `${label}-${randomUUID().slice(0, 12)}@example.test`;

export const ABOUT_TEXT =
  "We build practice-management integrations for small and mid-sized law firms across Australia and the " +
  "United Kingdom, with a focus on document automation, secure client portals and time recording that " +
  "works the way lawyers already do.";

export function validRegistration(overrides: Partial<RegistrationRequest> = {}): RegistrationRequest {
  return {
    title: "ms",
    firstName: "Alex",
    lastName: "Tester",
    email: uniqueEmail("reg"),
    password: "Valid-pass-1",
    companyName: `Test Company ${randomUUID().slice(0, 8)}`,
    countryId: "AU",
    phoneNumber: "+61 2 9000 0001",
    addressLine1: "1 Test Street",
    cityTown: "Sydney",
    zipPostCode: "2000",
    stateCounty: "NSW",
    profile: ABOUT_TEXT,
    termsAndConditionsAgreed: true,
    ...overrides,
  };
}

export function register(body: unknown) {
  return apiFetch("registration", { method: "POST", body: JSON.stringify(body) });
}

interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  kind: string;
  link: string | null;
  text: string;
}

/** The newest mail of a kind sent to an address. */
export async function latestMail(to: string, kind: string): Promise<OutboxMail | undefined> {
  const res = await admin(`outbox?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`outbox: ${res.status}`);
  const mails = (await res.json()) as OutboxMail[];
  return mails.find((m) => m.kind === kind);
}

/** Follows the link of the newest verification mail; answers the redirect. */
export async function verifyByMail(email: string) {
  const mail = await latestMail(email, "verify-email");
  if (!mail?.link) throw new Error(`no verification mail for ${email}`);
  return fetch(mail.link, { redirect: "manual" });
}

/** A minimal cookie jar for one browser session against the sandbox. */
export class CookieJar {
  private cookies = new Map<string, string>();
  store(res: Response) {
    for (const header of res.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(header) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

export interface Tokens {
  access_token: string;
  refresh_token?: string;
  id_token: string;
  expires_in: number;
  token_type: string;
}

const base64url = (buffer: Buffer) => buffer.toString("base64url");

/** Starts an authorization request as the console does; answers the state of the flow. */
export async function startAuthorization(options: { lang?: string; codeChallengeMethod?: string; withPkce?: boolean } = {}) {
  const jar = new CookieJar();
  const verifier = base64url(randomBytes(32));
  const challenge = base64url(createHash("sha256").update(verifier).digest());
  const state = base64url(randomBytes(12));
  const redirectUri = `${consoleUrl()}/${options.lang ?? "en-AU"}/auth/callback`;
  const params = new URLSearchParams({
    client_id: current().clientId,
    response_type: "code",
    redirect_uri: redirectUri,
    scope: "openid profile email company",
    state,
    prompt: "login",
    ui_locales: options.lang ?? "en-AU",
  });
  if (options.withPkce !== false) {
    params.set("code_challenge", challenge);
    params.set("code_challenge_method", options.codeChallengeMethod ?? "S256");
  }
  const res = await fetch(`${sandboxUrl()}/auth?${params}`, { redirect: "manual" });
  jar.store(res);
  return { jar, verifier, state, redirectUri, response: res };
}

/** Follows redirects that stay on the sandbox, keeping cookies; stops at another origin. */
export async function follow(jar: CookieJar, response: Response): Promise<Response> {
  let res = response;
  for (let i = 0; i < 10 && res.status >= 300 && res.status < 400; i++) {
    const location = new URL(res.headers.get("location")!, sandboxUrl());
    if (location.origin !== new URL(sandboxUrl()).origin) return res;
    res = await fetch(location, { redirect: "manual", headers: { cookie: jar.header() } });
    jar.store(res);
  }
  return res;
}

/** Posts the sign-in form as the console's page does. */
export async function postLogin(jar: CookieJar, interactionUid: string, email: string, password: string) {
  const res = await fetch(`${sandboxUrl()}/interaction/${interactionUid}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
  });
  jar.store(res);
  return res;
}

export async function exchangeCode(code: string, verifier: string, redirectUri: string) {
  const basic = Buffer.from(`${current().clientId}:${current().clientSecret}`).toString("base64");
  return fetch(`${sandboxUrl()}/token`, {
    method: "POST",
    headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: verifier }),
  });
}

export async function refresh(refreshToken: string) {
  const basic = Buffer.from(`${current().clientId}:${current().clientSecret}`).toString("base64");
  return fetch(`${sandboxUrl()}/token`, {
    method: "POST",
    headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken }),
  });
}

/** The whole sign-in: authorization request, the sign-in form, the code exchange. */
export async function signIn(email: string, password: string): Promise<Tokens> {
  const flow = await startAuthorization();
  const atSignIn = await follow(flow.jar, flow.response);
  const signInPage = new URL(atSignIn.headers.get("location") ?? "");
  const uid = signInPage.searchParams.get("interaction");
  if (!uid) throw new Error(`no interaction in ${signInPage}`);
  const afterLogin = await follow(flow.jar, await postLogin(flow.jar, uid, email, password));
  const callback = new URL(afterLogin.headers.get("location") ?? "");
  const code = callback.searchParams.get("code");
  if (!code) throw new Error(`sign-in did not return a code: ${callback}`);
  const res = await exchangeCode(code, flow.verifier, flow.redirectUri);
  if (!res.ok) throw new Error(`token exchange failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as Tokens;
}

export interface TestCompany {
  token: string;
  tokens: Tokens;
  api: (path: string, init?: RequestInit) => Promise<Response>;
  userId: string;
  companyId: string;
  email: string;
  password: string;
}

/** A fresh company with a verified admin user, signed in. */
export async function newCompany(overrides: Partial<RegistrationRequest> = {}): Promise<TestCompany> {
  const body = validRegistration(overrides);
  const res = await register(body);
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  const created = (await res.json()) as { userId: string; companyId: string; email: string };
  const verified = await verifyByMail(created.email);
  if (verified.status !== 303) throw new Error(`verification failed: ${verified.status}`);
  const tokens = await signIn(created.email, body.password);
  return {
    token: tokens.access_token,
    tokens,
    api: (path, init) => apiFetch(path, init, tokens.access_token),
    userId: created.userId,
    companyId: created.companyId,
    email: created.email,
    password: body.password,
  };
}

/** Every error answer carries detail and traceId (spec 01 section 8). */
export async function expectErrorShape(res: Response) {
  const body = (await res.json()) as { detail?: unknown; traceId?: unknown; field?: string };
  if (typeof body.detail !== "string" || typeof body.traceId !== "string" || body.traceId.length < 8) {
    throw new Error(`not the error shape: ${JSON.stringify(body)}`);
  }
  return body as { detail: string; traceId: string; field?: string; errors?: Record<string, string[]> };
}
