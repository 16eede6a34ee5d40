/**
 * The dialogs of a version's review actions, addressed by the URL
 * of the page that lists the versions (VersionMenu links there), so the server renders them
 * open without JS; with JS each is a modal with a focus trap, closed by Escape or Cancel
 * without a page load, focus back on the version's menu button.
 *
 * - `?submit={versionId}`: submit, submit to live or resubmit (SubmitDialog). An archived
 *   app asks to unarchive first, then the dialog opens again.
 * - `?pause={versionId}`: a pause or unpause request (RequestDialog).
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
import type { SubmissionResult } from "@conform-to/react";
import { useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { type VersionAction, versionActions } from "~/api/apps/status";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import type { FormRules } from "~/forms/check";
import { NEEDS_CURRENT_APP } from "~/forms/review";
import type { SubmitDialogData } from "~/lib/apps/submit-dialog.server";
import { useDialogHref } from "~/lib/page-action";
import { RequestDialog } from "./RequestDialog";
import { SubmitDialog } from "./SubmitDialog";
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
        submit.isArchived ? (
          <UnarchiveFirst
            appName={submit.appName}
            appGroupId={submit.appGroupId}
            versionId={submitId}
            then={`submit:${submitId}`}
          />
        ) : (
          <SubmitDialog
            key={submitId}
            data={submit}
            rules={rules.submit}
            lastResult={failureOf(actionData, ["submit"], submitId)}
          />
        )
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
