/**
 * The `json` of a save or a validation: how it is read (an object, JSON text or base-64 of
 * it) and the limits a platform document breaks as a whole (JSON limits, number of functions).
 */
import { checkJsonText, checkJsonValue, type JsonLimitCode } from "../json-limits";
import { SCHEMA_LIMITS } from "./limits";

/** Why a `json` could not be read: no JSON, or over the JSON limits (app/api/json-limits.ts). */
export type SchemaJsonRefusal = "invalidJson" | JsonLimitCode;

/**
 * The document a save or validation sends as `json`: an object as it is, a string as JSON
 * text or, when it is not JSON, as base-64 of UTF-8 JSON text. Refused when a string is
 * neither (invalidJson), or when the text or value breaks the JSON limits (tooDeep, tooLarge:
 * judged on the text before it is parsed); the shape is judged afterwards by `schemaDocument`.
 */
export function decodeSchemaJson(
  json: unknown,
): { value: unknown } | { refused: SchemaJsonRefusal } {
  if (typeof json !== "string") {
    const breach = checkJsonValue(json);
    return breach ? { refused: breach.code } : { value: json };
  }
  const parsed = parseJson(json);
  if (parsed) return parsed;
  const compact = json.replace(/\s/g, "");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact) || compact.length % 4 !== 0)
    return { refused: "invalidJson" };
  try {
    const bytes = Uint8Array.from(atob(compact), (char) => char.charCodeAt(0));
    return (
      parseJson(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) ?? {
        refused: "invalidJson",
      }
    );
  } catch {
    return { refused: "invalidJson" };
  }
}

/** The value of a JSON text within the limits, its breach, or undefined when it is no JSON. */
function parseJson(text: string): { value: unknown } | { refused: JsonLimitCode } | undefined {
  const breach = checkJsonText(text);
  if (breach) return { refused: breach.code };
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** A limit of a whole platform document: the JSON limits and the number of its functions. */
export type PlatformLimitCode = JsonLimitCode | "tooManyFunctions";

/** The functions of a value (any object with an `actionType`), nested ones included; counted without recursion. */
export function countFunctions(value: unknown): number {
  let count = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (Array.isArray(next)) pending.push(...next);
    else if (next && typeof next === "object") {
      if ("actionType" in next) count++;
      pending.push(...Object.values(next));
    }
  }
  return count;
}

/** Whether a platform holds more than functionsMax functions. */
export const hasTooManyFunctions = (platform: unknown) =>
  countFunctions(platform) > SCHEMA_LIMITS.functionsMax;

/** Whether a change from `current` to `next` takes a platform past functionsMax (a change that removes functions never does). */
export function addsFunctionsPastLimit(next: unknown, current: unknown): boolean {
  const functions = countFunctions(next);
  return functions > SCHEMA_LIMITS.functionsMax && functions > countFunctions(current);
}

/**
 * The limit a platform document breaks as it is saved (`{ platforms: [platform] }`), if any:
 * the JSON limits (tooDeep, tooLarge), then the number of its functions (tooManyFunctions).
 */
export function checkPlatformLimits(platform: unknown): PlatformLimitCode | undefined {
  const breach = checkJsonValue({ platforms: [platform] })?.code;
  if (breach) return breach;
  return hasTooManyFunctions(platform) ? "tooManyFunctions" : undefined;
}
