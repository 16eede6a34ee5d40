/**
 * The editor page's action: one intent a post, handled by the file of its kind beside this
 * one.
 *
 * | intent | fields | change | file |
 * |---|---|---|---|
 * | `add-location` | location | `addLocation` | locations |
 * | `remove-location` | location (after the page's confirmation) | `removeLocation` | locations |
 * | `setting` | location, visibility.productVariants, .supportedDesktopVersions[0..1] (desktop) | `setLocationVisibility` | locations |
 * | `custom-view` | location, the custom view dialog's fields (pick: a step of its matter-type picker, desktop; the window options of a matter view for integratorType 1 only; its matter types checked as the item's) | `setCustomView` | locations |
 * | `up`, `down` | location, path | `moveUp`, `moveDown` | items |
 * | `move` | location, path, to (a drag, with JS) | `moveItem` | items |
 * | `delete-item` | location, path | `deleteItem` | items |
 * | `item` | location, list or path, the item dialog's fields (its matter types and precedents checked against the country's: `visibilityReferences`) (pick: a step of its matter-type or precedent picker, pickers.server.ts; confirmDeselect: ticked precedents of a matter type no longer ticked may go; firstItem: a new dropdown's copy as its first item; iconFile: a new icon, uploaded; removeIcon; confirmClear: the item's buttons may be cleared) | `addItem` / `updateItem`, after `applyItemWindow` | items |
 * | `clone` | location, path, locations (ticked) | `cloneItem` | items |
 * | `app-variants` | productVariants, addToAllLocations, confirmed (desktop) | the product-variant updates dialog when variants are added or removed, then `setAppVariants` | platform |
 * | `exceptions` | exceptions[n].url, .isInternal (desktop; conform's add and remove row) | `setExceptions` | platform |
 * | `import-arrange`, `import-validate` | json | answers it pretty-printed (at most as long as a JSON text may be), or the provider's verdict (`POST app-schema/validate`) | import |
 * | `import` | json | this platform of the document replaces the draft (validatingSchema when there is none) | import |
 * | `discard` | | drops the draft (also one that cannot be shown) | save |
 * | `save` | | the whole-schema check, then `POST app-schema` with the draft; to the new version's page (refused: each named part in the page's error summary) | save |
 *
 * Every change is kept in the draft and answered with a redirect to the page (without the
 * dialog); a form that fails its rules answers 400 with conform's reply, the dialog open.
 */
import type { SubmissionResult } from "@conform-to/react";
import { type AppLoadContext, json } from "@remix-run/node";
import type { SchemaErrors } from "~/api/schema/codes";
import { addsFunctionsPastLimit } from "~/api/schema/json";
import { SCHEMA_LIMITS } from "~/api/schema/limits";
import { validateVisibilityChoice } from "~/api/schema/lookups";
import type { PlatformSchema, Visibility } from "~/api/schema/schemas";
import { requireUser } from "~/auth.server";
import i18next from "~/i18next.server";
import { draftLabel, redirectAfterDraft } from "~/lib/drafts.server";
import { keepPlatformDraft } from "~/lib/platform/draft.server";
import { readEditorForm } from "~/lib/platform/icon.server";
import { visibilityReferences } from "~/lib/platform/pickers.server";
import { markFailed } from "~/lib/title";
import { redirectWithError } from "~/session.server";
import { editorSchemas } from "./forms.server";
import { importIntent } from "./import.server";
import { type DialogFailure, INTENTS, type Intent, type IntentHandler } from "./intents.server";
import {
  cloneIntent,
  deleteItemIntent,
  itemIntent,
  moveIntent,
  moveStepIntent,
} from "./items.server";
import { loadEditor } from "./load.server";
import {
  addLocationIntent,
  customViewIntent,
  removeLocationIntent,
  settingIntent,
} from "./locations.server";
import { appVariantsIntent, exceptionsIntent } from "./platform.server";
import { discardIntent, saveIntent } from "./save.server";

/** The handler of each intent. */
const HANDLERS: Record<Intent, IntentHandler> = {
  "add-location": addLocationIntent,
  "remove-location": removeLocationIntent,
  setting: settingIntent,
  "custom-view": customViewIntent,
  up: moveStepIntent,
  down: moveStepIntent,
  move: moveIntent,
  "delete-item": deleteItemIntent,
  item: itemIntent,
  clone: cloneIntent,
  "app-variants": appVariantsIntent,
  exceptions: exceptionsIntent,
  "import-arrange": importIntent,
  "import-validate": importIntent,
  import: importIntent,
  discard: discardIntent,
  save: saveIntent,
};

export async function editorAction(
  request: Request,
  context: AppLoadContext,
  params: { appVersionId?: string; platform?: string },
) {
  const url = new URL(request.url);
  const { formData, iconFile } = await readEditorForm(request);
  const intents = formData.getAll("intent");
  const intent = INTENTS.find((entry) => entry === intents[0]);
  if (!intent || intents.length !== 1) throw new Response("Unknown intent.", { status: 400 });
  const { api, session, language } = await requireUser(request, context);
  const state = await loadEditor(request, context, params);
  const t = await i18next.getFixedT(request, ["platform", "common"]);
  // The page without any dialog.
  const back = url.pathname;
  // Save is the provider's to refuse (the edit check may have changed since the page was shown).
  if (!state.canEdit && intent !== "save")
    return redirectWithError(back, { detail: t("platform:readOnly") });

  const keep = async (document: PlatformSchema, to = back) => {
    if (addsFunctionsPastLimit(document, state.document))
      return redirectWithError(to, {
        detail: t("platform:tooManyFunctions", { max: SCHEMA_LIMITS.functionsMax }),
      });
    const kept = await keepPlatformDraft(
      session,
      state.versionId,
      state.platform,
      state.saved,
      document,
      draftLabel(state.appName, state.versionNumber),
    );
    if (!kept) return redirectWithError(to, { detail: t("platform:draftFailed") });
    return redirectAfterDraft(to, kept);
  };
  const fail = (submissionReply: SubmissionResult<string[]>, refused = true) => {
    if (refused) markFailed(context);
    return json<DialogFailure>({ intent, result: submissionReply }, refused ? 400 : 200);
  };
  const schemas = editorSchemas(t, state);
  const unknownReferences = async (visibility: Visibility | undefined): Promise<SchemaErrors> => {
    const known = await visibilityReferences(api, state.countryCode, visibility);
    return known ? validateVisibilityChoice(visibility, known) : {};
  };
  const desktopOnly = () => {
    if (state.platform !== "desktop") throw new Response("Desktop only.", { status: 400 });
  };
  return HANDLERS[intent]({
    intent,
    context,
    formData,
    iconFile,
    api,
    session,
    language,
    state,
    t,
    back,
    schemas,
    keep,
    fail,
    unknownReferences,
    desktopOnly,
  });
}
