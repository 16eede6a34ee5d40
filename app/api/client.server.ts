/**
 * The typed provider client. A call names an endpoint of the contract (app/api/<area>/
 * endpoints.ts) and answers its parsed answer; error answers become an ApiError of the
 * shape of spec 01 section 8. One client serves one console request: GET answers are kept
 * for the rest of that request (a layout and its page asking the same thing cost one call),
 * and any other call forgets them, so a read after a write sees the write. A kept answer is
 * shared by its callers: treat answers as read-only.
 */
import type { z } from "zod";
import { apiErrorBody } from "./common";
import { rawAnswer, urlOf, type Answer, type CallInput, type Endpoint } from "./endpoint";

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
    return { status: this.status, errorType: "api", url: this.url, detail: this.detail, traceId: this.traceId, field: this.field };
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
  /** The kept answer, or undefined. */
  read(path: string): Promise<unknown>;
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
type CallArgs<E> = {} extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

export function createApiClient(options: ClientOptions) {
  const doFetch = options.fetch ?? fetch;

  async function request(method: string, path: string, body?: Body): Promise<Response> {
    const url = `${options.baseUrl}/${path.replace(/^\//, "")}`;
    const headers = new Headers({ accept: "application/json", "accept-language": options.language });
    if (options.token) headers.set("authorization", `Bearer ${options.token}`);
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
    if (res.status >= 400) {
      let parsed: z.infer<typeof apiErrorBody> = {};
      try {
        const result = apiErrorBody.safeParse(await res.json());
        if (result.success) parsed = result.data;
      } catch {
        // not JSON: no detail
      }
      if (GATEWAY_FAILURES.has(res.status) && !parsed.traceId) throw new ProviderUnreachable(url);
      throw new ApiError(res.status, url, parsed.detail, parsed.traceId, parsed.field, parsed.errors, retryAfterSeconds(res.headers.get("retry-after")));
    }
    return res;
  }

  async function json<S extends z.ZodType>(method: string, path: string, schema: S, body?: Body): Promise<z.output<S>> {
    let res: Response;
    try {
      res = await request(method, path, body);
    } catch (error) {
      const copy = method === "GET" && error instanceof ProviderUnreachable ? await options.lastKnown?.read(path) : undefined;
      const kept = copy === undefined ? undefined : schema.safeParse(copy);
      if (kept?.success) return kept.data;
      throw error;
    }
    const data = res.status === 204 ? null : await res.json();
    const result = schema.safeParse(data);
    if (!result.success) throw new ApiError(502, res.url || path, "The provider's answer was not understood.");
    if (method === "GET") options.lastKnown?.keep(path, data);
    return result.data;
  }

  /** GET answers of this request, by path and query; dropped by any other call. */
  const answers = new Map<string, Promise<unknown>>();

  return {
    /** Calls an endpoint and answers its parsed answer. */
    call<E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>): Promise<Answer<E>> {
      const given = (input ?? {}) as { params?: Record<string, string | number>; query?: unknown; body?: Body };
      const path = urlOf(endpoint, given);
      if (endpoint.answer === rawAnswer) return request(endpoint.method, path, given.body) as Promise<Answer<E>>;
      if (endpoint.method !== "GET") {
        answers.clear();
        return json(endpoint.method, path, endpoint.answer, given.body) as Promise<Answer<E>>;
      }
      let answer = answers.get(path);
      if (!answer) {
        answer = json("GET", path, endpoint.answer);
        answers.set(path, answer);
        // A failed read is not kept: the next caller asks again.
        answer.catch(() => answers.delete(path));
      }
      return answer as Promise<Answer<E>>;
    },

    /**
     * The last answer kept of a GET endpoint (`lastKnown`), as the contract reads it; undefined
     * when there is none or it no longer fits. For a page whose failed read keeps what it last
     * showed (spec 02 section 8: the sandbox accounts).
     */
    async lastAnswer<E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>): Promise<Answer<E> | undefined> {
      const copy = await options.lastKnown?.recall(urlOf(endpoint, (input ?? {}) as { params?: Record<string, string | number>; query?: unknown }));
      if (copy === undefined || endpoint.answer === rawAnswer) return undefined;
      const kept = (endpoint.answer as z.ZodType).safeParse(copy);
      return kept.success ? (kept.data as Answer<E>) : undefined;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
