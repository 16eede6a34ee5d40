/**
 * The users tab's data and forms
 * (docs/decisions/0059-settings-and-users.md).
 *
 * - Data: the company's users, and for an admin the dialog the URL names (`user=new`,
 *   `edit=<id>`, `delete=<id>`): another user's id, or an id not of the company, opens none.
 * - Forms (admins only; the console checks, and the provider refuses others with 403):
 *   `user-new` (POST user), `user-edit` (PUT user, the last admin keeps the flag) and
 *   `user-delete` (DELETE user/{id}, never oneself). A success redirects to the users tab with
 *   a toast; a refused dialog keeps what was typed (but the passwords), each message next to
 *   its field; a refused delete or an answer of another kind opens the error dialog.
 */

import type { SubmissionResult } from "@conform-to/react";
import { json } from "@remix-run/node";
import type { TFunction } from "i18next";
import { type ApiClient, ApiError } from "~/api/client.server";
import { createUser, deleteUser, listUsers, updateUser } from "~/api/user/endpoints";
import type { CompanyUser, CurrentUser } from "~/api/user/schemas";
import { parseForm } from "~/forms/parse.server";
import { formRules } from "~/forms/rules.server";
import {
  USER_SECRET_FIELDS,
  type UserIntent,
  type UserReply,
  type UsersTabDialog,
  userFormFieldOf,
  userRuleMessage,
  usersDialogOf,
  usersHref,
} from "~/forms/settings-user";
import { userFormSchema } from "~/forms/settings-user.server";
import type { ShownError } from "~/lib/errors";
import { markFailed } from "~/lib/title";
import { redirectWithError, redirectWithToast } from "~/session.server";

/** The company's admins but `user`: none means `user` is the last admin. */
const isLastAdmin = (users: readonly CompanyUser[], user: CompanyUser) =>
  user.admin && !users.some((other) => other.admin && other.userId !== user.userId);

/** The users of the tab ("failed" when they cannot be read) and the dialog the URL asks an admin for, with its form's rules worded by `t`. */
export async function loadUsers(
  api: ApiClient,
  me: CurrentUser,
  params: URLSearchParams,
  t: TFunction,
) {
  const users = await api.call(listUsers).catch((error: unknown) => {
    if (error instanceof ApiError) return "failed" as const;
    throw error;
  });
  const address = usersDialogOf(params);
  let dialog: UsersTabDialog | null = null;
  if (me.admin && users !== "failed" && address) {
    if (address.kind === "new")
      dialog = { kind: "new", rules: formRules(userFormSchema(t, { mode: "new" })) };
    else {
      const user = users.find((candidate) => candidate.userId === address.userId);
      const lastAdmin = user ? isLastAdmin(users, user) : false;
      if (user && address.kind === "edit")
        dialog = {
          kind: "edit",
          user,
          lastAdmin,
          rules: formRules(userFormSchema(t, { mode: "edit", lastAdmin })),
        };
      else if (user) dialog = { kind: "delete", user, lastAdmin };
    }
  }
  return { users, dialog, admin: me.admin };
}

/** A refused dialog: what was typed and the messages (conform's result), or the error dialog's text. */
export type { UserReply };

interface UsersActionArgs {
  intent: UserIntent;
  formData: FormData;
  api: ApiClient;
  me: CurrentUser;
  t: TFunction;
  context: object;
  pathname: string;
}

/** The refusal of a delete (or of a user who may not change users) in words, on the users tab. */
function refusedHere(back: string, t: TFunction, error: ApiError | undefined, code: string) {
  return redirectWithError(back, {
    detail: userRuleMessage(t, "body", code),
    traceId: error?.traceId,
  });
}

export async function usersAction({
  intent,
  formData,
  api,
  me,
  t,
  context,
  pathname,
}: UsersActionArgs) {
  const back = usersHref(pathname);
  // The console checks what the provider enforces: only an admin changes the company's users.
  if (!me.admin) return refusedHere(back, t, undefined, "adminOnly");

  if (intent === "user-delete") {
    const ids = formData.getAll("userId");
    const id = ids.length === 1 && typeof ids[0] === "string" ? ids[0] : undefined;
    if (!id) throw new Response("The user to delete is not named.", { status: 400 });
    if (id === me.userId) return refusedHere(back, t, undefined, "cannotDeleteSelf");
    try {
      await api.call(deleteUser, { params: { id } });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const code = Object.values(error.errors ?? {})[0];
      if (error.status === 404)
        return redirectWithError(back, {
          detail: t("settings:users.notFound"),
          traceId: error.traceId,
        });
      if (code && error.status < 500) return refusedHere(back, t, error, code);
      return redirectWithError(back, {
        detail: t("settings:userDialog.errors.deleteFailed"),
        traceId: error.traceId,
      });
    }
    return redirectWithToast(back, { key: "deletedSuccessfully" });
  }

  const mode = intent === "user-new" ? "new" : "edit";
  const userId = formData.get("userId");
  const users = mode === "edit" ? await api.call(listUsers).catch(() => [] as CompanyUser[]) : [];
  const edited = users.find((user) => user.userId === userId);
  const submission = parseForm(
    formData,
    userFormSchema(t, { mode, lastAdmin: edited ? isLastAdmin(users, edited) : false }),
  );
  const fail = (fieldErrors?: Record<string, string[]>, shown?: ShownError) => {
    markFailed(context);
    const result = submission.reply({
      fieldErrors,
      hideFields: [...USER_SECRET_FIELDS],
    }) as SubmissionResult<string[]>;
    return json<UserReply>({ userDialog: mode, result, shown }, 400);
  };
  if (submission.status !== "success") return fail();
  try {
    const body = submission.value;
    if ("userId" in body) await api.call(updateUser, { body });
    else await api.call(createUser, { body });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (mode === "edit" && error.status === 404)
      return redirectWithError(back, {
        detail: t("settings:users.notFound"),
        traceId: error.traceId,
      });
    const codes = Object.entries(error.errors ?? {});
    if (error.status < 500 && codes.length > 0) {
      const fieldErrors: Record<string, string[]> = {};
      const others: string[] = [];
      for (const [field, code] of codes) {
        const formField = userFormFieldOf(field);
        if (formField === "body") others.push(userRuleMessage(t, field, code));
        else fieldErrors[formField] = [userRuleMessage(t, formField, code)];
      }
      return fail(
        fieldErrors,
        others.length ? { detail: others.join(" "), traceId: error.traceId } : undefined,
      );
    }
    // The provider failed: the dialog stays with what was typed, and the error dialog says so.
    return fail({}, { detail: t("settings:userDialog.errors.saveFailed"), traceId: error.traceId });
  }
  return redirectWithToast(back, { key: "savedSuccessfully" });
}
