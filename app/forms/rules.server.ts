/**
 * The rules of a form's zod schema that a browser can check, with the schema's own messages,
 * for `checkForm` (check.ts): a page's loader sends them, and zod stays on the server.
 *
 * Read from the schema's definition: a field's emptiness (what zod says of an absent value),
 * its type (number), trimming and case, lengths, patterns and string formats, number bounds,
 * enum values, list lengths, and refinements with one of the named text tests (`TEXT_TESTS`).
 * A check without a message of its own, or a refinement with any other function, is left to
 * the action; a transform ends what the browser checks of that field.
 */
import type * as z from "zod";
import type * as core from "zod/v4/core";
import { TEXT_TESTS, type TextTestName } from "~/api/text";
import type { FormRules, Rule } from "./check";

type Schema = core.$ZodType;
type Def = Schema["_zod"]["def"] & Record<string, unknown>;
type Check = { _zod: { def: Record<string, unknown> & { check: string } } };

const TEST_NAMES = new Map<unknown, TextTestName>(
  Object.entries(TEXT_TESTS).map(([name, test]) => [test, name as TextTestName]),
);

const defOf = (schema: Schema) => schema._zod.def as Def;

/** A message the schema words itself (`{ message }`, a string, or a function of the issue). */
function messageOf(def: Record<string, unknown>, input?: unknown): string | undefined {
  const error = def.error;
  if (typeof error !== "function") return undefined;
  try {
    const result = error({ input, code: "custom", path: [] });
    return typeof result === "string"
      ? result
      : typeof result?.message === "string"
        ? result.message
        : undefined;
  } catch {
    return undefined;
  }
}

const WRAPPERS = new Set([
  "optional",
  "nullable",
  "default",
  "prefault",
  "catch",
  "readonly",
  "nonoptional",
]);

/** The schema under optional, default… wrappers, and the input side of a pipe. */
function inner(schema: Schema): Schema {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return inner(def.innerType as Schema);
  if (def.type === "pipe") return inner(def.in as Schema);
  if (def.type === "lazy") return inner((def.getter as () => Schema)());
  return schema;
}

/** The message of a field left empty, when the schema refuses an absent value. */
function requiredMessage(schema: Schema): string | undefined {
  const result = (schema as unknown as z.ZodType).safeParse(undefined);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  return issue && issue.path.length === 0 ? issue.message : undefined;
}

/** What an overwrite does to text, if it is one the browser repeats. */
function overwriteOf(check: Check): Rule | undefined {
  const tx = check._zod.def.tx as ((value: string) => unknown) | undefined;
  if (!tx) return undefined;
  const probe = " aB ";
  const out = tx(probe);
  if (out === probe.trim()) return ["trim"];
  if (out === probe.toLowerCase()) return ["lowercase"];
  if (out === probe.toUpperCase()) return ["uppercase"];
  return undefined;
}

/** The rules of a string format (`z.email()`, `z.url()`, `.regex()`…) with its message. */
function formatRule(def: Record<string, unknown>): Rule | undefined {
  const message = messageOf(def);
  if (!message) return undefined;
  if (def.format === "url") return ["url", message];
  const pattern = def.pattern;
  return pattern instanceof RegExp
    ? ["pattern", pattern.source, pattern.flags.replace("g", ""), message]
    : undefined;
}

/**
 * The rules of one check, in order; `undefined` when the browser cannot follow what comes after
 * (a transform); an empty list for a check left to the server.
 */
function checkRules(check: Check, list: boolean): Rule[] | undefined {
  const def = check._zod.def;
  const message = messageOf(def);
  switch (def.check) {
    case "overwrite": {
      const rule = overwriteOf(check);
      return rule ? [rule] : undefined;
    }
    case "min_length":
      return message ? [[list ? "minItems" : "minLength", def.minimum as number, message]] : [];
    case "max_length":
      return message ? [[list ? "maxItems" : "maxLength", def.maximum as number, message]] : [];
    case "length_equals":
      return message && !list ? [["length", def.length as number, message]] : [];
    case "string_format": {
      const rule = formatRule(def);
      return rule ? [rule] : [];
    }
    case "greater_than":
      return message ? [["min", Number(def.value), Boolean(def.inclusive), message]] : [];
    case "less_than":
      return message ? [["max", Number(def.value), Boolean(def.inclusive), message]] : [];
    case "number_format":
      return message && /int/.test(String(def.format)) ? [["integer", message]] : [];
    case "multiple_of":
      return message ? [["multipleOf", Number(def.value), message]] : [];
    case "custom": {
      const name = TEST_NAMES.get(def.fn);
      return name && message ? [["test", name, message]] : [];
    }
    default:
      return [];
  }
}

/** The rules of a field's value from its outermost schema inwards; false when a transform ends them. */
function valueRules(schema: Schema, rules: Rule[]): boolean {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return valueRules(def.innerType as Schema, rules);
  if (def.type === "pipe") {
    const input = defOf(def.in as Schema);
    if (input.type === "transform") return false;
    return valueRules(def.in as Schema, rules) && valueRules(def.out as Schema, rules);
  }
  if (def.type === "transform") return false;
  switch (def.type) {
    case "string": {
      // A string format (`z.email()`) checks itself first.
      if (def.format) {
        const rule = formatRule(def);
        if (rule) rules.push(rule);
      }
      break;
    }
    case "number": {
      const message = messageOf(def, Number.NaN);
      if (!message) return false;
      rules.push(["number", message]);
      break;
    }
    case "enum": {
      const message = messageOf(def);
      if (message)
        rules.push([
          "oneOf",
          Object.values(def.entries as Record<string, string | number>).map(String),
          message,
        ]);
      return true;
    }
    case "literal": {
      const message = messageOf(def);
      if (message) rules.push(["oneOf", (def.values as unknown[]).map(String), message]);
      return true;
    }
    default:
      return true;
  }
  for (const check of (def.checks ?? []) as unknown as Check[]) {
    const more = checkRules(check, false);
    if (!more) return false;
    rules.push(...more);
  }
  return true;
}

function collect(schema: Schema, name: string, inOptional: boolean, out: FormRules) {
  const core = inner(schema);
  const def = defOf(core);
  // An absent group is valid when the schema takes it absent: its fields are then not required.
  const optional = inOptional || (name !== "" && requiredMessage(schema) === undefined);
  if (def.type === "object") {
    for (const [key, field] of Object.entries(def.shape as Record<string, Schema>)) {
      collect(field, name ? `${name}.${key}` : key, optional, out);
    }
    return;
  }
  if (def.type === "array") {
    const rules: Rule[] = [];
    for (const check of (def.checks ?? []) as unknown as Check[])
      rules.push(...(checkRules(check, true) ?? []));
    if (rules.length > 0) out[name] = rules;
    collect(def.element as Schema, `${name}[]`, true, out);
    return;
  }
  const rules: Rule[] = [];
  const required = inOptional ? undefined : requiredMessage(schema);
  if (required) rules.push(["required", required]);
  valueRules(schema, rules);
  if (rules.length > 0) out[name] = rules;
}

/** The browser's rules of a form whose schema is `schema` (an object, possibly refined or transformed). */
export function formRules(schema: z.ZodType | core.$ZodType): FormRules {
  const rules: FormRules = {};
  collect(schema as Schema, "", false, rules);
  return rules;
}
