/** The action's zod schema of the duplicate dialog's form (its rules and messages: duplicate-app.ts, which the browser runs too). */
import type { TFunction } from "i18next";
import * as z from "zod";
import { notText } from "./app-editor";
import { duplicateMessages } from "./duplicate-app";

export const duplicateSchema = (t: TFunction, language: string) =>
  z
    .object({
      appName: z.string({ message: notText(t, "name") }).optional(),
      countryCode: z.string({ message: t("appList:duplicate.errors.countryUnknown") }).optional(),
    })
    .superRefine((value, ctx) => {
      for (const [field, message] of Object.entries(duplicateMessages(t, language, value)))
        ctx.addIssue({ code: "custom", path: [field], message });
    })
    .transform((value) => ({
      appName: (value.appName ?? "").trim(),
      countryCode: (value.countryCode ?? "").trim().toUpperCase(),
    }));
