/**
 * The draft operations on the items of a location: `addItem` (answers the new item's path),
 * `updateItem` (keeps the item's nested lists unless the new one has its own), `deleteItem`,
 * `moveItem` (the drag result), `moveUp`, `moveDown`, and `withFirstDropdownItem` ('save and
 * clone to first dropdown item').
 *
 * `cloneItem(doc, id, path, targets)` copies an item to other locations (at least one:
 * mustSelectLocation on `locations`; the accounting menu takes none when it already has items:
 * menuAccountingNotAllowed), into the same list of a view (buttons when it has no such list) or
 * a menu's items, a button becoming a menu item and back. `cloneTargets` lists where it can
 * go; given the location settings, both leave out views whose setting does not allow that list.
 */
import type { LocationSetting } from "~/api/resources/schemas";
import { checkCloneTarget } from "~/api/schema/locations";
import type { PlatformFunction, PlatformSchema } from "~/api/schema/schemas";
import { type ActionType, VIEW_LISTS, type ViewList } from "~/api/schema/values";
import { allowedViewLists } from "./cards";
import { byName, copy, findLocation, type Location, type Outcome, refuse } from "./locations";
import { getItem, getList, ITEM_LISTS, onList, splitItemPath } from "./paths";

/** Adds `item` at the end of a list; answers its path. Undefined when the list is not one of the location. */
export function addItem(
  doc: PlatformSchema,
  id: string,
  listPath: string,
  item: PlatformFunction,
): { document: PlatformSchema; path: string } | undefined {
  let path = "";
  const document = onList(doc, id, listPath, (list) => {
    path = `${listPath}.${list.length}`;
    list.push(copy(item));
  });
  return document && { document, path };
}

/** Replaces an item by `item`, keeping its nested lists unless `item` has its own. */
export function updateItem(
  doc: PlatformSchema,
  id: string,
  itemPath: string,
  item: PlatformFunction,
): PlatformSchema | undefined {
  const old = getItem(doc, id, itemPath);
  if (!old) return undefined;
  const { list, index } = splitItemPath(itemPath);
  return onList(doc, id, list, (items) => {
    const next = copy(item);
    for (const nested of ITEM_LISTS)
      if (next[nested] === undefined && old[nested] !== undefined) next[nested] = copy(old[nested]);
    items[index] = next;
  });
}

export function deleteItem(
  doc: PlatformSchema,
  id: string,
  itemPath: string,
): PlatformSchema | undefined {
  if (!getItem(doc, id, itemPath)) return undefined;
  const { list, index } = splitItemPath(itemPath);
  return onList(doc, id, list, (items) => void items.splice(index, 1));
}

/** Moves an item to `toIndex` of its list (clamped to the list): the result of a drag. */
export function moveItem(
  doc: PlatformSchema,
  id: string,
  itemPath: string,
  toIndex: number,
): PlatformSchema | undefined {
  if (!getItem(doc, id, itemPath) || !Number.isInteger(toIndex)) return undefined;
  const { list, index } = splitItemPath(itemPath);
  return onList(doc, id, list, (items) => {
    const [moved] = items.splice(index, 1);
    items.splice(Math.min(Math.max(toIndex, 0), items.length), 0, moved);
  });
}

export const moveUp = (doc: PlatformSchema, id: string, itemPath: string) =>
  moveItem(doc, id, itemPath, splitItemPath(itemPath).index - 1);
export const moveDown = (doc: PlatformSchema, id: string, itemPath: string) =>
  moveItem(doc, id, itemPath, splitItemPath(itemPath).index + 1);

/** A new dropdown with a copy of itself as its first item ('save and clone to first dropdown item'). */
export function withFirstDropdownItem(dropdown: PlatformFunction): PlatformFunction {
  const { items = [], buttons: _buttons, ...own } = copy(dropdown);
  return { ...own, items: [{ ...own, actionType: "sub-item" }, ...items] };
}

/** Where a clone of an item of list `sourceList` goes in a location. */
function cloneListOf(target: Location, sourceList: string): string {
  if (target.kind === "menu") return "items";
  return (VIEW_LISTS as readonly string[]).includes(sourceList) ? sourceList : "buttons";
}

/** The action type of a clone in its new list: a button in a menu is a menu item, and back. */
function cloneActionType(actionType: ActionType, target: Location["kind"]): ActionType {
  if (target === "menu" && actionType === "button") return "menu-item";
  if (target === "view" && actionType === "menu-item") return "button";
  return actionType;
}

/** The top list of an item path (`grids` for a grid's lists). */
const topListOf = (itemPath: string) => itemPath.split(".")[0];

/** Whether a location takes a clone into `list`: a menu always (its items), a view when its setting allows the list (any view when no settings are given). */
function takesClone(
  doc: PlatformSchema,
  target: Location,
  list: string,
  settings?: readonly LocationSetting[],
): boolean {
  if (target.kind === "menu" || !settings) return true;
  const setting = settings.find((entry) => entry.id === target.location.id);
  return allowedViewLists(target.location, setting, doc.type)[list as ViewList] ?? false;
}

/**
 * The locations an item can be cloned to: every other location of the document, by name;
 * with `settings`, only views whose setting allows the list the clone goes to.
 */
export function cloneTargets(
  doc: PlatformSchema,
  id: string,
  itemPath = "buttons.0",
  settings?: readonly LocationSetting[],
): { id: string; name: string; kind: Location["kind"] }[] {
  const all = [
    ...(doc.views ?? []).map((view) => ({
      id: view.id,
      name: view.name ?? view.id,
      kind: "view" as const,
    })),
    ...(doc.menus ?? []).map((menu) => ({
      id: menu.id,
      name: menu.name ?? menu.id,
      kind: "menu" as const,
    })),
  ];
  return all
    .filter((entry) => {
      if (entry.id === id) return false;
      const found = findLocation(doc, entry.id)!;
      return takesClone(doc, found, cloneListOf(found, topListOf(itemPath)), settings);
    })
    .sort(byName);
}

/** Copies an item to each of `targets` (with `settings`, as `cloneTargets` offers them): refusals on `locations`. */
export function cloneItem(
  doc: PlatformSchema,
  id: string,
  itemPath: string,
  targets: readonly string[],
  settings?: readonly LocationSetting[],
): Outcome {
  const item = getItem(doc, id, itemPath);
  if (!item) return refuse({ item: "required" });
  const chosen = [...new Set(targets)].filter((target) => target !== id);
  if (chosen.length === 0) return refuse({ locations: "mustSelectLocation" });
  let next = doc;
  for (const target of chosen) {
    const found = findLocation(next, target);
    const list = found && cloneListOf(found, topListOf(itemPath));
    if (!found || !list || !takesClone(next, found, list, settings))
      return refuse({ locations: "unknownLocation" });
    const itemCount = getList(next, target, list)?.length ?? 0;
    const refused = checkCloneTarget({ id: found.location.id, itemCount });
    if (refused) return refuse({ locations: refused });
    next = addItem(next, target, list, {
      ...item,
      actionType: cloneActionType(item.actionType, found.kind),
    })!.document;
  }
  return { ok: true, document: next };
}
