/**
 * The sandbox accounts page's addresses: its tabs (`?tab=staging|live`)
 * and its dialogs (`?dialog=new|import`, `?dialog=configure|delete&id=`).
 */
import { isStagingType } from "~/api/instances/rules";

export const TABS = ["staging", "live"] as const;
export type Tab = (typeof TABS)[number];
export type Sandbox = Tab;

/** The dialogs of the page, addressed by `?dialog=` (configure and delete with `&id=`). */
export const DIALOGS = ["new", "import", "configure", "delete"] as const;
export type Dialog = (typeof DIALOGS)[number];

/** The tab shown: staging first for users with test access, live for everyone else. */
export function tabOf(value: string | null, hasAccessToTest: boolean): Tab {
  if (!hasAccessToTest) return "live";
  return value === "live" ? "live" : "staging";
}

export const tabOfType = (envType: string): Tab => (isStagingType(envType) ? "staging" : "live");

/** The page's address for a tab, with a dialog when given. */
export function pageHref(pathname: string, tab: Tab, dialog?: { dialog: Dialog; id?: string }) {
  const params = new URLSearchParams({ tab });
  if (dialog) {
    params.set("dialog", dialog.dialog);
    if (dialog.id) params.set("id", dialog.id);
  }
  return `${pathname}?${params}`;
}
