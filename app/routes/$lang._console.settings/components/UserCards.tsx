/**
 * The users tab: a card per user of the company with their name, email address and whether
 * they are an admin. An admin also sees New user and, on each card, Edit and Delete (not on
 * their own card: nobody deletes themself): links to the dialogs of the tab's URL.
 */
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { CompanyUser } from "~/api/user/schemas";
import { ButtonLink } from "~/components/ui/Button";

import { usersHref } from "~/forms/settings-user";
import { DIALOG_LINK_STATE } from "~/lib/dialog-link";
import { buttonClass } from "~/lib/ui-classes";

export const NEW_USER_BUTTON_ID = "open-new-user";
export const editLinkId = (userId: string) => `open-edit-user-${userId}`;
export const deleteLinkId = (userId: string) => `open-delete-user-${userId}`;

export function UserCards({
  users,
  currentUserId,
  admin = false,
}: {
  users: readonly CompanyUser[];
  currentUserId: string;
  admin?: boolean;
}) {
  const { t } = useTranslation("settings");
  const { pathname } = useLocation();
  return (
    <section aria-labelledby="users-title" className="max-w-3xl">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="users-title" className="text-xl font-bold text-gray-900">
          {t("users.title")}
        </h2>
        {admin ? (
          <ButtonLink
            id={NEW_USER_BUTTON_ID}
            to={usersHref(pathname, { kind: "new" })}
            state={DIALOG_LINK_STATE}
            preventScrollReset
          >
            {t("users.new")}
          </ButtonLink>
        ) : null}
      </div>
      <ul className="grid gap-4 sm:grid-cols-2">
        {users.map((user) => {
          const name = `${user.firstName} ${user.lastName}`;
          return (
            <li
              key={user.userId}
              aria-labelledby={`user-${user.userId}-name`}
              className="flex flex-col rounded-lg border border-gray-300 bg-white p-4"
            >
              <h3
                id={`user-${user.userId}-name`}
                className="text-lg font-semibold text-gray-900 wrap-anywhere"
              >
                {name}
                {user.userId === currentUserId ? (
                  <>
                    {" "}
                    <span className="text-sm font-normal text-gray-700">{t("users.you")}</span>
                  </>
                ) : null}
              </h3>
              <p className="text-gray-800 wrap-anywhere">{user.email}</p>
              {user.admin ? (
                <p className="mt-2 self-start rounded-full border border-blue-800 px-3 py-0.5 text-sm font-semibold text-blue-900">
                  {t("users.admin")}
                </p>
              ) : null}
              {admin ? (
                <div className="mt-4 flex flex-wrap gap-3">
                  <Link
                    id={editLinkId(user.userId)}
                    to={usersHref(pathname, { kind: "edit", userId: user.userId })}
                    state={DIALOG_LINK_STATE}
                    preventScrollReset
                    className={buttonClass("secondary")}
                    aria-label={t("users.editLabel", { name })}
                  >
                    {t("users.edit")}
                  </Link>
                  {user.userId === currentUserId ? null : (
                    <Link
                      id={deleteLinkId(user.userId)}
                      to={usersHref(pathname, { kind: "delete", userId: user.userId })}
                      state={DIALOG_LINK_STATE}
                      preventScrollReset
                      className={buttonClass("secondary")}
                      aria-label={t("users.deleteLabel", { name })}
                    >
                      {t("users.delete")}
                    </Link>
                  )}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
