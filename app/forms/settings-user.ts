/**
 * The user dialog: its fields, addresses and
 * messages, zod-free for the page; the schema of the contract's rules is the action's
 * (./settings-user.server.ts), and the browser checks the rules derived from it.
 *
 * The dialogs are addressed by the users tab's URL: `?tab=users&user=new`, `&edit=<id>`,
 * `&delete=<id>`. The refusals of the provider are worded by `userRuleMessage`.
 */

import type { SubmissionResult } from "@conform-to/react";
import type { TFunction } from "i18next";
import { confirmationRule, SETTINGS_RULE_CODES } from "~/api/settings/rules";
import { PASSWORD_POLICY } from "~/api/text";
import type { CompanyUser } from "~/api/user/schemas";
import type { FormRules } from "~/forms/check";
import type { ShownError } from "~/lib/errors";

export const USER_FIELDS = [
  "title",
  "firstName",
  "lastName",
  "email",
  "password",
  "confirmPassword",
  "admin",
] as const;
export type UserField = (typeof USER_FIELDS)[number];

/** Fields never sent back into the page after a refused save. */
export const USER_SECRET_FIELDS = ["password", "confirmPassword"] as const;

export const USER_LIMITS = { name: 100, email: 255 } as const;

/** The intents of the users tab's forms. */
export const USER_INTENTS = ["user-new", "user-edit", "user-delete"] as const;
export type UserIntent = (typeof USER_INTENTS)[number];
export const isUserIntent = (value: unknown): value is UserIntent =>
  (USER_INTENTS as readonly unknown[]).includes(value);

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

export const userLabel = (t: TFunction, field: UserField) =>
  t(`settings:userDialog.fields.${field}`);

/**
 * A rule code of the user calls (the provider's or the form's) in the user's words, for
 * `field` (a field of the dialog, or `body`/`id` for the request as a whole).
 */
export function userRuleMessage(t: TFunction, field: string, code: string): string {
  const known = (USER_FIELDS as readonly string[]).includes(field)
    ? (field as UserField)
    : undefined;
  const label = known ? userLabel(t, known) : "";
  if (known === "title" && (code === "required" || code === "invalidValue"))
    return t("settings:userDialog.errors.title");
  if (known === "email" && (code === "invalidEmail" || code === "invalidFormat"))
    return t("settings:userDialog.errors.invalidEmail");
  if (known === "password" && code === "invalid")
    return t("settings:userDialog.errors.passwordPolicy");
  if (code === "tooLong")
    return t("settings:errors.tooLong", {
      field: label,
      max:
        known === "email"
          ? USER_LIMITS.email
          : known === "password"
            ? PASSWORD_POLICY.maxLength
            : USER_LIMITS.name,
    });
  if ((SETTINGS_RULE_CODES as readonly string[]).includes(code) && code !== "invalid")
    return t(`settings:errors.${code}`, { field: label });
  return known
    ? t("settings:errors.invalid", { field: label })
    : t("settings:userDialog.errors.saveFailed");
}

/** The form's field of an API field (`confirmPassword`, `email`...); the request as a whole is `body`. */
export const userFormFieldOf = (apiField: string): UserField | "body" =>
  ((USER_FIELDS as readonly string[]).find((field) => field === apiField) as
    | UserField
    | undefined) ?? "body";

/** The value of a field as typed, when it is one piece of text. */
const textOf = (value: unknown) => (typeof value === "string" ? value : undefined);

/** The confirmation's message when it differs from the password (the contract's `confirmationRule`). */
export function userConfirmationError(
  t: TFunction,
  values: Record<string, unknown>,
): string | undefined {
  const code = confirmationRule(textOf(values.password), textOf(values.confirmPassword));
  return code ? userRuleMessage(t, "confirmPassword", code) : undefined;
}

/**
 * The dialog of the users tab its address opens: a new user, or editing or deleting one
 * (`lastAdmin`: the company's only admin); a form's browser rules (`rules`).
 */
export type UsersTabDialog =
  | { kind: "new"; rules: FormRules }
  | { kind: "edit"; user: CompanyUser; lastAdmin: boolean; rules: FormRules }
  | { kind: "delete"; user: CompanyUser; lastAdmin: boolean };

/** A refused save of a users dialog: which dialog, conform's reply, and the provider's refusal if it was one. */
export interface UserReply {
  userDialog: "new" | "edit";
  result: SubmissionResult<string[]>;
  shown?: ShownError;
}
