/**
 * The user dialogs of the users tab (3 User, 5.6 and 6), addressed by
 * its URL and rendered open by the server, modal with JavaScript:
 *
 * - New user and Edit user: title, first and last name, email address, password and its
 *   confirmation (a change keeps the password when none is given), admin. The form saves only
 *   when it is valid (~/forms/settings-user.server.ts); a refused save keeps what was typed but the passwords.
 * - Delete user: a confirmation; for the signed-in user, the reason they cannot.
 */
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { USER_TITLES } from "~/api/registration/rules";
import type { CompanyUser } from "~/api/user/schemas";
import { CheckboxRow } from "~/components/ui/CheckboxRow";
import {
  ConfirmDialog,
  DialogCloseLink,
  DialogFormButtons,
  useCloseDialog,
  useModalClose,
  useReturnFocus,
} from "~/components/ui/ConfirmDialog";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { FieldFrame } from "~/components/ui/Field";
import { Modal } from "~/components/ui/Modal";
import { checkForm, type FormRules } from "~/forms/check";
import { USER_FIELDS, type UserDialogMode, userConfirmationError } from "~/forms/settings-user";
import { useErrorTitle } from "~/lib/error-title";
import { inputClass } from "~/lib/ui-classes";
import { deleteLinkId, editLinkId, NEW_USER_BUTTON_ID } from "./UserCards";

interface UserDialogProps {
  mode: UserDialogMode;
  /** The user changed (edit). */
  user?: CompanyUser;
  /** The browser's rules of the form (the page's loader derives them from the action's schema). */
  rules: FormRules;
  lastResult?: SubmissionResult<string[]>;
  closeHref: string;
}

export function UserDialog({ mode, user, rules, lastResult, closeHref }: UserDialogProps) {
  const { t } = useTranslation("settings");
  const close = useCloseDialog(closeHref);
  const { ref, onClose } = useModalClose(close);
  useReturnFocus(user ? editLinkId(user.userId) : NEW_USER_BUTTON_ID);
  const [form, fields] = useForm({
    id: mode === "new" ? "new-user" : `edit-user-${user?.userId}`,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: user
      ? {
          title: user.title,
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          admin: user.admin ? "on" : undefined,
        }
      : undefined,
    onValidate: ({ formData }) =>
      checkForm(formData, rules, (payload) => ({
        confirmPassword: userConfirmationError(t, payload),
      })),
  });
  const errorOf = (name: (typeof USER_FIELDS)[number]) => fields[name].errors?.[0];
  const summary = USER_FIELDS.flatMap((name) => {
    const message = errorOf(name);
    return message ? [{ id: fields[name].id, message }] : [];
  });
  useErrorTitle(summary.length > 0);
  const text = (
    name: "firstName" | "lastName" | "email" | "password" | "confirmPassword",
    type: "text" | "email" | "password",
    autoComplete: string,
    hint?: string,
  ) => {
    const error = errorOf(name);
    return (
      <FieldFrame
        id={fields[name].id}
        label={t(`userDialog.fields.${name}`)}
        hint={hint}
        error={error}
      >
        {(aria) => (
          <input
            {...aria}
            {...getInputProps(fields[name], { type, ariaAttributes: false })}
            key={fields[name].key}
            autoComplete={autoComplete}
            className={inputClass(error)}
          />
        )}
      </FieldFrame>
    );
  };
  const titleError = errorOf("title");
  const adminError = errorOf("admin");
  return (
    <Modal
      open
      title={t(mode === "new" ? "userDialog.newTitle" : "userDialog.editTitle")}
      onClose={onClose}
    >
      <div ref={ref}>
        <ErrorSummary errors={summary} />
        <Form
          method="post"
          replace
          preventScrollReset
          {...getFormProps(form)}
          className="space-y-5"
        >
          <input type="hidden" name="intent" value={mode === "new" ? "user-new" : "user-edit"} />
          {user ? <input type="hidden" name="userId" value={user.userId} /> : null}
          <FieldFrame id={fields.title.id} label={t("userDialog.fields.title")} error={titleError}>
            {(aria) => (
              <select
                {...aria}
                {...getSelectProps(fields.title, { ariaAttributes: false })}
                key={fields.title.key}
                className={inputClass(titleError)}
              >
                <option value="">{t("userDialog.chooseTitle")}</option>
                {USER_TITLES.map((title) => (
                  <option key={title} value={title}>
                    {t(`userDialog.titles.${title}`)}
                  </option>
                ))}
              </select>
            )}
          </FieldFrame>
          {text("firstName", "text", "off")}
          {text("lastName", "text", "off")}
          {text("email", "email", "off")}
          {text(
            "password",
            "password",
            "new-password",
            t(mode === "new" ? "userDialog.passwordHint" : "userDialog.passwordKeepHint"),
          )}
          {text("confirmPassword", "password", "new-password")}
          <div className="flex flex-col gap-1">
            {adminError ? (
              <p id={`${fields.admin.id}-error`} className="text-sm font-semibold text-red-700">
                {adminError}
              </p>
            ) : null}
            <CheckboxRow
              key={fields.admin.key}
              input={getInputProps(fields.admin, { type: "checkbox", ariaAttributes: false })}
              invalid={Boolean(adminError)}
              errorId={adminError ? `${fields.admin.id}-error` : null}
              className="mt-0.5 h-6 w-6"
              labelClassName="block font-semibold text-gray-900"
              label={t("userDialog.fields.admin")}
              hint={t("userDialog.adminHint")}
            />
          </div>
          <DialogFormButtons
            closeHref={closeHref}
            onClose={close}
            cancel={t("userDialog.cancel")}
            submit={t(mode === "new" ? "userDialog.create" : "userDialog.save")}
          />
        </Form>
      </div>
    </Modal>
  );
}

/** Delete user: a confirmation, or for the signed-in user the reason they cannot delete themself. */
export function DeleteUserDialog({
  user,
  self,
  closeHref,
}: {
  user: CompanyUser;
  self: boolean;
  closeHref: string;
}) {
  const { t } = useTranslation("settings");
  const name = `${user.firstName} ${user.lastName}`;
  if (self)
    return <CannotDeleteSelf closeHref={closeHref} returnFocusTo={editLinkId(user.userId)} />;
  return (
    <ConfirmDialog
      title={t("users.deleteTitle")}
      body={<p className="wrap-anywhere">{t("users.deleteBody", { name, email: user.email })}</p>}
      closeHref={closeHref}
      returnFocusTo={deleteLinkId(user.userId)}
      danger
    >
      <input type="hidden" name="intent" value="user-delete" />
      <input type="hidden" name="userId" value={user.userId} />
    </ConfirmDialog>
  );
}

function CannotDeleteSelf({
  closeHref,
  returnFocusTo,
}: {
  closeHref: string;
  returnFocusTo: string;
}) {
  const { t } = useTranslation("settings");
  const close = useCloseDialog(closeHref);
  const { ref, onClose } = useModalClose(close);
  useReturnFocus(returnFocusTo);
  return (
    <Modal
      open
      alert
      title={t("users.deleteTitle")}
      onClose={onClose}
      describedBy="cannot-delete-self"
    >
      <div ref={ref}>
        <p id="cannot-delete-self">{t("errors.cannotDeleteSelf")}</p>
        <div className="mt-6 flex justify-end">
          <DialogCloseLink href={closeHref} onClose={close}>
            {t("users.close")}
          </DialogCloseLink>
        </div>
      </div>
    </Modal>
  );
}
