/**
 * The dialogs of a version's review actions, addressed by the URL
 * of the page that lists the versions (VersionMenu links there), so the server renders them
 * open without JS; with JS each is a modal with a focus trap, closed by Escape or Cancel
 * without a page load, focus back on the version's menu button.
 *
 * - `?submit={versionId}`: submit, submit to live or resubmit, as the status allows. An
 *   archived app asks to unarchive first, then the dialog opens again. Otherwise the
 *   readiness checklist (every missing item linked to where it is fixed, the provider's
 *   blockers worded as the spec has them), and the form once nothing is missing: contact
 *   name, email, phone, release date (d MMMM yyyy), notes, and the beta box on a first submit.
 * - `?pause={versionId}`: a pause (Live, Beta) or unpause (Paused, BetaPaused) request.
 * - `?confirm={action}:{versionId}`: push to live or beta, archive, withdraw, roll back.
 *
 *   <ReviewDialogs versions={rows} submit={data.submitDialog} rules={data.rules} actionData={actionData} />
 *
 * `rules`: the browser's rules of the submit and pause forms, from the page's loader
 * (`versionDialogRules`); the contract's rules run here too, as the action runs them.
 *
 * Each posts to the page's action (`handleAppAction`, which hands the intents to
 * ~/lib/apps/review.server). Texts: the `review` namespace (and `appEditor` for the listing's
 * field names).
 */
import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { Form, Link, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { type VersionAction, versionActions } from "~/api/apps/status";
import {
  ConfirmDialog,
  DialogCloseLink,
  DialogFormButtons,
  useCloseDialog,
  useModalClose,
  useReturnFocus,
} from "~/components/ui/ConfirmDialog";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { InputField, TextareaField } from "~/components/ui/Field";
import { Modal } from "~/components/ui/Modal";
import { checkForm, type FormRules } from "~/forms/check";
import { payloadTexts } from "~/forms/payload";
import { checkPause, NEEDS_CURRENT_APP, PAUSE_FIELDS, SUBMIT_FIELDS } from "~/forms/review";
import { checkSubmit } from "~/forms/submit";
import type { SubmitDialogData } from "~/lib/apps/submit-dialog.server";
import { useErrorTitle } from "~/lib/error-title";
import { useDialogHref, usePageAction } from "~/lib/page-action";
import { versionMenuId } from "./VersionMenu";

/** A version the page lists, with its app. */
export interface ReviewVersion {
  versionId: string;
  versionDisplay: string;
  statusCode: number;
  appName: string;
  appGroupId: string;
  /** The app is archived: an action that needs a current app asks to unarchive it first. */
  isAppArchived?: boolean;
}

/** The browser's rules of the dialogs' forms. */
export interface ReviewDialogRules {
  submit: FormRules;
  pause: FormRules;
}

/** The answer of a failed submit or request (ReviewActionFailure), as the page gets it. */
interface ReviewFailure {
  intent: string;
  versionId?: string;
  result: SubmissionResult<string[]>;
}

const CONFIRMS = [
  "pushToLive",
  "pushToBeta",
  "archive",
  "withdraw",
  "rollbackToBeta",
] as const satisfies readonly VersionAction[];
type Confirm = (typeof CONFIRMS)[number];
const CONFIRM_INTENT: Record<Confirm, string> = {
  pushToLive: "pushToLive",
  pushToBeta: "pushToBeta",
  archive: "archiveVersion",
  withdraw: "withdraw",
  rollbackToBeta: "rollbackToBeta",
};

function failureOf(actionData: unknown, intents: readonly string[], versionId: string) {
  const data = actionData as ReviewFailure | undefined;
  return data && intents.includes(data.intent) && data.versionId === versionId
    ? data.result
    : undefined;
}

export function ReviewDialogs({
  versions,
  submit,
  rules,
  actionData,
}: {
  versions: readonly ReviewVersion[];
  submit: SubmitDialogData | null;
  rules: ReviewDialogRules;
  actionData: unknown;
}) {
  const [searchParams] = useSearchParams();
  const { t } = useTranslation("review");
  const dialog = useDialogHref();
  const find = (id: string | null) => (id ? versions.find((v) => v.versionId === id) : undefined);

  const submitId = searchParams.get("submit");
  const pauseVersion = find(searchParams.get("pause"));
  const pauseKind = pauseVersion
    ? (["pause", "unpause"] as const).find((kind) =>
        versionActions(pauseVersion.statusCode).includes(kind),
      )
    : undefined;

  const [confirmAction, confirmId] = (searchParams.get("confirm") ?? "").split(":");
  const confirmVersion = find(confirmId ?? null);
  const confirm = confirmVersion
    ? CONFIRMS.find(
        (action) =>
          action === confirmAction && versionActions(confirmVersion.statusCode).includes(action),
      )
    : undefined;

  return (
    <>
      {submit && submit.version.versionId === submitId && find(submitId) ? (
        <SubmitDialog
          key={submitId}
          data={submit}
          rules={rules.submit}
          lastResult={failureOf(actionData, ["submit"], submitId)}
        />
      ) : null}
      {pauseVersion && pauseKind === "unpause" && pauseVersion.isAppArchived ? (
        <UnarchiveFirst
          appName={pauseVersion.appName}
          appGroupId={pauseVersion.appGroupId}
          versionId={pauseVersion.versionId}
          then={`pause:${pauseVersion.versionId}`}
        />
      ) : pauseVersion && pauseKind ? (
        <RequestDialog
          key={pauseVersion.versionId}
          kind={pauseKind}
          version={pauseVersion}
          rules={rules.pause}
          lastResult={failureOf(actionData, [pauseKind], pauseVersion.versionId)}
        />
      ) : null}
      {confirmVersion &&
      confirm &&
      confirmVersion.isAppArchived &&
      (NEEDS_CURRENT_APP as readonly string[]).includes(confirm) ? (
        <UnarchiveFirst
          appName={confirmVersion.appName}
          appGroupId={confirmVersion.appGroupId}
          versionId={confirmVersion.versionId}
          then={`confirm:${confirm}:${confirmVersion.versionId}`}
        />
      ) : confirmVersion && confirm ? (
        <ConfirmDialog
          title={t(`confirm.${confirm}.title`, {
            name: confirmVersion.appName,
            version: confirmVersion.versionDisplay,
          })}
          body={<p>{t(`confirm.${confirm}.body`)}</p>}
          closeHref={dialog.close}
          returnFocusTo={versionMenuId(confirmVersion.versionId)}
          danger={confirm === "archive"}
        >
          <input type="hidden" name="intent" value={CONFIRM_INTENT[confirm]} />
          <input type="hidden" name="versionId" value={confirmVersion.versionId} />
        </ConfirmDialog>
      ) : null}
    </>
  );
}

// ---------------------------------------------------------------------------
// Submit
// ---------------------------------------------------------------------------

/**
 * The question before an action that needs a current app, on an archived one: Yes unarchives
 * it (`intent=unarchiveFirst`) and opens the interrupted dialog again (`then`, see
 * unarchiveThen in ~/lib/apps/review.server).
 */
function UnarchiveFirst({
  appName,
  appGroupId,
  versionId,
  then,
}: {
  appName: string;
  appGroupId: string;
  versionId: string;
  then: string;
}) {
  const { t } = useTranslation("review");
  const dialog = useDialogHref();
  return (
    <ConfirmDialog
      title={t("confirm.unarchiveFirst.title", { name: appName })}
      body={<p>{t("confirm.unarchiveFirst.body")}</p>}
      closeHref={dialog.close}
      returnFocusTo={versionMenuId(versionId)}
    >
      <input type="hidden" name="intent" value="unarchiveFirst" />
      <input type="hidden" name="appGroupId" value={appGroupId} />
      <input type="hidden" name="then" value={then} />
    </ConfirmDialog>
  );
}

interface FormProps {
  rules: FormRules;
  lastResult?: SubmissionResult<string[]>;
}

function SubmitDialog({ data, rules, lastResult }: { data: SubmitDialogData } & FormProps) {
  const { version } = data;
  if (data.isArchived)
    return (
      <UnarchiveFirst
        appName={data.appName}
        appGroupId={data.appGroupId}
        versionId={version.versionId}
        then={`submit:${version.versionId}`}
      />
    );
  return <SubmitForm data={data} rules={rules} lastResult={lastResult} />;
}

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

function SubmitForm({ data, rules, lastResult }: { data: SubmitDialogData } & FormProps) {
  const { t, i18n } = useTranslation("review");
  const pageAction = usePageAction();
  const dialog = useDialogHref();
  const close = useCloseDialog(dialog.close);
  const { ref, onClose } = useModalClose(close);
  const { version } = data;
  useReturnFocus(versionMenuId(version.versionId));
  const ready = data.readiness.every((entry) => entry.done) && data.blockers.length === 0;
  const [form, fields] = useForm({
    id: `submit-${version.versionId}`,
    lastResult,
    defaultValue: { ...data.prefill },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      checkForm(
        formData,
        rules,
        (payload) =>
          checkSubmit(t, i18n.language, payloadTexts(payload, SUBMIT_FIELDS), {
            today: new Date(),
            allowBeta: data.isBetaOffered,
          }).errors,
      ),
  });
  const summary = SUBMIT_FIELDS.flatMap((name) => {
    const message = fields[name].errors?.[0];
    return message ? [{ id: fields[name].id, message }] : [];
  });
  useErrorTitle(summary.length > 0);
  const introId = `${form.id}-intro`;
  const text = (
    name: "contactName" | "contactEmail" | "contactPhoneNumber",
    type: "text" | "email" | "tel",
    autoComplete: string,
  ) => (
    <InputField
      {...getInputProps(fields[name], { type, ariaAttributes: false })}
      key={fields[name].key}
      label={t(`submit.fields.${name}`)}
      error={fields[name].errors?.[0]}
      autoComplete={autoComplete}
    />
  );
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

// ---------------------------------------------------------------------------
// Pause or unpause request
// ---------------------------------------------------------------------------

function RequestDialog({
  kind,
  version,
  rules,
  lastResult,
}: { kind: "pause" | "unpause"; version: ReviewVersion } & FormProps) {
  const pageAction = usePageAction();
  const { t, i18n } = useTranslation("review");
  const dialog = useDialogHref();
  const close = useCloseDialog(dialog.close);
  const { ref, onClose } = useModalClose(close);
  useReturnFocus(versionMenuId(version.versionId));
  const [form, fields] = useForm({
    id: `${kind}-${version.versionId}`,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      checkForm(
        formData,
        rules,
        (payload) => checkPause(t, i18n.language, payloadTexts(payload, PAUSE_FIELDS)).errors,
      ),
  });
  const summary = PAUSE_FIELDS.flatMap((name) => {
    const message = fields[name].errors?.[0];
    return message ? [{ id: fields[name].id, message }] : [];
  });
  useErrorTitle(summary.length > 0);
  const introId = `${form.id}-intro`;
  const input = (
    name: "name" | "email" | "phone",
    type: "text" | "email" | "tel",
    autoComplete: string,
  ) => (
    <InputField
      {...getInputProps(fields[name], { type, ariaAttributes: false })}
      key={fields[name].key}
      label={t(`pause.fields.${name}`)}
      error={fields[name].errors?.[0]}
      autoComplete={autoComplete}
    />
  );
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
