/**
 * A posted form read by its zod schema, as conform's submission (`reply()` gives the page the
 * messages next to the fields). Zod stays on the server: the browser checks a form with the
 * rules derived from the same schema (rules.server.ts, check.ts).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type * as z from "zod";

export function parseForm<Schema extends z.ZodType>(
  formData: FormData | URLSearchParams,
  schema: Schema,
) {
  return parseWithZod(formData, { schema });
}
