/**
 * The app group sidebar: header with the app's icon, name, Archived chip and
 * country name; the app switcher (5 most recently modified apps + a link to the app listing);
 * the navigation of the group pages that exist (Versions, Pre-approval, Submissions, Security,
 * and Pricing only where monetisation is enabled for the app's country).
 *
 * STABLE INTERFACE — used by the group layout ($lang._console.apps.group.$appGroupId.tsx) and
 * by the app version layout ($lang._console.apps.$appVersionId.tsx):
 *
 *   <GroupSidebar group={…} recent={…} current="versions" />
 *
 *   group:   { appGroupId: string; name: string; appIcon: string | null; isArchived: boolean;
 *              countryCode: string; countryName: string; isMonetised: boolean }
 *   recent:  { appGroupId: string; name: string; appIcon: string | null; latestVersionId: string | null }[]
 *            (the 5 most recently modified apps, newest first, archived ones too; may include
 *            the current one; latestVersionId is the newest active version, null when none)
 *   current: "versions", "approval", "submissions", "security" or "pricing" (the highlighted
 *            nav entry; `groupPageOf(pathname)` tells it from a path).
 *            Optional, none by default. The entry whose address is the
 *            current page also gets aria-current="page" (so a version page may highlight
 *            "versions" without claiming to be that page).
 *
 * From the lg breakpoint (1280 px) it is a column beside the page. Narrower it sits above the
 * page, and only its header shows, with an 'App menu' button (the <summary> of a <details>,
 * with JavaScript and without) that shows the switcher and the pages below it (the
 * `folded-group` rule of tailwind.css), as the main navigation folds under its Menu button:
 * the page starts right below the header. Following a page of the menu folds it again.
 *
 * Load both objects with `loadGroupSidebar(api, appGroupId)` from ~/lib/apps/group.server
 * (it throws a 404 Response for an unknown or foreign group) and spread them:
 * `<GroupSidebar {...data.sidebar} />`. Add "appGroup" and "apps" to the route's
 * `handle.i18n` (its texts are all there). Links carry the current `$lang` param.
 */
import { Link, useLocation, useParams } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { AppIcon } from "~/components/apps/AppIcon";
import { AppSwitcher } from "~/components/apps/AppSwitcher";
import { ArchivedChip } from "~/components/apps/StatusBadge";
import type { SidebarGroup, SidebarRecentApp } from "~/lib/apps/sidebar";
import { GROUP_PAGES, type GroupPage } from "~/lib/apps/sidebar";

export type { SidebarGroup, SidebarRecentApp };

export interface GroupSidebarProps {
  group: SidebarGroup;
  recent: SidebarRecentApp[];
  current?: GroupPage;
}

/** The disclosure of the folded menu (its open state shows the panel below lg) and the panel. */
const MENU_ID = "group-menu";
const PANEL_ID = "group-menu-panel";

export function GroupSidebar({ group, recent, current }: GroupSidebarProps) {
  const { t } = useTranslation("appGroup");
  const { lang } = useParams();
  const { pathname } = useLocation();
  const base = `/${lang}/apps/group/${group.appGroupId}`;
  const menu = useRef<HTMLDetailsElement>(null);
  // Another page (with JavaScript the sidebar stays): the folded menu folds again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs at each new pathname
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);
  return (
    <aside
      aria-label={t("sidebar.label", { name: group.name })}
      className="flex w-full shrink-0 flex-col gap-4 lg:w-64"
    >
      <div className="flex items-start gap-3">
        <AppIcon url={group.appIcon} name={group.name} />
        <div className="min-w-0 flex-1">
          <p className="font-bold text-gray-900 wrap-anywhere">{group.name}</p>
          {group.countryName ? <p className="text-sm text-gray-700">{group.countryName}</p> : null}
          {group.isArchived ? (
            <p className="mt-1">
              <ArchivedChip />
            </p>
          ) : null}
        </div>
        <details id={MENU_ID} ref={menu} className="shrink-0 lg:hidden">
          <summary
            aria-controls={PANEL_ID}
            className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-md border border-gray-400 bg-white px-3 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-100 [&::-webkit-details-marker]:hidden"
          >
            {t("sidebar.menu")}
          </summary>
        </details>
      </div>
      <div id={PANEL_ID} className="folded-group flex flex-col gap-4">
        <AppSwitcher recent={recent} currentAppGroupId={group.appGroupId} />
        <nav aria-label={t("sidebar.navigation")}>
          <ul className="flex flex-col gap-1">
            {GROUP_PAGES.filter((page) => !page.monetised || group.isMonetised).map((page) => {
              const to = page.path ? `${base}/${page.path}` : base;
              return (
                <li key={page.key}>
                  <Link
                    to={to}
                    aria-current={pathname.replace(/\/$/, "") === to ? "page" : undefined}
                    className={`flex min-h-11 items-center rounded-md px-3 py-2 text-sm font-semibold ${
                      current === page.key
                        ? "bg-brand-600 text-white"
                        : "text-gray-900 hover:bg-gray-100"
                    }`}
                  >
                    {t(page.label)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
    </aside>
  );
}
