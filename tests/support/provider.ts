/**
 * A client of the provider sandbox shared by the integration and e2e suites: the reviewer
 * endpoints, the provider API, registration payloads, the mail outbox, and an OIDC client
 * that drives the authorization code flow with PKCE over plain HTTP (as the console does).
 *
 * No test-runner imports here: each suite binds a client to its own sandbox with
 * `createProviderClient(() => target)`.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { RegistrationRequest } from "~/api/registration/schemas";
import {
  CookieJar,
  signIn as codeFlowSignIn,
  followOn,
  type Tokens,
} from "../../server/conformance/oidc";

/** The console's OIDC client secret, as a sandbox's first start writes it into its data folder. */
export function consoleClientSecretIn(dataDir: string): string {
  return (
    JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8")) as {
      consoleClientSecret: string;
    }
  ).consoleClientSecret;
}

/** Where the sandbox runs and the secrets to talk to it. */
export interface Target {
  sandboxUrl: string;
  consoleUrl: string;
  adminToken: string;
  clientId: string;
  clientSecret: string;
}

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  kind: string;
  link: string | null;
  text: string;
}

/** One entry of an entity's history (`GET /admin/changes`). */
export interface Change {
  entityType: string;
  action: string;
  fromState: string | null;
  toState: string | null;
  actor: string;
  at: string;
}

export interface RegisteredUser {
  userId: string;
  companyId: string;
  email: string;
}

export const uniqueEmail = (label = "user") => `${label}-${randomUUID().slice(0, 12)}@example.test`;

export const ABOUT_TEXT =
  "We build practice-management integrations for small and mid-sized law firms across Australia and the " +
  "United Kingdom, with a focus on document automation, secure client portals and time recording that " +
  "works the way lawyers already do.";

/** A registration's fields; `register` adds the captcha's solution when it has none. */
export type RegistrationBody = Omit<RegistrationRequest, "captcha"> &
  Partial<Pick<RegistrationRequest, "captcha">>;

/** A random address of the IPv6 documentation range: a person of its own for the registration limits. */
const someAddress = () => `2001:db8:${randomBytes(6).toString("hex").match(/.{4}/g)!.join(":")}::1`;

/** A registration body that the sandbox accepts; every field can be overridden. */
export function validRegistration(overrides: Partial<RegistrationRequest> = {}): RegistrationBody {
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

const base64url = (buffer: Buffer) => buffer.toString("base64url");

export type ProviderClient = ReturnType<typeof createProviderClient>;

/**
 * Binds the helpers to a sandbox. `target` is read on every call, so a suite can switch
 * sandboxes between tests.
 */
export function createProviderClient(target: () => Target) {
  const sandboxUrl = () => target().sandboxUrl;
  const consoleUrl = () => target().consoleUrl;

  /** The console's OIDC client credentials, for HTTP Basic. */
  const basicAuth = () =>
    Buffer.from(`${target().clientId}:${target().clientSecret}`).toString("base64");

  /** Calls the reviewer endpoints with the admin token. */
  function admin(path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    headers.set("authorization", `Bearer ${target().adminToken}`);
    if (init.body && !headers.has("content-type")) headers.set("content-type", "application/json");
    return fetch(`${sandboxUrl()}/admin/${path.replace(/^\//, "")}`, { ...init, headers });
  }

  /** Calls the provider API; with a token, as that user. */
  function apiFetch(path: string, init: RequestInit = {}, token?: string) {
    const headers = new Headers(init.headers);
    if (token) headers.set("authorization", `Bearer ${token}`);
    if (typeof init.body === "string" && !headers.has("content-type"))
      headers.set("content-type", "application/json");
    return fetch(`${sandboxUrl()}/api/${path.replace(/^\//, "")}`, { ...init, headers });
  }

  /**
   * `POST registration` as the console sends it: with its client credentials, the address of
   * the person registering (each call one of its own, so that the per-address limit never
   * stops a test), and the answer to a fresh captcha question unless `body` has a solution.
   */
  async function register(body: object) {
    let captcha = (body as { captcha?: unknown }).captcha;
    if (captcha === undefined) {
      const question = (await (await apiFetch("registration/captcha/question")).json()) as {
        token: string;
        a: number;
        b: number;
      };
      captcha = { token: question.token, answer: String(question.a + question.b) };
    }
    return apiFetch("registration", {
      method: "POST",
      headers: { authorization: `Basic ${basicAuth()}`, "x-client-address": someAddress() },
      body: JSON.stringify({ ...body, captcha }),
    });
  }

  /** Registers and answers the created ids; throws unless the sandbox answers 201. */
  async function registerOk(body: RegistrationBody): Promise<RegisteredUser> {
    const res = await register(body);
    if (res.status !== 201)
      throw new Error(`registration failed: ${res.status} ${await res.text()}`);
    return (await res.json()) as RegisteredUser;
  }

  /** Every mail sent to an address, newest first. */
  async function outbox(to: string): Promise<OutboxMail[]> {
    const res = await admin(`outbox?to=${encodeURIComponent(to)}`);
    if (!res.ok) throw new Error(`outbox: ${res.status}`);
    return (await res.json()) as OutboxMail[];
  }

  /** The newest mail of a kind sent to an address. */
  async function latestMail(to: string, kind: string): Promise<OutboxMail | undefined> {
    return (await outbox(to)).find((m) => m.kind === kind);
  }

  /** Follows the link of the newest verification mail; answers the redirect. */
  async function verifyByMail(email: string) {
    const mail = await latestMail(email, "verify-email");
    if (!mail?.link) throw new Error(`no verification mail for ${email}`);
    return fetch(mail.link, { redirect: "manual" });
  }

  /** The history of an entity (an app version, a group, a user...), oldest first. */
  async function changes(entityId: string): Promise<Change[]> {
    const res = await admin(`changes?entityId=${encodeURIComponent(entityId)}`);
    if (!res.ok) throw new Error(`changes of ${entityId}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Change[];
  }

  /** Marks a user's address verified through the reviewer endpoint. */
  async function verifyUser(userId: string) {
    const res = await admin(`users/${userId}/verify`, { method: "POST" });
    if (!res.ok) throw new Error(`verify ${userId}: ${res.status} ${await res.text()}`);
    return res.json();
  }

  async function setAccessToTest(userId: string, hasAccessToTest: boolean) {
    const res = await admin(`users/${userId}/access-to-test`, {
      method: "PUT",
      body: JSON.stringify({ hasAccessToTest }),
    });
    if (!res.ok) throw new Error(`access-to-test ${userId}: ${res.status} ${await res.text()}`);
    return res.json();
  }

  /** Suspends a user's account (no sign-in, every API call answers 403) or reinstates it. */
  async function setSuspended(userId: string, suspended: boolean) {
    const res = await admin(`users/${userId}/suspended`, {
      method: "PUT",
      body: JSON.stringify({ suspended }),
    });
    if (!res.ok) throw new Error(`suspended ${userId}: ${res.status} ${await res.text()}`);
    return res.json();
  }

  /** Asks for a password reset mail as the console's reset page does (`POST /password/forgot`). */
  async function forgotPassword(email: string, lang = "en-AU") {
    const res = await fetch(`${sandboxUrl()}/password/forgot`, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": lang },
      body: JSON.stringify({ email, lang }),
    });
    if (!res.ok) throw new Error(`password/forgot: ${res.status} ${await res.text()}`);
  }

  /** Starts an authorization request as the console does; answers the state of the flow. */
  async function startAuthorization(
    options: { lang?: string; codeChallengeMethod?: string; withPkce?: boolean } = {},
  ) {
    const jar = new CookieJar();
    const verifier = base64url(randomBytes(32));
    const challenge = base64url(createHash("sha256").update(verifier).digest());
    const state = base64url(randomBytes(12));
    const redirectUri = `${consoleUrl()}/${options.lang ?? "en-AU"}/auth/callback`;
    const params = new URLSearchParams({
      client_id: target().clientId,
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
  const follow = (jar: CookieJar, response: Response) => followOn(sandboxUrl(), jar, response);

  /** Posts the sign-in form as the console's page does. */
  async function postLogin(
    jar: CookieJar,
    interactionUid: string,
    email: string,
    password: string,
  ) {
    const res = await fetch(`${sandboxUrl()}/interaction/${interactionUid}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password }),
    });
    jar.store(res);
    return res;
  }

  async function exchangeCode(code: string, verifier: string, redirectUri: string) {
    return fetch(`${sandboxUrl()}/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${basicAuth()}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
      }),
    });
  }

  async function refresh(refreshToken: string) {
    return fetch(`${sandboxUrl()}/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${basicAuth()}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken }),
    });
  }

  /** The whole sign-in: authorization request, the sign-in form, the code exchange. */
  function signIn(email: string, password: string): Promise<Tokens> {
    const { clientId, clientSecret } = target();
    const redirectUri = `${consoleUrl()}/en-AU/auth/callback`;
    return codeFlowSignIn(
      { issuer: sandboxUrl(), clientId, clientSecret, redirectUri },
      email,
      password,
    );
  }

  /** `PUT user/accept-terms` as the user with this access token. */
  async function acceptTerms(accessToken: string) {
    const res = await apiFetch("user/accept-terms", { method: "PUT" }, accessToken);
    if (!res.ok) throw new Error(`accept-terms: ${res.status} ${await res.text()}`);
  }

  return {
    target,
    sandboxUrl,
    consoleUrl,
    admin,
    apiFetch,
    register,
    registerOk,
    outbox,
    latestMail,
    changes,
    verifyByMail,
    verifyUser,
    setAccessToTest,
    setSuspended,
    forgotPassword,
    startAuthorization,
    follow,
    postLogin,
    exchangeCode,
    refresh,
    signIn,
    acceptTerms,
  };
}

/**
 * Creates an app through the API as the user of `accessToken` (`POST apps` with a client-made
 * id), as the console's create page does; answers the save answer (`id` is the version id,
 * `groupAppId` the app group id). `details` overrides a valid standard AU app.
 */
export async function createAppThroughApi(
  client: ProviderClient,
  accessToken: string,
  details: {
    name?: string;
    description?: string;
    countryCode?: string;
    categoryId?: number;
    appType?: number;
  } = {},
): Promise<{ id: string; groupAppId: string; versionNumber: string }> {
  const body = {
    id: randomUUID(),
    details: {
      name: `App ${randomUUID().slice(0, 8)}`,
      description: "Keeps matters in step with your document system.",
      countryCode: "AU",
      categoryId: 1,
      appType: 0,
      ...details,
    },
  };
  const res = await client.apiFetch(
    "apps",
    { method: "POST", body: JSON.stringify(body) },
    accessToken,
  );
  if (res.status !== 201) throw new Error(`POST apps: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string; groupAppId: string; versionNumber: string };
}
