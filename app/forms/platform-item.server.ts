/**
 * The new / update item dialog's post (platform-item.ts names its fields): one zod schema,
 * the action's (parseForm), that reads the post into a function of the document
 * (`PlatformFunction`) and refuses it by the contract's rules (`validateFunction` of
 * app/api/schema/items.ts), each refusal on its field in the words of `platform:errors.{code}`
 * (app/forms/platform-common.ts). Its rules are a transform's: the browser leaves them to the
 * action, whose answer shows each message next to its field.
 */
import type { TFunction } from "i18next";
import * as z from "zod";
import { type ItemPlace, validateFunction } from "~/api/schema/items";
import type { FunctionWindow, PlatformFunction, Visibility } from "~/api/schema/schemas";
import {
  type ActionType,
  BILLING_MODE_VALUES,
  CARD_TYPES,
  ENVIRONMENTS,
  TIME_TRACKING_VALUES,
  TRIGGERING_APPLICATIONS,
  WINDOW_TYPES,
} from "~/api/schema/values";
import { precedentLocations } from "~/lib/platform/matter-types";
import { platformRuleMessage } from "./platform-common";
import {
  addRuleIssues,
  checkbox,
  choiceOf,
  cleanText,
  endpointFields,
  endpointUrls,
  oneText,
  refuseInvalid,
  refuseUnstorable,
  ticked,
  tickedValues,
  wholeNumberOf,
} from "./platform-fields.server";
import {
  DROP_REFUSED_ICON,
  ICON_FILE,
  iconRuleOf,
  REFUSED_ICON,
  REMOVE_ICON,
} from "./platform-item";

const WINDOW_SIZES = ["width", "height", "minWidth", "minHeight", "maxWidth", "maxHeight"] as const;
const WINDOW_TEXTS = ["title", "closeHandler"] as const;
type WindowField = (typeof WINDOW_SIZES)[number] | (typeof WINDOW_TEXTS)[number];
const ITEM_TEXTS = [
  "name",
  "label",
  "headerLabel",
  "groupLabel",
  "description",
  "iconSvg",
  "functionGroupId",
] as const;

/** A comma-separated list: each entry trimmed, blanks left out. */
const commaList = (value: string | undefined) =>
  cleanText(value)
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);

export interface ItemContext extends ItemPlace {
  /** The action types the item may have (its list's); the first when none is posted. */
  actionTypes: readonly ActionType[];
}

export function itemSchema(t: TFunction, context: ItemContext) {
  const text = (name: string) => oneText(t, name);
  const shape = {
    actionType: text("actionType"),
    ...Object.fromEntries(ITEM_TEXTS.map((name) => [name, text(name)])),
    windowType: text("windowType"),
    width: text("width"),
    icon: z
      .object({ id: text("icon.id"), url: text("icon.url") })
      .partial()
      .optional(),
    visibility: z
      .object({
        matterTypes: ticked(t, "visibility.matterTypes"),
        states: ticked(t, "visibility.states"),
        cardType: ticked(t, "visibility.cardType"),
        billingModes: ticked(t, "visibility.billingModes"),
        location: ticked(t, "visibility.location"),
        entityType: text("visibility.entityType"),
        formNames: text("visibility.formNames"),
        tableIds: text("visibility.tableIds"),
      })
      .partial()
      .optional(),
    urls: endpointFields(t),
    window: z
      .object({
        ...(Object.fromEntries(
          [...WINDOW_SIZES, ...WINDOW_TEXTS].map((name) => [name, text(`window.${name}`)]),
        ) as Record<WindowField, ReturnType<typeof text>>),
        useNativeLoading: checkbox(),
        hideControls: checkbox(),
      })
      .partial()
      .optional(),
    timeTracked: text("timeTracked"),
    triggeredFromApplication: text("triggeredFromApplication"),
    formNames: text("formNames"),
    messageBus: checkbox(),
    externalEmailIntegrationReq: checkbox(),
    isSupportMultipleInstances: checkbox(),
    popOutWindow: checkbox(),
    [REFUSED_ICON]: oneText(t, ICON_FILE),
    [DROP_REFUSED_ICON]: checkbox(),
    [REMOVE_ICON]: checkbox(),
  };
  return z.object(shape).transform((raw, ctx): PlatformFunction => {
    const value = raw as Record<string, unknown> & typeof raw;
    const texts = Object.fromEntries(
      ITEM_TEXTS.map((name) => [name, value[name] as string | undefined]),
    );
    /** The fields already refused here (not a whole number, not text the database stores...). */
    const told = new Set<string>();
    const unstorable = (name: string, entry: string | undefined) => {
      if (!told.has(name) && refuseUnstorable(ctx, t, name, entry)) told.add(name);
    };
    for (const name of ITEM_TEXTS) unstorable(name, texts[name]);
    for (const env of ENVIRONMENTS) unstorable(`urls.${env}`, value.urls?.[env]);
    for (const name of WINDOW_TEXTS) unstorable(`window.${name}`, value.window?.[name]);
    unstorable("formNames", value.formNames);
    for (const name of ["formNames", "tableIds"] as const)
      unstorable(`visibility.${name}`, value.visibility?.[name]);
    for (const name of ["matterTypes", "states", "location"] as const) {
      for (const entry of tickedValues(value.visibility?.[name]))
        unstorable(`visibility.${name}`, entry);
    }
    unstorable("icon.id", value.icon?.id);
    unstorable("icon.url", value.icon?.url);
    // A refused icon file stands until it is replaced, or the icon removed or the file left out on purpose.
    if (cleanText(value[REFUSED_ICON]) && !value[DROP_REFUSED_ICON] && !value[REMOVE_ICON]) {
      ctx.addIssue({
        code: "custom",
        path: [ICON_FILE],
        message: platformRuleMessage(t, iconRuleOf(cleanText(value[REFUSED_ICON])), ICON_FILE),
      });
      told.add(ICON_FILE);
    }
    const invalid = (name: string) => {
      if (told.has(name)) return;
      told.add(name);
      refuseInvalid(ctx, t, name);
    };
    const choice = (name: string, allowed: readonly (string | number)[]) => {
      const chosen = told.has(name)
        ? ""
        : choiceOf(ctx, t, name, value[name] as string | undefined, allowed);
      if (chosen === undefined) told.add(name);
      return chosen ?? "";
    };

    const actionType = (context.actionTypes.find((type) => type === cleanText(value.actionType)) ??
      (value.actionType ? undefined : context.actionTypes[0])) as ActionType | undefined;
    if (!actionType) invalid("actionType");
    const windowType = choice("windowType", WINDOW_TYPES);
    const timeTracked = choice("timeTracked", TIME_TRACKING_VALUES);
    const triggered = choice("triggeredFromApplication", TRIGGERING_APPLICATIONS);

    const item: PlatformFunction = { actionType: actionType ?? context.actionTypes[0] ?? "button" };
    for (const name of ["name", "label", "description"] as const)
      item[name] = cleanText(texts[name]);
    for (const name of ["headerLabel", "groupLabel", "iconSvg", "functionGroupId"] as const) {
      const entry = cleanText(texts[name]);
      if (entry) item[name] = entry;
    }
    if (windowType) item.windowType = windowType as PlatformFunction["windowType"];
    const width = wholeNumberOf(value.width);
    if (width !== undefined) item.width = width;
    if (Number.isNaN(width)) invalid("width");
    const icon = { id: cleanText(value.icon?.id), url: cleanText(value.icon?.url) };
    if (icon.id && icon.url) item.icon = icon;

    const visibility = visibilityOf(value.visibility, invalid);
    if (visibility) item.visibility = visibility;
    const urls = endpointUrls(value.urls);
    if (urls.length > 0) item.urls = urls;

    const window: FunctionWindow = {};
    for (const name of WINDOW_SIZES) {
      const size = wholeNumberOf(value.window?.[name]);
      if (Number.isNaN(size)) invalid(`window.${name}`);
      else if (size !== undefined) window[name] = size;
    }
    for (const name of WINDOW_TEXTS) {
      const entry = cleanText(value.window?.[name]);
      if (entry) window[name] = entry;
    }
    if (value.window?.useNativeLoading) window.useNativeLoading = true;
    if (value.window?.hideControls) window.hideControls = true;
    if (Object.keys(window).length > 0) item.window = window;

    if (timeTracked) item.timeTracked = Number(timeTracked) as PlatformFunction["timeTracked"];
    if (triggered)
      item.triggeredFromApplication = triggered as PlatformFunction["triggeredFromApplication"];
    const formNames = commaList(value.formNames);
    if (formNames.length > 0) item.formNames = formNames;
    for (const flag of [
      "messageBus",
      "externalEmailIntegrationReq",
      "isSupportMultipleInstances",
      "popOutWindow",
    ] as const)
      if (value[flag]) item[flag] = true;

    const errors = validateFunction(item, context);
    // A field refused above keeps that message (a size that is not a number would read as missing).
    for (const path of told) delete errors[path];
    addRuleIssues(ctx, t, errors);
    if (told.size > 0 || Object.keys(errors).length > 0) return z.NEVER;
    return item;
  });
}
export type ItemValue = z.output<ReturnType<typeof itemSchema>>;

type RawVisibility = Partial<
  Record<"matterTypes" | "states" | "cardType" | "billingModes" | "location", string | string[]> &
    Record<"entityType" | "formNames" | "tableIds", string>
>;

/** The visibility of the dialog's fields; undefined when nothing limits the item. */
function visibilityOf(
  raw: RawVisibility | undefined,
  invalid: (name: string) => void,
): Visibility | undefined {
  const visibility: Visibility = {};
  const matterTypes = tickedValues(raw?.matterTypes);
  if (matterTypes.length > 0) visibility.matterTypes = matterTypes;
  const states = tickedValues(raw?.states);
  if (states.length > 0) visibility.states = states;
  const cardType = tickedValues(raw?.cardType);
  if (cardType.some((entry) => !(CARD_TYPES as readonly string[]).includes(entry)))
    invalid("visibility.cardType");
  else if (cardType.length > 0) visibility.cardType = cardType as Visibility["cardType"];
  const billingModes = tickedValues(raw?.billingModes);
  if (
    billingModes.some(
      (entry) => !(BILLING_MODE_VALUES as readonly number[]).map(String).includes(entry),
    )
  )
    invalid("visibility.billingModes");
  else if (billingModes.length > 0)
    visibility.billingModes = billingModes.map(Number) as Visibility["billingModes"];
  const entityType = cleanText(raw?.entityType);
  if (entityType && !/^[012]$/.test(entityType)) invalid("visibility.entityType");
  else if (entityType) visibility.entityType = Number(entityType);
  for (const name of ["formNames", "tableIds"] as const) {
    const list = commaList(raw?.[name]);
    if (list.length > 0) visibility[name] = list;
  }
  const location = precedentLocations(tickedValues(raw?.location));
  if (!location) invalid("visibility.location");
  else if (location.length > 0) visibility.location = location;
  return Object.keys(visibility).length > 0 ? visibility : undefined;
}
