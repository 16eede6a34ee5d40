/**
 * What the logs keep, and whose address the registration limit counts, with the console in
 * front: a sandbox of this file's own (its log read in-process, two registrations an hour per
 * address) and consoles built and run as `npm start` runs them, whose output is read.
 *
 * - Registering, verifying the address, resetting the password and signing in leave no token,
 *   code or mailed link in either log.
 * - TRUST_PROXY unset: an X-Forwarded-For from loopback does not change whose address counts;
 *   the connection's does. TRUST_PROXY=loopback: the address a proxy on loopback names counts.
 *
 * Requests come from loopback addresses of their own (127.0.3.x), as people behind other
 * addresses would.
 */
import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConsoleVisitor } from "../support/console-http";
import {
  consoleBuild,
  consoleProcess,
  freePort,
  type ServerProcess,
  tempDir,
} from "../support/product";
import { fetchFrom } from "./addresses";
import { type OwnSandbox, ownSandbox } from "./own-sandbox";
import { latestMail, uniqueEmail, validRegistration } from "./support";

let own: OwnSandbox;
/** Every line the sandbox logged. */
const sandboxLog: string[] = [];
const cleanups: (() => unknown)[] = [];
let consoleNone: ServerProcess;
let consoleLoopback: ServerProcess;
const urlOf = (server: ServerProcess) =>
  new URL(server.spec.healthUrl).origin.replace("127.0.0.1", "localhost");

beforeAll(async () => {
  own = await ownSandbox("logs");
  cleanups.push(() => own.dispose());
  const log = pino(
    { level: "trace", base: { service: "sandbox" } },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        sandboxLog.push(chunk.toString());
        done();
      },
    }),
  );
  await own.start({ log, registrationLimits: { perIp: 2, perEmail: 3, windowSeconds: 60 * 60 } });

  const buildDir = await consoleBuild();
  const sessionSecret = randomBytes(32).toString("base64url");
  const start = async (port: number, trustProxy: string | undefined) => {
    const data = tempDir("logs-console");
    cleanups.push(data.remove);
    const server = consoleProcess({
      dataDir: data.dir,
      port,
      buildDir,
      env: {
        API_BASE_URL: `${own.config.url}/api`,
        OIDC_ISSUER: own.config.url,
        OIDC_CLIENT_ID: own.config.consoleClientId,
        OIDC_CLIENT_SECRET: own.config.consoleClientSecret,
        SESSION_SECRET: sessionSecret,
        APP_URL: `http://localhost:${port}`,
        LOG_LEVEL: "trace",
        TRUST_PROXY: trustProxy,
      },
    });
    cleanups.push(() => server.stop());
    await server.start();
    return server;
  };
  // The sandbox sends sign-ins back to the console of its configuration: the first one.
  [consoleNone, consoleLoopback] = await Promise.all([
    start(Number(new URL(own.config.consoleUrl).port), undefined),
    start(await freePort(), "loopback"),
  ]);
}, 240_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Sent {
  status: number;
  /** The question's token the page carried. */
  captchaToken: string;
}

/**
 * Registers through a console's page without JavaScript, from `from`, with `headers` added
 * (an X-Forwarded-For): the page's question answered, the form posted.
 */
async function registerThroughConsole(
  consoleUrl: string,
  from: string,
  email: string,
  headers: Record<string, string> = {},
): Promise<Sent> {
  const page = await fetchFrom(from, `${consoleUrl}/en-AU/auth/register`, { headers });
  const html = await page.text();
  expect(page.status, html.slice(0, 300)).toBe(200);
  const captchaToken = /name="captchaToken" value="([^"]+)"/.exec(html)?.[1];
  const sum = /What is (\d+) plus (\d+)\?/.exec(html);
  if (!captchaToken || !sum)
    throw new Error(`no captcha question on the page: ${html.slice(0, 300)}`);
  const body = validRegistration({ email });
  const form = new URLSearchParams({
    title: body.title,
    firstName: body.firstName,
    lastName: body.lastName,
    email,
    password: body.password,
    confirmPassword: body.password,
    companyName: body.companyName,
    countryId: body.countryId,
    phoneNumber: body.phoneNumber,
    addressLine1: body.addressLine1,
    cityTown: body.cityTown,
    zipPostCode: body.zipPostCode,
    stateCounty: body.stateCounty ?? "",
    profile: body.profile,
    captchaToken,
    captchaAnswer: String(Number(sum[1]) + Number(sum[2])),
    termsAndConditionsAgreed: "on",
  });
  const res = await fetchFrom(from, `${consoleUrl}/en-AU/auth/register`, {
    method: "POST",
    headers: {
      ...headers,
      origin: consoleUrl,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: form.toString(),
  });
  return { status: res.status, captchaToken };
}

describe("the logs", () => {
  it("keep no token, code or link of registering, verifying, resetting a password and signing in", async () => {
    const consoleUrl = urlOf(consoleNone);
    const email = uniqueEmail("logs");
    const registered = await registerThroughConsole(consoleUrl, "127.0.3.1", email);
    expect(registered.status).toBe(302);

    const verification = await latestMail(email, "verify-email");
    if (!verification?.link) throw new Error("no verification mail");
    expect((await fetch(verification.link, { redirect: "manual" })).status).toBe(303);

    // The reset asked for through the console's page, the link opened and its form posted.
    const asked = await fetchFrom("127.0.3.1", `${consoleUrl}/en-AU/auth/reset-password`, {
      method: "POST",
      headers: { origin: consoleUrl, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email }).toString(),
    });
    expect(asked.status).toBe(302);
    const reset = await latestMail(email, "reset-password");
    if (!reset?.link) throw new Error("no reset mail");
    expect((await fetch(reset.link)).status).toBe(200);
    const password = "Another-pass-2";
    const done = await fetch(reset.link, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ password, confirmPassword: password }).toString(),
      redirect: "manual",
    });
    expect(done.status).toBe(303);

    const visitor = new ConsoleVisitor(consoleUrl);
    await visitor.signIn(email, password);
    const callback = visitor.hops
      .map((hop) => new URL(hop.url))
      .find((url) => url.pathname.endsWith("/auth/callback"));
    const code = callback?.searchParams.get("code");
    if (!code) throw new Error("no authorization code in the sign-in's hops");

    const secrets = {
      verificationToken: new URL(verification.link).searchParams.get("token") ?? "",
      resetToken: new URL(reset.link).pathname.split("/").pop() ?? "",
      code,
      captchaToken: registered.captchaToken,
    };
    for (const [name, secret] of Object.entries(secrets))
      expect(secret.length, name).toBeGreaterThan(10);
    const logs = { sandbox: sandboxLog.join(""), console: consoleNone.log };
    for (const [server, text] of Object.entries(logs)) {
      for (const [name, secret] of Object.entries(secrets))
        expect(text.includes(secret), `${name} in the ${server}'s log`).toBe(false);
      for (const link of [verification.link, reset.link])
        expect(text.includes(link), `a mailed link in the ${server}'s log`).toBe(false);
    }
    // What the sandbox logged instead: the mails' kind and recipient, the request with its token hidden.
    const lines = sandboxLog.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(
      lines
        .filter((line) => line.msg === "mail queued" && line.to === email)
        .map((line) => line.kind),
    ).toEqual(["verify-email", "reset-password"]);
    expect(
      lines
        .filter(
          (line) => line.msg === "request" && String(line.path).startsWith("/password/reset/"),
        )
        .map((line) => line.path),
    ).toEqual(["/password/reset/[redacted]", "/password/reset/[redacted]"]);
  });
});

describe("whose address the registration limit counts through the console", () => {
  const named = (address: string) => ({ "x-forwarded-for": address });

  it("is the connection's when TRUST_PROXY is unset: the third registration from one address is refused under another named address", async () => {
    const consoleUrl = urlOf(consoleNone);
    expect(
      (
        await registerThroughConsole(
          consoleUrl,
          "127.0.3.2",
          uniqueEmail("xff"),
          named("198.51.100.1"),
        )
      ).status,
    ).toBe(302);
    expect(
      (
        await registerThroughConsole(
          consoleUrl,
          "127.0.3.2",
          uniqueEmail("xff"),
          named("198.51.100.2"),
        )
      ).status,
    ).toBe(302);
    expect(
      (
        await registerThroughConsole(
          consoleUrl,
          "127.0.3.2",
          uniqueEmail("xff"),
          named("198.51.100.3"),
        )
      ).status,
    ).toBe(429);
  });

  it("is the one a proxy on loopback names with TRUST_PROXY=loopback", async () => {
    const consoleUrl = urlOf(consoleLoopback);
    for (const address of ["198.51.100.11", "198.51.100.12", "198.51.100.13", "198.51.100.11"]) {
      expect(
        (await registerThroughConsole(consoleUrl, "127.0.3.3", uniqueEmail("xff"), named(address)))
          .status,
        address,
      ).toBe(302);
    }
    expect(
      (
        await registerThroughConsole(
          consoleUrl,
          "127.0.3.3",
          uniqueEmail("xff"),
          named("198.51.100.11"),
        )
      ).status,
    ).toBe(429);
  });
});
