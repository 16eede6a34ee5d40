/** The sign-in and password reset forms: their rules, worded by the page's translator. */
import type { TFunction } from "i18next";
import * as z from "zod";

export const signInSchema = (t: TFunction) =>
  z.object({
    email: z
      .string({ message: t("signin.errors.emailRequired") })
      .trim()
      .min(1, t("signin.errors.emailRequired")),
    password: z
      .string({ message: t("signin.errors.passwordRequired") })
      .min(1, t("signin.errors.passwordRequired")),
  });

export const resetSchema = (t: TFunction) =>
  z.object({
    email: z
      .string({ message: t("reset.errors.emailRequired") })
      .trim()
      .min(1, t("reset.errors.emailRequired"))
      .max(255, t("reset.errors.emailInvalid"))
      .pipe(z.email({ message: t("reset.errors.emailInvalid") })),
  });
