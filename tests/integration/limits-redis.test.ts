/**
 * With REDIS_URL set, the identity provider keeps its limits in Redis: a restart (or another
 * instance) sees the waits earned before it. Runs only when REDIS_URL is set.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OwnSandbox, ownSandbox } from "./own-sandbox";
import { follow, newCompany, postLogin, startAuthorization } from "./support";

const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)("limits in Redis", () => {
  let own: OwnSandbox;
  let redis: Redis;
  const options = {
    signInLimits: {
      freeFailures: 1,
      firstDelaySeconds: 30,
      maxDelaySeconds: 30,
      perIp: 100,
      windowSeconds: 60,
    },
  };

  beforeAll(async () => {
    own = await ownSandbox("redis");
    own.config.redisUrl = redisUrl;
    await own.start(options);
    redis = new Redis(redisUrl!);
  });

  afterAll(async () => {
    redis?.disconnect();
    await own?.dispose();
  });

  async function tryPassword(email: string, password: string) {
    const flow = await startAuthorization();
    const atSignIn = await follow(flow.jar, flow.response);
    const uid = new URL(atSignIn.headers.get("location")!).searchParams.get("interaction")!;
    return postLogin(flow.jar, uid, email, password);
  }

  it("keeps a sign-in wait across a restart of the sandbox", async () => {
    const company = await newCompany();
    expect((await tryPassword(company.email, "Wrong-pass-1")).status).toBe(303);
    expect((await tryPassword(company.email, "Wrong-pass-2")).status).toBe(303);
    expect((await tryPassword(company.email, company.password)).status).toBe(429);
    const keys = await redis.keys(`sandbox:${own.config.url}:signin-pair-wait:${company.email}|*`);
    expect(keys).toHaveLength(1);

    await own.stop();
    await own.start(options);
    const after = await tryPassword(company.email, company.password);
    expect(after.status).toBe(429);
    expect(Number(after.headers.get("retry-after"))).toBeGreaterThan(20);
  }, 90_000);
});
