/** What the group sidebar shows: the group's header and the app switcher's recent apps. */
export interface SidebarGroup {
  appGroupId: string;
  name: string;
  appIcon: string | null;
  isArchived: boolean;
  countryCode: string;
  countryName: string;
  /** Monetisation is enabled for the app's country: the Pricing entry shows. */
  isMonetised: boolean;
}

export interface SidebarRecentApp {
  appGroupId: string;
  name: string;
  appIcon: string | null;
  latestVersionId: string | null;
}

export type GroupPage = "versions" | "approval" | "submissions" | "security" | "pricing";

/** The group area's pages, in the sidebar's order (Pricing only where the country is monetised). */
export const GROUP_PAGES: { key: GroupPage; path: string; label: string; monetised?: boolean }[] = [
  { key: "versions", path: "", label: "sidebar.pages.versions" },
  { key: "approval", path: "approval", label: "sidebar.pages.approval" },
  { key: "submissions", path: "submissions", label: "sidebar.pages.submissions" },
  { key: "security", path: "security", label: "sidebar.pages.security" },
  { key: "pricing", path: "pricing", label: "sidebar.pages.pricing", monetised: true },
];

/** The group page a path shows (the versions page for any other). */
export function groupPageOf(pathname: string): GroupPage {
  const last = pathname.replace(/\/$/, "").split("/").pop();
  return GROUP_PAGES.find((page) => page.path && page.path === last)?.key ?? "versions";
}
