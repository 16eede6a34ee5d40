/**
 * The submit dialog (`?submit={versionId}`): submit, submit to live or resubmit, as the
 * status allows. The readiness checklist (every missing item linked to where it is fixed,
 * the provider's blockers worded as the spec has them), and the form once nothing is
 * missing: contact name, email, phone, release date (d MMMM yyyy), notes, and the beta box
 * on a first submit.
 */
import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DialogCloseLink, DialogFormButtons } from "~/components/ui/ConfirmDialog";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { InputField, TextareaField } from "~/components/ui/Field";
import { Modal } from "~/components/ui/Modal";
import { payloadTexts } from "~/forms/payload";
import { SUBMIT_FIELDS } from "~/forms/review";
import { checkSubmit } from "~/forms/submit";
import type { SubmitDialogData } from "~/lib/apps/submit-dialog.server";
import { type ReviewFormProps, useReviewForm } from "./useReviewForm";

/** The provider's blockers, as the spec words them, each with the link to where it is fixed. */
const BLOCKER_TEXT = {
  priceRequired: {
    message: "submit.blockers.price",
    link: "submit.blockers.priceLink",
    item: "price",
  },
  preApprovalRequired: {
    message: "submit.blockers.preApproval",
    link: "submit.blockers.preApprovalLink",
    item: "preApproval",
  },
  platformConfigurationRequired: {
    message: "submit.blockers.platform",
    link: "submit.blockers.platformLink",
    item: "platform",
  },
} as const;

function Readiness({ data }: { data: SubmitDialogData }) {
  const { t } = useTranslation("review");
  const missing = data.readiness.filter((entry) => !entry.done);
  return (
    <section aria-labelledby="readiness-title" className="mb-5">
      <h3 id="readiness-title" className="mb-2 text-lg font-bold text-gray-900">
        {t("submit.readiness.title")}
      </h3>
      {data.blockers.length > 0 ? (
        <div
          role="alert"
          className="mb-3 rounded-md border-2 border-red-700 bg-red-50 p-3 text-sm text-red-900"
        >
          <p className="font-bold">{t("submit.blockers.title")}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {data.blockers.map((blocker) => {
              const text = BLOCKER_TEXT[blocker as keyof typeof BLOCKER_TEXT];
              if (!text) return null;
              const href = data.readiness.find((entry) => entry.key === text.item)?.href;
              return (
                <li key={blocker}>
                  {t(text.message)}{" "}
                  {href ? (
                    <Link to={href} className="font-semibold underline">
                      {t(text.link)}
                    </Link>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      <p className="mb-2 text-sm text-gray-800">
        {missing.length === 0 ? t("submit.readiness.ready") : t("submit.readiness.missing")}
      </p>
      <ul className="space-y-1 text-sm">
        {data.readiness.map((entry) => (
          <li key={entry.key} className="flex flex-wrap items-baseline gap-x-2">
            <span
              className={`inline-block min-w-16 rounded px-1.5 text-xs font-bold ${entry.done ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900"}`}
            >
              {t(entry.done ? "submit.readiness.state.done" : "submit.readiness.state.missing")}
            </span>
            <span className="text-gray-900">{t(`submit.readiness.items.${entry.key}`)}</span>
            {/* A blocker above links there already. */}
            {entry.done ||
            Object.values(BLOCKER_TEXT).some(
              (b) =>
                b.item === entry.key &&
                data.blockers.some((code) => BLOCKER_TEXT[code as keyof typeof BLOCKER_TEXT] === b),
            ) ? null : (
              <Link to={entry.href} className="font-semibold text-brand-700 underline">
                {t(`submit.readiness.fix.${entry.key}`)}
              </Link>
            )}
            {entry.fields?.length ? (
              <span className="basis-full pl-18 text-gray-700">
                {t("submit.readiness.listingFields", {
                  fields: entry.fields
                    .map((field) => t(`appEditor:fields.${field}.label`))
                    .join(", "),
                })}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function SubmitDialog({
  data,
  rules,
  lastResult,
}: { data: SubmitDialogData } & ReviewFormProps) {
  const { t, i18n } = useTranslation("review");
  const { version } = data;
  const ready = data.readiness.every((entry) => entry.done) && data.blockers.length === 0;
  const { pageAction, dialog, close, ref, onClose, form, fields, summary, introId, input } =
    useReviewForm({
      id: `submit-${version.versionId}`,
      versionId: version.versionId,
      rules,
      lastResult,
      defaultValue: { ...data.prefill },
      names: SUBMIT_FIELDS,
      check: (payload) =>
        checkSubmit(t, i18n.language, payloadTexts(payload, SUBMIT_FIELDS), {
          today: new Date(),
          allowBeta: data.isBetaOffered,
        }).errors,
    });
  const text = (
    name: "contactName" | "contactEmail" | "contactPhoneNumber",
    type: "text" | "email" | "tel",
    autoComplete: string,
  ) => input(name, type, autoComplete, t(`submit.fields.${name}`));
  return (
    <Modal
      open
      title={t(`submit.title.${data.action}`, {
        name: data.appName,
        version: version.versionDisplay,
      })}
      onClose={onClose}
      describedBy={introId}
    >
      <div ref={ref} id={introId} className="mb-4 text-gray-800">
        <p>{t("submit.intro")}</p>
      </div>
      <Readiness data={data} />
      {ready ? (
        <>
          <ErrorSummary errors={summary} />
          <Form
            method="post"
            action={pageAction}
            replace
            preventScrollReset
            {...getFormProps(form)}
            className="space-y-5"
          >
            <input type="hidden" name="intent" value="submit" />
            <input type="hidden" name="versionId" value={version.versionId} />
            {text("contactName", "text", "name")}
            {text("contactEmail", "email", "email")}
            {text("contactPhoneNumber", "tel", "tel")}
            <InputField
              {...getInputProps(fields.releaseDate, { type: "text", ariaAttributes: false })}
              key={fields.releaseDate.key}
              label={t("submit.fields.releaseDate")}
              hint={t("submit.releaseDateHint", { example: data.prefill.releaseDate })}
              error={fields.releaseDate.errors?.[0]}
              autoComplete="off"
            />
            <TextareaField
              {...getTextareaProps(fields.submissionNotes, { ariaAttributes: false })}
              key={fields.submissionNotes.key}
              label={t("submit.fields.submissionNotes")}
              error={fields.submissionNotes.errors?.[0]}
              rows={4}
            />
            {data.isBetaOffered ? (
              <div className="flex flex-col gap-1">
                <label className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-gray-900">
                  <input
                    {...getInputProps(fields.isBeta, { type: "checkbox", ariaAttributes: false })}
                    key={fields.isBeta.key}
                    aria-describedby={`${fields.isBeta.id}-hint`}
                    className="h-5 w-5 rounded border-gray-500"
                  />
                  {t("submit.fields.isBeta")}
                </label>
                <p id={`${fields.isBeta.id}-hint`} className="text-sm text-gray-600">
                  {t("submit.betaHint")}
                </p>
              </div>
            ) : data.action === "resubmit" ? (
              <p className="text-sm text-gray-800">
                {t(data.isBeta ? "submit.betaKept" : "submit.liveKept")}
              </p>
            ) : null}
            <DialogFormButtons
              closeHref={dialog.close}
              onClose={close}
              cancel={t("submit.cancel")}
              submit={t("submit.send")}
            />
          </Form>
        </>
      ) : (
        <div className="flex justify-end">
          <DialogCloseLink href={dialog.close} onClose={close}>
            {t("submit.cancel")}
          </DialogCloseLink>
        </div>
      )}
    </Modal>
  );
}
