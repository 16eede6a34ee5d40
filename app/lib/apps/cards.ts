/** What a card of the app list shows; the list's loader shapes the API's list items into it. */
export const CARD_ACTIONS = ["archive", "unarchive", "delete"] as const;
export type CardAction = (typeof CARD_ACTIONS)[number];

export interface AppCardVersion {
  versionId: string;
  versionDisplay: string;
  statusCode: number;
  isLiveSubmissionRejected: boolean;
}

/** What a card shows (the list's loader shapes the API's list items into this). */
export interface AppCardData {
  appGroupId: string;
  name: string;
  iconUrl: string | null;
  countryCode: string;
  /** The country's name, for the badge's tooltip; null when the country is not in the pick list. */
  countryName: string | null;
  platforms: string[];
  appType: number;
  /** 3 hides the marketplace preview; null when not known. */
  appLevel: number | null;
  isArchived: boolean;
  /** ISO date-time and its dd/MM/yyyy form. */
  lastModified: { iso: string; display: string };
  versions: AppCardVersion[];
  /** The card menu's actions; empty when the menu is not shown. */
  actions: CardAction[];
}

/** The id of a card's menu button (the confirmations it opens return focus there). */
export const cardMenuId = (appGroupId: string) => `card-menu-${appGroupId}`;
