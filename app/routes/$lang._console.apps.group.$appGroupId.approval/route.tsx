/**
 * /apps/group/{appGroupId}/approval: the app's
 * pre-approvals with their statuses (10 pending, 11 rejected, 100 approved), notes, review
 * notes and documents; New pre-approval while none is pending or approved; a pending one can
 * be withdrawn ('pre-approval withdrawn').
 *
 * URLs (the server renders each state, so everything works without JS):
 * - `?new=1`: the form (a non-live major version, additional information capped at 3,000
 *   characters with a live count, supporting PDF documents), or, for an archived app, the
 *   question to unarchive it first (then the form).
 * - `?withdraw={id}`: the confirmation of withdrawing a pending pre-approval.
 * The form posts multipart (`intent=create`): the documents are checked by the contract's
 * document rules, uploaded (`POST files?fileType=0`), then `POST app-approvals`.
 */
import { getFormProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  createPreApproval,
  listPreApprovals,
  withdrawPreApproval,
} from "~/api/approvals/endpoints";
import {
  canCreatePreApproval,
  canWithdrawPreApproval,
  PRE_APPROVAL_STATUS,
  preApprovableMajors,
} from "~/api/approvals/rules";
import { setArchived } from "~/api/apps/endpoints";
import { ApiError } from "~/api/client.server";
import { requireUser } from "~/auth.server";
import { CountedTextarea } from "~/components/apps/editor/CharacterCount";

import { ErrorDialog } from "~/components/ErrorDialog";
import { ButtonLink } from "~/components/ui/Button";
import { ConfirmDialog, DialogFormButtons, useCloseDialog } from "~/components/ui/ConfirmDialog";
import { DetailRow } from "~/components/ui/DetailRow";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { FieldFrame, SelectOptions } from "~/components/ui/Field";
import type { Translate } from "~/forms/app-editor";
import { checkForm, type FormRules } from "~/forms/check";
import { parseForm } from "~/forms/parse.server";
import { payloadTexts } from "~/forms/payload";
import { checkPreApproval, FILES_FIELD, REVIEW_LIMITS, reviewRuleMessage } from "~/forms/review";
import { preApprovalSchema } from "~/forms/review.server";
import { formRules } from "~/forms/rules.server";
import i18next from "~/i18next.server";
import { fetchAppGroup, groupErrorResponse } from "~/lib/apps/group.server";
import { refusalText } from "~/lib/apps/review.server";
import { DIALOG_LINK_STATE } from "~/lib/dialog-link";
import { useErrorTitle } from "~/lib/error-title";
import {
  FormTooLargeError,
  StoppedBeforeFiles,
  type UploadFolder,
  withUploadFolder,
} from "~/lib/multipart.server";
import { withNamespaces } from "~/lib/namespaces";
import { pageSearch, useDialogHref } from "~/lib/page-action";
import { hasFailed, markFailed, pageTitle } from "~/lib/title";
import { inputClass } from "~/lib/ui-classes";
import { formatDate } from "~/routes/$lang._console.apps.group.$appGroupId._index/versions";
import { redirectWithError, redirectWithToast } from "~/session.server";
import {
  documentCodeMessage,
  documentMessages,
  readApprovalForm,
  uploadDocuments,
} from "./documents.server";

// appEditor: the live count of the additional information.
export const handle = { i18n: ["common", "review", "appEditor"] };

export const clientLoader = withNamespaces(handle.i18n);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The group's major versions a pre-approval may name, each by its first version's id. */
function majorChoices(
  versions: readonly { versionMajor: number; versionMajorId: string; statusCode: number }[],
) {
  return preApprovableMajors(versions).map((major) => ({
    versionMajorId: versions.find((v) => v.versionMajor === major)?.versionMajorId ?? "",
    versionMajor: major,
  }));
}

async function load(
  request: Request,
  context: LoaderFunctionArgs["context"],
  appGroupId: string | undefined,
) {
  const { api, language } = await requireUser(request, context);
  const group = await fetchAppGroup(api, appGroupId);
  const approvals = await api
    .call(listPreApprovals, { params: { groupId: group.appGroupId } })
    .catch((error: unknown) => {
      throw groupErrorResponse(error);
    });
  return {
    api,
    language,
    group,
    approvals,
    majors: majorChoices(group.versions).filter((m) => m.versionMajorId),
  };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { group, approvals, majors, language } = await load(request, context, params.appGroupId);
  const t = await i18next.getFixedT(request, ["review", "common"]);
  const canCreate = canCreatePreApproval(approvals);
  return json({
    title: pageTitle(
      t,
      t("review:preApproval.pageTitle", { name: group.name }),
      hasFailed(context),
    ),
    group: {
      appGroupId: group.appGroupId,
      name: group.name,
      isArchived: group.isArchived,
      isPreApprovalRequired: group.isPreApprovalRequired,
    },
    canCreate,
    majors,
    // The form's rules, when the page can show it (`?new=1`).
    rules: canCreate
      ? formRules(
          preApprovalSchema(t, language, { versionMajorIds: majors.map((m) => m.versionMajorId) }),
        )
      : null,
    approvals: approvals.map((p) => ({
      id: p.id,
      version: `${p.versionMajor}`,
      status: p.status,
      canWithdraw: canWithdrawPreApproval(p),
      submitted: formatDate(p.date) ?? "",
      submittedBy: p.submittedBy,
      reviewed: formatDate(p.reviewDate),
      notes: p.submissionNotes,
      reviewNotes: p.reviewNotes?.trim() ? p.reviewNotes : null,
      documents: p.documents.map((d) => d.fileName),
    })),
  });
}

const INTENTS = ["create", "withdraw", "unarchive"] as const;

export async function action({ request, context, params }: ActionFunctionArgs) {
  // The person and the group (the company's) are checked before a byte of the body is read.
  const loaded = await load(request, context, params.appGroupId);
  return withUploadFolder((folder) => act(request, context, loaded, folder));
}

async function act(
  request: Request,
  context: ActionFunctionArgs["context"],
  loaded: Awaited<ReturnType<typeof load>>,
  folder: UploadFolder,
) {
  const { api, language, group, majors } = loaded;
  const url = new URL(request.url);
  const search = pageSearch(url.search);
  search.delete("new");
  search.delete("withdraw");
  const back = `${url.pathname}${search.size ? `?${search}` : ""}`;
  const t = (await i18next.getFixedT(request, ["review", "common"])) as unknown as Translate;
  const schema = preApprovalSchema(t, language, {
    versionMajorIds: majors.map((m) => m.versionMajorId),
  });
  const fail = (formData: FormData, extra: Record<string, string[]>, status = 400) => {
    markFailed(context);
    const submission = parseForm(formData, schema);
    const fieldErrors = {
      ...(submission.status === "error" ? (submission.error as Record<string, string[]>) : {}),
      ...extra,
    };
    return json({ result: submission.reply({ fieldErrors }), apiError: null }, status);
  };
  // Documents come only with a new pre-approval of a version the group may name (the form
  // sends its fields first): any other post is refused before its documents are read.
  const versionRefused = (fields: FormData) => {
    const submission = parseForm(fields, schema);
    return submission.status === "error" && Boolean(submission.error?.versionMajorId);
  };
  let read: Awaited<ReturnType<typeof readApprovalForm>>;
  try {
    read = await readApprovalForm(request, folder, {
      beforeFiles: (fields) => fields.get("intent") === "create" && !versionRefused(fields),
    });
  } catch (error) {
    if (error instanceof StoppedBeforeFiles) {
      if (error.fields.getAll("intent").join() !== "create")
        throw new Response("Unknown intent.", { status: 400 });
      return fail(error.fields, {});
    }
    if (!(error instanceof FormTooLargeError)) throw error;
    // More parts than a form of ten documents has: nothing of it is kept.
    markFailed(context);
    return json(
      {
        result: null,
        apiError: { detail: t("review:documents.errors.formTooLarge"), status: 413 },
      },
      413,
    );
  }
  const { formData, documents } = read;
  const intent = INTENTS.find((name) => name === formData.get("intent"));
  if (!intent || formData.getAll("intent").length !== 1)
    throw new Response("Unknown intent.", { status: 400 });

  if (intent === "unarchive") {
    try {
      await api.call(setArchived, {
        params: { groupId: group.appGroupId },
        query: { flag: "false" },
      });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return redirectWithError(back, refusalText(t, error, "savingData"));
    }
    return redirectWithToast(`${url.pathname}?new=1`, { key: "unarchived" });
  }

  if (intent === "withdraw") {
    const id = formData.get("id");
    if (typeof id !== "string" || !UUID.test(id))
      throw new Response("id must be the id of a pre-approval.", { status: 400 });
    try {
      await api.call(withdrawPreApproval, { params: { id } });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return redirectWithError(
        back,
        error.status === 404
          ? { detail: t("review:errors.unknownPreApproval") }
          : refusalText(t, error, "requestFailed"),
      );
    }
    return redirectWithToast(back, { key: "preApprovalWithdrawn" });
  }

  const submission = parseForm(formData, schema);
  const picked = documentMessages(t, language, documents);
  if (submission.status !== "success" || picked.length > 0)
    return fail(formData, picked.length ? { [FILES_FIELD]: picked } : {});

  const uploaded = await uploadDocuments(api, t, language, documents);
  if (uploaded.messages.length) return fail(formData, { [FILES_FIELD]: uploaded.messages });
  try {
    await api.call(createPreApproval, {
      body: {
        groupId: group.appGroupId,
        versionMajorId: submission.value.versionMajorId,
        submissionNotes: submission.value.submissionNotes,
        documents: uploaded.ids,
      },
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 400 && error.errors) {
      const fieldErrors: Record<string, string[]> = {};
      for (const [path, code] of Object.entries(error.errors)) {
        const field = path.startsWith("documents") ? FILES_FIELD : path;
        const label = t(`review:preApproval.fields.${field === FILES_FIELD ? "documents" : field}`);
        const message =
          documentCodeMessage(t, code, "") ??
          reviewRuleMessage(t, language, code, label, {
            max: REVIEW_LIMITS.preApprovalNotesMax,
            mandatory: true,
          });
        if (message) fieldErrors[field] = [...(fieldErrors[field] ?? []), message];
      }
      if (Object.keys(fieldErrors).length) return fail(formData, fieldErrors);
    }
    return redirectWithError(back, refusalText(t, error, "submission"));
  }
  return redirectWithToast(back, { key: "submittedSuccessfully" });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

const NEW_ID = "new-pre-approval";

function NewPreApproval({ data, rules }: { data: LoaderData; rules: FormRules }) {
  const { t, i18n } = useTranslation("review");
  const actionData = useActionData<typeof action>();
  const dialog = useDialogHref();
  const close = useCloseDialog(dialog.close);
  const [form, fields] = useForm({
    id: "pre-approval",
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
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
            { versionMajorIds: data.majors.map((m) => m.versionMajorId) },
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
        {t("preApproval.form.title", { name: data.group.name })}
      </h2>
      {data.majors.length === 0 ? (
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
                    choices={data.majors.map((m) => ({
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

const STATUS_CLASS: Record<number, string> = {
  [PRE_APPROVAL_STATUS.Pending]: "bg-blue-100 text-blue-900 border-blue-300",
  [PRE_APPROVAL_STATUS.Rejected]: "bg-red-100 text-red-900 border-red-300",
  [PRE_APPROVAL_STATUS.Approved]: "bg-green-100 text-green-900 border-green-300",
};

export default function ApprovalPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("review");
  const [searchParams] = useSearchParams();
  const dialog = useDialogHref();
  const wantsNew = searchParams.get("new") === "1" && data.canCreate;
  const withdraw = data.approvals.find(
    (p) => p.id === searchParams.get("withdraw") && p.canWithdraw,
  );
  return (
    <>
      <header className="mb-6 flex flex-col items-start gap-4">
        <h1 className="text-3xl font-bold text-gray-900 wrap-anywhere">
          {t("preApproval.title", { name: data.group.name })}
        </h1>
        <p className="max-w-prose text-gray-800">{t("preApproval.intro")}</p>
        {data.group.isPreApprovalRequired ? null : (
          <p className="max-w-prose text-gray-800">{t("preApproval.notRequired")}</p>
        )}
        {data.canCreate && !wantsNew ? (
          <ButtonLink
            id={NEW_ID}
            to={dialog.open({ new: "1" })}
            state={DIALOG_LINK_STATE}
            preventScrollReset
          >
            {t("preApproval.new")}
          </ButtonLink>
        ) : null}
      </header>

      {wantsNew && !data.group.isArchived && data.rules ? (
        <NewPreApproval data={data} rules={data.rules} />
      ) : null}

      <section aria-labelledby="list-title">
        <h2 id="list-title" className="mb-3 text-xl font-bold text-gray-900">
          {t("preApproval.list.title")}
        </h2>
        {data.approvals.length === 0 ? (
          <p className="text-gray-700">{t("preApproval.list.empty")}</p>
        ) : (
          <ul className="space-y-3">
            {data.approvals.map((p) => (
              <li key={p.id}>
                <article
                  aria-labelledby={`approval-${p.id}`}
                  className="rounded-lg border border-gray-300 bg-white p-4"
                >
                  <h3
                    id={`approval-${p.id}`}
                    className="mb-2 flex flex-wrap items-center gap-2 text-lg font-bold text-gray-900"
                  >
                    {t("preApproval.versionOption", { version: p.version })}
                    <span
                      className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[p.status] ?? ""}`}
                    >
                      {t(`preApproval.status.${p.status}`)}
                    </span>
                  </h3>
                  <dl className="space-y-1 text-sm">
                    <DetailRow label={t("preApproval.columns.submitted")}>
                      {p.submitted}
                      {p.submittedBy
                        ? ` · ${t("submissions.timeline.by", { name: p.submittedBy })}`
                        : ""}
                    </DetailRow>
                    {p.reviewed ? (
                      <DetailRow label={t("preApproval.columns.reviewed")}>{p.reviewed}</DetailRow>
                    ) : null}
                    <DetailRow label={t("preApproval.notes")}>{p.notes}</DetailRow>
                    {p.reviewNotes ? (
                      <DetailRow label={t("preApproval.reviewNotes")}>{p.reviewNotes}</DetailRow>
                    ) : null}
                    <DetailRow label={t("preApproval.columns.documents")}>
                      {p.documents.length ? p.documents.join(", ") : t("preApproval.noDocuments")}
                    </DetailRow>
                  </dl>
                  {p.canWithdraw ? (
                    <p className="mt-3">
                      <ButtonLink
                        id={`withdraw-${p.id}`}
                        variant="secondary"
                        to={dialog.open({ withdraw: p.id })}
                        state={DIALOG_LINK_STATE}
                        preventScrollReset
                        aria-label={t("preApproval.withdrawLabel", { version: p.version })}
                      >
                        {t("preApproval.withdraw")}
                      </ButtonLink>
                    </p>
                  ) : null}
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>

      {wantsNew && data.group.isArchived ? (
        <ConfirmDialog
          title={t("confirm.unarchiveFirst.title", { name: data.group.name })}
          body={<p>{t("confirm.unarchiveFirst.body")}</p>}
          closeHref={dialog.close}
          returnFocusTo={NEW_ID}
        >
          <input type="hidden" name="intent" value="unarchive" />
        </ConfirmDialog>
      ) : null}
      {withdraw ? (
        <ConfirmDialog
          title={t("preApproval.confirmWithdraw.title", { version: withdraw.version })}
          body={<p>{t("preApproval.confirmWithdraw.body")}</p>}
          closeHref={dialog.close}
          returnFocusTo={`withdraw-${withdraw.id}`}
          danger
        >
          <input type="hidden" name="intent" value="withdraw" />
          <input type="hidden" name="id" value={withdraw.id} />
        </ConfirmDialog>
      ) : null}
      <ErrorDialog
        error={actionData && "apiError" in actionData ? actionData.apiError : undefined}
      />
    </>
  );
}
