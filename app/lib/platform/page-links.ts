/**
 * The platform editor page's links and names, shared by the page and its components: the
 * search that opens one of its dialogs and the name an item is shown by.
 */
import type { ActionType, PlatformFunction } from "~/api/schema/schemas";

/** The name an item is shown by: its name, else its text, else its type. */
export function itemName(item: PlatformFunction, typeLabel: (type: ActionType) => string): string {
  return item.name?.trim() || item.label?.trim() || typeLabel(item.actionType);
}

/** The search of a dialog of the page (`dialog=` and its place). */
export function dialogSearch(values: Record<string, string>): string {
  return `?${new URLSearchParams(values)}`;
}
