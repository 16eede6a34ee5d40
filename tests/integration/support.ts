/**
 * Helpers of the integration suite: the running sandbox, the reviewer endpoints, an OIDC
 * client that drives the authorization code flow with PKCE over plain HTTP, and fresh
 * companies with a signed-in user. The provider client itself is shared with the e2e suite
 * (`tests/support/provider.ts`); this module binds it to the sandbox of the run.
 */
import { inject } from "vitest";
import type { RegistrationRequest } from "~/api/registration/schemas";
import type { Tokens } from "../../server/conformance/oidc";
import { createProviderClient, type Target, validRegistration } from "../support/provider";

export { CookieJar, type Tokens } from "../../server/conformance/oidc";
export type { OutboxMail, Target } from "../support/provider";
export { ABOUT_TEXT, uniqueEmail, validRegistration } from "../support/provider";

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

const provider = createProviderClient(current);

export const {
  sandboxUrl,
  consoleUrl,
  admin,
  apiFetch,
  register,
  latestMail,
  verifyByMail,
  startAuthorization,
  follow,
  postLogin,
  exchangeCode,
  refresh,
  signIn,
} = provider;

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
export async function newCompany(
  overrides: Partial<RegistrationRequest> = {},
): Promise<TestCompany> {
  const body = validRegistration(overrides);
  const created = await provider.registerOk(body);
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

/** Every error answer carries detail and traceId. */
export async function expectErrorShape(res: Response) {
  const body = (await res.json()) as { detail?: unknown; traceId?: unknown; field?: string };
  if (
    typeof body.detail !== "string" ||
    typeof body.traceId !== "string" ||
    body.traceId.length < 8
  ) {
    throw new Error(`not the error shape: ${JSON.stringify(body)}`);
  }
  return body as {
    detail: string;
    traceId: string;
    field?: string;
    errors?: Record<string, string>;
  };
}
