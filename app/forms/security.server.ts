/** The action's zod schema of the callback URL form (its rule and messages: security.ts, which the browser runs too). */
import * as z from "zod";
import type { Translate } from "./app-editor";
import { checkCallbackUrls } from "./security";

/** The callback URL form: `callbackUrls` becomes the list the API is sent. */
export function callbackUrlsSchema(t: Translate) {
  return z.object({
    callbackUrls: z
      .string({ message: t("security:errors.required") })
      .optional()
      .transform((value, ctx) => {
        const { urls, error } = checkCallbackUrls(t, value);
        if (error !== undefined) {
          ctx.addIssue({ code: "custom", message: error });
          return z.NEVER;
        }
        return urls;
      }),
  });
}
