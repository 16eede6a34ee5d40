/**
 * The typed provider client. A call names an endpoint of the contract (app/api/<area>/
 * endpoints.ts) and answers its parsed answer; error answers become an ApiError that
 * carries their detail and traceId. One client serves one console request: GET answers are kept
 * for the rest of that request (a layout and its page asking the same thing cost one call),
 * and any other call forgets them, so a read after a write sees the write. Across requests,
 * answers the provider marks cacheable are kept in the HTTP cache (http-cache.server.ts) for
 * as long as it allows, and revalidated after. A kept answer is shared by its callers and
 * frozen: treat answers as read-only.
 */

import CachePolicy from "http-cache-semantics";
import type { z } from "zod";
import { apiErrorBody } from "./common";
import { type Answer, type CallInput, type Endpoint, rawAnswer, urlOf } from "./endpoint";
import {
  type CachedAnswer,
  cacheKey,
  deepFreeze,
  type HttpCache,
  hasDirective,
  policyRequest,
  policyResponse,
  worthKeeping,
} from "./http-cache.server";

export class ApiError extends Error {
  readonly errorType = "api" as const;
  constructor(
    readonly status: number,
    readonly url: string,
    readonly detail?: string,
    readonly traceId?: string,
    readonly field?: string,
    /** Every refused field with the code of the rule it breaks (`{ "marketplace.detail.websiteUrl": "invalidUrl" }`). */
    readonly errors?: Record<string, string>,
    /** Seconds to wait before asking again, from a limit's Retry-After. */
    readonly retryAfter?: number,
  ) {
    super(detail ?? `The provider answered ${status}.`);
  }

  /** What the error dialog shows: detail, else the action's fallback (already translated). */
  toJSON(): ApiErrorInfo {
    return {
      status: this.status,
      errorType: "api",
      url: this.url,
      detail: this.detail,
      traceId: this.traceId,
      field: this.field,
    };
  }
}

/**
 * The provider could not be reached: no answer at all, or a gateway's in front of it (a 502,
 * 503 or 504 without the provider's error shape). A 503 of the console's own.
 */
export class ProviderUnreachable extends ApiError {
  constructor(url: string) {
    super(503, url);
  }
}

export interface ApiErrorInfo {
  status: number;
  errorType: "api";
  url: string;
  detail?: string;
  traceId?: string;
  field?: string;
}

/** Copies of GET answers by path (app/lib/last-known.server.ts). */
export interface LastKnown {
  /** Keeps an answer (best effort: never throws). */
  keep(path: string, data: unknown): void;
  /** The kept answer, or undefined (always, unless `reads`). */
  read(path: string): Promise<unknown>;
  /** Whether this request reads kept answers (it is a submission). */
  reads: boolean;
  /** The kept answer whatever the request, or undefined: for a page that keeps its last data when a read fails. */
  recall(path: string): Promise<unknown>;
}

export interface ClientOptions {
  baseUrl: string;
  token?: string;
  language: string;
  /** Called on a 401: signs the user out (throws a redirect). */
  onUnauthorized?: () => Promise<never> | never;
  fetch?: typeof fetch;
  /**
   * The last answers of GET calls (app/lib/last-known.server.ts): each answer is kept there,
   * and a GET the provider cannot be reached for answers its copy when there is one to read.
   */
  lastKnown?: LastKnown;
  /**
   * The HTTP cache across requests, and the scope of this person's answers in it
   * (`scopeOf`). `forget` is told when their kept answers may no longer hold (they changed
   * something, or were refused): it gives them a new scope, which the client then uses.
   */
  cache?: { store: HttpCache; scope: string; forget?: () => Promise<string> };
}

/** What a GET may take from the cache: `maxStale`, seconds past its freshness an answer is still good for (a comfort such as a menu of recent apps). */
export interface ReadOptions {
  maxStale?: number;
}

/** Seconds of a Retry-After header: delay-seconds or an HTTP date (RFC 9110); undefined when neither. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d{1,10}$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** What a proxy or load balancer answers when the provider behind it does not. */
const GATEWAY_FAILURES = new Set([502, 503, 504]);

type Body = Record<string, unknown> | unknown[] | FormData | null | undefined;

/** The arguments of `call`: the input may be left out when the endpoint needs none. */
type CallArgs<E> =
  // biome-ignore lint/complexity/noBannedTypes: `{} extends T` holds when every property of T is optional
  {} extends CallInput<E>
    ? [input?: CallInput<E>, read?: ReadOptions]
    : [input: CallInput<E>, read?: ReadOptions];

export function createApiClient(options: ClientOptions) {
  const doFetch = options.fetch ?? fetch;

  const urlOfPath = (path: string) => `${options.baseUrl}/${path.replace(/^\//, "")}`;
  const headersOf = () => {
    const headers = new Headers({
      accept: "application/json",
      "accept-language": options.language,
    });
    if (options.token) headers.set("authorization", `Bearer ${options.token}`);
    return headers;
  };
  let scope = options.cache?.scope;
  /** This person's kept answers no longer hold: a new scope. */
  const forget = async () => {
    if (options.cache?.forget) scope = await options.cache.forget();
  };

  async function request(
    method: string,
    path: string,
    body?: Body,
    given?: Headers,
  ): Promise<Response> {
    const url = urlOfPath(path);
    const headers = given ?? headersOf();
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers.set("content-type", "application/json");
      payload = JSON.stringify(body);
    }
    let res: Response;
    try {
      res = await doFetch(url, { method, headers, body: payload, redirect: "manual" });
    } catch {
      throw new ProviderUnreachable(url);
    }
    if (res.status === 401 && options.onUnauthorized) await options.onUnauthorized();
    // A change, or a refusal (a suspended account, a role taken away): kept answers may be wrong now.
    if (method !== "GET" || res.status === 403) await forget();
    if (res.status >= 400) {
      let parsed: z.infer<typeof apiErrorBody> = {};
      try {
        const result = apiErrorBody.safeParse(await res.json());
        if (result.success) parsed = result.data;
      } catch {
        // not JSON: no detail
      }
      if (GATEWAY_FAILURES.has(res.status) && !parsed.traceId) throw new ProviderUnreachable(url);
      throw new ApiError(
        res.status,
        url,
        parsed.detail,
        parsed.traceId,
        parsed.field,
        parsed.errors,
        retryAfterSeconds(res.headers.get("retry-after")),
      );
    }
    return res;
  }

  /**
   * An error's answer for a GET: the last answer kept when the provider is out of reach (see
   * ClientOptions.lastKnown), the HTTP cache's copy first, however stale.
   */
  async function lastKnownOr<S extends z.ZodType>(
    path: string,
    schema: S,
    error: unknown,
    cached?: CachedAnswer,
  ): Promise<z.output<S>> {
    if (error instanceof ProviderUnreachable && cached && options.lastKnown?.reads)
      return cached.data as z.output<S>;
    const copy =
      error instanceof ProviderUnreachable ? await options.lastKnown?.read(path) : undefined;
    const kept = copy === undefined ? undefined : schema.safeParse(copy);
    if (kept?.success) return kept.data;
    throw error;
  }

  function parsed<S extends z.ZodType>(
    res: Response,
    path: string,
    schema: S,
    data: unknown,
  ): z.output<S> {
    const result = schema.safeParse(data);
    if (!result.success)
      throw new ApiError(502, res.url || path, "The provider's answer was not understood.");
    return result.data;
  }

  /** A call other than a GET: its parsed answer. */
  async function send<S extends z.ZodType>(
    method: string,
    path: string,
    schema: S,
    body?: Body,
  ): Promise<z.output<S>> {
    const res = await request(method, path, body);
    return parsed(res, path, schema, res.status === 204 ? null : await res.json());
  }

  /**
   * A GET, through the HTTP cache when there is one: a kept answer still fresh (or within
   * `maxStale`) costs no call; a stale one is revalidated (If-None-Match; a 304 keeps it); a
   * new answer is kept when the provider allows.
   */
  async function get<S extends z.ZodType>(
    path: string,
    schema: S,
    read: ReadOptions = {},
  ): Promise<z.output<S>> {
    const store = options.cache?.store;
    const url = urlOfPath(path);
    const headers = headersOf();
    const ask = policyRequest(url, headers);
    const keys = store
      ? [cacheKey(scope, options.language, path), cacheKey(undefined, options.language, path)]
      : [];
    const found = keys
      .map((key) => ({ key, entry: store?.get(key) }))
      .find((kept): kept is { key: string; entry: CachedAnswer } => kept.entry !== undefined);
    if (found) {
      // An answer marked no-cache is never used without revalidation, whatever the read allows.
      const judged =
        read.maxStale && !found.entry.noCache
          ? { ...ask, headers: { ...ask.headers, "cache-control": `max-stale=${read.maxStale}` } }
          : ask;
      if (found.entry.policy.satisfiesWithoutRevalidation(judged))
        return found.entry.data as z.output<S>;
      for (const [name, value] of Object.entries(found.entry.policy.revalidationHeaders(ask))) {
        if (typeof value === "string" && name.startsWith("if-")) headers.set(name, value);
      }
    }
    let res: Response;
    try {
      res = await request("GET", path, undefined, headers);
    } catch (error) {
      return lastKnownOr(path, schema, error, found?.entry);
    }
    if (res.status === 304 && found) {
      const { policy, modified } = found.entry.policy.revalidatedPolicy(ask, policyResponse(res));
      store?.delete(found.key);
      if (modified) return get(path, schema); // a 304 that does not match what is kept: asked again, in full
      store?.set(found.key, { ...found.entry, policy });
      return found.entry.data as z.output<S>;
    }
    const text = res.status === 204 ? "" : await res.text();
    let data: unknown = null;
    try {
      if (text) data = JSON.parse(text);
    } catch {
      throw new ApiError(502, res.url || path, "The provider's answer was not understood.");
    }
    const answer = parsed(res, path, schema, data);
    options.lastKnown?.keep(path, data);
    if (store && res.status === 200) {
      const policy = new CachePolicy(ask, policyResponse(res), { shared: false });
      if (worthKeeping(policy, res)) {
        store.set(
          cacheKey(hasDirective(res.headers, "public") ? undefined : scope, options.language, path),
          {
            policy,
            data: deepFreeze(answer),
            size: text.length,
            noCache: hasDirective(res.headers, "no-cache"),
          },
        );
      }
    }
    return answer;
  }

  /** GET answers of this request, by path and query; dropped by any other call. */
  const answers = new Map<string, Promise<unknown>>();

  return {
    /** Calls an endpoint and answers its parsed answer. */
    call<E extends Endpoint>(endpoint: E, ...[input, read]: CallArgs<E>): Promise<Answer<E>> {
      const given = (input ?? {}) as {
        params?: Record<string, string | number>;
        query?: unknown;
        body?: Body;
      };
      const path = urlOf(endpoint, given);
      if (endpoint.answer === rawAnswer)
        return request(endpoint.method, path, given.body) as Promise<Answer<E>>;
      if (endpoint.method !== "GET") {
        answers.clear();
        return send(endpoint.method, path, endpoint.answer, given.body) as Promise<Answer<E>>;
      }
      // A read that takes a stale answer is answered by a fresh one of this request too.
      const key = read?.maxStale ? `${path}\u0000stale` : path;
      let answer = answers.get(path) ?? answers.get(key);
      if (!answer) {
        answer = get(path, endpoint.answer, read);
        answers.set(key, answer);
        // A failed read is not kept: the next caller asks again.
        answer.catch(() => answers.delete(key));
      }
      return answer as Promise<Answer<E>>;
    },

    /**
     * The last answer kept of a GET endpoint (`lastKnown`), as the contract reads it; undefined
     * when there is none or it no longer fits. For a page whose failed read keeps what it last
     * showed (the sandbox accounts).
     */
    async lastAnswer<E extends Endpoint>(
      endpoint: E,
      ...[input]: CallArgs<E>
    ): Promise<Answer<E> | undefined> {
      const copy = await options.lastKnown?.recall(
        urlOf(
          endpoint,
          (input ?? {}) as { params?: Record<string, string | number>; query?: unknown },
        ),
      );
      if (copy === undefined || endpoint.answer === rawAnswer) return undefined;
      const kept = (endpoint.answer as z.ZodType).safeParse(copy);
      return kept.success ? (kept.data as Answer<E>) : undefined;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
