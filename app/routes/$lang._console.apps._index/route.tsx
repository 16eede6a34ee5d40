/**
 * /apps: the company's apps. A New app button; filters by country
 * (several, or all), by archive state (all, current by default, archived) and a sort order,
 * remembered in a cookie (see list-preferences.server.ts); a card per app with its versions,
 * each with its actions menu, and a card menu to archive, unarchive or delete.
 *
 * Dialogs are addressed by the URL, keeping the filters, so the server renders them open:
 * - `?confirm=archive|unarchive|delete&app={appGroupId}`: the confirmation (Yes posts the
 *   intent, No returns to the list);
 * - `?duplicate={versionId}`: the duplicate dialog;
 * - `?submit=`, `?pause=`, `?confirm={action}:{versionId}`: the review dialogs of a version's
 *   menu (ReviewDialogs; the loader reads the submit dialog's data).
 * With JavaScript their links open them without a page load (the loader does not run again
 * for a change of dialog parameters only). The posts go to this page's action (at the page's
 * own address, without Remix's `?index`: usePageAction), which hands them to the shared app
 * actions (~/lib/apps/version-actions.server).
 */
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useParams,
  useSearchParams,
} from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth.server";
import { DuplicateDialog, ReviewDialogs } from "~/components/apps/lazy-dialogs";
import { ErrorDialog } from "~/components/ErrorDialog";
import { Icon } from "~/components/Icon";
import { PageHeader } from "~/components/PageHeader";
import { ButtonLink } from "~/components/ui/Button";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { type AppCardData, CARD_ACTIONS, cardMenuId } from "~/lib/apps/cards";
import { loadSubmitDialog } from "~/lib/apps/submit-dialog.server";
import { versionDialogRules, versionsPageAction } from "~/lib/apps/version-actions.server";
import { withNamespaces } from "~/lib/namespaces";
import { keepPageForDialogs, useDialogHref } from "~/lib/page-action";
import { AppCard } from "./components/AppCard";
import { ListFilters } from "./ListFilters";
import { loadAppList } from "./load.server";

// The dialogs of a version's menu load their own texts with their code.
export const handle = { i18n: ["common", "apps", "appList"] };

/** Client navigations load the page's translations with its data. */
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language } = await requireUser(request, context);
  const [list, submitDialog, rules] = await Promise.all([
    loadAppList(request, context),
    // Only the submit dialog (`?submit={versionId}`) needs it.
    loadSubmitDialog(api, language, new URL(request.url).searchParams.get("submit")),
    versionDialogRules(request, language),
  ]);
  return json({ ...list, submitDialog, rules });
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  versionsPageAction(request, context, { appList: true });

export const shouldRevalidate = keepPageForDialogs;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

type CardList = AppCardData[];

function findVersion(apps: CardList, versionId: string | null) {
  if (!versionId) return undefined;
  for (const app of apps) {
    const version = app.versions.find((v) => v.versionId === versionId);
    if (version) return { app, version };
  }
  return undefined;
}

function findConfirmation(apps: CardList, confirm: string | null, appGroupId: string | null) {
  const action = CARD_ACTIONS.find((a) => a === confirm);
  const app = action
    ? apps.find((a) => a.appGroupId === appGroupId && a.actions.includes(action))
    : undefined;
  return action && app ? { action, app } : undefined;
}

export default function AppsPage() {
  const { filters, clearSearch, countries, total, apps, loadError, submitDialog, rules } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const { lang } = useParams();
  const { t } = useTranslation("appList");
  const dialog = useDialogHref();

  const confirmation = findConfirmation(apps, searchParams.get("confirm"), searchParams.get("app"));
  const duplicate = findVersion(apps, searchParams.get("duplicate"));
  const newApp = (
    <ButtonLink to={`/${lang}/apps/new/details`}>
      <Icon name="plus" />
      {t("newApp")}
    </ButtonLink>
  );

  return (
    <>
      <PageHeader
        title={t("common:pages.apps.title")}
        subtitle={t("common:pages.apps.subtitle")}
        actions={total > 0 ? newApp : undefined}
      />
      {total === 0 ? (
        loadError ? null : (
          <section
            aria-labelledby="apps-empty"
            className="rounded-lg border border-dashed border-gray-400 bg-white p-8 text-center"
          >
            <h2 id="apps-empty" className="text-xl font-bold text-gray-900">
              {t("empty.title")}
            </h2>
            <p className="mx-auto mt-2 max-w-prose text-gray-700">{t("empty.body")}</p>
            <p className="mt-6">{newApp}</p>
          </section>
        )
      ) : (
        <>
          <ListFilters action={location.pathname} values={filters} countries={countries} />
          <p role="status" className="mb-4 text-sm text-gray-700">
            {t("count", { count: apps.length, total })}
          </p>
          {apps.length === 0 ? (
            <section
              aria-labelledby="apps-filtered-empty"
              className="rounded-lg border border-dashed border-gray-400 bg-white p-8 text-center"
            >
              <h2 id="apps-filtered-empty" className="text-xl font-bold text-gray-900">
                {t("empty.filteredTitle")}
              </h2>
              <p className="mx-auto mt-2 max-w-prose text-gray-700">{t("empty.filteredBody")}</p>
              <p className="mt-6">
                <Link
                  to={`${location.pathname}?${clearSearch}`}
                  replace
                  className="font-semibold text-brand-700 underline"
                >
                  {t("filters.clear")}
                </Link>
              </p>
            </section>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {apps.map((app) => (
                <li key={app.appGroupId}>
                  <AppCard app={app} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}

      {confirmation ? (
        <ConfirmDialog
          title={t(`confirm.${confirmation.action}.title`, { name: confirmation.app.name })}
          body={<p>{t(`confirm.${confirmation.action}.body`)}</p>}
          closeHref={dialog.close}
          returnFocusTo={cardMenuId(confirmation.app.appGroupId)}
          danger={confirmation.action === "delete"}
        >
          <input type="hidden" name="intent" value={confirmation.action} />
          <input type="hidden" name="appGroupId" value={confirmation.app.appGroupId} />
        </ConfirmDialog>
      ) : null}
      {duplicate ? (
        <DuplicateDialog
          key={duplicate.version.versionId}
          version={duplicate.version}
          appName={duplicate.app.name}
          countries={countries}
          rules={rules.duplicate}
          lastResult={actionData?.intent === "duplicate" ? actionData.result : undefined}
        />
      ) : null}
      {ReviewDialogs.opensAt(searchParams) ? (
        <ReviewDialogs
          versions={apps.flatMap((app) =>
            app.versions.map((v) => ({
              ...v,
              appName: app.name,
              appGroupId: app.appGroupId,
              isAppArchived: app.isArchived,
            })),
          )}
          submit={submitDialog}
          rules={rules}
          actionData={actionData}
        />
      ) : null}
      <ErrorDialog error={loadError ?? actionData?.apiError} />
    </>
  );
}
