/**
 * How deep and how large a JSON document may be, for everything the console and the provider
 * take as JSON: a platform schema (saved, validated, imported, arranged), a draft read back,
 * any JSON body of the API (docs/decisions/0066-json-depth-and-size.md).
 *
 * - `checkJsonText(text)`: the limit a JSON text breaks, judged on the text in one pass before
 *   it is parsed (`tooLarge` over `textMax` characters, `tooDeep` past `depthMax` levels of
 *   arrays and objects, counted outside strings), with the top-level key it broke under.
 * - `checkJsonValue(value)`: the same limits for a value already parsed (its compact JSON text's
 *   length), walked without recursion, so that no depth of nesting can overflow the stack.
 *
 * Whatever passes nests at most `depthMax` levels, so any recursive walk of it is safe.
 */
export const JSON_LIMITS = {
  /** Levels of arrays and objects: a platform schema nests about 12 (its envelope in a request included). */
  depthMax: 32,
  /** Characters of JSON text: the largest schema (500,000 characters compact) arranged or as base-64, under the 1 MB bodies. */
  textMax: 1_000_000,
} as const;

export type JsonLimits = { depthMax: number; textMax: number };

export const JSON_LIMIT_CODES = ["tooDeep", "tooLarge"] as const;
export type JsonLimitCode = (typeof JSON_LIMIT_CODES)[number];

export interface JsonLimitBreach {
  code: JsonLimitCode;
  /** The key of the top-level object under which the text nests too deeply; none when the whole text is at fault. */
  key?: string;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/** A key as written in the text (its quotes included), decoded; as written when it is no JSON string. */
function keyOf(literal: string): string {
  try {
    const key: unknown = JSON.parse(literal);
    return typeof key === "string" ? key : literal;
  } catch {
    return literal.slice(1, -1);
  }
}

/** The limit a JSON text breaks, judged before it is parsed; undefined when it breaks none. */
export function checkJsonText(
  text: string,
  limits: JsonLimits = JSON_LIMITS,
): JsonLimitBreach | undefined {
  if (text.length > limits.textMax) return { code: "tooLarge" };
  let depth = 0;
  let inString = false;
  // The top-level value is an object, its next string is a key, where that key began, the key last read.
  let topObject = false;
  let expectKey = false;
  let keyStart = -1;
  let key: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      // An escape takes the next character with it.
      if (char === BACKSLASH) i++;
      else if (char === QUOTE) {
        inString = false;
        if (keyStart >= 0) key = keyOf(text.slice(keyStart, i + 1));
        keyStart = -1;
      }
      continue;
    }
    switch (char) {
      case QUOTE:
        inString = true;
        if (depth === 1 && expectKey) keyStart = i;
        expectKey = false;
        break;
      case OPEN_OBJECT:
      case OPEN_ARRAY:
        depth++;
        if (depth === 1) {
          topObject = char === OPEN_OBJECT;
          expectKey = topObject;
          key = undefined;
        }
        if (depth > limits.depthMax)
          return topObject && key !== undefined ? { code: "tooDeep", key } : { code: "tooDeep" };
        break;
      case CLOSE_OBJECT:
      case CLOSE_ARRAY:
        // A stray closing bracket makes the text no JSON; it never lowers the count below zero.
        depth = Math.max(0, depth - 1);
        break;
      case COMMA:
        if (depth === 1 && topObject) expectKey = true;
        break;
    }
  }
  return undefined;
}

/** The limit a parsed JSON value breaks (its compact text's length for the size); undefined when it breaks none. */
export function checkJsonValue(
  value: unknown,
  limits: JsonLimits = JSON_LIMITS,
): JsonLimitBreach | undefined {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (next.value === null || typeof next.value !== "object") continue;
    const depth = next.depth + 1;
    if (depth > limits.depthMax) return { code: "tooDeep" };
    for (const entry of Object.values(next.value)) stack.push({ value: entry, depth });
  }
  // Within the depth limit, printing it cannot overflow the stack.
  return (JSON.stringify(value) ?? "").length > limits.textMax ? { code: "tooLarge" } : undefined;
}
