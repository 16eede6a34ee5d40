/**
 * The app switcher of the group sidebar (spec 01 section 2): the 5 most recently modified apps
 * (links to their group pages) and a link to the app listing. Headless UI's Menu once JavaScript
 * runs (arrow keys, Escape, focus return); before that, and without JavaScript, a
 * <details>/<summary> disclosure with the same links.
 */
import { Menu, MenuButton, MenuHeading, MenuItem, MenuItems, MenuSection, MenuSeparator } from "@headlessui/react";
import { Link, useParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppIcon } from "~/components/apps/AppIcon";
import type { SidebarRecentApp } from "~/components/apps/GroupSidebar";
import { useHydrated } from "~/lib/hydrated";

interface AppSwitcherProps {
  recent: SidebarRecentApp[];
  /** The group shown now: its entry is marked as current. */
  currentAppGroupId?: string;
}

const buttonClass =
  "flex min-h-11 w-full cursor-pointer list-none items-center justify-between gap-2 rounded-md border border-gray-300 bg-white px-3 py-2 text-left text-sm font-semibold text-gray-900 hover:bg-gray-50 [&::-webkit-details-marker]:hidden";
const panelClass = "absolute left-0 z-40 mt-2 w-full min-w-60 rounded-md border border-gray-200 bg-white py-1 shadow-lg";
const itemClass = (active?: boolean) =>
  `flex min-h-11 w-full items-center gap-2 px-3 py-2 text-left text-sm text-gray-900 ${active ? "bg-brand-50" : ""}`;
const headingClass = "px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-gray-700";

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
  const hydrated = useHydrated();
  const groupHref = (id: string) => `/${lang}/apps/group/${id}`;
  const listingHref = `/${lang}/apps`;
  const label = (
    <>
      <span>{t("switcher.button")}</span>
      <Chevron />
    </>
  );

  if (!hydrated) {
    return (
      <details className="relative" data-testid="app-switcher">
        <summary className={buttonClass}>{label}</summary>
        <div className={panelClass}>
          {recent.length > 0 ? (
            <>
              <p className={headingClass}>{t("switcher.recent")}</p>
              <ul>
                {recent.map((app) => (
                  <li key={app.appGroupId}>
                    <a
                      href={groupHref(app.appGroupId)}
                      className={itemClass()}
                      aria-current={app.appGroupId === currentAppGroupId ? "page" : undefined}
                    >
                      <AppEntry app={app} current={app.appGroupId === currentAppGroupId} />
                    </a>
                  </li>
                ))}
              </ul>
              <hr className="my-1 border-gray-200" />
            </>
          ) : null}
          <a href={listingHref} className={itemClass()}>
            {t("switcher.listing")}
          </a>
        </div>
      </details>
    );
  }

  return (
    <Menu as="div" className="relative" data-testid="app-switcher">
      <MenuButton className={buttonClass}>{label}</MenuButton>
      <MenuItems className={`${panelClass} focus:outline-none`}>
        {recent.length > 0 ? (
          <>
            <MenuSection>
              <MenuHeading className={headingClass}>{t("switcher.recent")}</MenuHeading>
              {recent.map((app) => (
                <MenuItem key={app.appGroupId}>
                  {({ focus }) => (
                    <Link
                      to={groupHref(app.appGroupId)}
                      className={itemClass(focus)}
                      aria-current={app.appGroupId === currentAppGroupId ? "page" : undefined}
                    >
                      <AppEntry app={app} current={app.appGroupId === currentAppGroupId} />
                    </Link>
                  )}
                </MenuItem>
              ))}
            </MenuSection>
            <MenuSeparator className="my-1 h-px bg-gray-200" />
          </>
        ) : null}
        <MenuItem>
          {({ focus }) => (
            <Link to={listingHref} className={itemClass(focus)}>
              {t("switcher.listing")}
            </Link>
          )}
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
