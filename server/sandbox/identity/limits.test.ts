import { describe, expect, it } from "vitest";
import {
  createSignInLimiter,
  defaultSignInLimits,
  delayAfter,
  memoryLimitStore,
  type SignInLimitOptions,
} from "./limits";

describe("the wait after failed sign-ins", () => {
  it("is nothing for the free failures, then doubles up to its ceiling", () => {
    const waits = Array.from({ length: 14 }, (_, i) => delayAfter(i + 1, defaultSignInLimits));
    expect(waits).toEqual([0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300]);
    expect(delayAfter(10_000, defaultSignInLimits)).toBe(300);
  });
});

describe("the sign-in limiter", () => {
  const options: SignInLimitOptions = {
    freeFailures: 2,
    firstDelaySeconds: 5,
    maxDelaySeconds: 60,
    perIp: 5,
    windowSeconds: 60,
  };
  const limiter = (change: Partial<SignInLimitOptions> = {}) =>
    createSignInLimiter(memoryLimitStore(), { ...options, ...change });

  it("makes one account wait at one address only, and forgets it once cleared", async () => {
    const limits = limiter({ perIp: 50 });
    for (let i = 0; i < 3; i++) await limits.failed("owner@example.test", "10.0.0.1");
    expect(await limits.waitFor("owner@example.test", "10.0.0.1")).toBe(5);
    expect(await limits.waitFor("owner@example.test", "10.0.0.2")).toBe(0);
    expect(await limits.waitFor("other@example.test", "10.0.0.1")).toBe(0);
    await limits.failed("owner@example.test", "10.0.0.1");
    expect(await limits.waitFor("owner@example.test", "10.0.0.1")).toBe(10);
    await limits.cleared("owner@example.test", "10.0.0.1");
    expect(await limits.waitFor("owner@example.test", "10.0.0.1")).toBe(0);
    // The count starts again: the next failure is free.
    await limits.failed("owner@example.test", "10.0.0.1");
    expect(await limits.waitFor("owner@example.test", "10.0.0.1")).toBe(0);
  });

  it("stops an address at its ceiling of failures, whatever the accounts", async () => {
    const limits = limiter();
    for (let i = 0; i < 4; i++) await limits.failed(`user-${i}@example.test`, "10.0.0.3");
    expect(await limits.waitFor("someone@example.test", "10.0.0.3")).toBe(0);
    await limits.failed("user-4@example.test", "10.0.0.3");
    expect(await limits.waitFor("someone@example.test", "10.0.0.3")).toBeGreaterThan(55);
    expect(await limits.waitFor("someone@example.test", "10.0.0.4")).toBe(0);
  });
});
