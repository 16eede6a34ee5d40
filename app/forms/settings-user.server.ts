/**
 * The user dialog's schema, the action's: the contract's rules (app/api/user/schemas.ts,
 * which are registration's) worded by `userRuleMessage`. A title of the list; first and last
 * name required, at most 100 characters; a valid email address of at most 255; the password
 * policy and its confirmation (passwordMismatch); the admin flag. A new user needs a password;
 * a change keeps the user's password when none is given. The company's last admin keeps the
 * flag (lastAdmin). Every field is one piece of text the provider can store. The browser
 * checks the rules `formRules` derives from it, and the confirmation (`userConfirmationError`).
 */
import type { TFunction } from "i18next";
import * as z from "zod";
import { USER_TITLES } from "~/api/registration/rules";
import { PASSWORD_POLICY, TEXT_TESTS } from "~/api/text";
import type { NewUserRequest, UserUpdateRequest } from "~/api/user/schemas";
import {
  USER_LIMITS,
  type UserDialogMode,
  type UserField,
  userConfirmationError,
  userRuleMessage,
} from "./settings-user";

interface Options {
  mode: UserDialogMode;
  /** The user changed is the company's only admin: the flag stays on. */
  lastAdmin?: boolean;
}

type Output<M extends UserDialogMode> = M extends "new"
  ? NewUserRequest & { admin: boolean }
  : UserUpdateRequest & { admin: boolean };

/** The user dialog's schema: the body of `POST user` (new) or `PUT user` (edit, with `userId`). */
export function userFormSchema<M extends UserDialogMode>(
  t: TFunction,
  { mode, lastAdmin = false }: Options & { mode: M },
) {
  const message = (field: string, code: string) => userRuleMessage(t, field, code);
  // One piece of text the provider can store: absent is `required` where the field is; a field sent twice or a file is refused, named.
  const text = (field: UserField, required: boolean) =>
    z
      .string({
        error: (issue) =>
          message(field, issue.input === undefined && required ? "required" : "invalidType"),
      })
      .refine(TEXT_TESTS.storableText, message(field, "invalidCharacters"));
  const name = (field: "firstName" | "lastName") =>
    text(field, true)
      .trim()
      .min(1, message(field, "required"))
      .max(USER_LIMITS.name, message(field, "tooLong"));
  const password = text("password", mode === "new")
    .max(PASSWORD_POLICY.maxLength, message("password", "tooLong"))
    .refine(TEXT_TESTS.passwordPolicy, message("password", "invalid"));
  const invalidAdmin = message("admin", "invalid");
  return z
    .object({
      userId:
        mode === "edit"
          ? z
              .string({ message: message("userId", "invalid") })
              .refine(TEXT_TESTS.storableText, message("userId", "invalid"))
          : z.string().optional(),
      // A choice of the list: anything else, whatever it holds, asks for one.
      title: z.enum(USER_TITLES, { message: message("title", "invalidValue") }),
      firstName: name("firstName"),
      lastName: name("lastName"),
      email: text("email", true)
        .trim()
        .min(1, message("email", "required"))
        .max(USER_LIMITS.email, message("email", "tooLong"))
        .pipe(z.email({ message: message("email", "invalidEmail") })),
      password: mode === "new" ? password : password.optional(),
      confirmPassword:
        mode === "new" ? text("confirmPassword", true) : text("confirmPassword", false).optional(),
      admin:
        mode === "edit" && lastAdmin
          ? z.literal("on", {
              error: (issue) =>
                issue.input === undefined ? message("admin", "lastAdmin") : invalidAdmin,
            })
          : z.literal("on", { message: invalidAdmin }).optional(),
    })
    .superRefine(
      (value, ctx) => {
        // After the confirmation's own rules, which come first.
        const mismatch = userConfirmationError(t, value);
        if (mismatch)
          ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: mismatch });
      },
      { when: () => true },
    )
    .transform(
      ({
        userId,
        title,
        firstName,
        lastName,
        email,
        password = "",
        confirmPassword = "",
        admin,
      }) => {
        const body = {
          title,
          firstName,
          lastName,
          email: email.toLowerCase(),
          password,
          confirmPassword,
          admin: admin === "on",
        };
        return (mode === "edit" ? { ...body, userId } : body) as Output<M>;
      },
    );
}
