/**
 * The app switcher of the group sidebar: the 5 most recently modified apps
 * (links to their group pages, under a heading) and a link to the app listing: the shared
 * MenuButton (a menu once JavaScript runs, a <details> disclosure of the same links before).
 */
import { Link, useParams } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { AppIcon } from "~/components/apps/AppIcon";
import type { SidebarRecentApp } from "~/components/apps/GroupSidebar";
import { MenuButton, MenuList, menuItemClass } from "~/components/ui/Menu";

interface AppSwitcherProps {
  recent: SidebarRecentApp[];
  /** The group shown now: its entry is marked as current. */
  currentAppGroupId?: string;
}

const buttonClass =
  "flex min-h-11 w-full cursor-pointer list-none items-center justify-between gap-2 rounded-md border border-gray-300 bg-white px-3 py-2 text-left text-sm font-semibold text-gray-900 hover:bg-gray-50 [&::-webkit-details-marker]:hidden";
const itemClass = menuItemClass();
const headingClass = "px-4 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-gray-700";

function Chevron() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4 shrink-0">
      <path
        fillRule="evenodd"
        d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

function AppEntry({ app, current }: { app: SidebarRecentApp; current: boolean }) {
  const { t } = useTranslation("appGroup");
  return (
    <>
      <AppIcon url={app.appIcon} name={app.name} size="h-6 w-6" />
      <span className="min-w-0 flex-1 truncate">{app.name}</span>
      {current ? <span className="text-xs text-gray-700">{t("switcher.current")}</span> : null}
    </>
  );
}

export function AppSwitcher({ recent, currentAppGroupId }: AppSwitcherProps) {
  const { t } = useTranslation("appGroup");
  const { lang } = useParams();
  const headingId = useId();
  return (
    <MenuButton
      label={
        <>
          <span>{t("switcher.button")}</span>
          <Chevron />
        </>
      }
      buttonClassName={buttonClass}
      panelClassName="left-0 w-full min-w-60"
      testId="app-switcher"
    >
      {(parts) => (
        <>
          {recent.length > 0 ? (
            <>
              {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: aria-labelledby only with role="group" (both with JavaScript) */}
              <div
                role={parts.hydrated ? "group" : undefined}
                aria-labelledby={parts.hydrated ? headingId : undefined}
              >
                <p {...parts.none} id={headingId} className={headingClass}>
                  {t("switcher.recent")}
                </p>
                <MenuList parts={parts}>
                  {recent.map((app) => (
                    <Link
                      {...parts.item}
                      key={app.appGroupId}
                      to={`/${lang}/apps/group/${app.appGroupId}`}
                      className={itemClass}
                      aria-current={app.appGroupId === currentAppGroupId ? "page" : undefined}
                    >
                      <AppEntry app={app} current={app.appGroupId === currentAppGroupId} />
                    </Link>
                  ))}
                </MenuList>
              </div>
              <hr className="my-1 border-gray-200" />
            </>
          ) : null}
          <Link {...parts.item} to={`/${lang}/apps`} className={itemClass}>
            {t("switcher.listing")}
          </Link>
        </>
      )}
    </MenuButton>
  );
}
