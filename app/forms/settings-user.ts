/**
 * The user dialog (spec 02 sections 2.3, 3 User, 5.6 and 6): one zod schema for the browser
 * (conform's onValidate) and the action (parseWithZod), holding the contract's rules
 * (app/api/user/schemas.ts, which are registration's): a title of the list, first and last
 * name required (at most 100 characters), a valid email address, the password policy and its
 * confirmation (passwordMismatch), the admin flag. A new user needs a password; a change keeps
 * the user's password when none is given. The company's last admin keeps the flag (lastAdmin).
 *
 * The dialogs are addressed by the users tab's URL: `?tab=users&user=new`, `&edit=<id>`,
 * `&delete=<id>`. The refusals of the provider are worded by `userRuleMessage`.
 */
import * as z from "zod";
import { isStorableText, meetsPasswordPolicy, PASSWORD_POLICY } from "~/api/common";
import { USER_TITLES } from "~/api/registration/schemas";
import { confirmationRule, SETTINGS_RULE_CODES } from "~/api/settings/rules";
import type { SubmissionResult } from "@conform-to/react";
import type { CompanyUser, NewUserRequest, UserUpdateRequest } from "~/api/user/schemas";
import type { ShownError } from "~/lib/errors";
import type { Translate } from "~/forms/app-editor";

export const USER_FIELDS = ["title", "firstName", "lastName", "email", "password", "confirmPassword", "admin"] as const;
export type UserField = (typeof USER_FIELDS)[number];

/** Fields never sent back into the page after a refused save. */
export const USER_SECRET_FIELDS = ["password", "confirmPassword"] as const;

export const USER_LIMITS = { name: 100, email: 255 } as const;

/** The intents of the users tab's forms. */
export const USER_INTENTS = ["user-new", "user-edit", "user-delete"] as const;
export type UserIntent = (typeof USER_INTENTS)[number];
export const isUserIntent = (value: unknown): value is UserIntent => (USER_INTENTS as readonly unknown[]).includes(value);

export type UserDialogMode = "new" | "edit";

/** The dialog the users tab's URL asks for. */
export type UsersDialogAddress = { kind: "new" } | { kind: "edit" | "delete"; userId: string };

export function usersDialogOf(params: URLSearchParams): UsersDialogAddress | undefined {
  if (params.get("user") === "new") return { kind: "new" };
  const edit = params.get("edit");
  if (edit) return { kind: "edit", userId: edit };
  const remove = params.get("delete");
  return remove ? { kind: "delete", userId: remove } : undefined;
}

/** The users tab's address, with a dialog when given. */
export function usersHref(pathname: string, dialog?: UsersDialogAddress): string {
  const params = new URLSearchParams({ tab: "users" });
  if (dialog?.kind === "new") params.set("user", "new");
  else if (dialog) params.set(dialog.kind, dialog.userId);
  return `${pathname}?${params}`;
}

export const userLabel = (t: Translate, field: UserField) => t(`settings:userDialog.fields.${field}`);

/**
 * A rule code of the user calls (the provider's or the form's) in the user's words, for
 * `field` (a field of the dialog, or `body`/`id` for the request as a whole).
 */
export function userRuleMessage(t: Translate, field: string, code: string): string {
  const known = (USER_FIELDS as readonly string[]).includes(field) ? (field as UserField) : undefined;
  const label = known ? userLabel(t, known) : "";
  if (known === "title" && (code === "required" || code === "invalidValue")) return t("settings:userDialog.errors.title");
  if (known === "email" && (code === "invalidEmail" || code === "invalidFormat")) return t("settings:userDialog.errors.invalidEmail");
  if (known === "password" && code === "invalid") return t("settings:userDialog.errors.passwordPolicy");
  if (code === "tooLong") return t("settings:errors.tooLong", { field: label, max: known === "email" ? USER_LIMITS.email : known === "password" ? PASSWORD_POLICY.maxLength : USER_LIMITS.name });
  if ((SETTINGS_RULE_CODES as readonly string[]).includes(code) && code !== "invalid") return t(`settings:errors.${code}`, { field: label });
  return known ? t("settings:errors.invalid", { field: label }) : t("settings:userDialog.errors.saveFailed");
}

/** The form's field of an API field (`confirmPassword`, `email`...); the request as a whole is `body`. */
export const userFormFieldOf = (apiField: string): UserField | "body" => (USER_FIELDS as readonly string[]).find((field) => field === apiField) as UserField | undefined ?? "body";

interface Options {
  mode: UserDialogMode;
  /** The user changed is the company's only admin: the flag stays on. */
  lastAdmin?: boolean;
}

type Output<M extends UserDialogMode> = M extends "new" ? NewUserRequest & { admin: boolean } : UserUpdateRequest & { admin: boolean };

/** The user dialog's schema: the body of `POST user` (new) or `PUT user` (edit, with `userId`). */
export function userFormSchema<M extends UserDialogMode>(t: Translate, { mode, lastAdmin = false }: Options & { mode: M }) {
  // One piece of text each: a field sent twice or a file is refused, named.
  const text = (field: UserField) => z.string({ message: userRuleMessage(t, field, "invalidType") }).optional();
  return z
    .object({
      userId: z.string().optional(),
      ...(Object.fromEntries(USER_FIELDS.map((field) => [field, text(field)])) as Record<UserField, ReturnType<typeof text>>),
    })
    .transform((value, ctx) => {
      const errors: Partial<Record<UserField | "userId", string>> = {};
      const firstName = (value.firstName ?? "").trim();
      const lastName = (value.lastName ?? "").trim();
      const email = (value.email ?? "").trim();
      const password = value.password ?? "";
      const confirmPassword = value.confirmPassword ?? "";
      for (const field of USER_FIELDS) {
        if (!isStorableText(value[field] ?? "")) errors[field] = "invalidCharacters";
      }
      const title = USER_TITLES.find((choice) => choice === value.title);
      if (!title) errors.title = "invalidValue";
      for (const [field, name] of [
        ["firstName", firstName],
        ["lastName", lastName],
      ] as const) {
        if (errors[field]) continue;
        if (!name) errors[field] = "required";
        else if (name.length > USER_LIMITS.name) errors[field] = "tooLong";
      }
      if (!errors.email) {
        if (!email) errors.email = "required";
        else if (email.length > USER_LIMITS.email) errors.email = "tooLong";
        else if (!z.email().safeParse(email).success) errors.email = "invalidEmail";
      }
      if (!errors.password) {
        if (!password) {
          if (mode === "new") errors.password = "required";
        } else if (password.length > PASSWORD_POLICY.maxLength) errors.password = "tooLong";
        else if (!meetsPasswordPolicy(password)) errors.password = "invalid";
      }
      if (!errors.confirmPassword) {
        if (mode === "new" && !confirmPassword) errors.confirmPassword = "required";
        else if (confirmationRule(password, confirmPassword)) errors.confirmPassword = "passwordMismatch";
      }
      if (value.admin !== undefined && value.admin !== "on") errors.admin = "invalid";
      const admin = value.admin === "on";
      if (mode === "edit" && lastAdmin && !admin && !errors.admin) errors.admin = "lastAdmin";
      const userId = value.userId ?? "";
      if (mode === "edit" && (!userId || !isStorableText(userId))) errors.userId = "invalid";
      for (const [field, code] of Object.entries(errors)) {
        ctx.addIssue({ code: "custom", path: [field], message: userRuleMessage(t, field, code) });
      }
      if (Object.keys(errors).length > 0 || !title) return z.NEVER;
      const body = { title, firstName, lastName, email: email.toLowerCase(), password, confirmPassword, admin };
      return (mode === "edit" ? { ...body, userId } : body) as Output<M>;
    });
}

/** The dialog of the users tab its address opens: a new user, or editing or deleting one (`lastAdmin`: the company's only admin). */
export type UsersTabDialog = { kind: "new" } | { kind: "edit" | "delete"; user: CompanyUser; lastAdmin: boolean };

/** A refused save of a users dialog: which dialog, conform's reply, and the provider's refusal if it was one. */
export interface UserReply {
  userDialog: "new" | "edit";
  result: SubmissionResult<string[]>;
  shown?: ShownError;
}
