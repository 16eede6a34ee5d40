/**
 * Limits of the identity provider (rate-limiter-flexible): failed sign-ins, registrations and
 * mails. Their counters live in Redis when REDIS_URL is set, so that every sandbox instance
 * shares them and a restart keeps them; in this process's memory otherwise.
 *
 * Failed sign-ins slow an attacker without locking the owner out:
 * - per account and address (the pair): the first `freeFailures` cost nothing; each failure
 *   after them makes the pair wait before its next try is even checked, twice as long as the
 *   last time, up to `maxDelaySeconds`. The owner signing in from elsewhere is not slowed,
 *   and a password reset (never limited by these) clears the pair of the address it comes from;
 * - per address, whatever the account: a ceiling of failures (`perIp`) high enough for the
 *   people behind one proxy, after which the address waits out the window.
 * A successful sign-in clears its pair.
 */
import { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
} from "rate-limiter-flexible";

export interface LimitOptions {
  /** What the limiter counts (part of every key). */
  keyPrefix: string;
  points: number;
  /** Seconds a count is kept after its first point. */
  duration: number;
}

/** Where limiters keep their counts: Redis or memory. */
export interface LimitStore {
  kind: "redis" | "memory";
  limiter(options: LimitOptions): RateLimiterAbstract;
  close(): Promise<void>;
}

export function memoryLimitStore(): LimitStore {
  return {
    kind: "memory",
    limiter: (options) => new RateLimiterMemory(options),
    close: async () => {},
  };
}

/**
 * The store of a sandbox: Redis at `redisUrl` (connected before this answers, so a wrong URL
 * stops start-up), else memory. `namespace` (the issuer) keeps apart the counts of sandboxes
 * sharing one Redis. Should Redis fail later, each limiter counts in memory meanwhile.
 */
export async function openLimitStore(options: {
  redisUrl?: string;
  namespace: string;
}): Promise<LimitStore> {
  if (!options.redisUrl) return memoryLimitStore();
  const client = new Redis(options.redisUrl, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  });
  client.on("error", () => {
    // Reported by the failing commands; the insurance limiters count meanwhile.
  });
  await client.connect();
  return {
    kind: "redis",
    limiter: (limit) =>
      new RateLimiterRedis({
        ...limit,
        keyPrefix: `${options.namespace}:${limit.keyPrefix}`,
        storeClient: client,
        insuranceLimiter: new RateLimiterMemory(limit),
      }),
    close: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  };
}

/** Milliseconds until `key` may go on: 0 unless it has used `points` of `limiter`. */
export async function msBlocked(limiter: RateLimiterAbstract, key: string): Promise<number> {
  const state = await limiter.get(key);
  return state && state.consumedPoints >= limiter.points ? state.msBeforeNext : 0;
}

/** Takes one point of `key`; the seconds to wait when there was none left, else 0. */
export async function take(limiter: RateLimiterAbstract, key: string): Promise<number> {
  try {
    await limiter.consume(key);
    return 0;
  } catch (refused) {
    if (refused instanceof Error) throw refused;
    return Math.max(1, Math.ceil((refused as { msBeforeNext: number }).msBeforeNext / 1000));
  }
}

export interface SignInLimitOptions {
  /** Failures of one account from one address before any wait. */
  freeFailures: number;
  /** The wait after the first failure past the free ones; each further failure doubles it. */
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  /** Failures from one address, any account, before the address waits out the window. */
  perIp: number;
  /** How long failures are remembered after the first. */
  windowSeconds: number;
}

export const defaultSignInLimits: SignInLimitOptions = {
  freeFailures: 3,
  firstDelaySeconds: 1,
  maxDelaySeconds: 5 * 60,
  perIp: 300,
  windowSeconds: 60 * 60,
};

/** The wait after the `failures`-th failure of a pair, in seconds (0 while free). */
export function delayAfter(failures: number, options: SignInLimitOptions): number {
  const past = failures - options.freeFailures;
  if (past <= 0) return 0;
  return Math.min(options.maxDelaySeconds, options.firstDelaySeconds * 2 ** Math.min(past - 1, 30));
}

export function createSignInLimiter(
  store: LimitStore,
  options: SignInLimitOptions = defaultSignInLimits,
) {
  const window = options.windowSeconds;
  const pairFailures = store.limiter({
    keyPrefix: "signin-pair",
    points: 1_000_000_000,
    duration: window,
  });
  const pairWait = store.limiter({
    keyPrefix: "signin-pair-wait",
    points: 1,
    duration: options.maxDelaySeconds,
  });
  const ipFailures = store.limiter({
    keyPrefix: "signin-ip",
    points: options.perIp,
    duration: window,
  });
  const pair = (email: string, address: string) => `${email}|${address}`;

  return {
    /** Seconds before this account may try again from this address, else 0. */
    async waitFor(email: string, address: string): Promise<number> {
      const waits = await Promise.all([
        msBlocked(pairWait, pair(email, address)),
        msBlocked(ipFailures, address),
      ]);
      return Math.ceil(Math.max(...waits) / 1000);
    },
    async failed(email: string, address: string) {
      const key = pair(email, address);
      const [counted] = await Promise.all([
        pairFailures.penalty(key, 1),
        ipFailures.penalty(address, 1),
      ]);
      const delay = delayAfter(counted.consumedPoints, options);
      if (delay > 0) await pairWait.block(key, delay);
    },
    /** The account signed in, or its owner set a new password, from this address. */
    async cleared(email: string, address: string) {
      const key = pair(email, address);
      await Promise.all([pairFailures.delete(key), pairWait.delete(key)]);
    },
  };
}

export type SignInLimiter = ReturnType<typeof createSignInLimiter>;
