/**
 * Error answers of the provider API: always JSON with `detail` and `traceId`,
 * plus `status`, a short `title` and, for bad input, the
 * failing `field` and `errors`: every failing field with the code of the rule it breaks
 * (`{ "marketplace.detail.websiteUrl": "invalidUrl" }`), the first `ERRORS_MAX` of them.
 * `detail` is English for people; clients word the codes themselves.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { SHAPE_RULE_CODES, type ShapeRuleCode } from "~/api/common";

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly detail: string,
    readonly extra: { field?: string; errors?: RuleCodes; headers?: Record<string, string> } = {},
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

/** Failing fields and the code of the rule each breaks. */
export type RuleCodes = Record<string, string>;

const naming = (field?: string, code?: string) =>
  field ? { field, ...(code ? { errors: { [field]: code } } : {}) } : {};

/** A 400; with a field, `code` names the rule it breaks. */
export const badRequest = (detail: string, field?: string, code?: string) =>
  new ApiError(400, detail, naming(field, code));
export const notFound = (what = "resource") => new ApiError(404, `The ${what} was not found.`);
/** A 409: a rule of the resource's state, or (with a field) a value that is taken. */
export const conflict = (detail: string, field?: string, code?: string) =>
  new ApiError(409, detail, naming(field, code));
export const unauthorized = (detail = "A valid access token is required.") =>
  new ApiError(401, detail);
export const forbidden = (detail: string) => new ApiError(403, detail);

/** The words of a rule code: a table by code, or a function of the field and the code. */
export type Wording =
  | Readonly<Record<string, string>>
  | ((field: string, code: never) => string | undefined);

/**
 * A refusal by rule codes: `errors` holds each failing field's code, `detail` words the first
 * in English (server/sandbox/wording.ts), after its field for a 400, alone for a 403 or a 409
 * (then followed by `after`). A code the wording lacks is given as is.
 */
export function refuse(
  wording: Wording,
  errors: Readonly<Record<string, string>>,
  status: 400 | 403 | 409 = 400,
  after = "",
): never {
  const [field, code] = Object.entries(errors)[0];
  const words =
    (typeof wording === "function"
      ? (wording as (field: string, code: string) => string | undefined)(field, code)
      : wording[code]) ?? code;
  throw new ApiError(status, status === 400 ? `${field}: ${words}` : `${words}${after}`, {
    field,
    errors: { ...errors },
  });
}

/** Refuses (400) when any field fails. */
export function refuseAny(wording: Wording, errors: Readonly<Record<string, string>>): void {
  if (Object.keys(errors).length > 0) refuse(wording, errors);
}

/** The value at a dotted path of a body. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

const isNumeric = (origin: string) =>
  origin === "number" || origin === "int" || origin === "bigint";
const isShapeRuleCode = (code: unknown): code is ShapeRuleCode =>
  (SHAPE_RULE_CODES as readonly unknown[]).includes(code);

/** The rule code of a zod issue: what a client can word in its own language. */
export function issueCode(issue: z.core.$ZodIssue, input: unknown): ShapeRuleCode {
  switch (issue.code) {
    case "invalid_type": {
      const value = valueAt(input, issue.path);
      return value === undefined || value === null ? "required" : "invalidType";
    }
    case "too_small":
      if (isNumeric(issue.origin)) return "outOfRange";
      return issue.origin === "string" && Number(issue.minimum) === 1 ? "required" : "tooShort";
    case "too_big":
      return isNumeric(issue.origin) ? "outOfRange" : "tooLong";
    case "invalid_format":
      return issue.format === "email"
        ? "invalidEmail"
        : issue.format === "url"
          ? "invalidUrl"
          : "invalidFormat";
    case "invalid_value":
      return "invalidValue";
    case "custom":
      // A rule of the contract names its code (`INVALID_CHARACTERS`); other refinements are "invalid".
      return isShapeRuleCode(issue.params?.code) ? issue.params.code : "invalid";
    default:
      return "invalid";
  }
}

/** The most fields a refusal names: a small body of many wrong entries gets a short answer. */
export const ERRORS_MAX = 100;

/** Turns zod issues into one 400 naming the first failing field, with the rule code of every field (the first ERRORS_MAX). */
export function validationError(error: z.ZodError, input?: unknown): ApiError {
  const errors: RuleCodes = {};
  let first: { field: string; message: string } | undefined;
  let named = 0;
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join(".") : "body";
    if (!(field in errors) && named++ >= ERRORS_MAX) break;
    first ??= { field, message: issue.message };
    errors[field] ??= issueCode(issue, input);
  }
  const { field, message } = first ?? { field: "body", message: "Invalid request." };
  return new ApiError(400, `${field}: ${message}`, {
    field,
    errors: Object.keys(errors).length > 0 ? errors : { body: "invalid" },
  });
}

export function errorBody(
  status: number,
  detail: string,
  traceId: string,
  extra: ApiError["extra"] = {},
) {
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
