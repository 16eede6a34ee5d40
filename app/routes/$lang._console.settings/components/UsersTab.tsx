/**
 * The users tab: the cards, and for an admin the dialog the URL names (new user, edit, delete),
 * with the outcome of a refused save (what was typed, each message by its field, the error
 * dialog when the provider failed).
 */
import { useLocation } from "@remix-run/react";
import type { CompanyUser } from "~/api/user/schemas";
import { ErrorDialog } from "~/components/ErrorDialog";
import { type UserReply, type UsersTabDialog, usersHref } from "~/forms/settings-user";
import { DeleteUserDialog, UserDialog } from "./lazy-parts";
import { UserCards } from "./UserCards";

export interface UsersTabProps {
  users: readonly CompanyUser[];
  currentUserId: string;
  admin: boolean;
  dialog: UsersTabDialog | null;
  /** A refused save of a dialog. */
  reply?: UserReply;
}

export function UsersTab({ users, currentUserId, admin, dialog, reply }: UsersTabProps) {
  const { pathname } = useLocation();
  const close = usersHref(pathname);
  const lastResult = reply && dialog && reply.userDialog === dialog.kind ? reply.result : undefined;
  return (
    <>
      <UserCards users={users} currentUserId={currentUserId} admin={admin} />
      {dialog?.kind === "new" ? (
        <UserDialog mode="new" rules={dialog.rules} lastResult={lastResult} closeHref={close} />
      ) : null}
      {dialog?.kind === "edit" ? (
        <UserDialog
          key={dialog.user.userId}
          mode="edit"
          user={dialog.user}
          rules={dialog.rules}
          lastResult={lastResult}
          closeHref={close}
        />
      ) : null}
      {dialog?.kind === "delete" ? (
        <DeleteUserDialog
          user={dialog.user}
          self={dialog.user.userId === currentUserId}
          closeHref={close}
        />
      ) : null}
      {/* Last, so that without JS it lies above the dialog it tells about. */}
      <ErrorDialog error={reply?.shown} />
    </>
  );
}
