import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PRE_APPROVAL_STATUS } from "~/api/approvals/rules";

import { ErrorDialog } from "~/components/ErrorDialog";
import { ButtonLink } from "~/components/ui/Button";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { DetailRow } from "~/components/ui/DetailRow";
import { DIALOG_LINK_STATE } from "~/lib/dialog-link";
import { withNamespaces } from "~/lib/namespaces";
import { useDialogHref } from "~/lib/page-action";
import { NewPreApproval } from "./components/NewPreApproval";
import { loadApprovalPage } from "./load.server";
import { actOnPreApprovals } from "./pre-approvals.server";

// appEditor: the live count of the additional information.
export const handle = { i18n: ["common", "review", "appEditor"] };

export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return json(await loadApprovalPage(request, context, params.appGroupId));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return actOnPreApprovals(request, context, params.appGroupId);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

const NEW_ID = "new-pre-approval";

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
        <NewPreApproval
          groupName={data.group.name}
          majors={data.majors}
          rules={data.rules}
          lastResult={actionData && "result" in actionData ? actionData.result : undefined}
        />
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
