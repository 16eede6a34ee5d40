/**
 * The intents of the functions (items) of a location: add or edit one in the item dialog,
 * move it (up, down, or dragged with JavaScript), delete it and clone it into other locations.
 */
import { json } from "@remix-run/node";
import { ProviderUnreachable } from "~/api/client.server";
import type { PlatformFunction, PlatformView } from "~/api/schema/schemas";
import { parseForm } from "~/forms/parse.server";
import { outcomeErrors, platformRuleMessage } from "~/forms/platform-common";
import { CONFIRM_CLEAR_BUTTONS, ICON_FILE } from "~/forms/platform-item";
import { actionTypesOf } from "~/lib/platform/cards";
import { applyIconChoice } from "~/lib/platform/icon.server";
import {
  addItem,
  cloneItem,
  deleteItem,
  moveDown,
  moveItem,
  moveUp,
  updateItem,
  withFirstDropdownItem,
} from "~/lib/platform/items";
import { findLocation } from "~/lib/platform/locations";
import { getItem, splitItemPath } from "~/lib/platform/paths";
import { pickerStep } from "~/lib/platform/pickers.server";
import { applyItemWindow, itemWindowClears } from "~/lib/platform/window";
import { uploadQuotaMessage } from "~/lib/retry-after";
import { markFailed } from "~/lib/title";
import { redirectWithError } from "~/session.server";
import { type DialogFailure, type IntentContext, placeOf, textOf } from "./intents.server";

/** `up`, `down`: the item one place up or down its list. */
export function moveStepIntent({
  intent,
  formData,
  state,
  keep,
}: IntentContext): Promise<Response> | Response {
  const { location, path } = placeOf(state.document, formData, "item");
  const next = (intent === "up" ? moveUp : moveDown)(state.document, location, path);
  return next ? keep(next) : keep(state.document);
}

/** `move`: the item to another place of its list (a drag, with JavaScript). */
export function moveIntent({ formData, state, keep }: IntentContext): Promise<Response> | Response {
  const { location, path } = placeOf(state.document, formData, "item");
  const to = textOf(formData, "to");
  if (!/^\d{1,6}$/.test(to)) throw new Response("Unknown place.", { status: 400 });
  return keep(moveItem(state.document, location, path, Number(to)) ?? state.document);
}

/** `delete-item`: the item and the items it holds. */
export function deleteItemIntent({
  formData,
  state,
  keep,
}: IntentContext): Promise<Response> | Response {
  const { location, path } = placeOf(state.document, formData, "item");
  const next = deleteItem(state.document, location, path);
  return keep(next ?? state.document);
}

/** `item`: a new or changed item, after its icon, a step of its pickers, the country's references and the question before its buttons are cleared. */
export async function itemIntent({
  intent,
  context,
  formData,
  iconFile,
  api,
  language,
  state,
  t,
  back,
  schemas,
  keep,
  fail,
  unknownReferences,
}: IntentContext): Promise<Response> {
  const editing = formData.has("path");
  const place = editing
    ? placeOf(state.document, formData, "item")
    : placeOf(state.document, formData, "list");
  const listPath = editing ? splitItemPath(place.path).list : place.path;
  const actionTypes = actionTypesOf(state.document, place.location, listPath);
  if (actionTypes.length === 0) throw new Response("This list takes no items.", { status: 400 });
  const viewType = schemas.viewTypeOf(place.location);
  // The icon first: an uploaded icon stays in the form when another field is refused.
  const postedType =
    actionTypes.find((type) => type === textOf(formData, "actionType")) ?? actionTypes[0];
  const icon = await applyIconChoice(api, formData, iconFile, {
    actionType: postedType,
    allowSvg: state.allowSvg,
  });
  // A step of the matter-type or precedent picker (without JavaScript), or a save that asks first.
  const itemReply = () => parseForm(formData, schemas.item(place.location, actionTypes)).reply();
  const step = await pickerStep(formData, {
    api,
    countryCode: state.countryCode,
    reply: itemReply,
    question: t("platform:picker.confirmDeselect"),
  });
  if (step) {
    if (step.status >= 400) markFailed(context);
    return json<DialogFailure>(
      { intent, result: step.result, pickers: step.pickers, ask: step.ask },
      step.status,
    );
  }
  const submission = parseForm(formData, schemas.item(place.location, actionTypes));
  const iconMessage = icon.refused
    ? platformRuleMessage(t, icon.refused, ICON_FILE)
    : icon.quota && uploadQuotaMessage(t, language, icon.quota);
  const iconErrors = iconMessage ? { [ICON_FILE]: [iconMessage] } : undefined;
  if (icon.apiError) {
    return redirectWithError(back, {
      detail: icon.apiError.detail,
      traceId: icon.apiError.traceId,
      fallback: icon.apiError instanceof ProviderUnreachable ? "unreachable" : "savingData",
    });
  }
  if (submission.status !== "success" || iconErrors)
    return fail(submission.reply(iconErrors ? { fieldErrors: iconErrors } : undefined));
  const unknown = await unknownReferences(submission.value.visibility);
  if (Object.keys(unknown).length > 0)
    return fail(submission.reply({ fieldErrors: outcomeErrors(t, unknown) }));
  const old = editing ? getItem(state.document, place.location, place.path) : undefined;
  const locationType =
    findLocation(state.document, place.location)?.kind === "view"
      ? ((findLocation(state.document, place.location)!.location as PlatformView).type ?? viewType)
      : "menu";
  // A window type newly chosen on a matter view clears the item's buttons: asked first.
  const clears = itemWindowClears(old, submission.value.windowType, locationType);
  if (clears.buttons > 0 && textOf(formData, CONFIRM_CLEAR_BUTTONS) !== "on") {
    return fail(
      submission.reply({
        fieldErrors: {
          [CONFIRM_CLEAR_BUTTONS]: [t("platform:item.confirmClear", { count: clears.buttons })],
        },
      }),
    );
  }
  const posted = applyItemWindow(submission.value as PlatformFunction, old, locationType);
  const item =
    !editing && posted.actionType === "dropdown" && textOf(formData, "firstItem") === "on"
      ? withFirstDropdownItem(posted)
      : posted;
  const next = editing
    ? updateItem(state.document, place.location, place.path, item)
    : addItem(state.document, place.location, place.path, item)?.document;
  return keep(next ?? state.document);
}

/** `clone`: the item copied into the locations ticked. */
export function cloneIntent({
  formData,
  state,
  t,
  schemas,
  keep,
  fail,
}: IntentContext): Promise<Response> | Response {
  const { location, path } = placeOf(state.document, formData, "item");
  const submission = parseForm(formData, schemas.clone(location, path));
  if (submission.status !== "success") return fail(submission.reply());
  const outcome = cloneItem(
    state.document,
    location,
    path,
    submission.value.locations,
    state.settings,
  );
  if (!outcome.ok) return fail(submission.reply({ fieldErrors: outcomeErrors(t, outcome.errors) }));
  return keep(outcome.document);
}
