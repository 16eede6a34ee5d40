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
