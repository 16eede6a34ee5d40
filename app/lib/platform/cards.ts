/**
 * What the editor page shows of each location: `locationCards(doc, settings)` sorts the
 * locations by name, each with its lists (`ListSpec`: path, the action types a new item may
 * have, the items) and a breadcrumb; `breadcrumb(parts)` joins parts with colons and
 * `itemCrumbs(doc, id, path)` names an item.
 */
import type { LocationSetting } from "~/api/resources/schemas";
import type { LocationCapabilities } from "~/api/schema/context";
import { allowedViewLists as contractViewLists } from "~/api/schema/locations";
import type {
  PlatformFunction,
  PlatformSchema,
  PlatformType,
  PlatformView,
} from "~/api/schema/schemas";
import { type ActionType, VIEW_LISTS, type ViewList } from "~/api/schema/values";
import { byName, findLocation, type Location } from "./locations";
import { getItem, getList, INDEX, parsePath } from "./paths";

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
export function allowedViewLists(
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
