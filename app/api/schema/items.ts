/**
 * The rules of the functions (items) of a platform: their texts, endpoints, window, width,
 * visibility and icon. Paths relative to the function, or `<index>.<field>` for a list.
 */
import { isHttpUrl } from "../apps/rules";
import { prefixErrors } from "../common";
import { type FileRuleCode, type ImageContent, judgeImage } from "../files/rules";
import type { SchemaErrors, SchemaRuleCode } from "./codes";
import { blank, FUNCTION_LIMITS, requiredText, SCHEMA_LIMITS, validateLimits } from "./limits";
import type { ActionType, EndpointUrl, PlatformFunction, PlatformType } from "./schemas";
import { ENVIRONMENTS } from "./values";

/** The location id of the accounting menu. */
export const ACCOUNTING_MENU_ID = "menu-accounting";

/** Items that only group others (no endpoints, no window): headers, dropdowns and folders. */
export const GROUPING_ACTION_TYPES: readonly ActionType[] = [
  "dropdown",
  "context-header",
  "context-menu-header",
  "secondary-tab-dropdown",
  "report-folder",
];

/** Whether an item of this type runs something, and so needs its four endpoint URLs. */
export function needsEndpoints(actionType: ActionType): boolean {
  return !GROUPING_ACTION_TYPES.includes(actionType);
}

/** Items whose description is optional: context and report headers, and precedent-list items. */
const DESCRIPTION_OPTIONAL: readonly ActionType[] = [
  "context-header",
  "context-menu-header",
  "report-folder",
  "list-item",
];

/** Whether an item needs a description: not the headers, precedent-list items, nor sub-items of person and card views. */
export function needsDescription(actionType: ActionType, viewType?: string): boolean {
  if (DESCRIPTION_OPTIONAL.includes(actionType)) return false;
  return !(actionType === "sub-item" && (viewType === "person" || viewType === "card"));
}

/** Whether the Window tab applies: windowType system (not for a secondary-tab dropdown). */
export function usesWindow(item: Pick<PlatformFunction, "actionType" | "windowType">): boolean {
  return item.windowType === "system" && item.actionType !== "secondary-tab-dropdown";
}

/**
 * The four endpoint URLs (dev, test, beta, live): each required and a valid http(s) URL.
 * Paths `urls.<env>`.
 */
export function validateEndpoints(urls: readonly EndpointUrl[] | undefined): SchemaErrors {
  const errors: SchemaErrors = {};
  for (const env of ENVIRONMENTS) {
    const url = urls?.find((entry) => entry.env === env)?.url.trim() ?? "";
    if (!url) errors[`urls.${env}`] = "required";
    else if (url.length > SCHEMA_LIMITS.urlMax) errors[`urls.${env}`] = "tooLong";
    else if (!isHttpUrl(url)) errors[`urls.${env}`] = "invalidUrl";
  }
  return errors;
}

/** Where an item stands: its platform and the type of its view (menus have none). */
export interface ItemPlace {
  platform: PlatformType;
  viewType?: string;
}

/**
 * The rules of one function: name and text (label) required, at most
 * 30; the description required (except `needsDescription`), at most 450; a secondary-tab
 * dropdown's header label; the four endpoints of an item that runs something; a system
 * window's width and height of at least 1; the button width 60 to 100; the visibility of a
 * precedent-list item (matter types and a precedent location) and of a context-menu item
 * (form names); the lengths and counts of its other fields (`validateLimits`). Its own fields
 * only; `validateItems` walks the nested ones.
 */
export function validateFunction(item: PlatformFunction, place: ItemPlace): SchemaErrors {
  const { items: _items, buttons: _buttons, ...own } = item;
  const errors: SchemaErrors = validateLimits(own);
  requiredText(errors, "name", item.name, FUNCTION_LIMITS.nameMax);
  requiredText(errors, "label", item.label, FUNCTION_LIMITS.labelMax);
  if (needsDescription(item.actionType, place.viewType))
    requiredText(errors, "description", item.description, FUNCTION_LIMITS.descriptionMax);
  else if ((item.description ?? "").trim().length > FUNCTION_LIMITS.descriptionMax)
    errors.description = "tooLong";
  if (item.actionType === "secondary-tab-dropdown")
    requiredText(errors, "headerLabel", item.headerLabel);
  if (needsEndpoints(item.actionType)) Object.assign(errors, validateEndpoints(item.urls));
  if (usesWindow(item)) {
    for (const side of ["width", "height"] as const) {
      const value = item.window?.[side];
      if (value === undefined || value === null) errors[`window.${side}`] = "required";
      else if (value < FUNCTION_LIMITS.windowMin) errors[`window.${side}`] = "outOfRange";
    }
  }
  if (
    item.width !== undefined &&
    item.width !== null &&
    (item.width < FUNCTION_LIMITS.widthMin || item.width > FUNCTION_LIMITS.widthMax)
  ) {
    errors.width = "outOfRange";
  }
  if (item.actionType === "list-item") {
    if (!item.visibility?.matterTypes?.length) errors["visibility.matterTypes"] = "required";
    if (!item.visibility?.location?.length) errors["visibility.location"] = "required";
  }
  if (
    item.actionType === "context-menu" &&
    !item.visibility?.formNames?.some((name) => !blank(name))
  )
    errors["visibility.formNames"] = "required";
  return errors;
}

/** Every function of a list and of the lists nested in them, with paths `<index>.<field>` (`0.items.1.label`). */
export function validateItems(
  items: readonly PlatformFunction[] | undefined,
  place: ItemPlace,
): SchemaErrors {
  const errors: SchemaErrors = {};
  (items ?? []).forEach((item, index) => {
    Object.assign(errors, prefixErrors(String(index), validateFunction(item, place)));
    for (const list of ["items", "buttons"] as const) {
      Object.assign(errors, prefixErrors(`${index}.${list}`, validateItems(item[list], place)));
    }
  });
  return errors;
}

// ---------------------------------------------------------------------------
// Icons
// ---------------------------------------------------------------------------

const ICON_CODES: Partial<Record<FileRuleCode, SchemaRuleCode>> = {
  noContent: "invalidType",
  imageTypeInvalid: "invalidType",
  imageSizeInvalid: "invalidSize",
  sizeGreater50KB: "sizeGreater50KB",
};

/**
 * A function icon: the type must match (invalidType), a PNG 28 to 65 px on each side or
 * exactly 24x24 for a list item (invalidSize), at most 50 KB (sizeGreater50KB). The files
 * contract's judge of a function icon, in this area's codes.
 */
export function checkFunctionIcon(
  image: ImageContent,
  options: { listItem?: boolean; allowSvg?: boolean } = {},
): SchemaRuleCode | undefined {
  const code = judgeImage("function-icon", image, options);
  return code ? functionIconCode(code) : undefined;
}

/** A files-area refusal of a function icon (an upload's `file` code) in this area's codes. */
export const functionIconCode = (code: FileRuleCode): SchemaRuleCode =>
  ICON_CODES[code] ?? "invalidType";
