/**
 * Time and volume limits, against a sandbox of this file's own with short lifetimes and a
 * low per-IP limit (the shared sandbox keeps the production values).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OwnSandbox, ownSandbox } from "./own-sandbox";
import {
  expectErrorShape,
  follow,
  latestMail,
  newCompany,
  postLogin,
  register,
  startAuthorization,
  validRegistration,
  verifyByMail,
} from "./support";

let own: OwnSandbox;

beforeAll(async () => {
  own = await ownSandbox("limits");
  await own.start({
    signInLimits: {
      freeFailures: 100,
      firstDelaySeconds: 1,
      maxDelaySeconds: 1,
      perIp: 4,
      windowSeconds: 60,
    },
    tokenLifetimes: { "reset-password": 1500, "verify-email": 1500 },
    accessTokenTtl: 2,
  });
});

afterAll(() => own?.dispose());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("lifetimes", () => {
  it("refuses an expired access token with 401", async () => {
    const company = await newCompany();
    expect((await company.api("user")).status).toBe(200);
    await sleep(3000);
    const res = await company.api("user");
    expect(res.status).toBe(401);
    expect((await expectErrorShape(res)).detail).toMatch(/expired/);
  });

  it("refuses an expired verification link", async () => {
    const body = validRegistration();
    await register(body);
    await sleep(1800);
    const res = await verifyByMail(body.email);
    expect(new URL(res.headers.get("location")!).searchParams.get("message")).toBe(
      "verification_invalid",
    );
  });

  it("refuses an expired password reset link", async () => {
    const company = await newCompany();
    const asked = await fetch(`${own.target.sandboxUrl}/password/forgot`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: company.email }),
    });
    expect(asked.status).toBe(202);
    const mail = await latestMail(company.email, "reset-password");
    await sleep(1800);
    const page = await fetch(mail!.link!);
    expect(page.status).toBe(410);
    const post = await fetch(mail!.link!, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ password: "Another-pass-2", confirmPassword: "Another-pass-2" }),
      redirect: "manual",
    });
    expect(post.status).toBe(410);
  });
});

describe("failed sign-ins per IP address", () => {
  it("blocks an address after too many failures, whatever the account", async () => {
    const flow = await startAuthorization();
    const atSignIn = await follow(flow.jar, flow.response);
    const uid = new URL(atSignIn.headers.get("location")!).searchParams.get("interaction")!;
    for (let i = 0; i < 4; i++) {
      const res = await postLogin(flow.jar, uid, `someone-${i}@example.test`, "Wrong-pass-1");
      expect(res.status).toBe(303);
    }
    const blocked = await postLogin(flow.jar, uid, "someone-else@example.test", "Wrong-pass-1");
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
