/**
 * Loading an app group for the group area: its versions, submissions and settings pages.
 *
 * USED BY the group layout ($lang._console.apps.group.$appGroupId.tsx), the group's versions
 * page (._index/) and the app version layout ($lang._console.apps.$appVersionId.tsx):
 *
 *   // a loader with the group id
 *   const sidebar = await loadGroupSidebar(api, language, params.appGroupId);
 *   return json({ sidebar, ... });            // then <GroupSidebar {...data.sidebar} />
 *
 *   // a loader that needs the whole group (versions, history, flags) too
 *   const group = await fetchAppGroup(api, params.appGroupId);
 *
 * `loadGroupSidebar` answers `{ group, recent }`, the props of GroupSidebar (see
 * app/components/apps/GroupSidebar.tsx): the group's header (icon, name, Archived, country
 * name) and the 5 most recently modified apps of the company. It makes four calls in
 * parallel: `GET apps/group/{id}`, `GET apps` (the list, newest first: the API has no
 * shorter answer for the switcher; a kept copy up to a minute past its freshness will do),
 * `GET resources/countries` (the country's name) and `GET ping/more` (whether monetisation
 * is on for the country: the Pricing entry); the lookups are usually answered by the HTTP
 * cache. A page that asks the same in the same request is answered from the client's cache
 * of that request. `loadVersionSidebar` (a version's pages) takes the group's header from the
 * app list, and asks for the group only when the list does not have it. Only the group call
 * must succeed:
 *
 * - an unknown group, another company's, or a malformed id (the API answers 404 or 400)
 *   throws a 404 Response, so the route's error boundary shows 'page not found' and nothing
 *   of the group is sent;
 * - any other failure of the group call throws a Response with the API's status and
 *   `{ detail, traceId, fallback: "fetchApp" }` as JSON (see `groupErrorResponse`);
 * - a failed app list gives no recent apps; a failed country list shows the country code;
 *   failed feature flags hide the Pricing entry.
 *
 * `fetchAppGroup` is the group call alone, with the same 404 and error handling.
 */
import { json } from "@remix-run/node";
import { getAppGroup, listApps } from "~/api/apps/endpoints";
import type { AppGroup, AppListItem } from "~/api/apps/schemas";
import { type ApiClient, ApiError } from "~/api/client.server";
import { getPingMore } from "~/api/resources/endpoints";
import { type CountryItem, flagsOf } from "~/api/resources/schemas";
import type { SidebarGroup, SidebarRecentApp } from "~/lib/apps/sidebar";
import { getCountries } from "~/lib/countries.server";

/** How many apps the switcher lists. */
export const RECENT_APPS = 5;

export interface GroupSidebarData {
  group: SidebarGroup;
  recent: SidebarRecentApp[];
}

/** The body of a thrown error Response of the group call (not 404). */
export interface GroupLoadError {
  detail?: string;
  traceId?: string;
  fallback: "fetchApp";
}

/** The Response a failed group call becomes: 404 for anything not found, else the API's status. */
export function groupErrorResponse(error: unknown): Response {
  if (error instanceof ApiError) {
    // 400 is a malformed id: as not found, so a guessed path never learns more.
    if (error.status === 404 || error.status === 400) return groupNotFound();
    const body: GroupLoadError = {
      detail: error.detail,
      traceId: error.traceId,
      fallback: "fetchApp",
    };
    const status = error.status >= 500 ? error.status : 502;
    return json(body, { status });
  }
  throw error;
}

/** A group id as the API takes it (a UUID); anything else is not found without asking. */
export function isGroupId(value: string | undefined): value is string {
  return (
    typeof value === "string" &&
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
  );
}

/** The 404 Response of an unknown group. */
export const groupNotFound = () => new Response(null, { status: 404, statusText: "Not Found" });

/** `GET apps/group/{id}`; throws a 404 Response (unknown, foreign or malformed id) or an error Response. */
export async function fetchAppGroup(
  api: ApiClient,
  appGroupId: string | undefined,
): Promise<AppGroup> {
  if (!isGroupId(appGroupId)) throw groupNotFound();
  try {
    return await api.call(getAppGroup, { params: { groupId: appGroupId } });
  } catch (error) {
    throw groupErrorResponse(error);
  }
}

/** What the sidebar's header needs of a group: the app list's item has it, and so has the group. */
type SidebarSource = Pick<
  AppListItem,
  "appGroupId" | "name" | "appIcon" | "isArchived" | "countryCode"
>;

/** The header of the sidebar from the group and the country list (the code when the name is unknown), and whether it is monetised. */
export function sidebarGroup(
  group: SidebarSource,
  countries: readonly Pick<CountryItem, "code" | "name">[],
  isMonetised = false,
): SidebarGroup {
  const country = countries.find((c) => c.code === group.countryCode);
  return {
    appGroupId: group.appGroupId,
    name: group.name,
    appIcon: group.appIcon?.url ?? null,
    isArchived: group.isArchived,
    countryCode: group.countryCode,
    countryName: country?.name ?? group.countryCode,
    isMonetised,
  };
}

/** The 5 most recently modified apps (by lastModifiedDate, newest first; ties by name). */
export function recentApps(apps: readonly AppListItem[], limit = RECENT_APPS): SidebarRecentApp[] {
  return [...apps]
    .sort(
      (a, b) =>
        b.lastModifiedDate.localeCompare(a.lastModifiedDate) || a.name.localeCompare(b.name),
    )
    .slice(0, limit)
    .map((app) => ({
      appGroupId: app.appGroupId,
      name: app.name,
      appIcon: app.appIcon?.url ?? null,
      latestVersionId: app.versions[0]?.versionId ?? null,
    }));
}

/** What GroupSidebar renders; see the top of this file. */
export async function loadGroupSidebar(
  api: ApiClient,
  language: string,
  appGroupId: string | undefined,
): Promise<GroupSidebarData> {
  const [group, apps, lookups] = await Promise.all([
    fetchAppGroup(api, appGroupId),
    recentList(api),
    sidebarLookups(api, language),
  ]);
  return { group: lookups(group), recent: recentApps(apps) };
}

/**
 * The sidebar of a version's page: the group's header is taken from the app list when it is
 * there (the list has every field the header shows), so that the page asks for no group;
 * otherwise from the group call, with its errors.
 */
export async function loadVersionSidebar(
  api: ApiClient,
  language: string,
  appGroupId: string,
): Promise<GroupSidebarData> {
  const [apps, lookups] = await Promise.all([recentList(api), sidebarLookups(api, language)]);
  const group =
    apps.find((app) => app.appGroupId === appGroupId) ?? (await fetchAppGroup(api, appGroupId));
  return { group: lookups(group), recent: recentApps(apps) };
}

/** How long past its freshness the app list may serve the switcher: a colleague's new app shows within this. */
const RECENT_LIST_MAX_STALE = 60;

/** The app list for the switcher, archived apps too; none when it fails. */
const recentList = (api: ApiClient) =>
  api
    .call(listApps, { query: { archived: "-1" } }, { maxStale: RECENT_LIST_MAX_STALE })
    .catch(() => [] as readonly AppListItem[]);

/** What makes a group the sidebar's header: its country's name and whether it is monetised (failed lookups: the code, no Pricing). */
async function sidebarLookups(
  api: ApiClient,
  language: string,
): Promise<(group: SidebarSource) => SidebarGroup> {
  const [countries, toggles] = await Promise.all([
    getCountries(api, language).catch(() => [] as CountryItem[]),
    api.call(getPingMore).catch(() => ({ countries: {} })),
  ]);
  return (group) =>
    sidebarGroup(
      group,
      countries,
      flagsOf(toggles.countries, group.countryCode)["monetisation-enabled"],
    );
}
