/**
 * The typed provider client. Answers are parsed with the contract's zod schemas; error
 * answers become an ApiError of the shape of spec 01 section 8.
 */
import type { z } from "zod";
import { apiErrorBody } from "./common";

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
  ) {
    super(detail ?? `The provider answered ${status}.`);
  }

  /** What the error dialog shows: detail, else the action's fallback (already translated). */
  toJSON(): ApiErrorInfo {
    return { status: this.status, errorType: "api", url: this.url, detail: this.detail, traceId: this.traceId, field: this.field };
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

export interface ClientOptions {
  baseUrl: string;
  token?: string;
  language: string;
  /** Called on a 401: signs the user out (throws a redirect). */
  onUnauthorized?: () => Promise<never> | never;
  fetch?: typeof fetch;
}

type Body = Record<string, unknown> | unknown[] | FormData | null | undefined;

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
    } catch (error) {
      throw new ApiError(503, url, undefined, undefined);
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
      throw new ApiError(res.status, url, parsed.detail, parsed.traceId, parsed.field, parsed.errors);
    }
    return res;
  }

  async function json<S extends z.ZodType>(method: string, path: string, schema: S, body?: Body): Promise<z.output<S>> {
    const res = await request(method, path, body);
    const data = res.status === 204 ? null : await res.json();
    const result = schema.safeParse(data);
    if (!result.success) throw new ApiError(502, res.url || path, "The provider's answer was not understood.");
    return result.data;
  }

  return {
    get: <S extends z.ZodType>(path: string, schema: S) => json("GET", path, schema),
    post: <S extends z.ZodType>(path: string, schema: S, body?: Body) => json("POST", path, schema, body),
    put: <S extends z.ZodType>(path: string, schema: S, body?: Body) => json("PUT", path, schema, body),
    patch: <S extends z.ZodType>(path: string, schema: S, body?: Body) => json("PATCH", path, schema, body),
    delete: <S extends z.ZodType>(path: string, schema: S) => json("DELETE", path, schema),
    /** For answers without a body (204) or raw downloads. */
    send: (method: string, path: string, body?: Body) => request(method, path, body),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
