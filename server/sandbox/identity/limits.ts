/**
 * Failed sign-in limits, per account and per IP address (rate-limiter-flexible).
 * Only failures count; a successful sign-in clears the account's counter.
 */
import { RateLimiterMemory } from "rate-limiter-flexible";

export interface SignInLimitOptions {
  perAccount: number;
  perIp: number;
  windowSeconds: number;
}

export const defaultSignInLimits: SignInLimitOptions = { perAccount: 5, perIp: 50, windowSeconds: 15 * 60 };

export function createSignInLimiter(options: SignInLimitOptions = defaultSignInLimits) {
  const account = new RateLimiterMemory({ keyPrefix: "signin-account", points: options.perAccount, duration: options.windowSeconds });
  const ip = new RateLimiterMemory({ keyPrefix: "signin-ip", points: options.perIp, duration: options.windowSeconds });

  return {
    /** Seconds to wait when either limit is used up, else 0. */
    async blockedFor(email: string, address: string): Promise<number> {
      const [a, i] = await Promise.all([account.get(email), ip.get(address)]);
      const waits = [
        a && a.consumedPoints >= options.perAccount ? a.msBeforeNext : 0,
        i && i.consumedPoints >= options.perIp ? i.msBeforeNext : 0,
      ];
      return Math.ceil(Math.max(...waits) / 1000);
    },
    async failed(email: string, address: string) {
      await Promise.all([account.penalty(email, 1), ip.penalty(address, 1)]);
    },
    async succeeded(email: string) {
      await account.delete(email);
    },
  };
}

export type SignInLimiter = ReturnType<typeof createSignInLimiter>;
