/**
 * The duplicate dialog: a new name and a country, both required;
 * the copy may go to another country, without matter types and regional info.
 *
 * URL-addressed: the page renders it when `?duplicate={versionId}` names one of its versions
 * (VersionMenu links there), so the server renders it open without JS. It posts
 * `intent=duplicate`, `versionId`, `appName`, `countryCode` to the page's action, which hands
 * them to `handleAppAction` (~/lib/apps/version-actions.server); a failure comes back as
 * `actionData` and re-renders the dialog with what was typed and the messages.
 *
 *   <DuplicateDialog version={{ versionId, versionDisplay }} appName={name} countries={countries}
 *     rules={data.rules.duplicate} lastResult={actionData?.result} />
 *
 * `rules`: the browser's rules of the form, from the page's loader (`versionDialogRules`); the
 * contract's rules (`validateDuplicate`) run here too, as the action runs them.
 *
 * The new name is never cut: one over the limit of an app's name is refused with the message
 * the details form gives (~/forms/duplicate-app).
 *
 * Texts: the `appList` and `appEditor` namespaces (load them in the page's `handle.i18n`).
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
import {
  DialogFormButtons,
  useCloseDialog,
  useModalClose,
  useReturnFocus,
} from "~/components/ui/ConfirmDialog";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { FieldFrame, InputField, SelectOptions } from "~/components/ui/Field";
import { Modal } from "~/components/ui/Modal";
import { checkForm, type FormRules } from "~/forms/check";
import { DUPLICATE_FIELDS, duplicateMessages } from "~/forms/duplicate-app";
import { payloadTexts } from "~/forms/payload";
import { useErrorTitle } from "~/lib/error-title";
import { useDialogHref, usePageAction } from "~/lib/page-action";
import { inputClass } from "~/lib/ui-classes";
import { versionMenuId } from "./VersionMenu";

export interface DuplicateDialogProps {
  version: { versionId: string; versionDisplay: string };
  appName: string;
  countries: { code: string; name: string }[];
  /** The browser's rules of the form (the page's loader sends them). */
  rules: FormRules;
  /** `result` of the action's answer after a failed post. */
  lastResult?: SubmissionResult<string[]> | null;
}

export function DuplicateDialog({
  version,
  appName,
  countries,
  rules,
  lastResult,
}: DuplicateDialogProps) {
  const { t, i18n } = useTranslation("appList");
  const dialog = useDialogHref();
  const close = useCloseDialog(dialog.close);
  const { ref, onClose } = useModalClose(close);
  useReturnFocus(versionMenuId(version.versionId));
  const pageAction = usePageAction();
  const [form, fields] = useForm({
    id: `duplicate-${version.versionId}`,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      checkForm(formData, rules, (payload) =>
        duplicateMessages(t, i18n.language, payloadTexts(payload, DUPLICATE_FIELDS)),
      ),
  });
  const nameError = fields.appName.errors?.[0];
  const countryError = fields.countryCode.errors?.[0];
  const summary = [
    ...(nameError ? [{ id: fields.appName.id, message: nameError }] : []),
    ...(countryError ? [{ id: fields.countryCode.id, message: countryError }] : []),
  ];
  useErrorTitle(summary.length > 0);
  const introId = `${form.id}-intro`;
  return (
    <Modal
      open
      title={t("duplicate.title", { name: appName, version: version.versionDisplay })}
      onClose={onClose}
      describedBy={introId}
    >
      <div ref={ref} id={introId} className="mb-4 text-gray-800">
        <p>{t("duplicate.intro")}</p>
      </div>
      <ErrorSummary errors={summary} />
      <Form
        method="post"
        action={pageAction}
        replace
        preventScrollReset
        {...getFormProps(form)}
        className="space-y-5"
      >
        <input type="hidden" name="intent" value="duplicate" />
        <input type="hidden" name="versionId" value={version.versionId} />
        <InputField
          {...getInputProps(fields.appName, { type: "text", ariaAttributes: false })}
          key={fields.appName.key}
          label={t("duplicate.appName")}
          error={nameError}
          autoComplete="off"
        />
        <FieldFrame id={fields.countryCode.id} label={t("duplicate.country")} error={countryError}>
          {(aria) => (
            <select
              {...aria}
              {...getSelectProps(fields.countryCode, { ariaAttributes: false })}
              key={fields.countryCode.key}
              className={inputClass(countryError)}
            >
              <SelectOptions
                placeholder={t("duplicate.chooseCountry")}
                choices={countries.map((country) => ({ value: country.code, label: country.name }))}
              />
            </select>
          )}
        </FieldFrame>
        <DialogFormButtons
          closeHref={dialog.close}
          onClose={close}
          cancel={t("duplicate.cancel")}
          submit={t("duplicate.submit")}
        />
      </Form>
    </Modal>
  );
}
