/**
 * /apps/group/{appGroupId}: the versions of an app. Active lists the
 * versions whose status is not Archived, each row a link to its details page with the
 * version's actions menu (VersionMenu: duplicate, preview); History lists the archived
 * versions, filtered by 'show versions that went live'. The app can be archived (when no
 * version is Live) or unarchived, after a Yes/No confirmation.
 *
 * URLs (the server renders each state, so everything works without JS):
 * - `?live=1`: the history shows only the versions that went live. A GET form: a checkbox and
 *   Apply without JS; with JS the checkbox applies on change.
 * - `?confirm=archive|unarchive`: the confirmation (Yes posts `intent` and `appGroupId`).
 * - `?duplicate={versionId}`: the duplicate dialog of an active version.
 * - `?submit=`, `?pause=`, `?confirm={action}:{versionId}`: the review dialogs of an active
 *   version's menu (ReviewDialogs; the loader reads the submit dialog's data).
 * With JS the dialog links open them without a page load (the loaders do not run again for a
 * change of dialog parameters only). Posts go to the group's address (without Remix's
 * `?index`, usePageAction), whose layout route hands them to this page's action and its answer
 * to this page (the Outlet's context); the action hands them to the shared app actions
 * (~/lib/apps/version-actions.server): archive and unarchive come back here with a toast, a
 * duplicate goes to the app list.
 */
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData, useOutletContext, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { CountryItem } from "~/api/resources/schemas";
import { requireUser } from "~/auth.server";
import { DuplicateDialog, ReviewDialogs } from "~/components/apps/lazy-dialogs";
import { ErrorDialog } from "~/components/ErrorDialog";
import { ButtonLink } from "~/components/ui/Button";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import i18next from "~/i18next.server";
import { fetchAppGroup } from "~/lib/apps/group.server";
import { loadSubmitDialog } from "~/lib/apps/submit-dialog.server";
import { versionDialogRules, versionsPageAction } from "~/lib/apps/version-actions.server";
import { getCountries } from "~/lib/countries.server";
import { DIALOG_LINK_STATE } from "~/lib/dialog-link";
import { withNamespaces } from "~/lib/namespaces";
import { keepPageForDialogs, useDialogHref } from "~/lib/page-action";
import { hasFailed, pageTitle, useFailedTitle } from "~/lib/title";
import { ActiveTable, HistoryFilter, HistoryTable } from "./components/VersionTables";
import { activeRows, groupAction, historyRows, showLiveParam } from "./versions";

// The dialogs of a version's menu load their own texts with their code.
export const handle = { i18n: ["common", "apps", "appList", "appGroup"] };

/** Client navigations load the page's translations with its data. */
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, language } = await requireUser(request, context);
  const search = new URL(request.url).searchParams;
  const [group, countries, submitDialog, rules] = await Promise.all([
    fetchAppGroup(api, params.appGroupId),
    // Only the duplicate dialog needs them: without them it offers no country.
    getCountries(api, language).catch(() => [] as CountryItem[]),
    // Only the submit dialog (`?submit={versionId}`) needs it.
    loadSubmitDialog(api, language, search.get("submit")),
    versionDialogRules(request, language),
  ]);
  const showLive = showLiveParam(search);
  const t = await i18next.getFixedT(request, ["appGroup", "common"]);
  return json({
    title: pageTitle(t, t("appGroup:versions.pageTitle", { name: group.name }), hasFailed(context)),
    group: {
      appGroupId: group.appGroupId,
      name: group.name,
      isArchived: group.isArchived,
      appLevel: group.appLevel,
    },
    groupAction: groupAction(group),
    active: activeRows(group),
    history: historyRows(group, showLive),
    historyTotal: group.history.length,
    showLive,
    countries: countries
      .filter((c) => c.code !== "IE")
      .map((c) => ({ code: c.code, name: c.name })),
    submitDialog: submitDialog?.appGroupId === group.appGroupId ? submitDialog : null,
    rules,
  });
}

/** Posts with Remix's `?index`; the page's own forms post to the group's address, whose layout route hands them here (and its answer back). */
export const action = ({ request, context }: ActionFunctionArgs) =>
  versionsPageAction(request, context);
type ActionAnswer = ReturnType<typeof useActionData<typeof action>>;

export const shouldRevalidate = keepPageForDialogs;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

const GROUP_ACTION_ID = "group-action";

export default function AppGroupVersions() {
  const data = useLoaderData<typeof loader>();
  // The answer of a post to this route (`?index`), or to the group's address (handed on by the layout).
  const answer = useActionData<typeof action>();
  const handed = useOutletContext<ActionAnswer | undefined>();
  const actionData = answer ?? handed;
  const { t } = useTranslation("appGroup");
  const [searchParams] = useSearchParams();
  const dialog = useDialogHref();
  const { group, groupAction: kind } = data;
  const pageName = t("versions.pageTitle", { name: group.name });
  useFailedTitle(pageName, Boolean(actionData));

  const confirm = kind && searchParams.get("confirm") === kind ? kind : null;
  const duplicateId = searchParams.get("duplicate");
  const duplicate = duplicateId
    ? data.active.find((row) => row.versionId === duplicateId)
    : undefined;

  return (
    <>
      {/* The action sits under the title. */}
      <header className="mb-6 flex flex-col items-start gap-4">
        <h1 className="text-3xl font-bold text-gray-900 wrap-anywhere">
          {t("versions.title", { name: group.name })}
        </h1>
        {kind ? (
          <ButtonLink
            id={GROUP_ACTION_ID}
            variant="secondary"
            to={dialog.open({ confirm: kind })}
            state={DIALOG_LINK_STATE}
            preventScrollReset
          >
            {t(`group.${kind}`)}
          </ButtonLink>
        ) : null}
      </header>
      {group.isArchived ? (
        <p className="mb-6 rounded-md border border-gray-400 bg-gray-100 p-3 text-sm text-gray-900">
          {t("versions.archivedNotice")}
        </p>
      ) : null}

      <section aria-labelledby="active-title" className="mb-10">
        <h2 id="active-title" className="mb-3 text-xl font-bold text-gray-900">
          {t("versions.active.title")}
        </h2>
        {data.active.length > 0 ? (
          <ActiveTable rows={data.active} appName={group.name} appLevel={group.appLevel} />
        ) : (
          <p className="text-gray-700">{t("versions.active.empty")}</p>
        )}
      </section>

      <section aria-labelledby="history-title">
        <h2 id="history-title" className="mb-3 text-xl font-bold text-gray-900">
          {t("versions.history.title")}
        </h2>
        <HistoryFilter showLive={data.showLive} />
        {data.history.length > 0 ? (
          <HistoryTable rows={data.history} />
        ) : (
          <p className="text-gray-700">
            {t(data.historyTotal > 0 ? "versions.history.emptyLive" : "versions.history.empty")}
          </p>
        )}
      </section>

      {confirm ? (
        <ConfirmDialog
          title={t(`appList:confirm.${confirm}.title`, { name: group.name })}
          body={<p>{t(`appList:confirm.${confirm}.body`)}</p>}
          closeHref={dialog.close}
          returnFocusTo={GROUP_ACTION_ID}
        >
          <input type="hidden" name="intent" value={confirm} />
          <input type="hidden" name="appGroupId" value={group.appGroupId} />
        </ConfirmDialog>
      ) : null}
      {duplicate ? (
        <DuplicateDialog
          key={duplicate.versionId}
          version={{
            versionId: duplicate.versionId,
            versionDisplay: duplicate.version,
          }}
          appName={group.name}
          countries={data.countries}
          rules={data.rules.duplicate}
          lastResult={actionData?.intent === "duplicate" ? actionData.result : undefined}
        />
      ) : null}
      {ReviewDialogs.opensAt(searchParams) ? (
        <ReviewDialogs
          versions={data.active.map((row) => ({
            versionId: row.versionId,
            versionDisplay: row.version,
            statusCode: row.statusCode,
            appName: group.name,
            appGroupId: group.appGroupId,
            isAppArchived: group.isArchived,
          }))}
          submit={data.submitDialog}
          rules={data.rules}
          actionData={actionData}
        />
      ) : null}
      <ErrorDialog error={actionData?.apiError} />
    </>
  );
}
