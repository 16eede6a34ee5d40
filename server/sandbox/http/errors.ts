/**
 * Error answers of the provider API: always JSON with `detail` and `traceId`
 * (spec 01 section 8), plus `status`, a short `title` and, for bad input, the
 * failing `field` and per-field `errors`.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly detail: string,
    readonly extra: { field?: string; errors?: Record<string, string[]>; headers?: Record<string, string> } = {},
  ) {
    super(detail);
  }
}

const titles: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
};

export const badRequest = (detail: string, field?: string) => new ApiError(400, detail, { field });
export const notFound = (what = "resource") => new ApiError(404, `The ${what} was not found.`);
export const conflict = (detail: string, field?: string) => new ApiError(409, detail, { field });
export const unauthorized = (detail = "A valid access token is required.") => new ApiError(401, detail);
export const forbidden = (detail: string) => new ApiError(403, detail);

/** Turns zod issues into one 400 naming the first failing field, with all field errors. */
export function validationError(error: z.ZodError): ApiError {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "body";
    (errors[key] ??= []).push(issue.message);
  }
  const [field, messages] = Object.entries(errors)[0] ?? ["body", ["Invalid request."]];
  return new ApiError(400, `${field}: ${messages[0]}`, { field, errors });
}

export function errorBody(status: number, detail: string, traceId: string, extra: ApiError["extra"] = {}) {
  return {
    status,
    title: titles[status] ?? "Error",
    detail,
    traceId,
    ...(extra.field ? { field: extra.field } : {}),
    ...(extra.errors ? { errors: extra.errors } : {}),
  };
}

export function sendError(c: Context, error: ApiError) {
  for (const [name, value] of Object.entries(error.extra.headers ?? {})) c.header(name, value);
  return c.json(errorBody(error.status, error.detail, c.get("traceId"), error.extra), error.status);
}
