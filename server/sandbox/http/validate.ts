import type { Context } from "hono";
import type { z } from "zod";
import { badRequest, validationError } from "./errors";

/** Reads and validates a JSON body; bad JSON or a failing field is a 400 naming it. */
export async function jsonBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  let raw: unknown;
  try {
    const text = await c.req.text();
    raw = text.trim() === "" ? undefined : JSON.parse(text);
  } catch {
    throw badRequest("The request body must be valid JSON.", "body", "invalidJson");
  }
  return parse(schema, raw);
}

export function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error, value);
  return result.data;
}

/** Validates the query string (first value of each name). */
export function query<T extends z.ZodType>(c: Context, schema: T): z.output<T> {
  return parse(schema, c.req.query());
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id that is not a UUID cannot name anything: answer 404 like any unknown id. */
export function isUuid(value: string | undefined): value is string {
  return typeof value === "string" && uuidPattern.test(value);
}
