/**
 * Window type and fullscreen: `windowClears(view, next)` says what a change of a view's window
 * type or fullscreen would clear (so the page can ask first); `setViewWindow(doc, id, next)`
 * applies it: fullscreen clears the window type and the buttons; any window type on a matter
 * view clears the buttons. For an item, `itemWindowClears(old, windowType, viewType)` and
 * `applyItemWindow(item, old, viewType)`: window settings only for windowType system, no
 * pop-out window for notApplicable, and a window type newly chosen on a matter view clears the
 * item's buttons.
 */
import type { PlatformFunction, PlatformSchema, PlatformView } from "~/api/schema/schemas";
import type { WindowType } from "~/api/schema/values";
import { copy, findLocation, onLocation } from "./locations";

export interface WindowSettings {
  windowType?: WindowType | null;
  isFullScreen?: boolean;
}

/** What a change of a view's window settings would clear: its window type, and how many buttons. */
export function windowClears(
  view: PlatformView,
  next: WindowSettings,
): { windowType: boolean; buttons: number } {
  const buttons = view.buttons?.length ?? 0;
  const fullScreenAfter = next.isFullScreen ?? view.isFullScreen ?? false;
  if (fullScreenAfter && !view.isFullScreen)
    return { windowType: (view.windowType ?? next.windowType ?? null) !== null, buttons };
  // A fullscreen view keeps no window type, whatever is chosen.
  const windowType = fullScreenAfter
    ? null
    : next.windowType === undefined
      ? view.windowType
      : next.windowType;
  const matterWindow =
    view.type === "matter" &&
    windowType !== null &&
    windowType !== undefined &&
    windowType !== view.windowType;
  return { windowType: false, buttons: matterWindow ? buttons : 0 };
}

/**
 * Applies a view's window settings: fullscreen clears the window type and the buttons; a window
 * type set on a matter view clears the buttons. Answers the document and what was cleared.
 */
export function setViewWindow(
  doc: PlatformSchema,
  id: string,
  next: WindowSettings,
): { document: PlatformSchema; cleared: { windowType: boolean; buttons: number } } | undefined {
  const found = findLocation(doc, id);
  if (found?.kind !== "view") return undefined;
  const cleared = windowClears(found.location, next);
  const document = onLocation(doc, id, (target) => {
    const view = target.location as PlatformView;
    if (next.isFullScreen !== undefined) view.isFullScreen = next.isFullScreen;
    if (next.windowType !== undefined) view.windowType = next.windowType;
    if (view.isFullScreen) view.windowType = null;
    if (cleared.buttons > 0) view.buttons = [];
  })!;
  return { document, cleared };
}

/**
 * What saving an item of a view with the window type `windowType` would clear: on a matter
 * view, choosing a window type (other than none) that the item did not have clears the item's
 * buttons (how many; asked first).
 */
export function itemWindowClears(
  old: PlatformFunction | undefined,
  windowType: WindowType | null | undefined,
  viewType: string | undefined,
): { buttons: number } {
  const chosen = windowType ?? null;
  const matterWindow =
    viewType === "matter" && chosen !== null && chosen !== (old?.windowType ?? null);
  return { buttons: matterWindow ? (old?.buttons?.length ?? 0) : 0 };
}

/**
 * An item as its window type leaves it: the window settings (the Window
 * tab) are kept only for windowType system; notApplicable opens no window, so no pop-out
 * window either; on a matter view a newly chosen window type clears the item's buttons
 * (`itemWindowClears`). `old` is the item it replaces, if any.
 */
export function applyItemWindow(
  item: PlatformFunction,
  old: PlatformFunction | undefined,
  viewType: string | undefined,
): PlatformFunction {
  const next = copy(item);
  if (next.windowType !== "system") delete next.window;
  if (next.windowType === "notApplicable") delete next.popOutWindow;
  if (itemWindowClears(old, next.windowType, viewType).buttons > 0) next.buttons = [];
  return next;
}
