/**
 * The new pre-approval form (`?new=1`): a non-live major version, additional information
 * capped at 3,000 characters with a live count, and supporting PDF documents; posted
 * multipart with `intent=create`.
 */
import {
  getFormProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CountedTextarea } from "~/components/apps/editor/CharacterCount";
import { DialogFormButtons, useCloseDialog } from "~/components/ui/ConfirmDialog";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { FieldFrame, SelectOptions } from "~/components/ui/Field";
import { checkForm, type FormRules } from "~/forms/check";
import { payloadTexts } from "~/forms/payload";
import { checkPreApproval, FILES_FIELD, REVIEW_LIMITS } from "~/forms/review";
import { useErrorTitle } from "~/lib/error-title";
import { useDialogHref } from "~/lib/page-action";
import { inputClass } from "~/lib/ui-classes";
export function NewPreApproval({
  groupName,
  majors,
  rules,
  lastResult,
}: {
  groupName: string;
  majors: { versionMajorId: string; versionMajor: number }[];
  rules: FormRules;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t, i18n } = useTranslation("review");
  const dialog = useDialogHref();
  const close = useCloseDialog(dialog.close);
  const [form, fields] = useForm({
    id: "pre-approval",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      checkForm(
        formData,
        rules,
        (payload) =>
          checkPreApproval(
            t,
            i18n.language,
            payloadTexts(payload, ["versionMajorId", "submissionNotes"]),
            { versionMajorIds: majors.map((m) => m.versionMajorId) },
          ).errors,
      ),
  });
  const filesErrors = (form.allErrors[FILES_FIELD] ?? []) as string[];
  const filesId = `${form.id}-${FILES_FIELD}`;
  const summary = [
    ...(fields.versionMajorId.errors?.length
      ? [{ id: fields.versionMajorId.id, message: fields.versionMajorId.errors[0] }]
      : []),
    ...(fields.submissionNotes.errors?.length
      ? [{ id: fields.submissionNotes.id, message: fields.submissionNotes.errors[0] }]
      : []),
    ...filesErrors.map((message) => ({ id: filesId, message })),
  ];
  useErrorTitle(summary.length > 0);
  const versionError = fields.versionMajorId.errors?.[0];
  return (
    <section
      aria-labelledby="new-title"
      className="mb-10 max-w-2xl rounded-lg border border-gray-300 bg-white p-6"
    >
      <h2 id="new-title" className="mb-4 text-xl font-bold text-gray-900">
        {t("preApproval.form.title", { name: groupName })}
      </h2>
      {majors.length === 0 ? (
        <p className="text-gray-800">{t("preApproval.form.noVersions")}</p>
      ) : (
        <>
          <ErrorSummary errors={summary} />
          <Form
            method="post"
            encType="multipart/form-data"
            replace
            preventScrollReset
            {...getFormProps(form)}
            className="space-y-5"
          >
            <input type="hidden" name="intent" value="create" />
            <FieldFrame
              id={fields.versionMajorId.id}
              label={t("preApproval.fields.versionMajorId")}
              error={versionError}
            >
              {(aria) => (
                <select
                  {...aria}
                  {...getSelectProps(fields.versionMajorId, { ariaAttributes: false })}
                  key={fields.versionMajorId.key}
                  className={inputClass(versionError)}
                >
                  <SelectOptions
                    placeholder={t("preApproval.form.chooseVersion")}
                    choices={majors.map((m) => ({
                      value: m.versionMajorId,
                      label: t("preApproval.versionOption", { version: m.versionMajor }),
                    }))}
                  />
                </select>
              )}
            </FieldFrame>
            <CountedTextarea
              {...getTextareaProps(fields.submissionNotes, { ariaAttributes: false })}
              key={fields.submissionNotes.key}
              label={t("preApproval.fields.submissionNotes")}
              hint={t("preApproval.notesHint", {
                max: new Intl.NumberFormat(i18n.language).format(REVIEW_LIMITS.preApprovalNotesMax),
              })}
              error={fields.submissionNotes.errors?.[0]}
              rows={6}
              // Capped where the rule is (without JavaScript too); the count is of what the cap counts.
              maxLength={REVIEW_LIMITS.preApprovalNotesMax}
              max={REVIEW_LIMITS.preApprovalNotesMax}
              countOf={(value) => value.length}
            />
            <FieldFrame
              id={filesId}
              label={t("preApproval.fields.documents")}
              hint={t("preApproval.documentsHint", { count: REVIEW_LIMITS.documentsMax })}
              error={filesErrors.length ? filesErrors.join(" ") : undefined}
            >
              {(aria) => (
                <input
                  {...aria}
                  type="file"
                  name={FILES_FIELD}
                  multiple
                  accept="application/pdf,.pdf"
                  className={inputClass(filesErrors[0])}
                />
              )}
            </FieldFrame>
            <DialogFormButtons
              closeHref={dialog.close}
              onClose={close}
              cancel={t("preApproval.form.cancel")}
              submit={t("preApproval.form.send")}
            />
          </Form>
        </>
      )}
    </section>
  );
}
