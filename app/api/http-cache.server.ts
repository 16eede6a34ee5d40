/**
 * The console's HTTP cache of provider answers, across requests: what the provider marks
 * cacheable (Cache-Control, ETag) is kept for its lifetime and then revalidated with
 * If-None-Match, as RFC 9111 has it (http-cache-semantics judges freshness, Vary and
 * revalidation). It holds against any provider that sends those headers.
 *
 * - An answer marked `public` (a lookup: countries, product variants) is kept once for every
 *   person, by path and language.
 * - Any other answer is kept for its person alone: under a scope made of their access token's
 *   digest and the stamp of their browser (see `scopeOf`), so it is never shown to anyone
 *   else, and a new token starts an empty scope.
 * - A change a person makes through the console (any call but a GET) gives their browser a
 *   new stamp: every console process then reads their answers afresh, not only this one.
 *
 * Bounded (entries and bytes, least recently used out first), in this process's memory.
 * Kept answers are frozen: they are shared by every request that reads them.
 */
import { createHash } from "node:crypto";
import type CachePolicy from "http-cache-semantics";
import { LRUCache } from "lru-cache";

export interface CachedAnswer {
  policy: CachePolicy;
  /** The answer as the contract parsed it (frozen). */
  data: unknown;
  /** The answer's length in characters: what it weighs in the cache. */
  size: number;
  /** Marked no-cache: never used without revalidation. */
  noCache: boolean;
}

export type HttpCache = LRUCache<string, CachedAnswer>;

/** Answers larger than this are never kept (an app list of thousands of apps). */
const LARGEST_KEPT = 2 * 1024 * 1024;

export function createHttpCache(
  options: { maxEntries?: number; maxBytes?: number } = {},
): HttpCache {
  return new LRUCache<string, CachedAnswer>({
    max: options.maxEntries ?? 5_000,
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    maxEntrySize: LARGEST_KEPT,
    sizeCalculation: (entry) => Math.max(1, entry.size),
  });
}

let shared: HttpCache | undefined;

/** The cache of this console process. */
export function providerCache(): HttpCache {
  shared ??= createHttpCache();
  return shared;
}

/** A person's scope: their token's digest and their browser's stamp (empty until their first change). */
export function scopeOf(token: string, stamp: string | undefined): string {
  return `${createHash("sha256").update(token).digest("base64url").slice(0, 22)}.${stamp ?? ""}`;
}

/** Where an answer is kept: everyone's (public) or one scope's. */
export function cacheKey(scope: string | undefined, language: string, path: string): string {
  return `${scope ?? "public"}\u0000${language}\u0000${path}`;
}

/** Whether an answer's Cache-Control holds `directive` (`public`, `no-cache`...), with or without a value. */
export function hasDirective(headers: Headers, directive: string): boolean {
  return (headers.get("cache-control") ?? "")
    .split(",")
    .some((part) => part.trim().split("=")[0].toLowerCase() === directive);
}

/** Freezes a parsed answer and everything in it. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** The request as the cache policy reads it. */
export function policyRequest(url: string, headers: Headers): CachePolicy.HttpRequest {
  return {
    url,
    method: "GET",
    headers: { ...Object.fromEntries(headers), host: new URL(url).host },
  };
}

/** The answer as the cache policy reads it. */
export function policyResponse(res: Response): CachePolicy.HttpResponse {
  return { status: res.status, headers: Object.fromEntries(res.headers) };
}

/** Whether an answer is worth keeping: storable, and either fresh for a while or revalidatable. */
export function worthKeeping(policy: CachePolicy, res: Response): boolean {
  return policy.storable() && (policy.timeToLive() > 0 || res.headers.has("etag"));
}
