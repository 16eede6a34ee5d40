/**
 * An app of the app list: icon, name (a link to the app group page that
 * covers the card), country code badge, platform icons, Archived chip, the versions with their
 * status badges and actions menus, the last-updated date, and the card menu (archive or
 * unarchive, delete) when the rules allow it (`showCardMenu`, `canArchive`, `canDelete`).
 *
 * The card menu's entries open a confirmation addressed by the URL of the page:
 * `?confirm=archive|unarchive|delete&app={appGroupId}` (the page renders <ConfirmDialog>).
 */
import { Link, useParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppIcon } from "~/components/apps/AppIcon";
import { ArchivedChip, StatusBadge } from "~/components/apps/StatusBadge";
import { ActionMenu, type ActionMenuItem, VersionMenu } from "~/components/apps/VersionMenu";
import { type AppCardData, cardMenuId } from "~/lib/apps/cards";
import { useDialogHref } from "~/lib/page-action";
import { PlatformIcons } from "./PlatformIcons";

export function AppCard({ app }: { app: AppCardData }) {
  const { t } = useTranslation("appList");
  const { lang } = useParams();
  const dialog = useDialogHref();
  const titleId = `app-${app.appGroupId}`;
  const menu: ActionMenuItem[] = app.actions.map((action) => ({
    key: action,
    label: t(`cardMenu.${action}`),
    to: dialog.open({ confirm: action, app: app.appGroupId }),
    danger: action === "delete",
  }));
  return (
    <article
      aria-labelledby={titleId}
      className="relative flex h-full flex-col gap-3 rounded-lg border border-gray-300 bg-white p-4 shadow-sm focus-within:border-brand-600 hover:border-brand-600"
    >
      <div className="flex items-start gap-3">
        <AppIcon url={app.iconUrl} name={app.name} />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-lg wrap-anywhere font-bold leading-snug text-gray-900">
            <Link
              to={`/${lang}/apps/group/${app.appGroupId}`}
              className="rounded-sm after:absolute after:inset-0 after:rounded-lg after:content-[''] hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              {app.name}
            </Link>
          </h2>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <span
              title={app.countryName ?? undefined}
              className="inline-flex items-center rounded border border-gray-500 px-1.5 py-0.5 text-xs font-semibold text-gray-900"
            >
              <span className="sr-only">{t("card.country")} </span>
              {app.countryCode}
            </span>
            {app.isArchived ? <ArchivedChip /> : null}
            <PlatformIcons platforms={app.platforms} appType={app.appType} />
          </div>
        </div>
        {menu.length > 0 ? (
          <ActionMenu
            id={cardMenuId(app.appGroupId)}
            label={t("card.menu", { name: app.name })}
            items={menu}
          />
        ) : null}
      </div>
      {app.versions.length > 0 ? (
        <ul
          aria-label={t("card.versions")}
          className="divide-y divide-gray-200 border-y border-gray-200"
        >
          {app.versions.map((version) => (
            <li key={version.versionId} className="flex items-center gap-2 py-1">
              <span className="text-sm font-semibold text-gray-900">
                {t("card.version", { version: version.versionDisplay })}
              </span>
              <span className="flex-1">
                <StatusBadge
                  statusCode={version.statusCode}
                  liveSubmissionRejected={version.isLiveSubmissionRejected}
                />
              </span>
              <VersionMenu version={version} appName={app.name} appLevel={app.appLevel} />
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-auto text-sm text-gray-700">
        {t("card.lastUpdated")}{" "}
        <time dateTime={app.lastModified.iso}>{app.lastModified.display}</time>
      </p>
    </article>
  );
}
