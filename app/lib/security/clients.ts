/**
 * The security page's clients as it shows them, and its tabs: Live, and Staging for users
 * with test access (`?tab=staging`).
 */
import type { GrantedRoute } from "~/api/security/schemas";

/** A client of the tab; its secret and private key only on the page after they were issued. */
export interface ClientView {
  id: string;
  isAppLive: boolean;
  publicApiKey: string;
  secret: string | null;
  privateApiKey: string | null;
  routes: GrantedRoute[];
  offlineAccess: boolean;
  redirectUrls: string[];
}

export type Tab = "live" | "staging";
export const tabOf = (value: string | null, hasAccessToTest: boolean): Tab =>
  value === "staging" && hasAccessToTest ? "staging" : "live";

/** The page's URL with the tab and without any dialog. */
export const pageHref = (pathname: string, tab: Tab) =>
  tab === "live" ? pathname : `${pathname}?tab=staging`;
