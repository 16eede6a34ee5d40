/** The action's zod schema of the callback URL form (its rule and messages: security.ts, which the browser runs too). */
import type { TFunction } from "i18next";
import * as z from "zod";
import { checkCallbackUrls } from "./security";

/** The callback URL form: `callbackUrls` becomes the list the API is sent. */
export function callbackUrlsSchema(t: TFunction) {
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
