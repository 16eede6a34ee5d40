/**
 * A posted form read by its zod schema, as conform's submission (`reply()` gives the page the
 * messages next to the fields). Zod stays on the server: the browser checks a form with the
 * rules derived from the same schema (rules.server.ts, check.ts).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod";
import type { TextForm } from "./payload";

export function parseForm<Schema extends z.ZodType>(
  formData: FormData | URLSearchParams,
  schema: Schema,
) {
  return parseWithZod(formData, { schema });
}

/**
 * The schema of a form of texts: each field one optional piece of text (a repeated field or a
 * file is refused with `notText`), then the form's check: its value, or its messages as issues.
 */
export function textFormSchema<Field extends string, Value>(form: TextForm<Field, Value>) {
  const oneText = (field: Field) => z.string({ message: form.notText(field) }).optional();
  return z
    .object(
      Object.fromEntries(form.fields.map((field) => [field, oneText(field)])) as Record<
        Field,
        ReturnType<typeof oneText>
      >,
    )
    .transform((input, ctx): Value => {
      const checked = form.check(input as Partial<Record<Field, string>>);
      for (const [path, message] of Object.entries(checked.errors ?? {}))
        if (message) ctx.addIssue({ code: "custom", path: [path], message: message as string });
      return checked.errors ? z.NEVER : (checked.value as Value);
    });
}
