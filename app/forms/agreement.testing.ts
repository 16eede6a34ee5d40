/**
 * For the tests of a form's browser check: the first message of each field as the action's
 * parse gives it (`parseForm` with the form's schema), and as the browser's check gives it
 * (`checkForm` with the rules derived from the same schema and the form's own check). A test
 * proves the two agree.
 */
import type * as z from "zod";
import { checkForm, type FormRules } from "./check";
import { parseForm } from "./parse.server";

/** A posted form of `entries` (a list for a field sent more than once). */
export function formOf(entries: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries))
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  return data;
}

type Messages = Record<string, string>;

/** Each field's first message in a submission, none when the form passed. */
export const firstMessages = (submission: {
  status?: string;
  error?: Record<string, string[] | null> | null;
}): Messages =>
  submission.status === "success"
    ? {}
    : Object.fromEntries(
        Object.entries(submission.error ?? {}).flatMap(([name, messages]) =>
          messages?.[0] ? [[name, messages[0]]] : [],
        ),
      );

/** Each failing field's first message from the action's parse. */
export function actionMessages(schema: z.ZodType, data: FormData): Messages {
  return firstMessages(parseForm(data, schema));
}

/** Each failing field's first message from the browser's check. */
export function browserMessages(
  data: FormData,
  rules: FormRules,
  more?: Parameters<typeof checkForm>[2],
): Messages {
  return firstMessages(checkForm(data, rules, more));
}
