/**
 * A form checked in the browser without zod. The server derives from a form's zod schema the
 * rules a browser can check, each with the schema's own message (`formRules` in
 * rules.server.ts), and sends them with the page; `checkForm` runs them as conform's
 * `onValidate`. What they cannot express (rules across fields, lookups, a file's bytes) the
 * action checks with the same schema, and its answer shows the message next to the field.
 */
import { parse } from "@conform-to/react";
import { TEXT_TESTS, type TextTestName } from "~/api/text";

/**
 * One rule of a field, in the order the schema applies them; the first broken one gives the
 * message. `required`: the message of an empty field (every other rule then passes, as zod
 * skips the checks of an absent optional value).
 */
export type Rule =
  | readonly ["required", string]
  | readonly ["number", string]
  | readonly ["integer", string]
  | readonly ["trim" | "lowercase" | "uppercase"]
  | readonly ["minLength" | "maxLength" | "length", number, string]
  | readonly ["pattern", string, string, string]
  | readonly ["url", string]
  | readonly ["min" | "max", number, boolean, string]
  | readonly ["multipleOf", number, string]
  | readonly ["oneOf", readonly string[], string]
  | readonly ["test", TextTestName, string]
  | readonly ["minItems" | "maxItems", number, string];

/** Each field's rules by its form name (`name`, `detail.websiteUrl`; `items[]` for each item of a list). */
export type FormRules = Record<string, readonly Rule[]>;

/** A field's value as conform reads it: an empty text or an empty file is no value. */
function present(value: FormDataEntryValue | undefined): value is FormDataEntryValue {
  if (value === undefined) return false;
  return typeof value === "string" ? value !== "" : !(value.name === "" && value.size === 0);
}

/** The message of the first rule `value` breaks. */
export function firstBroken(
  rules: readonly Rule[],
  value: FormDataEntryValue | undefined,
): string | undefined {
  if (!present(value)) return rules.find((rule) => rule[0] === "required")?.[1];
  // A file's type and size are the action's to judge.
  if (typeof value !== "string") return undefined;
  let text = value;
  let number = Number.NaN;
  for (const rule of rules) {
    switch (rule[0]) {
      case "required":
      case "minItems":
      case "maxItems":
        break;
      case "number":
        number = text.trim() === "" ? Number.NaN : Number(text);
        if (!Number.isFinite(number)) return rule[1];
        break;
      case "integer":
        if (!Number.isSafeInteger(number)) return rule[1];
        break;
      case "trim":
        text = text.trim();
        break;
      case "lowercase":
        text = text.toLowerCase();
        break;
      case "uppercase":
        text = text.toUpperCase();
        break;
      case "minLength":
        if (text.length < rule[1]) return rule[2];
        break;
      case "maxLength":
        if (text.length > rule[1]) return rule[2];
        break;
      case "length":
        if (text.length !== rule[1]) return rule[2];
        break;
      case "pattern":
        if (!new RegExp(rule[1], rule[2]).test(text)) return rule[3];
        break;
      case "url":
        if (!URL.canParse(text)) return rule[1];
        break;
      case "min":
        if (rule[2] ? number < rule[1] : number <= rule[1]) return rule[3];
        break;
      case "max":
        if (rule[2] ? number > rule[1] : number >= rule[1]) return rule[3];
        break;
      case "multipleOf":
        if (number % rule[1] !== 0) return rule[2];
        break;
      case "oneOf":
        if (!rule[1].includes(text)) return rule[2];
        break;
      case "test":
        if (!TEXT_TESTS[rule[1]](text)) return rule[2];
        break;
    }
  }
  return undefined;
}

/** Whether a form name (`items[2].name`) is one of a list's (`items[].name`). */
const listName = (name: string) => name.replace(/\[\d+\]/g, "[]");

/** Every broken rule's message by field name (the first for each field). */
export function brokenRules(formData: FormData, rules: FormRules): Record<string, string> {
  const errors: Record<string, string> = {};
  const names = [...new Set(formData.keys())];
  for (const [name, fieldRules] of Object.entries(rules)) {
    if (name.includes("[]")) continue;
    const values = formData.getAll(name);
    const count = values.length + names.filter((key) => key.startsWith(`${name}[`)).length;
    const tooFew = fieldRules.find((rule) => rule[0] === "minItems" && count < rule[1]);
    const tooMany = fieldRules.find((rule) => rule[0] === "maxItems" && count > rule[1]);
    const countRule = tooFew ?? tooMany;
    if (countRule) {
      errors[name] = countRule[2] as string;
      continue;
    }
    // A list sent as the same name again and again: each item's rules are `name[]`'s.
    const itemRules = rules[`${name}[]`];
    if (itemRules) {
      values.forEach((value, index) => {
        const message = firstBroken(itemRules, value);
        if (message) errors[`${name}[${index}]`] = message;
      });
      continue;
    }
    if (values.length > 1) continue;
    const message = firstBroken(fieldRules, values[0]);
    if (message) errors[name] = message;
  }
  // Items of lists (`items[0].name`).
  for (const name of names) {
    const itemRules = name.includes("[") ? rules[listName(name)] : undefined;
    if (!itemRules || errors[name]) continue;
    const message = firstBroken(itemRules, formData.get(name) ?? undefined);
    if (message) errors[name] = message;
  }
  return errors;
}

/**
 * Conform's submission of `formData` checked by `rules`, and by `more` where a form has
 * zod-free checks of its own (the contract's rule functions): its messages by field name.
 */
export function checkForm(
  formData: FormData,
  rules: FormRules,
  more?: (payload: Record<string, unknown>) => Record<string, string | undefined>,
) {
  return parse(formData, {
    resolve(payload) {
      const errors: Record<string, string | undefined> = {
        ...more?.(payload),
        ...brokenRules(formData, rules),
      };
      const error = Object.fromEntries(
        Object.entries(errors).flatMap(([name, message]) => (message ? [[name, [message]]] : [])),
      );
      return Object.keys(error).length > 0 ? { error } : { value: payload };
    },
  });
}
