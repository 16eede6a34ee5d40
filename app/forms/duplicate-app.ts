/**
 * The duplicate dialog's form (spec 01 sections 4 and 5), in the browser and in the action:
 * a new name and a country, both required, by the rules of `validateDuplicate`.
 */
import type { TFunction } from "i18next";
import { z } from "zod";
import { APP_LIMITS, validateDuplicate } from "~/api/apps/rules";

/** The messages of the dialog's fields, by the rule key `validateDuplicate` (or the API) names. */
export function duplicateMessages(t: TFunction) {
  return {
    appName: {
      required: t("appList:duplicate.errors.appNameRequired"),
      tooLong: t("appList:duplicate.errors.appNameTooLong", { max: APP_LIMITS.nameMax }),
      invalidCharacters: t("appList:duplicate.errors.appNameInvalidCharacters"),
    },
    countryCode: {
      required: t("appList:duplicate.errors.countryRequired"),
      unknownCountry: t("appList:duplicate.errors.countryUnknown"),
      // The country comes from the list: a code with characters no country has is not one of them.
      invalidCharacters: t("appList:duplicate.errors.countryUnknown"),
    },
  } as const;
}

/** The dialog's form, in the browser and in the action: the rules of `validateDuplicate`. */
export const duplicateSchema = (t: TFunction) =>
  z
    .object({
      appName: z.string({ message: t("appList:duplicate.errors.appNameNotText") }).optional(),
      countryCode: z.string({ message: t("appList:duplicate.errors.countryUnknown") }).optional(),
    })
    .superRefine((value, ctx) => {
      const messages = duplicateMessages(t);
      for (const [path, key] of Object.entries(validateDuplicate(value))) {
        const byKey = messages[path as keyof typeof messages] as Record<string, string> | undefined;
        ctx.addIssue({ code: "custom", path: [path], message: byKey?.[key] ?? messages.appName.required });
      }
    })
    .transform((value) => ({ appName: (value.appName ?? "").trim(), countryCode: (value.countryCode ?? "").trim().toUpperCase() }));
