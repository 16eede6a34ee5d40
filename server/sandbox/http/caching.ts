/**
 * HTTP caching of the API's answers (docs/decisions/0073-provider-http-caching.md), in one
 * place: every JSON answer of a GET carries a strong ETag (a hash of its exact bytes) and
 * answers 304 Not Modified, without a body, to an If-None-Match that names it. A lookup's
 * route says for how long and for whom its answer may be reused (`cacheFor`); every other
 * answer is the caller's own and is revalidated at each use (`private, no-cache`).
 */
import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";

/** How long an answer may be reused, by whom, and which request headers change it. */
export interface CachePolicy {
  cacheControl: string;
  /** Request headers the answer depends on (Accept-Language for translated names). */
  vary?: readonly string[];
}

/** Reference data the provider changes only with a release of the sandbox (countries, categories...). */
export const REFERENCE_DATA: CachePolicy = { cacheControl: "public, max-age=300" };
/** Reference data named in the caller's language (decision 0070). */
export const TRANSLATED_REFERENCE_DATA: CachePolicy = {
  ...REFERENCE_DATA,
  vary: ["Accept-Language"],
};
/** What the provider changes in the course of its work (desktop versions, downloads, feature flags): reused for a minute. */
export const RELEASE_DATA: CachePolicy = { cacheControl: "public, max-age=60" };
/** An answer of the caller's own: kept only by the caller, and asked again (cheaply, 304) at each use. */
export const CALLERS_OWN: CachePolicy = {
  cacheControl: "private, no-cache",
  vary: ["Authorization"],
};
/**
 * The caller's own, stale at once, but without no-cache: a caller may take a copy a little past
 * it where a glance will do (max-stale), as the console's switcher of recent apps does.
 */
export const CALLERS_OWN_GLANCE: CachePolicy = {
  cacheControl: "private, max-age=0",
  vary: ["Authorization"],
};

/** A strong entity tag of the exact bytes of an answer. */
export function entityTag(bytes: Uint8Array | string): string {
  return `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 32)}"`;
}

/** Whether an If-None-Match header names `etag` (weak comparison, as RFC 9110 has it for If-None-Match), or is `*`. */
export function ifNoneMatchNames(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** The headers a 304 keeps of the 200 it stands for (RFC 9110 section 15.4.5), and the trace ID. */
const KEPT_ON_304 = [
  "cache-control",
  "etag",
  "vary",
  "expires",
  "content-location",
  "date",
  "x-trace-id",
  "x-content-type-options",
];

/** Sets the policy's Cache-Control and Vary on a 200; errors are never marked reusable. */
function applyPolicy(c: Context, policy: CachePolicy) {
  c.res.headers.set("Cache-Control", policy.cacheControl);
  const vary = new Set([
    ...(c.res.headers
      .get("vary")
      ?.split(",")
      .map((name) => name.trim())
      .filter(Boolean) ?? []),
    ...(policy.vary ?? []),
  ]);
  if (vary.size) c.res.headers.set("Vary", [...vary].join(", "));
}

/**
 * A lookup's route step: its 200 answers may be reused as `policy` says; a function chooses
 * by the request (an answer that depends on who calls is not public).
 */
export function cacheFor(
  policy: CachePolicy | ((c: Context<AppEnv>) => CachePolicy),
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.res.status === 200) applyPolicy(c, typeof policy === "function" ? policy(c) : policy);
  };
}

/**
 * The API's revalidation: a GET's JSON 200 gets an ETag of its bytes, `private, no-cache`
 * unless its route chose a policy, and becomes a 304 when If-None-Match names that ETag.
 * Answers marked no-store (captchas, downloads) and other kinds of bodies are left as they are.
 */
export const revalidation: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if ((c.req.method !== "GET" && c.req.method !== "HEAD") || c.res.status !== 200) return;
  if (!c.res.headers.get("content-type")?.startsWith("application/json")) return;
  if (!c.res.headers.has("cache-control")) applyPolicy(c, CALLERS_OWN);
  if (/no-store/i.test(c.res.headers.get("cache-control") ?? "")) return;
  const bytes = new Uint8Array(await c.res.arrayBuffer());
  const etag = entityTag(bytes);
  const headers = new Headers(c.res.headers);
  headers.set("ETag", etag);
  const notModified = ifNoneMatchNames(c.req.header("if-none-match"), etag);
  if (notModified)
    for (const name of [...headers.keys()]) if (!KEPT_ON_304.includes(name)) headers.delete(name);
  // A new answer, not merged with the one it replaces (Hono's setter would bring its headers back).
  c.res = undefined;
  c.res = notModified
    ? new Response(null, { status: 304, headers })
    : new Response(bytes, { status: 200, headers });
};
