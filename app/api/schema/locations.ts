/**
 * The rules of a platform's locations (views and menus): which a company may use, what their
 * setting allows, their window options, a custom view's settings, and every function they hold.
 */
import { prefixErrors } from "../common";
import type { SchemaErrors, SchemaRuleCode } from "./codes";
import type { LocationCapabilities, SchemaContext } from "./context";
import { ACCOUNTING_MENU_ID, validateEndpoints, validateItems } from "./items";
import { blank, FUNCTION_LIMITS, requiredText, validateLimits } from "./limits";
import type {
  PlatformFunction,
  PlatformMenu,
  PlatformSchema,
  PlatformType,
  PlatformView,
  ViewList,
} from "./schemas";
import { validateRootVisibility } from "./settings";
import { VIEW_LISTS } from "./values";

/** Whether a company may use a location: every company those of integratorType 0, a company of integratorType 1 also those of 1. */
export function locationAllowed(
  location: { integratorType: number },
  companyIntegratorType: number,
): boolean {
  return location.integratorType === 0 || location.integratorType === companyIntegratorType;
}

/**
 * Only a company of integratorType 1 has the external-window and
 * fullscreen options of a matter view (decision 0065): every window type other than none
 * (system, web, hidden, notApplicable) takes the view out of the matter window, so all of
 * them are that option. Other views, and menus (which have no window settings), are not limited.
 */
export function windowOptionsAllowed(
  viewType: string | undefined,
  companyIntegratorType: number,
): boolean {
  return viewType !== "matter" || companyIntegratorType === 1;
}

/**
 * A view's own window settings against the company: on a matter view a company of another
 * integratorType than 1 has neither a window type nor fullscreen (integratorOnly at
 * `windowType`, `isFullScreen`). Paths relative to the view.
 */
export function checkViewWindow(
  view: Pick<PlatformView, "windowType" | "isFullScreen">,
  viewType: string | undefined,
  companyIntegratorType: number,
): SchemaErrors {
  if (windowOptionsAllowed(viewType, companyIntegratorType)) return {};
  const errors: SchemaErrors = {};
  if (view.windowType !== null && view.windowType !== undefined)
    errors.windowType = "integratorOnly";
  if (view.isFullScreen) errors.isFullScreen = "integratorOnly";
  return errors;
}

/** A location chosen in the add-location dialog: one must be (mustSelectLocation). */
export function checkLocationChoice(id: string | null | undefined): SchemaRuleCode | undefined {
  return blank(id) ? "mustSelectLocation" : undefined;
}

/**
 * Cloning a button into a location: the accounting menu takes none when it already has
 * buttons (menuAccountingNotAllowed).
 */
export function checkCloneTarget(target: {
  id: string;
  itemCount: number;
}): SchemaRuleCode | undefined {
  return target.id === ACCOUNTING_MENU_ID && target.itemCount > 0
    ? "menuAccountingNotAllowed"
    : undefined;
}

/** A custom view's own settings: label required, its four endpoint URLs, the lengths of its group label and function group id. */
export function validateCustomView(
  view: Pick<PlatformView, "label" | "urls" | "groupLabel" | "functionGroupId">,
): SchemaErrors {
  const errors: SchemaErrors = validateLimits({
    groupLabel: view.groupLabel,
    functionGroupId: view.functionGroupId,
  });
  requiredText(errors, "label", view.label, FUNCTION_LIMITS.labelMax);
  Object.assign(errors, validateEndpoints(view.urls));
  return errors;
}

/** Every function list of a view, with its path in the view. */
export function viewLists(view: PlatformView): { path: string; items: PlatformFunction[] }[] {
  const lists: { path: string; items: PlatformFunction[] }[] = VIEW_LISTS.map((list) => ({
    path: list,
    items: view[list] ?? [],
  }));
  (view.grids ?? []).forEach((grid, index) => {
    lists.push(
      { path: `grids.${index}.click`, items: grid.click ?? [] },
      { path: `grids.${index}.context`, items: grid.context ?? [] },
    );
  });
  return lists;
}

/** A view: its root visibility, a custom view's settings, and every function of its lists. Paths relative to the view. */
export function validateView(
  view: PlatformView,
  platform: PlatformType,
  context: SchemaContext,
): SchemaErrors {
  const errors: SchemaErrors = {};
  if (blank(view.id)) errors.id = "mustSelectLocation";
  Object.assign(errors, validateRootVisibility(view.visibility, platform, context));
  if (view.isCustomView) Object.assign(errors, validateCustomView(view));
  for (const list of viewLists(view))
    Object.assign(
      errors,
      prefixErrors(list.path, validateItems(list.items, { platform, viewType: view.type })),
    );
  return errors;
}

/** A menu: its root visibility and its items. Paths relative to the menu. */
export function validateMenu(
  menu: PlatformMenu,
  platform: PlatformType,
  context: SchemaContext,
): SchemaErrors {
  const errors: SchemaErrors = {};
  if (blank(menu.id)) errors.id = "mustSelectLocation";
  Object.assign(errors, validateRootVisibility(menu.visibility, platform, context));
  Object.assign(errors, prefixErrors("items", validateItems(menu.items, { platform })));
  return errors;
}

/** A function of a platform with its path there (`views.0.buttons.1.items.0`) and the type of its view. */
export interface PlacedFunction {
  path: string;
  item: PlatformFunction;
  viewType?: string;
}

/** Every function of a platform, nested ones included, in document order. */
export function everyFunction(platform: PlatformSchema): PlacedFunction[] {
  const out: PlacedFunction[] = [];
  const walk = (
    items: readonly PlatformFunction[] | undefined,
    path: string,
    viewType?: string,
  ) => {
    for (const [index, item] of (items ?? []).entries()) {
      out.push({ path: `${path}.${index}`, item, viewType });
      for (const list of ["items", "buttons"] as const)
        walk(item[list], `${path}.${index}.${list}`, viewType);
    }
  };
  for (const [index, view] of (platform.views ?? []).entries()) {
    for (const list of viewLists(view)) walk(list.items, `views.${index}.${list.path}`, view.type);
  }
  for (const [index, menu] of (platform.menus ?? []).entries())
    walk(menu.items, `menus.${index}.items`);
  return out;
}

/** The view lists a setting allows; `reports` belong to the reporting platform. */
export function allowedViewLists(
  setting: LocationCapabilities,
  platform: PlatformType,
): ViewList[] {
  const allowed: [ViewList, boolean][] = [
    ["buttons", setting.allowButtons],
    ["context", setting.allowContextAtRoot],
    ["contextMenu", setting.allowContextMenu],
    ["layouts", setting.allowDefinableTableApp],
    ["secondaryTab", setting.allowSecondaryTabButtons],
    ["listItems", setting.isPrecedentListView],
    ["reports", platform === "reporting"],
  ];
  return allowed.filter(([, on]) => on).map(([list]) => list);
}

/**
 * A view's lists against its setting: a list the setting does not allow holds no item, and a
 * grid is one of the setting's (notAllowedHere at the list or the grid's id).
 */
export function validateViewCapabilities(
  view: PlatformView,
  setting: LocationCapabilities,
  platform: PlatformType,
): SchemaErrors {
  const errors: SchemaErrors = {};
  const allowed = allowedViewLists(setting, platform);
  for (const list of VIEW_LISTS)
    if ((view[list]?.length ?? 0) > 0 && !allowed.includes(list)) errors[list] = "notAllowedHere";
  (view.grids ?? []).forEach((grid, index) => {
    if (!setting.grids.some((known) => known.gridId === grid.gridId))
      errors[`grids.${index}.gridId`] = "notAllowedHere";
  });
  return errors;
}
