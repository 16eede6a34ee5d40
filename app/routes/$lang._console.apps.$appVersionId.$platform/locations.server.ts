/**
 * The intents of the page's locations: add and remove a location, a location's setting
 * (desktop: product variants and desktop versions) and a custom view's settings.
 */
import { json } from "@remix-run/node";
import { parseForm } from "~/forms/parse.server";
import { outcomeErrors } from "~/forms/platform-common";
import { addLocation, findLocation, removeLocation } from "~/lib/platform/locations";
import { pickerStep } from "~/lib/platform/pickers.server";
import { setCustomView, setLocationVisibility } from "~/lib/platform/settings";
import { windowClears } from "~/lib/platform/window";
import { type DialogFailure, type IntentContext, textOf } from "./intents.server";

/** The box of the custom view dialog that confirms clearing the view's buttons. */
const CONFIRM_CLEAR = "confirmClear";

/** `add-location`: a location of the offered ones. */
export function addLocationIntent({
  formData,
  state,
  t,
  schemas,
  keep,
  fail,
}: IntentContext): Promise<Response> | Response {
  const submission = parseForm(formData, schemas.addLocation());
  if (submission.status !== "success") return fail(submission.reply());
  const outcome = addLocation(
    state.document,
    state.settings,
    submission.value.location,
    state.integratorType,
  );
  if (!outcome.ok) return fail(submission.reply({ fieldErrors: outcomeErrors(t, outcome.errors) }));
  return keep(outcome.document);
}

/** `remove-location`: the location and all it holds (after the page's confirmation). */
export function removeLocationIntent({
  formData,
  state,
  keep,
}: IntentContext): Promise<Response> | Response {
  const location = textOf(formData, "location");
  if (!findLocation(state.document, location))
    throw new Response("Unknown location.", { status: 400 });
  return keep(removeLocation(state.document, location));
}

/** `setting` (desktop): a location's product variants and supported desktop versions. */
export function settingIntent({
  formData,
  state,
  schemas,
  keep,
  fail,
  desktopOnly,
}: IntentContext): Promise<Response> | Response {
  desktopOnly();
  const location = textOf(formData, "location");
  const found = findLocation(state.document, location);
  if (!found) throw new Response("Unknown location.", { status: 400 });
  const submission = parseForm(formData, schemas.setting(found.location.visibility));
  if (submission.status !== "success") return fail(submission.reply());
  const visibility = { ...submission.value };
  // Both versions cleared: no limit.
  if (!visibility.supportedDesktopVersions) visibility.supportedDesktopVersions = undefined;
  return keep(setLocationVisibility(state.document, location, visibility) ?? state.document);
}

/** `custom-view`: a custom view's settings, a step of its matter-type picker (desktop), or the question before its buttons are cleared. */
export async function customViewIntent({
  intent,
  formData,
  api,
  state,
  t,
  schemas,
  keep,
  fail,
  unknownReferences,
}: IntentContext): Promise<Response> {
  const location = textOf(formData, "location");
  const found = findLocation(state.document, location);
  if (found?.kind !== "view" || !found.location.isCustomView)
    throw new Response("Not a custom view.", { status: 400 });
  const viewSchema = schemas.customView(location, found.location);
  // A step of the matter-type picker (desktop, without JavaScript).
  const step =
    state.platform === "desktop"
      ? await pickerStep(formData, {
          api,
          countryCode: state.countryCode,
          reply: () => parseForm(formData, viewSchema).reply(),
          question: t("platform:picker.confirmDeselect"),
        })
      : undefined;
  if (step)
    return json<DialogFailure>(
      { intent, result: step.result, pickers: step.pickers, ask: step.ask },
      step.status,
    );
  const submission = parseForm(formData, viewSchema);
  if (submission.status !== "success") return fail(submission.reply());
  const unknown = await unknownReferences(submission.value.visibility);
  if (Object.keys(unknown).length > 0)
    return fail(submission.reply({ fieldErrors: outcomeErrors(t, unknown) }));
  // Fullscreen, or a window type on a matter view, clears the view's buttons: asked first.
  const clears = windowClears(found.location, {
    windowType: submission.value.windowType,
    isFullScreen: submission.value.isFullScreen,
  });
  if (clears.buttons > 0 && textOf(formData, CONFIRM_CLEAR) !== "on") {
    return fail(
      submission.reply({
        fieldErrors: {
          [CONFIRM_CLEAR]: [t("platform:customView.confirmClear", { count: clears.buttons })],
        },
      }),
    );
  }
  return keep(setCustomView(state.document, location, submission.value) ?? state.document);
}
