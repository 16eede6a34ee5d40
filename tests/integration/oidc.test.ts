import { createLocalJWKSet, decodeJwt, generateKeyPair, jwtVerify, SignJWT } from "jose";
import { describe, expect, inject, it } from "vitest";
import {
  admin,
  apiFetch,
  consoleUrl,
  exchangeCode,
  expectErrorShape,
  follow,
  newCompany,
  postLogin,
  refresh,
  register,
  sandboxUrl,
  signIn,
  startAuthorization,
  validRegistration,
  verifyByMail,
} from "./support";

async function reachSignInPage(options: Parameters<typeof startAuthorization>[0] = {}) {
  const flow = await startAuthorization(options);
  const res = await follow(flow.jar, flow.response);
  const location = new URL(res.headers.get("location") ?? "");
  return { ...flow, location, uid: location.searchParams.get("interaction")! };
}

async function verifiedUser() {
  const body = validRegistration();
  await register(body);
  await verifyByMail(body.email);
  return body;
}

describe("authorization code flow with PKCE", () => {
  it("sends the browser to the console's sign-in page in the asked language", async () => {
    const { location, uid } = await reachSignInPage({ lang: "nl-NL" });
    expect(location.origin + location.pathname).toBe(`${consoleUrl()}/nl-NL/auth/signin`);
    expect(uid).toMatch(/^[\w-]{10,}$/);
  });

  it("signs in, returns a code to the console's callback and exchanges it for tokens", async () => {
    const user = await verifiedUser();
    const flow = await reachSignInPage();
    const after = await follow(
      flow.jar,
      await postLogin(flow.jar, flow.uid, user.email, user.password),
    );
    const callback = new URL(after.headers.get("location")!);
    expect(callback.origin + callback.pathname).toBe(flow.redirectUri);
    expect(callback.searchParams.get("state")).toBe(flow.state);
    expect(callback.searchParams.get("iss")).toBe(sandboxUrl());
    const res = await exchangeCode(
      callback.searchParams.get("code")!,
      flow.verifier,
      flow.redirectUri,
    );
    expect(res.status).toBe(200);
    const tokens = await res.json();
    expect(tokens).toMatchObject({
      token_type: "Bearer",
      expires_in: expect.any(Number),
      refresh_token: expect.any(String),
    });

    // The access token is a JWT for the API, verifiable with the issuer's JWKS.
    const jwks = createLocalJWKSet(await (await fetch(`${sandboxUrl()}/jwks`)).json());
    const { payload } = await jwtVerify(tokens.access_token, jwks, {
      issuer: sandboxUrl(),
      audience: `${sandboxUrl()}/api`,
    });
    expect(payload).toMatchObject({
      email: user.email,
      name: `${user.firstName} ${user.lastName}`,
      admin: true,
      company_id: expect.any(String),
    });
    const idToken = decodeJwt(tokens.id_token);
    expect(idToken).toMatchObject({
      email: user.email,
      company_id: payload.company_id,
      admin: true,
    });

    // The code is single-use.
    const again = await exchangeCode(
      callback.searchParams.get("code")!,
      flow.verifier,
      flow.redirectUri,
    );
    expect(again.status).toBe(400);
  });

  it("refuses the code exchange with a wrong PKCE verifier", async () => {
    const user = await verifiedUser();
    const flow = await reachSignInPage();
    const after = await follow(
      flow.jar,
      await postLogin(flow.jar, flow.uid, user.email, user.password),
    );
    const code = new URL(after.headers.get("location")!).searchParams.get("code")!;
    const res = await exchangeCode(code, "x".repeat(43), flow.redirectUri);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("invalid_grant");
  });

  it("requires PKCE with S256", async () => {
    const without = await startAuthorization({ withPkce: false });
    const location = new URL(without.response.headers.get("location")!);
    expect(location.searchParams.get("error")).toBe("invalid_request");
    const plain = await startAuthorization({ codeChallengeMethod: "plain" });
    expect(new URL(plain.response.headers.get("location")!).searchParams.get("error")).toBe(
      "invalid_request",
    );
  });

  it("sends a wrong password back to the sign-in page with an error and the email", async () => {
    const user = await verifiedUser();
    const flow = await reachSignInPage();
    const res = await postLogin(flow.jar, flow.uid, user.email, "Wrong-pass-1");
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location")!);
    expect(location.pathname).toBe("/en-AU/auth/signin");
    expect(location.searchParams.get("error")).toBe("invalid_credentials");
    expect(location.searchParams.get("email")).toBe(user.email);
    expect(location.searchParams.get("interaction")).toBe(flow.uid);
  });

  it("answers an unknown account exactly like a wrong password", async () => {
    const flow = await reachSignInPage();
    const res = await postLogin(flow.jar, flow.uid, "nobody@example.test", "Wrong-pass-1");
    expect(new URL(res.headers.get("location")!).searchParams.get("error")).toBe(
      "invalid_credentials",
    );
  });

  it("asks for both fields", async () => {
    const flow = await reachSignInPage();
    const res = await postLogin(flow.jar, flow.uid, "", "");
    expect(new URL(res.headers.get("location")!).searchParams.get("error")).toBe("missing_fields");
  });

  it("tells an unverified user to verify first", async () => {
    const body = validRegistration();
    await register(body);
    const flow = await reachSignInPage();
    const res = await postLogin(flow.jar, flow.uid, body.email, body.password);
    expect(new URL(res.headers.get("location")!).searchParams.get("error")).toBe(
      "email_not_verified",
    );
  });

  it("makes an account wait after repeated failures from one address: 429, Retry-After and a clear message", async () => {
    const user = await verifiedUser();
    const flow = await reachSignInPage({ lang: "nl-NL" });
    for (let i = 0; i < 4; i++) {
      const res = await postLogin(flow.jar, flow.uid, user.email, `Wrong-pass-${i}`);
      expect(res.status).toBe(303);
    }
    const waiting = await postLogin(flow.jar, flow.uid, user.email, user.password);
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get("retry-after"))).toBeGreaterThan(0);
    const page = await waiting.text();
    expect(page).toContain("Te veel aanmeldpogingen");
    expect(page).toMatch(/Probeer het over 1 seconde opnieuw\./);
    expect(page).toContain(`${consoleUrl()}/nl-NL/auth/reset-password`);
    expect(page).toContain(`interaction=${flow.uid}`);
  });

  it("answers a sign-in post without a live interaction with a fresh start", async () => {
    const res = await fetch(`${sandboxUrl()}/interaction/unknown-uid/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "email=a%40b.c&password=x",
    });
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get("location")!).searchParams.get("error")).toBe("session_expired");
  });

  it("renews tokens with the refresh token, also from parallel requests, until it is revoked", async () => {
    const company = await newCompany();
    const [first, second] = await Promise.all([
      refresh(company.tokens.refresh_token!),
      refresh(company.tokens.refresh_token!),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const renewed = await first.json();
    expect(renewed.access_token).not.toBe(company.token);
    expect((await apiFetch("user", {}, renewed.access_token)).status).toBe(200);

    const basic = Buffer.from(`${inject("clientId")}:${inject("clientSecret")}`).toString("base64");
    const revoked = await fetch(`${sandboxUrl()}/token/revocation`, {
      method: "POST",
      headers: {
        authorization: `Basic ${basic}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        token: company.tokens.refresh_token!,
        token_type_hint: "refresh_token",
      }),
    });
    expect(revoked.status).toBe(200);
    expect((await refresh(company.tokens.refresh_token!)).status).toBe(400);
  });
});

/** Revokes a refresh token as the console does at sign-out. */
const revoke = (token: string) =>
  fetch(`${sandboxUrl()}/token/revocation`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${inject("clientId")}:${inject("clientSecret")}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ token, token_type_hint: "refresh_token" }),
  });

describe("revoked grants", () => {
  it("a reused authorization code revokes the grant: its access token fails at the API", async () => {
    const user = await verifiedUser();
    const flow = await reachSignInPage();
    const after = await follow(
      flow.jar,
      await postLogin(flow.jar, flow.uid, user.email, user.password),
    );
    const code = new URL(after.headers.get("location")!).searchParams.get("code")!;
    const tokens = await (await exchangeCode(code, flow.verifier, flow.redirectUri)).json();
    expect((await apiFetch("user", {}, tokens.access_token)).status).toBe(200);

    expect((await exchangeCode(code, flow.verifier, flow.redirectUri)).status).toBe(400);
    const res = await apiFetch("user", {}, tokens.access_token);
    expect(res.status).toBe(401);
    expect((await expectErrorShape(res)).detail).toMatch(/revoked/);
    expect((await refresh(tokens.refresh_token)).status).toBe(400);
  });

  it("revoking the refresh token (sign-out) makes the access tokens of its grant fail, renewed ones too", async () => {
    const company = await newCompany();
    const renewed = await (await refresh(company.tokens.refresh_token!)).json();
    expect((await company.api("user")).status).toBe(200);
    expect((await apiFetch("user", {}, renewed.access_token)).status).toBe(200);

    expect((await revoke(company.tokens.refresh_token!)).status).toBe(200);
    expect((await company.api("user")).status).toBe(401);
    expect((await apiFetch("user", {}, renewed.access_token)).status).toBe(401);
  });

  it("revoking one grant leaves the user's other sign-ins working", async () => {
    const company = await newCompany();
    const other = await signIn(company.email, company.password);
    expect((await revoke(company.tokens.refresh_token!)).status).toBe(200);
    expect((await company.api("user")).status).toBe(401);
    expect((await apiFetch("user", {}, other.access_token)).status).toBe(200);
  });
});

/**
 * The API keeps each token's verified signature until it expires and reads the grant and the
 * user at every call (decision 73): a token it has already accepted is refused at once.
 */
describe("a token the API has already accepted", () => {
  it("is refused at once, 401, when its grant is revoked (sign-out)", async () => {
    const company = await newCompany();
    for (let i = 0; i < 3; i++) expect((await company.api("user")).status).toBe(200);
    expect((await revoke(company.tokens.refresh_token!)).status).toBe(200);
    const res = await company.api("user");
    expect(res.status).toBe(401);
    expect((await expectErrorShape(res)).detail).toMatch(/revoked/);
    // Lookups too: a token, when sent, must be valid.
    expect((await company.api("resources/countries")).status).toBe(401);
  });

  it("is refused at once, 403, while its user is suspended, and works again once reinstated", async () => {
    const company = await newCompany();
    const suspend = (suspended: boolean) =>
      admin(`users/${company.userId}/suspended`, {
        method: "PUT",
        body: JSON.stringify({ suspended }),
      });
    for (let i = 0; i < 3; i++) expect((await company.api("apps")).status).toBe(200);
    expect((await suspend(true)).status).toBe(200);
    const res = await company.api("apps");
    expect(res.status).toBe(403);
    expect((await expectErrorShape(res)).detail).toMatch(/suspended/);
    expect((await suspend(false)).status).toBe(200);
    expect((await company.api("apps")).status).toBe(200);
  });

  it("does not vouch for the same claims under another signature", async () => {
    const company = await newCompany();
    expect((await company.api("user")).status).toBe(200);
    const [header, payload, signature] = company.token.split(".");
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === "A" ? "B" : "A"}${signature.at(-1)}`;
    expect((await apiFetch("user", {}, `${header}.${payload}.${flipped}`)).status).toBe(401);
  });
});

describe("token checks of the API", () => {
  it("answers 401 without a token, with the error shape", async () => {
    const res = await apiFetch("user");
    expect(res.status).toBe(401);
    await expectErrorShape(res);
  });

  it("answers 401 for a forged token signed with another key", async () => {
    const company = await newCompany();
    const claims = decodeJwt(company.token);
    const { privateKey } = await generateKeyPair("RS256");
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", typ: "at+jwt", kid: "forged" })
      .sign(privateKey);
    expect((await apiFetch("user", {}, forged)).status).toBe(401);
    const tampered = company.token.replace(
      /\.[^.]+\./,
      `.${Buffer.from(JSON.stringify({ ...claims, admin: true, company_id: "x" })).toString("base64url")}.`,
    );
    expect((await apiFetch("user", {}, tampered)).status).toBe(401);
  });

  it("answers 401 for an ID token used as an access token", async () => {
    const company = await newCompany();
    expect((await apiFetch("user", {}, company.tokens.id_token)).status).toBe(401);
  });
});

describe("signing in as the demo user", () => {
  it("works with the documented credentials", async () => {
    const tokens = await signIn("demo@example.com", "Demo-password-1");
    const me = await (await apiFetch("user", {}, tokens.access_token)).json();
    expect(me).toMatchObject({
      email: "demo@example.com",
      companyName: "Demo Legal Apps",
      admin: true,
      isTermsAccepted: expect.any(Boolean),
      hasAccessToTest: true,
    });
  });
});
