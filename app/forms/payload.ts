/** Conform's payload (the browser's form, as `checkForm` hands it to a form's own check) read as texts. */

/**
 * The texts of `payload` for `fields`: a value that is not one piece of text (a repeated
 * field, a file) is none here; the action's schema refuses it with its own message.
 */
export function payloadTexts<Field extends string>(
  payload: Record<string, unknown>,
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  return Object.fromEntries(
    fields.flatMap((field) =>
      typeof payload[field] === "string" ? [[field, payload[field]]] : [],
    ),
  ) as Partial<Record<Field, string>>;
}

/**
 * A form of texts checked without zod: its fields, the message of a field that is not one
 * piece of text, and the check giving the value or each failing field's message. The action's
 * schema of it is `textFormSchema` (parse.server.ts); the browser runs `check` as it is.
 */
export interface TextForm<Field extends string, Value> {
  fields: readonly Field[];
  notText: (field: Field) => string;
  check: (input: Partial<Record<Field, string>>) => {
    value?: Value;
    errors?: Partial<Record<Field, string>>;
  };
}
