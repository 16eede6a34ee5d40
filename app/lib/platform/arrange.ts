import { JSON_LIMITS, type JsonLimits } from "~/api/json-limits";

/**
 * The length of `JSON.stringify(value, null, 2)`, counted in one pass over the compact text
 * `JSON.stringify(value)`: each opened non-empty array or object and each comma starts a line
 * indented two spaces a level, each closing one a line a level less, each colon gains a space.
 */
export function arrangedLength(compact: string): number {
  let length = 0;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < compact.length; i++) {
    const char = compact[i];
    length++;
    if (inString) {
      if (char === "\\") {
        i++;
        length++;
      } else if (char === '"') inString = false;
      continue;
    }
    switch (char) {
      case '"':
        inString = true;
        break;
      case "{":
      case "[":
        // An empty one stays `[]` or `{}`.
        if (compact[i + 1] === "]" || compact[i + 1] === "}") {
          i++;
          length++;
        } else {
          depth++;
          length += 1 + 2 * depth;
        }
        break;
      case "}":
      case "]":
        depth--;
        length += 1 + 2 * depth;
        break;
      case ",":
        length += 1 + 2 * depth;
        break;
      case ":":
        length++;
        break;
    }
  }
  return length;
}

/**
 * The import dialog's Arrange: a decoded JSON document (within the JSON limits) pretty-printed
 * with two spaces, or `tooLarge` when that text would be longer than a JSON text may be.
 */
export function arrangedJson(
  value: unknown,
  limits: JsonLimits = JSON_LIMITS,
): { json: string } | { code: "tooLarge" } {
  const compact = JSON.stringify(value) ?? "";
  if (arrangedLength(compact) > limits.textMax) return { code: "tooLarge" };
  return { json: JSON.stringify(value, null, 2) ?? "" };
}
