/**
 * The draft operations of the platform schema editor on
 * one platform's document (`PlatformSchema` of app/api/schema/schemas.ts). Each takes a
 * document and answers a new one; the document given is never changed. Refusals carry the
 * contract's rule codes (app/api/schema/codes.ts) by form field, as the dialogs show them.
 * Plain TypeScript: no framework imports.
 *
 * Addresses
 * - A location is named by its id (the location setting's id, unique in a platform).
 * - A list of a location is a dotted path in it: a view's `buttons`, `context`, `contextMenu`,
 *   `layouts`, `listItems`, `secondaryTab`, `reports`, a grid's `grids.<n>.click` and
 *   `grids.<n>.context`, a menu's `items`; below an item, `<item>.items` and `<item>.buttons`.
 * - An item is its list's path and index: `buttons.0`, `buttons.0.items.2`, `grids.1.click.0`
 *   (the paths of the contract's rules, so a refusal of the API lands on its item).
 *   `parseItemPath` / `parseListPath` tell a valid path from a posted one.
 *
 * Locations
 * - `emptyPlatform(type)`, `findLocation(doc, id)`, `locationIds(doc)`.
 * - `offeredLocations(doc, settings, integratorType)`: the add-location choices: the
 *   company's locations (integratorType 0, or the company's) not yet present, by name.
 * - `addLocation(doc, settings, id, integratorType?)`: a view or menu made from its setting (mustSelectLocation,
 *   unknownLocation, duplicateLocation on `location`); on desktop it starts with the app-level
 *   product variants. `removeLocation(doc, id)`.
 * - `withSettingNames(doc, settings)`: the locations (and grids) named as their settings are,
 *   in the page's language, for the page to show.
 * - `locationCards(doc, settings)`: the locations sorted by name, each with its lists
 *   (`ListSpec`: path, the action types a new item may have, the items) and a breadcrumb.
 *   `breadcrumb(parts)` joins parts with colons; `itemCrumbs(doc, id, path)` names an item.
 *
 * Items
 * - `getList`, `getItem`; `addItem(doc, id, listPath, item)` (answers the new item's path),
 *   `updateItem` (keeps the item's nested lists unless the new one has its own),
 *   `deleteItem`, `moveItem(doc, id, path, toIndex)` (the drag result), `moveUp`, `moveDown`.
 * - `cloneItem(doc, id, path, targets)`: copies an item to other locations (at least one:
 *   mustSelectLocation on `locations`; the accounting menu takes none when it already has
 *   items: menuAccountingNotAllowed), into the same list of a view (buttons when it has no
 *   such list) or a menu's items, a button becoming a menu item and back. `cloneTargets`
 *   lists where it can go; given the location settings, both leave out views whose setting
 *   does not allow that list.
 * - `withFirstDropdownItem(dropdown)`: 'save and clone to first dropdown item'.
 *
 * Settings
 * - `setCustomView(doc, id, settings)`, `setLocationVisibility(doc, id, visibility)` (the
 *   setting dialog; product variants and desktop versions live at a location's root),
 *   `setDesktopVersions(doc, id, [min, max])`, `setExceptions(doc, rows)`.
 * - Product variants: `variantChoice(stored)` (null 'All' is [-1]), `storedVariants(choice)`,
 *   `chooseVariant(choice, variant, checked)` ('All' clears the others, a specific one removes
 *   'All'), `resolveVariantChoice(previous, posted)` (the same rule for a form posted whole,
 *   without JS), `variantUpdates(before, after, all)` (added and removed variants) and
 *   `setAppVariants(doc, after, names, { addToAllLocations })`: the app-level variants,
 *   removed ones taken out of every location, added ones added to every location on request
 *   ('All' as 'All').
 * - Window (4.1): `windowClears(view, next)` says what a change of a view's window type or
 *   fullscreen would clear (so the page can ask first); `setViewWindow(doc, id, next)` applies
 *   it: fullscreen clears the window type and the buttons; any window type on a matter view
 *   clears the buttons. For an item, `itemWindowClears(old, windowType, viewType)` and
 *   `applyItemWindow(item, old, viewType)`: window settings only for windowType system, no
 *   pop-out window for notApplicable, and a window type newly chosen on a matter view clears
 *   the item's buttons.
 */

import type { LocationSetting } from "~/api/resources/schemas";
import type { SchemaErrors } from "~/api/schema/codes";
import type { LocationCapabilities } from "~/api/schema/context";
import {
  checkCloneTarget,
  checkLocationChoice,
  allowedViewLists as contractViewLists,
  locationAllowed,
} from "~/api/schema/locations";
import type {
  ExceptionUrl,
  PlatformFunction,
  PlatformMenu,
  PlatformSchema,
  PlatformType,
  PlatformView,
  Visibility,
} from "~/api/schema/schemas";
import {
  type ActionType,
  CUSTOM_VIEW_ORDER,
  PRODUCT_VARIANT_ALL,
  VIEW_LISTS,
  type ViewList,
  type WindowType,
} from "~/api/schema/values";

/** An operation's answer: the new document, or the rule codes of the fields that refuse it. */
export type Outcome<T = { document: PlatformSchema }> =
  | ({ ok: true } & T)
  | { ok: false; errors: SchemaErrors };

const refuse = (errors: SchemaErrors): { ok: false; errors: SchemaErrors } => ({
  ok: false,
  errors,
});
const copy = <T>(value: T): T => structuredClone(value);

// ---------------------------------------------------------------------------
// Locations
// ---------------------------------------------------------------------------

export type Location =
  | { kind: "view"; location: PlatformView }
  | { kind: "menu"; location: PlatformMenu };

export const emptyPlatform = (type: PlatformType): PlatformSchema => ({
  type,
  views: [],
  menus: [],
});

export function findLocation(doc: PlatformSchema, id: string): Location | undefined {
  const view = doc.views?.find((entry) => entry.id === id);
  if (view) return { kind: "view", location: view };
  const menu = doc.menus?.find((entry) => entry.id === id);
  return menu ? { kind: "menu", location: menu } : undefined;
}

export const locationIds = (doc: PlatformSchema): string[] =>
  [...(doc.views ?? []), ...(doc.menus ?? [])].map((location) => location.id);

/** One order on the server and in any browser (a page rendered on one and hydrated on the other shows the same). */
const collator = new Intl.Collator("en-AU");

/** Locations (and location settings) by name, then id. */
export const byName = <T extends { name?: string; id: string }>(a: T, b: T) =>
  collator.compare(a.name || a.id, b.name || b.id) || collator.compare(a.id, b.id);

export function offeredLocations(
  doc: PlatformSchema,
  settings: readonly LocationSetting[],
  integratorType: number,
): LocationSetting[] {
  const present = locationIds(doc);
  return settings
    .filter((setting) => locationAllowed(setting, integratorType) && !present.includes(setting.id))
    .sort(byName);
}

/** A new view or menu as its setting describes it. */
function locationOf(setting: LocationSetting, doc: PlatformSchema): Location {
  const visibility: Visibility | undefined =
    doc.type === "desktop" && doc.productVariants !== undefined
      ? { productVariants: doc.productVariants === null ? null : [...doc.productVariants] }
      : undefined;
  if (setting.type === "menu")
    return {
      kind: "menu",
      location: {
        id: setting.id,
        name: setting.name,
        items: [],
        ...(visibility && { visibility }),
      },
    };
  const view: PlatformView = { id: setting.id, name: setting.name, type: setting.viewType };
  if (setting.isCustomView)
    Object.assign(view, { isCustomView: true, order: CUSTOM_VIEW_ORDER, label: "", urls: [] });
  if (setting.isPrecedentListView) view.isPrecedentListView = true;
  if (setting.grids.length > 0)
    view.grids = setting.grids.map((grid) => ({
      gridId: grid.gridId,
      name: grid.name,
      click: [],
      context: [],
    }));
  if (visibility) view.visibility = visibility;
  return { kind: "view", location: view };
}

/**
 * The document as the page shows it: each location that has a setting named as the provider
 * names the setting (and its grids), in the page's language; the document keeps the names it
 * was given (a location is its id). Locations without a setting keep their own names.
 */
export function withSettingNames(
  doc: PlatformSchema,
  settings: readonly LocationSetting[],
): PlatformSchema {
  const settingOf = (id: string) => settings.find((entry) => entry.id === id);
  const next = copy(doc);
  for (const location of [...(next.views ?? []), ...(next.menus ?? [])]) {
    const setting = settingOf(location.id);
    if (setting?.name) location.name = setting.name;
  }
  for (const view of next.views ?? []) {
    const grids = settingOf(view.id)?.grids ?? [];
    for (const grid of view.grids ?? []) {
      const named = grids.find((entry) => entry.gridId === grid.gridId)?.name;
      if (named) grid.name = named;
    }
  }
  return next;
}

/** Adds the location `id` (a setting of `settings`, one the company may use when its `integratorType` is given): refusals on `location`. */
export function addLocation(
  doc: PlatformSchema,
  settings: readonly LocationSetting[],
  id: string | null | undefined,
  integratorType?: number,
): Outcome {
  const missing = checkLocationChoice(id);
  if (missing) return refuse({ location: missing });
  const setting = settings.find((entry) => entry.id === id);
  if (!setting || (integratorType !== undefined && !locationAllowed(setting, integratorType)))
    return refuse({ location: "unknownLocation" });
  if (findLocation(doc, setting.id)) return refuse({ location: "duplicateLocation" });
  const next = copy(doc);
  const made = locationOf(setting, doc);
  if (made.kind === "view") next.views = [...(next.views ?? []), made.location];
  else next.menus = [...(next.menus ?? []), made.location];
  return { ok: true, document: next };
}

export function removeLocation(doc: PlatformSchema, id: string): PlatformSchema {
  const next = copy(doc);
  if (next.views) next.views = next.views.filter((view) => view.id !== id);
  if (next.menus) next.menus = next.menus.filter((menu) => menu.id !== id);
  return next;
}

// ---------------------------------------------------------------------------
// Paths
// ---------------------------------------------------------------------------

/** Lists below an item. */
export const ITEM_LISTS = ["items", "buttons"] as const;
const INDEX = /^(0|[1-9]\d{0,5})$/;

/** The segments of a path when it is one of the location's kind: a list path (`buttons`, `grids.0.click`, `items.1.items`) or an item path (one index more). */
function parsePath(path: string, kind: Location["kind"], item: boolean): string[] | undefined {
  if (typeof path !== "string" || path.length > 500) return undefined;
  const parts = path.split(".");
  let at = 0;
  if (kind === "menu") {
    if (parts[0] !== "items") return undefined;
    at = 1;
  } else if (parts[0] === "grids") {
    if (!INDEX.test(parts[1] ?? "") || (parts[2] !== "click" && parts[2] !== "context"))
      return undefined;
    at = 3;
  } else {
    if (!(VIEW_LISTS as readonly string[]).includes(parts[0])) return undefined;
    at = 1;
  }
  // Then pairs of <index>.<list>, ending in an index for an item.
  const rest = parts.slice(at);
  if (item ? rest.length % 2 !== 1 : rest.length % 2 !== 0) return undefined;
  for (let i = 0; i < rest.length; i++) {
    if (i % 2 === 0 ? !INDEX.test(rest[i]) : !(ITEM_LISTS as readonly string[]).includes(rest[i]))
      return undefined;
  }
  return parts;
}

/** The path of an item of the location `id`, or undefined when `path` is not one. */
export function parseItemPath(doc: PlatformSchema, id: string, path: string): string | undefined {
  const found = findLocation(doc, id);
  return found && parsePath(path, found.kind, true) ? path : undefined;
}

/** The path of a list of the location `id`, or undefined when `path` is not one. */
export function parseListPath(doc: PlatformSchema, id: string, path: string): string | undefined {
  const found = findLocation(doc, id);
  return found && parsePath(path, found.kind, false) ? path : undefined;
}

/** The list path and index of an item path (`buttons.0.items.2` is `buttons.0.items` and 2). */
export function splitItemPath(path: string): { list: string; index: number } {
  const at = path.lastIndexOf(".");
  return { list: path.slice(0, at), index: Number(path.slice(at + 1)) };
}

/** Reads a dotted path in an object. */
function read(root: unknown, parts: readonly string[]): unknown {
  let at: unknown = root;
  for (const part of parts) {
    if (at === null || typeof at !== "object") return undefined;
    at = Array.isArray(at) ? at[Number(part)] : (at as Record<string, unknown>)[part];
  }
  return at;
}

/** A list of a location in `doc` (the document's own object), or undefined when the path does not lead to one. */
function listIn(
  doc: PlatformSchema,
  id: string,
  path: string,
  create: boolean,
): PlatformFunction[] | undefined {
  const found = findLocation(doc, id);
  if (!found || !parsePath(path, found.kind, false)) return undefined;
  const parts = path.split(".");
  const owner = read(found.location, parts.slice(0, -1));
  if (owner === null || typeof owner !== "object" || Array.isArray(owner)) return undefined;
  const record = owner as Record<string, unknown>;
  const key = parts[parts.length - 1];
  if (!Array.isArray(record[key])) {
    if (!create) return record[key] === undefined ? [] : undefined;
    record[key] = [];
  }
  return record[key] as PlatformFunction[];
}

export function getList(
  doc: PlatformSchema,
  id: string,
  listPath: string,
): readonly PlatformFunction[] | undefined {
  return listIn(doc, id, listPath, false);
}

export function getItem(
  doc: PlatformSchema,
  id: string,
  itemPath: string,
): PlatformFunction | undefined {
  const found = findLocation(doc, id);
  if (!found || !parsePath(itemPath, found.kind, true)) return undefined;
  const { list, index } = splitItemPath(itemPath);
  return listIn(doc, id, list, false)?.[index];
}

/** Runs `change` on a list of a copy of the document (made when missing); undefined when the path leads to no list. */
function onList(
  doc: PlatformSchema,
  id: string,
  listPath: string,
  change: (list: PlatformFunction[]) => void,
): PlatformSchema | undefined {
  const next = copy(doc);
  const list = listIn(next, id, listPath, true);
  if (!list) return undefined;
  change(list);
  return next;
}

// ---------------------------------------------------------------------------
// Items
// ---------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------
// Lists of a location, cards and breadcrumbs
// ---------------------------------------------------------------------------

/** The action types a new item of a list may have (the first is the default). */
const LIST_ACTION_TYPES: Record<
  ViewList | "items" | "click" | "gridContext",
  readonly ActionType[]
> = {
  buttons: ["button", "dropdown"],
  context: ["context", "context-header"],
  contextMenu: ["context-menu", "context-menu-header"],
  layouts: ["layout-item"],
  listItems: ["list-item"],
  secondaryTab: ["secondary-tab-dropdown"],
  reports: ["report-item", "report-folder"],
  items: ["menu-item", "dropdown"],
  click: ["click"],
  gridContext: ["context"],
};

/** The action types of the items a grouping item holds. */
const NESTED_ACTION_TYPES: Partial<Record<ActionType, readonly ActionType[]>> = {
  dropdown: ["sub-item"],
  "secondary-tab-dropdown": ["sub-item"],
  "context-header": ["context"],
  "context-menu-header": ["context-menu"],
  "report-folder": ["report-item", "report-folder"],
};

/** The action types a new item of a list may have; empty when the list takes none. */
export function actionTypesOf(
  doc: PlatformSchema,
  id: string,
  listPath: string,
): readonly ActionType[] {
  const found = findLocation(doc, id);
  if (!found || !parsePath(listPath, found.kind, false)) return [];
  const parts = listPath.split(".");
  if (parts.length === 1)
    return found.kind === "menu"
      ? LIST_ACTION_TYPES.items
      : LIST_ACTION_TYPES[parts[0] as ViewList];
  if (parts[0] === "grids" && parts.length === 3)
    return parts[2] === "click" ? LIST_ACTION_TYPES.click : LIST_ACTION_TYPES.gridContext;
  const owner = getItem(doc, id, parts.slice(0, -1).join("."));
  if (!owner) return [];
  if (parts[parts.length - 1] === "buttons") return ["button"];
  return NESTED_ACTION_TYPES[owner.actionType] ?? [];
}

export interface ListSpec {
  /** The list's path in its location. */
  path: string;
  /** `buttons`, `context`..., `items`, or `click` / `context` of a grid. */
  list: string;
  /** The grid's name for a grid's list. */
  grid?: string;
  actionTypes: readonly ActionType[];
  items: readonly PlatformFunction[];
}

/** A view without a setting: it allows no list but reports on the reporting platform, and list items when it marks itself a precedent-list view. */
const NO_SETTING: Omit<LocationCapabilities, "isPrecedentListView"> = {
  id: "",
  allowButtons: false,
  allowContextAtRoot: false,
  allowContextMenu: false,
  allowDefinableTableApp: false,
  allowSecondaryTabButtons: false,
  grids: [],
};

/** The lists a view's setting allows, by the contract's rule (a view without a setting: those it marks itself). */
function allowedViewLists(
  view: PlatformView,
  setting: LocationSetting | undefined,
  platform: PlatformType,
): Record<ViewList, boolean> {
  const allowed = contractViewLists(
    setting ?? { ...NO_SETTING, isPrecedentListView: view.isPrecedentListView ?? false },
    platform,
  );
  return Object.fromEntries(VIEW_LISTS.map((list) => [list, allowed.includes(list)])) as Record<
    ViewList,
    boolean
  >;
}

/** The lists a view shows: those its setting allows and those it has items in. */
function viewListPaths(
  view: PlatformView,
  setting: LocationSetting | undefined,
  platform: PlatformType,
): string[] {
  const allows = allowedViewLists(view, setting, platform);
  const lists: string[] = VIEW_LISTS.filter(
    (list) => allows[list] || (view[list]?.length ?? 0) > 0,
  );
  for (const index of (view.grids ?? []).keys())
    lists.push(`grids.${index}.click`, `grids.${index}.context`);
  return lists;
}

export interface LocationCard {
  id: string;
  kind: Location["kind"];
  name: string;
  /** The setting's view type (`matter`...); `menu` for menus. */
  viewType: string;
  isCustomView: boolean;
  lists: ListSpec[];
}

/** The locations of a document sorted by name, with their lists. */
export function locationCards(
  doc: PlatformSchema,
  settings: readonly LocationSetting[],
): LocationCard[] {
  const cards: LocationCard[] = [];
  const specOf = (id: string, path: string): ListSpec => {
    const parts = path.split(".");
    const grid = parts[0] === "grids" ? findLocation(doc, id) : undefined;
    const gridEntry = grid?.kind === "view" ? grid.location.grids?.[Number(parts[1])] : undefined;
    return {
      path,
      list: parts[parts.length - 1],
      ...(gridEntry && { grid: gridEntry.name || gridEntry.gridId }),
      actionTypes: actionTypesOf(doc, id, path),
      items: getList(doc, id, path) ?? [],
    };
  };
  for (const view of doc.views ?? []) {
    const setting = settings.find((entry) => entry.id === view.id);
    cards.push({
      id: view.id,
      kind: "view",
      name: view.name || setting?.name || view.id,
      viewType: view.type ?? setting?.viewType ?? "matter",
      isCustomView: view.isCustomView ?? false,
      lists: viewListPaths(view, setting, doc.type).map((path) => specOf(view.id, path)),
    });
  }
  for (const menu of doc.menus ?? []) {
    const setting = settings.find((entry) => entry.id === menu.id);
    cards.push({
      id: menu.id,
      kind: "menu",
      name: menu.name || setting?.name || menu.id,
      viewType: "menu",
      isCustomView: false,
      lists: [specOf(menu.id, "items")],
    });
  }
  return cards.sort(byName);
}

/** Breadcrumb parts joined by colons. */
export const breadcrumb = (parts: readonly string[]) => parts.join(": ");

/** The names along an item's path: the location, then each item down to it (its label when it has no name). */
export function itemCrumbs(doc: PlatformSchema, id: string, itemPath: string): string[] {
  const found = findLocation(doc, id);
  if (!found) return [];
  const crumbs = [found.location.name || found.location.id];
  const parts = itemPath.split(".");
  if (parts[0] === "grids") {
    const grid = found.kind === "view" ? found.location.grids?.[Number(parts[1])] : undefined;
    if (grid) crumbs.push(grid.name || grid.gridId);
  }
  for (let end = 1; end <= parts.length; end++) {
    if (!INDEX.test(parts[end - 1]) || (parts[0] === "grids" && end === 2)) continue;
    const item = getItem(doc, id, parts.slice(0, end).join("."));
    if (item) crumbs.push(item.name?.trim() || item.label?.trim() || item.actionType);
  }
  return crumbs;
}

// ---------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------

/** Runs `change` on a copy's location; undefined when there is no such location. */
function onLocation(
  doc: PlatformSchema,
  id: string,
  change: (found: Location) => void,
): PlatformSchema | undefined {
  const next = copy(doc);
  const found = findLocation(next, id);
  if (!found) return undefined;
  change(found);
  return next;
}

/** What the custom view settings dialog sets. */
export type CustomViewSettings = Pick<
  PlatformView,
  | "label"
  | "urls"
  | "visibility"
  | "windowType"
  | "isFullScreen"
  | "messageBus"
  | "externalEmailIntegrationReq"
  | "timeTracked"
  | "groupLabel"
  | "functionGroupId"
>;

/**
 * Sets a custom view's settings (order 9999), its window settings by the rules of
 * `setViewWindow`; undefined when `id` is not a custom view.
 */
export function setCustomView(
  doc: PlatformSchema,
  id: string,
  settings: CustomViewSettings,
): PlatformSchema | undefined {
  const found = findLocation(doc, id);
  if (found?.kind !== "view" || !found.location.isCustomView) return undefined;
  const { windowType, isFullScreen, ...rest } = copy(settings);
  const next = onLocation(
    doc,
    id,
    (target) =>
      void Object.assign(target.location, rest, { isCustomView: true, order: CUSTOM_VIEW_ORDER }),
  )!;
  return setViewWindow(next, id, { windowType, isFullScreen })!.document;
}

/** Sets the visibility fields given on a location's root (the setting dialog), keeping the others. */
export function setLocationVisibility(
  doc: PlatformSchema,
  id: string,
  visibility: Visibility,
): PlatformSchema | undefined {
  return onLocation(doc, id, (target) => {
    target.location.visibility = { ...target.location.visibility, ...copy(visibility) };
  });
}

/** Sets a location's supported desktop versions `[minimum, maximum]`. */
export const setDesktopVersions = (
  doc: PlatformSchema,
  id: string,
  versions: readonly [string, string],
) =>
  setLocationVisibility(doc, id, {
    supportedDesktopVersions: [versions[0].trim(), versions[1].trim()],
  });

/** Replaces the web-area exception URLs. */
export function setExceptions(doc: PlatformSchema, rows: readonly ExceptionUrl[]): PlatformSchema {
  return {
    ...copy(doc),
    exceptions: rows.map((row) => ({ url: row.url.trim(), isInternal: row.isInternal })),
  };
}

// ---------------------------------------------------------------------------
// Product variants
// ---------------------------------------------------------------------------

/** The variants as the picker shows them: null ('All') is [-1], nothing chosen is []. */
export const variantChoice = (stored: readonly number[] | null | undefined): number[] =>
  stored === null ? [PRODUCT_VARIANT_ALL] : [...(stored ?? [])];

/** The variants as stored: [-1] is null ('All'). */
export const storedVariants = (choice: readonly number[]): number[] | null =>
  choice.includes(PRODUCT_VARIANT_ALL) ? null : [...new Set(choice)];

/** The choice after a variant is ticked or unticked: 'All' clears the others, a specific one removes 'All'. */
export function chooseVariant(
  choice: readonly number[],
  variant: number,
  checked: boolean,
): number[] {
  if (!checked) return choice.filter((entry) => entry !== variant);
  if (variant === PRODUCT_VARIANT_ALL) return [PRODUCT_VARIANT_ALL];
  return [...choice.filter((entry) => entry !== PRODUCT_VARIANT_ALL && entry !== variant), variant];
}

/**
 * The choice of a form posted whole (checkboxes, without JS), by the same rule: 'All' newly
 * ticked wins over the others; with 'All' ticked before, a specific one ticked now removes it.
 */
export function resolveVariantChoice(
  previous: readonly number[],
  posted: readonly number[],
): number[] {
  const unique = [...new Set(posted)];
  if (!unique.includes(PRODUCT_VARIANT_ALL)) return unique;
  const specific = unique.filter((entry) => entry !== PRODUCT_VARIANT_ALL);
  if (!previous.includes(PRODUCT_VARIANT_ALL) || specific.length === 0)
    return [PRODUCT_VARIANT_ALL];
  return specific;
}

/** The variants added and removed by a change of the app-level choice (`all`: every variant of the country, for 'All'). */
export function variantUpdates(
  before: readonly number[] | null | undefined,
  after: readonly number[] | null | undefined,
  all: readonly number[],
) {
  const expand = (stored: readonly number[] | null | undefined) =>
    stored === null ? [...all] : [...(stored ?? [])];
  const was = expand(before);
  const now = expand(after);
  return {
    added: now.filter((entry) => !was.includes(entry)),
    removed: was.filter((entry) => !now.includes(entry)),
  };
}

/**
 * Sets the app-level product variants (`names`: the name of each variant by firm type, kept in
 * productVariantsMap). Removed variants leave every location's choice; with
 * `addToAllLocations`, added ones join every location that has a list of its own ('All' stays),
 * and 'All' chosen for the app becomes 'All' (null) at every location: every variant, now and later.
 */
export function setAppVariants(
  doc: PlatformSchema,
  after: readonly number[] | null,
  names: Readonly<Record<number, string>>,
  options: { all: readonly number[]; addToAllLocations?: boolean },
): PlatformSchema {
  const { added, removed } = variantUpdates(doc.productVariants, after, options.all);
  const next = copy(doc);
  next.productVariants = after === null ? null : [...after];
  const kept = after === null ? options.all : after;
  next.productVariantsMap = Object.fromEntries(
    kept
      .filter((firmType) => names[firmType] !== undefined)
      .map((firmType) => [String(firmType), names[firmType]]),
  );
  for (const location of [...(next.views ?? []), ...(next.menus ?? [])]) {
    if (after === null && options.addToAllLocations) {
      location.visibility = { ...location.visibility, productVariants: null };
      continue;
    }
    const current = location.visibility?.productVariants;
    if (current === null || current === undefined) {
      if (current === undefined && options.addToAllLocations && added.length > 0)
        location.visibility = { ...location.visibility, productVariants: [...added] };
      continue;
    }
    let list = current.filter((entry) => !removed.includes(entry));
    if (options.addToAllLocations)
      list = [...list, ...added.filter((entry) => !list.includes(entry))];
    location.visibility = { ...location.visibility, productVariants: list };
  }
  return next;
}

// ---------------------------------------------------------------------------
// Window type and fullscreen
// ---------------------------------------------------------------------------

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
