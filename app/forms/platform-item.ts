/**
 * The new / update item dialog of the platform schema editor,
 * what the dialog and the page's action share with no zod in it: the form's id and field
 * names, its tabs, its values of an item, and the check of a picked icon. The schema that
 * reads and refuses the post is platform-item.server.ts.
 *
 * Field names are the contract's paths, so a refusal of the API lands on its field too:
 * - Details: `actionType` (one of the list's, `actionTypesOf` in app/lib/platform/cards.ts),
 *   `name`, `label`, `headerLabel` (secondary-tab dropdown), `groupLabel`, `description`,
 *   `windowType` (system, web, hidden, notApplicable or empty), `width` (button width 60 to
 *   100, FUNCTION_LIMITS), `icon.id` and `icon.url` (an uploaded function icon), `iconSvg`;
 * - Visibility: `visibility.matterTypes`, `visibility.states`, `visibility.cardType`,
 *   `visibility.billingModes` (ticked boxes), `visibility.entityType` (0, 1, 2 or empty),
 *   `visibility.formNames` and `visibility.tableIds` (comma-separated), `visibility.location`
 *   (ticked precedents, each `precedentValue(root, path)`);
 * - Endpoints: `urls.dev`, `urls.test`, `urls.beta`, `urls.live`;
 * - Window (only used when windowType is system): `window.title`, `window.width`,
 *   `window.height`, `window.minWidth`, `window.minHeight`, `window.maxWidth`,
 *   `window.maxHeight`, `window.closeHandler`, `window.useNativeLoading`, `window.hideControls`;
 * - Advanced: `functionGroupId`, `timeTracked` (0, 1, 2), `triggeredFromApplication`,
 *   `formNames` (comma-separated), and the boxes `messageBus`, `externalEmailIntegrationReq`,
 *   `isSupportMultipleInstances`, `popOutWindow`.
 *
 * - Icon (Details; read by the page's action before this schema, app/lib/platform/icon.server.ts):
 *   `iconFile` (a chosen PNG, or SVG where the country allows it), `removeIcon` (a box);
 *   `refusedIcon` (the rule a chosen file broke, kept in the form: the item is refused with it
 *   until another file is chosen, the icon removed, or the box `dropRefusedIcon` ticked);
 *   `confirmClear` (the box that confirms clearing the item's buttons
 *   when a new window type is chosen on a matter view).
 *
 * `ITEM_TABS`, `itemTabOf(name)` and `itemTabsWithErrors(names)` give the tab of a field and
 * the tabs to mark '!'. `itemDefaults(item)` gives the form's values of an item (for
 * conform's defaultValue). `functionIconRule(bytes, fileSize, options)` checks a picked icon
 * by its content (invalidType, invalidSize, sizeGreater50KB; 24x24 for
 * a list item), in the browser and in the action, before it is uploaded.
 */
import { readImage } from "~/api/files/content";
import type { SchemaRuleCode } from "~/api/schema/codes";
import { checkFunctionIcon } from "~/api/schema/items";
import { FUNCTION_LIMITS } from "~/api/schema/limits";
import type { PlatformFunction } from "~/api/schema/schemas";
import type { ActionType } from "~/api/schema/values";
import { precedentLocations, precedentValue, precedentValues } from "~/lib/platform/matter-types";
import { endpointDefaults, tabsWithErrors } from "./platform-common";

export const ITEM_FORM_ID = "platform-item";
/** The item dialog's file input for a new function icon, and its box that removes the icon. */
export const ICON_FILE = "iconFile";
export const REMOVE_ICON = "removeIcon";
/** The rule a chosen icon file broke, kept in the form, and the box that leaves that file out. */
export const REFUSED_ICON = "refusedIcon";
export const DROP_REFUSED_ICON = "dropRefusedIcon";
/** The rules a refused icon file is kept with; any other value reads as the wrong type. */
const ICON_RULES = [
  "invalidType",
  "invalidSize",
  "sizeGreater50KB",
] as const satisfies readonly SchemaRuleCode[];
export const iconRuleOf = (value: unknown): SchemaRuleCode =>
  ICON_RULES.find((code) => code === value) ?? "invalidType";
/** The item dialog's box that confirms clearing the item's buttons (a window type on a matter view). */
export const CONFIRM_CLEAR_BUTTONS = "confirmClear";
export const ITEM_TABS = ["details", "visibility", "endpoints", "window", "advanced"] as const;
export type ItemTab = (typeof ITEM_TABS)[number];

const ADVANCED_FIELDS = [
  "functionGroupId",
  "timeTracked",
  "triggeredFromApplication",
  "formNames",
  "messageBus",
  "externalEmailIntegrationReq",
  "isSupportMultipleInstances",
  "popOutWindow",
];

/** The tab a field of the item dialog is on. */
export function itemTabOf(name: string): ItemTab {
  const head = name.split(/[.[]/)[0];
  if (head === "visibility") return "visibility";
  if (head === "urls") return "endpoints";
  if (head === "window") return "window";
  return ADVANCED_FIELDS.includes(head) ? "advanced" : "details";
}

/** The tabs holding a field with an error, for the '!' on their labels. */
export const itemTabsWithErrors = (errorNames: Iterable<string>) =>
  tabsWithErrors(ITEM_TABS, itemTabOf, errorNames);

export { precedentLocations, precedentValue };

/** The form's values of an item (conform's defaultValue): what `itemSchema` reads back into the same item. */
export function itemDefaults(
  item: PlatformFunction | undefined,
  actionType?: ActionType,
): Record<string, unknown> {
  if (!item) return { actionType, width: undefined };
  const urls = endpointDefaults(item.urls);
  const window = item.window
    ? Object.fromEntries(
        Object.entries(item.window).map(([key, entry]) => [
          key,
          typeof entry === "boolean"
            ? entry
              ? "on"
              : undefined
            : entry === null
              ? ""
              : String(entry),
        ]),
      )
    : undefined;
  const visibility = item.visibility && {
    matterTypes: item.visibility.matterTypes,
    states: item.visibility.states,
    cardType: item.visibility.cardType,
    billingModes: item.visibility.billingModes?.map(String),
    entityType:
      item.visibility.entityType === null || item.visibility.entityType === undefined
        ? ""
        : String(item.visibility.entityType),
    formNames: item.visibility.formNames?.join(", "),
    tableIds: item.visibility.tableIds?.join(", "),
    location: precedentValues(item.visibility.location),
  };
  const flag = (value: boolean | undefined) => (value ? "on" : undefined);
  return {
    actionType: item.actionType,
    name: item.name ?? "",
    label: item.label ?? "",
    headerLabel: item.headerLabel ?? "",
    groupLabel: item.groupLabel ?? "",
    description: item.description ?? "",
    iconSvg: item.iconSvg ?? "",
    functionGroupId: item.functionGroupId ?? "",
    windowType: item.windowType ?? "",
    width: item.width === null || item.width === undefined ? "" : String(item.width),
    icon: item.icon ?? undefined,
    visibility,
    urls,
    window,
    timeTracked: item.timeTracked === undefined ? "" : String(item.timeTracked),
    triggeredFromApplication: item.triggeredFromApplication ?? "",
    formNames: item.formNames?.join(", ") ?? "",
    messageBus: flag(item.messageBus),
    externalEmailIntegrationReq: flag(item.externalEmailIntegrationReq),
    isSupportMultipleInstances: flag(item.isSupportMultipleInstances),
    popOutWindow: flag(item.popOutWindow),
  };
}

/** The button width slider: its range, step and starting value. */
export const WIDTH_SLIDER = {
  min: FUNCTION_LIMITS.widthMin,
  max: FUNCTION_LIMITS.widthMax,
  step: FUNCTION_LIMITS.widthStep,
  defaultValue: FUNCTION_LIMITS.widthDefault,
} as const;

/** The rule a picked function icon breaks, by its content (`bytes` may be the file's beginning); undefined when it is fine. */
export function functionIconRule(
  bytes: Uint8Array,
  fileSize: number,
  options: { actionType: ActionType; allowSvg?: boolean },
): SchemaRuleCode | undefined {
  return checkFunctionIcon(readImage(bytes, fileSize), {
    listItem: options.actionType === "list-item",
    allowSvg: options.allowSvg,
  });
}
