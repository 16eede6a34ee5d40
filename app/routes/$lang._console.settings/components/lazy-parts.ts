/**
 * The settings tabs and dialogs loaded when shown (~/lib/when-used): the company tab and the
 * bank account form (each a tab of its own, `?tab=company|bank`), and the users tab's dialogs
 * (`&user=new`, `&edit=`, `&delete=`). The server renders each in full, with JavaScript or
 * without; a page that opens on one loads its code before it hydrates.
 */
import { whenUsed } from "~/lib/when-used";

const usersDialog = (search: URLSearchParams) =>
  search.get("tab") === "users" &&
  (search.has("user") || search.has("edit") || search.has("delete"));

/** `?tab=company`: the company's details (texts of `settings` and `auth`, the registration's fields). */
export const CompanyTab = whenUsed(
  "settings-company-tab",
  () => import("./CompanyTab").then((module) => module.CompanyTab),
  {
    namespaces: ["settings", "auth"],
    opensAt: (search) => search.get("tab") === "company",
  },
);

/** `?tab=bank`. */
export const BankForm = whenUsed(
  "settings-bank-form",
  () => import("./BankForm").then((module) => module.BankForm),
  {
    namespaces: ["settings"],
    opensAt: (search) => search.get("tab") === "bank",
  },
);

/** `?tab=users&user=new` and `&edit={userId}`. */
export const UserDialog = whenUsed(
  "settings-user-dialog",
  () => import("./UserDialog").then((module) => module.UserDialog),
  {
    namespaces: ["settings"],
    opensAt: usersDialog,
  },
);

/** `?tab=users&delete={userId}`. */
export const DeleteUserDialog = whenUsed(
  "settings-delete-user-dialog",
  () => import("./UserDialog").then((module) => module.DeleteUserDialog),
  {
    namespaces: ["settings"],
    opensAt: usersDialog,
  },
);
