/**
 * Registration through the API cannot skip the captcha or the limits (issue 9, item 5): a
 * direct call needs a valid, unused, unexpired solution; registrations are limited per
 * address and per email, and the address the console forwards counts only when the console
 * authenticates. Against a sandbox of this file's own with low limits; direct callers send
 * from loopback addresses of their own (127.0.2.x).
 */
import { solveChallenge } from "altcha-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchFrom } from "./addresses";
import { type OwnSandbox, ownSandbox } from "./own-sandbox";
import {
  expectErrorShape,
  latestMail,
  register,
  sandboxUrl,
  uniqueEmail,
  validRegistration,
} from "./support";

let own: OwnSandbox;

beforeAll(async () => {
  own = await ownSandbox("registration");
  await own.start({
    registrationLimits: { perIp: 3, perEmail: 2, windowSeconds: 60, captchaMaxNumber: 1000 },
  });
});

afterAll(() => own?.dispose());

/** `POST /api/registration` as a direct caller of the API from `from`, with `headers` added. */
function post(from: string, body: unknown, headers: Record<string, string> = {}) {
  return fetchFrom(from, `${sandboxUrl()}/api/registration`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

/** A solved proof-of-work challenge of the sandbox, as the browser's widget sends it. */
async function solvedAltcha(): Promise<{ altcha: string }> {
  const res = await fetch(`${sandboxUrl()}/api/registration/captcha/challenge`);
  expect(res.status).toBe(200);
  const challenge = await res.json();
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error("no solution");
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return { altcha: Buffer.from(JSON.stringify(payload)).toString("base64") };
}

const consoleCredentials = () =>
  `Basic ${Buffer.from(`${own.target.clientId}:${own.target.clientSecret}`).toString("base64")}`;

describe("the captcha of a direct registration", () => {
  it("is required: without a solution the call is refused with 400 naming captcha, and nothing is stored or mailed", async () => {
    const body = validRegistration();
    const res = await post("127.0.2.1", body);
    expect(res.status).toBe(400);
    const error = await expectErrorShape(res);
    expect(error.field).toBe("captcha");
    expect(error.errors).toEqual({ captcha: "required" });
    expect(await latestMail(body.email, "verify-email")).toBeUndefined();
  });

  it("is a solved proof of work, used once: the same solution again is refused as replayed", async () => {
    const captcha = await solvedAltcha();
    const first = validRegistration();
    expect((await post("127.0.2.2", { ...first, captcha })).status).toBe(201);
    expect(await latestMail(first.email, "verify-email")).toBeDefined();
    const again = await post("127.0.2.2", { ...validRegistration(), captcha });
    expect(again.status).toBe(400);
    expect((await expectErrorShape(again)).errors).toEqual({ captcha: "replayed" });
  });

  it("refuses a forged solution and a question answered by a direct caller", async () => {
    const { altcha } = await solvedAltcha();
    const payload = JSON.parse(Buffer.from(altcha, "base64").toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, number: payload.number + 1 })).toString(
      "base64",
    );
    const refused = await post("127.0.2.3", {
      ...validRegistration(),
      captcha: { altcha: forged },
    });
    expect(refused.status).toBe(400);
    expect((await expectErrorShape(refused)).errors).toEqual({ captcha: "invalid" });

    const question = await (
      await fetch(`${sandboxUrl()}/api/registration/captcha/question`)
    ).json();
    const answered = await post("127.0.2.3", {
      ...validRegistration(),
      captcha: { token: question.token, answer: String(question.a + question.b) },
    });
    expect(answered.status).toBe(400);
    expect((await expectErrorShape(answered)).errors).toEqual({ captcha: "questionNotAllowed" });
  });
});

describe("registration limits", () => {
  it("refuse a fourth registration from one address with 429, Retry-After and the error shape; another address goes on", async () => {
    for (let i = 0; i < 3; i++)
      expect(
        (await post("127.0.2.4", { ...validRegistration(), captcha: await solvedAltcha() })).status,
      ).toBe(201);
    const body = validRegistration();
    const refused = await post("127.0.2.4", { ...body, captcha: await solvedAltcha() });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await expectErrorShape(refused)).detail).toMatch(
      /Too many registrations from this address/,
    );
    expect(await latestMail(body.email, "verify-email")).toBeUndefined();
    expect(
      (await post("127.0.2.5", { ...validRegistration(), captcha: await solvedAltcha() })).status,
    ).toBe(201);
  });

  it("ignore an address a direct caller names: only the console's forwarded address counts", async () => {
    const named = (i: number) => ({ "x-client-address": `203.0.113.${i}` });
    for (let i = 0; i < 3; i++)
      expect(
        (
          await post(
            "127.0.2.6",
            { ...validRegistration(), captcha: await solvedAltcha() },
            named(i),
          )
        ).status,
      ).toBe(201);
    expect(
      (await post("127.0.2.6", { ...validRegistration(), captcha: await solvedAltcha() }, named(9)))
        .status,
    ).toBe(429);
  });

  it("count the person's address the console forwards with its client credentials, and refuse wrong credentials", async () => {
    const asConsole = (address: string) => ({
      authorization: consoleCredentials(),
      "x-client-address": address,
    });
    for (let i = 0; i < 3; i++)
      expect(
        (
          await post(
            "127.0.2.7",
            { ...validRegistration(), captcha: await solvedAltcha() },
            asConsole("198.51.100.7"),
          )
        ).status,
      ).toBe(201);
    expect(
      (
        await post(
          "127.0.2.7",
          { ...validRegistration(), captcha: await solvedAltcha() },
          asConsole("198.51.100.7"),
        )
      ).status,
    ).toBe(429);
    expect(
      (
        await post(
          "127.0.2.7",
          { ...validRegistration(), captcha: await solvedAltcha() },
          asConsole("198.51.100.8"),
        )
      ).status,
    ).toBe(201);

    const wrong = {
      authorization: `Basic ${Buffer.from(`${own.target.clientId}:not-the-secret`).toString("base64")}`,
      "x-client-address": "198.51.100.9",
    };
    const refused = await post(
      "127.0.2.7",
      { ...validRegistration(), captcha: await solvedAltcha() },
      wrong,
    );
    expect(refused.status).toBe(401);
    await expectErrorShape(refused);
  });

  it("refuse a third registration for one email address with 429 naming email", async () => {
    const email = uniqueEmail("limited");
    expect((await register(validRegistration({ email }))).status).toBe(201);
    expect((await register(validRegistration({ email }))).status).toBe(409);
    const refused = await register(validRegistration({ email }));
    expect(refused.status).toBe(429);
    const error = await expectErrorShape(refused);
    expect(error.field).toBe("email");
    expect(error.errors).toEqual({ email: "tooManyAttempts" });
  });
});
