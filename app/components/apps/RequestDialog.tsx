/**
 * The request dialog (`?pause={versionId}`): a pause (Live, Beta) or unpause (Paused,
 * BetaPaused) request, with the contact's name, email, phone and the reason.
 */
import { getFormProps, getTextareaProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DialogFormButtons } from "~/components/ui/ConfirmDialog";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { TextareaField } from "~/components/ui/Field";
import { Modal } from "~/components/ui/Modal";
import { payloadTexts } from "~/forms/payload";
import { checkPause, PAUSE_FIELDS } from "~/forms/review";
import type { ReviewVersion } from "./ReviewDialogs";
import { type ReviewFormProps, useReviewForm } from "./useReviewForm";

export function RequestDialog({
  kind,
  version,
  rules,
  lastResult,
}: { kind: "pause" | "unpause"; version: ReviewVersion } & ReviewFormProps) {
  const { t, i18n } = useTranslation("review");
  const {
    pageAction,
    dialog,
    close,
    ref,
    onClose,
    form,
    fields,
    summary,
    introId,
    input: text,
  } = useReviewForm({
    id: `${kind}-${version.versionId}`,
    versionId: version.versionId,
    rules,
    lastResult,
    names: PAUSE_FIELDS,
    check: (payload) => checkPause(t, i18n.language, payloadTexts(payload, PAUSE_FIELDS)).errors,
  });
  const input = (
    name: "name" | "email" | "phone",
    type: "text" | "email" | "tel",
    autoComplete: string,
  ) => text(name, type, autoComplete, t(`pause.fields.${name}`));
  return (
    <Modal
      open
      title={t(`pause.title.${kind}`, { name: version.appName, version: version.versionDisplay })}
      onClose={onClose}
      describedBy={introId}
    >
      <div ref={ref} id={introId} className="mb-4 text-gray-800">
        <p>{t(`pause.intro.${kind}`)}</p>
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
        <input type="hidden" name="intent" value={kind} />
        <input type="hidden" name="versionId" value={version.versionId} />
        {input("name", "text", "name")}
        {input("email", "email", "email")}
        {input("phone", "tel", "tel")}
        <TextareaField
          {...getTextareaProps(fields.reason, { ariaAttributes: false })}
          key={fields.reason.key}
          label={t("pause.fields.reason")}
          error={fields.reason.errors?.[0]}
          rows={4}
        />
        <DialogFormButtons
          closeHref={dialog.close}
          onClose={close}
          cancel={t("pause.cancel")}
          submit={t("pause.send")}
        />
      </Form>
    </Modal>
  );
}
