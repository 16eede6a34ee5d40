/**
 * The web-area exception URLs (desktop), rows of URL and Internal, with Add row and Remove
 * (conform's list intents: they post and come back without JavaScript).
 */
import {
  type FieldMetadata,
  type Submission,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/Button";
import { DialogFormButtons, useCloseDialog, useModalClose } from "~/components/ui/ConfirmDialog";
import { DialogForm } from "~/components/ui/DialogForm";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { FieldFrame } from "~/components/ui/Field";
import { Modal } from "~/components/ui/Modal";
import { checkForm, type FormRules } from "~/forms/check";
import { EXCEPTIONS_FORM_ID } from "~/forms/platform-settings";
import { useErrorTitle } from "~/lib/error-title";
import { inputClass } from "~/lib/ui-classes";

/** The exceptions form's rows as posted (the action's schema reads them). */
type ExceptionRows = { exceptions: { url?: string; isInternal?: string }[] };

/** The exceptions dialog (`?dialog=exceptions`). */
export function ExceptionsDialog({
  rows,
  closeHref,
  rules = {},
  lastResult,
}: {
  rows: readonly { url: string; isInternal: boolean }[];
  closeHref: string;
  /** What the browser checks (the page's loader derives it from the action's schema). */
  rules?: FormRules;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("platform");
  const close = useCloseDialog(closeHref);
  const { ref, onClose } = useModalClose(close);
  const [form, fields] = useForm<ExceptionRows>({
    id: EXCEPTIONS_FORM_ID,
    lastResult,
    defaultValue: {
      exceptions: rows.map((row) => ({
        url: row.url,
        isInternal: row.isInternal ? "on" : undefined,
      })),
    },
    // Checked again on the next post only: typing would clear the messages of the action, which judges what the rules cannot tell.
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => checkForm(formData, rules) as Submission<ExceptionRows>,
  });
  const list = fields.exceptions.getFieldList();
  const errors = list.flatMap((row) => {
    const url = (row.getFieldset() as { url: FieldMetadata<string> }).url;
    return url.errors?.length ? [{ id: url.id, message: url.errors[0] }] : [];
  });
  useErrorTitle(errors.length > 0);
  return (
    <Modal
      open
      title={t("exceptions.title")}
      onClose={onClose}
      className="w-[min(44rem,calc(100vw-2rem))]"
    >
      <div ref={ref}>
        <p className="mb-4 text-gray-800">{t("exceptions.hint")}</p>
        <ErrorSummary errors={errors} />
      </div>
      <DialogForm form={form} hidden={{ intent: "exceptions" }} className="space-y-4">
        {list.length === 0 ? <p className="text-gray-700">{t("exceptions.none")}</p> : null}
        <ol className="space-y-3">
          {list.map((row, index) => {
            const { url, isInternal } = row.getFieldset() as {
              url: FieldMetadata<string>;
              isInternal: FieldMetadata<string>;
            };
            const error = url.errors?.[0];
            return (
              <li
                key={row.key}
                className="flex flex-wrap items-end gap-3 rounded-md border border-gray-300 p-3"
              >
                <FieldFrame
                  id={url.id}
                  label={t("exceptions.rowUrl", { number: index + 1 })}
                  error={error}
                  className="min-w-48 flex-1"
                >
                  {(aria) => (
                    <input
                      {...aria}
                      name={url.name}
                      type="text"
                      defaultValue={url.initialValue ?? ""}
                      autoComplete="off"
                      className={inputClass(error)}
                    />
                  )}
                </FieldFrame>
                <label
                  htmlFor={isInternal.id}
                  className="flex min-h-11 items-center gap-2 text-gray-900"
                >
                  <input
                    id={isInternal.id}
                    name={isInternal.name}
                    type="checkbox"
                    defaultChecked={isInternal.initialValue === "on"}
                    className="h-5 w-5"
                  />
                  {t("fields.exceptions.isInternal")}
                </label>
                <Button
                  variant="secondary"
                  type="submit"
                  {...form.remove.getButtonProps({ name: fields.exceptions.name, index })}
                  aria-label={t("exceptions.removeRow", { number: index + 1 })}
                >
                  {t("actions.delete")}
                </Button>
              </li>
            );
          })}
        </ol>
        <Button
          variant="secondary"
          type="submit"
          {...form.insert.getButtonProps({
            name: fields.exceptions.name,
            defaultValue: { url: "" },
          })}
        >
          {t("exceptions.addRow")}
        </Button>
        <DialogFormButtons
          closeHref={closeHref}
          onClose={close}
          cancel={t("actions.cancel")}
          submit={t("exceptions.submit")}
        />
      </DialogForm>
    </Modal>
  );
}
