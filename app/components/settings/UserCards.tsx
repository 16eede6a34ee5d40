/** The users tab: a card per user of the company with their name, email address and whether they are an admin. */
import { useTranslation } from "react-i18next";
import type { CompanyUser } from "~/api/user/schemas";

export function UserCards({ users, currentUserId }: { users: readonly CompanyUser[]; currentUserId: string }) {
  const { t } = useTranslation("settings");
  return (
    <section aria-labelledby="users-title" className="max-w-3xl">
      <h2 id="users-title" className="mb-4 text-xl font-bold text-gray-900">
        {t("users.title")}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        {users.map((user) => (
          <li key={user.userId} aria-labelledby={`user-${user.userId}-name`} className="rounded-lg border border-gray-300 bg-white p-4">
            <h3 id={`user-${user.userId}-name`} className="text-lg font-semibold text-gray-900 wrap-anywhere">
              {user.firstName} {user.lastName}
              {user.userId === currentUserId ? <> <span className="text-sm font-normal text-gray-700">{t("users.you")}</span></> : null}
            </h3>
            <p className="text-gray-800 wrap-anywhere">{user.email}</p>
            {user.admin ? <p className="mt-2 inline-block rounded-full border border-blue-800 px-3 py-0.5 text-sm font-semibold text-blue-900">{t("users.admin")}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
