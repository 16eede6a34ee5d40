import type { Context } from "hono";
import type { z } from "zod";
import { INVALID_CHARACTERS, isStorableText, storableCopy } from "~/api/common";
import { checkJsonText, JSON_LIMITS, type JsonLimitCode } from "~/api/json-limits";
import { badRequest, validationError } from "./errors";

/** A body carries a document one level down (`{ json: document }`). */
export const BODY_LIMITS = { depthMax: JSON_LIMITS.depthMax + 1, textMax: JSON_LIMITS.textMax };

const JSON_LIMIT_MESSAGES: Record<JsonLimitCode, string> = {
  tooDeep: `nests too deeply: at most ${BODY_LIMITS.depthMax} levels of arrays and objects`,
  tooLarge: `is too large: at most ${BODY_LIMITS.textMax} characters of JSON`,
};

/**
 * Reads and validates a JSON body; bad JSON or a failing field is a 400 naming it. The text
 * is held to the JSON limits before it is parsed (tooDeep, named by the top-level key it nests
 * too deeply under, or tooLarge: app/api/json-limits.ts), with one level more than a document
 * for the envelope (`{ json: document }`). Past the schema, every string and every key of the
 * body is held to the text rule again (`unstorablePath`), so that nothing the database cannot
 * store gets in where a schema forgot the rule (or lets a value through untouched).
 */
export async function jsonBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  let raw: unknown;
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    throw badRequest("The request body must be valid JSON.", "body", "invalidJson");
  }
  const breach = checkJsonText(text, BODY_LIMITS);
  if (breach) {
    const field = breach.key === undefined ? "body" : storableCopy(breach.key);
    throw badRequest(`${field}: ${JSON_LIMIT_MESSAGES[breach.code]}`, field, breach.code);
  }
  try {
    raw = text.trim() === "" ? undefined : JSON.parse(text);
  } catch {
    throw badRequest("The request body must be valid JSON.", "body", "invalidJson");
  }
  const result = schema.safeParse(raw);
  const unstorable = unstorablePath(raw);
  if (!result.success) {
    const error = validationError(result.error, raw);
    // `errors` names every failing field: the text rule's too, where the schema had no word for it.
    if (unstorable !== undefined)
      error.extra.errors![unstorable] ??= INVALID_CHARACTERS.params.code;
    throw error;
  }
  if (unstorable !== undefined) throw refuseUnstorable(unstorable);
  return result.data;
}

/** The 400 of a value (at `field`) the database cannot store. */
export function refuseUnstorable(field: string) {
  return badRequest(
    `${field}: ${INVALID_CHARACTERS.message}`,
    field,
    INVALID_CHARACTERS.params.code,
  );
}

/** Where a value stands in a JSON value: its key (an index in an array), under its parent. */
interface At {
  key: string | number;
  parent: At | undefined;
}

/**
 * The dotted path (`details.name`, `promo.banners.0.id`) of the first string or key of a JSON
 * value that the database cannot store (common.ts `isStorableText`), in document order;
 * undefined when there is none. A key is named with its bad characters as U+FFFD; the whole
 * value is `body`. Walks without recursion, so any depth of nesting is fine.
 */
export function unstorablePath(value: unknown): string | undefined {
  const stack: { value: unknown; at: At | undefined }[] = [{ value, at: undefined }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value: item, at } = next;
    if (typeof item === "string") {
      if (!isStorableText(item)) return pathOf(at);
    } else if (Array.isArray(item)) {
      // First item on top.
      for (let i = item.length - 1; i >= 0; i--)
        stack.push({ value: item[i], at: { key: i, parent: at } });
    } else if (item !== null && typeof item === "object") {
      // Each key, then its value, first entry on top.
      const keys = Object.keys(item);
      for (let i = keys.length - 1; i >= 0; i--) {
        const under = { key: keys[i], parent: at };
        stack.push(
          { value: (item as Record<string, unknown>)[keys[i]], at: under },
          { value: keys[i], at: under },
        );
      }
    }
  }
  return undefined;
}

function pathOf(at: At | undefined): string {
  const keys: string[] = [];
  for (let step = at; step; step = step.parent) keys.push(storableCopy(String(step.key)));
  return keys.reverse().join(".") || "body";
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
