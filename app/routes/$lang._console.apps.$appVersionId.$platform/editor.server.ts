/**
 * The server side of the platform schema editor page:
 * what the page shows, and the intents of its forms.
 *
 * Loading reads the version (shared with the version layout in one request), the saved
 * schema of the platform with the edit check (`GET app-schema/{id}?platform=`), the
 * location settings of the app's country and platform (`GET resources/config-init-all`),
 * the signed-in user (the company's integratorType, shared with the console layout) and, on
 * desktop where the country has product variants (AUB as AU), `GET resources/product-variants`.
 * The document shown is the user's draft when there is one (app/lib/platform/draft.server.ts).
 *
 * | intent | fields | change |
 * |---|---|---|
 * | `add-location` | location | `addLocation` |
 * | `remove-location` | location (after the page's confirmation) | `removeLocation` |
 * | `up`, `down` | location, path | `moveUp`, `moveDown` |
 * | `move` | location, path, to (a drag, with JS) | `moveItem` |
 * | `delete-item` | location, path | `deleteItem` |
 * | `item` | location, list or path, the item dialog's fields (its matter types and precedents checked against the country's: `visibilityReferences`) (pick: a step of its matter-type or precedent picker, pickers.server.ts; confirmDeselect: ticked precedents of a matter type no longer ticked may go; firstItem: a new dropdown's copy as its first item; iconFile: a new icon, uploaded; removeIcon; confirmClear: the item's buttons may be cleared) | `addItem` / `updateItem`, after `applyItemWindow` |
 * | `clone` | location, path, locations (ticked) | `cloneItem` |
 * | `custom-view` | location, the custom view dialog's fields (pick: a step of its matter-type picker, desktop; the window options of a matter view for integratorType 1 only; its matter types checked as the item's) | `setCustomView` |
 * | `app-variants` | productVariants, addToAllLocations, confirmed (desktop) | the product-variant updates dialog when variants are added or removed, then `setAppVariants` |
 * | `exceptions` | exceptions[n].url, .isInternal (desktop; conform's add and remove row) | `setExceptions` |
 * | `setting` | location, visibility.productVariants, .supportedDesktopVersions[0..1] (desktop) | `setLocationVisibility` |
 * | `import-arrange`, `import-validate` | json | answers it pretty-printed (at most as long as a JSON text may be), or the provider's verdict (`POST app-schema/validate`) |
 * | `import` | json | this platform of the document replaces the draft (validatingSchema when there is none) |
 *
 * Every JSON text of the import is held to the JSON limits before it is parsed (tooDeep,
 * tooLarge: app/api/json-limits.ts), answered next to the field.
 * | `discard` | | drops the draft (also one that cannot be shown) |
 * | `save` | | the whole-schema check, then `POST app-schema` with the draft; to the new version's page (refused: each named part in the page's error summary) |
 *
 * Every change is kept in the draft and answered with a redirect to the page (without the
 * dialog); a form that fails its rules answers 400 with conform's reply, the dialog open.
 */
import type { SubmissionResult } from "@conform-to/react";
import { type AppLoadContext, json, json as json_, redirect } from "@remix-run/node";
import { ApiError, ProviderUnreachable } from "~/api/client.server";
import { JSON_LIMIT_CODES } from "~/api/json-limits";
import {
  getConfigInitAll,
  getDesktopVersions,
  getProductVariants,
} from "~/api/resources/endpoints";
import type { LocationSetting, ProductVariant } from "~/api/resources/schemas";
import type { SchemaErrors } from "~/api/schema/codes";
import { checkWholeSchema } from "~/api/schema/document";
import { getSchema, saveSchema, validateSchema } from "~/api/schema/endpoints";
import { addsFunctionsPastLimit, checkPlatformLimits, decodeSchemaJson } from "~/api/schema/json";
import { SCHEMA_LIMITS } from "~/api/schema/limits";
import { validateVisibilityChoice } from "~/api/schema/lookups";
import {
  type ActionType,
  type PlatformFunction,
  type PlatformSchema,
  type PlatformView,
  PRODUCT_VARIANT_ALL,
  platformSchema,
  schemaDocument,
  type Visibility,
} from "~/api/schema/schemas";
import { getUser } from "~/api/user/endpoints";
import { requireUser } from "~/auth.server";
import type { Translate } from "~/forms/app-editor";
import type { FormRules } from "~/forms/check";
import { parseForm } from "~/forms/parse.server";
import { jsonLimitMessage, outcomeErrors, platformRuleMessage } from "~/forms/platform-common";
import { CONFIRM_CLEAR_BUTTONS, ICON_FILE } from "~/forms/platform-item";
import { itemSchema } from "~/forms/platform-item.server";
import { addLocationSchema, cloneSchema } from "~/forms/platform-location.server";
import {
  appVariantsSchema,
  customViewSchema,
  exceptionsSchema,
  rootVisibilitySchema,
} from "~/forms/platform-settings.server";
import { formRules } from "~/forms/rules.server";
import i18next from "~/i18next.server";
import { loadFailure, loadVersion, notFound } from "~/lib/apps/editor.server";
import { type EditorPlatform, isEditorPlatform } from "~/lib/apps/platform-tabs";
import { draftLabel, redirectAfterDraft } from "~/lib/drafts.server";
import { arrangedJson } from "~/lib/platform/arrange";
import {
  discardPlatformDraft,
  keepPlatformDraft,
  loadPlatformDraft,
  type UnreadableDraft,
} from "~/lib/platform/draft.server";
import { applyIconChoice, readEditorForm } from "~/lib/platform/icon.server";
import {
  actionTypesOf,
  addItem,
  addLocation,
  applyItemWindow,
  cloneItem,
  cloneTargets,
  deleteItem,
  emptyPlatform,
  findLocation,
  getItem,
  itemWindowClears,
  moveDown,
  moveItem,
  moveUp,
  offeredLocations,
  parseItemPath,
  parseListPath,
  removeLocation,
  setAppVariants,
  setCustomView,
  setExceptions,
  setLocationVisibility,
  splitItemPath,
  updateItem,
  variantUpdates,
  windowClears,
  withFirstDropdownItem,
  withSettingNames,
} from "~/lib/platform/operations";
import {
  loadPickers,
  type PickerAnswer,
  type PickerData,
  pickerStep,
  visibilityReferences,
} from "~/lib/platform/pickers.server";
import { type SaveProblem, saveProblems } from "~/lib/platform/save-errors";
import { uploadQuotaMessage } from "~/lib/retry-after";
import { markFailed } from "~/lib/title";
import { redirectWithError, redirectWithToast } from "~/session.server";

/** Everything the page and its actions need. */
export interface EditorState {
  versionId: string;
  appName: string;
  /** The version's number as shown (1.000). */
  versionNumber: string;
  platform: EditorPlatform;
  countryCode: string;
  saved: PlatformSchema;
  document: PlatformSchema;
  /** The draft differs from the saved schema. */
  differs: boolean;
  /** A kept draft that cannot be shown: why (the page offers Discard). */
  unreadableDraft?: UnreadableDraft;
  /** The edit check: Save and every change are offered only then. */
  canEdit: boolean;
  settings: LocationSetting[];
  integratorType: number;
  hasAccessToTest: boolean;
  /** Desktop only, where the country has product variants. */
  productVariants: ProductVariant[];
  /** Desktop only: the oldest supported desktop version. */
  minimumDesktopVersion?: string;
  /** The country takes SVG function icons (`allow-svg-button`). */
  allowSvg: boolean;
}

export async function loadEditor(
  request: Request,
  context: AppLoadContext,
  params: { appVersionId?: string; platform?: string },
): Promise<EditorState> {
  const { api, session } = await requireUser(request, context);
  const platform = params.platform;
  if (!isEditorPlatform(platform)) throw await notFound(request);
  const version = await loadVersion(request, api, params.appVersionId);
  if (version.details.appType !== 0) throw await notFound(request);
  try {
    const [read, config, user] = await Promise.all([
      api.call(getSchema, { params: { appVersionId: version.id }, query: { platform } }),
      api.call(getConfigInitAll),
      api.call(getUser),
    ]);
    const country = config.init.countries.find(
      (entry) => entry.code === version.details.countryCode,
    );
    const resourceCountry =
      config.init.countries.find(
        (entry) => entry.code === (country?.resourceCountryCode ?? version.details.countryCode),
      ) ?? country;
    const settings =
      country?.settings.platforms.find((entry) => entry.type === platform)?.locations ?? [];
    const variantsOn =
      platform === "desktop" && Boolean(resourceCountry?.featureFlags["product-variant-enabled"]);
    const [productVariants, desktopVersions] = await Promise.all([
      variantsOn
        ? api.call(getProductVariants, { query: { countryCode: version.details.countryCode } })
        : [],
      platform === "desktop" ? api.call(getDesktopVersions) : [],
    ]);
    const saved = read.schema ?? emptyPlatform(platform);
    const draft = await loadPlatformDraft(session, version.id, platform, saved);
    return {
      versionId: version.id,
      appName: version.details.name,
      versionNumber: version.versionNumberDisplay,
      platform,
      countryCode: version.details.countryCode,
      saved,
      document: draft.document,
      differs: draft.differs,
      unreadableDraft: draft.unreadable,
      canEdit: read.canEdit,
      settings,
      integratorType: user.integratorType,
      hasAccessToTest: user.hasAccessToTest,
      productVariants,
      minimumDesktopVersion: desktopVersions.find((entry) => entry.isMinimum)?.version,
      allowSvg: Boolean(resourceCountry?.featureFlags["allow-svg-button"]),
    };
  } catch (error) {
    if (error instanceof Response) throw error;
    throw await loadFailure(request, error, "fetchAppSchema");
  }
}

/**
 * What the matter-type and precedent pickers of the item dialog show (app/lib/platform/
 * pickers.server.ts): the country's matter types and the precedents of `matterTypeIds`.
 */
export async function loadMatterTypes(
  request: Request,
  context: AppLoadContext,
  countryCode: string,
  matterTypeIds: readonly string[] = [],
): Promise<PickerData> {
  const { api } = await requireUser(request, context);
  return loadPickers(api, countryCode, matterTypeIds);
}

// ---------------------------------------------------------------------------
// Actions
// ---------------------------------------------------------------------------

export const INTENTS = [
  "add-location",
  "remove-location",
  "up",
  "down",
  "move",
  "delete-item",
  "item",
  "clone",
  "custom-view",
  "app-variants",
  "exceptions",
  "setting",
  "import-arrange",
  "import-validate",
  "import",
  "discard",
  "save",
] as const;
export type Intent = (typeof INTENTS)[number];

/** The answer of a dialog's form that failed its rules (status 400): the dialog shows it open. */
export interface DialogFailure {
  intent: Intent;
  result: SubmissionResult<string[]>;
  /** The item dialog's pickers after a picker's step or its question (without JavaScript). */
  pickers?: PickerAnswer["pickers"];
  ask?: PickerAnswer["ask"];
}

/** The box of the custom view dialog that confirms clearing the view's buttons. */
export const CONFIRM_CLEAR = "confirmClear";

/** The page without any dialog. */
const pagePath = (url: URL) => url.pathname;

/** A text field of the post, or "" (a field sent twice or as a file is no text). */
function textOf(formData: FormData, name: string): string {
  const values = formData.getAll(name);
  return values.length === 1 && typeof values[0] === "string" ? values[0] : "";
}

/** The item path or the list path of the post that leads into the document, else a 400. */
function placeOf(document: PlatformSchema, formData: FormData, kind: "item" | "list") {
  const location = textOf(formData, "location");
  const path = textOf(formData, kind === "item" ? "path" : "list");
  const valid =
    kind === "item"
      ? parseItemPath(document, location, path)
      : parseListPath(document, location, path);
  if (!valid || (kind === "item" && !getItem(document, location, path)))
    throw new Response("Unknown item.", { status: 400 });
  return { location, path };
}

/** What the action answers to Arrange, Validate and a refused Import (the import dialog shows it). */
export interface ImportAnswer {
  intent: "import-arrange" | "import-validate" | "import";
  json: string;
  /** Validate: the provider's verdict, each problem worded. */
  validation?: { valid: boolean; problems: string[] };
  /** Arrange or Import refused: the message next to the field. */
  error?: string;
}

/** A refused save's parts, as the page's error summary lists them. */
export interface SaveRefused {
  intent: "save-refused";
  detail?: string;
  traceId?: string;
  /** Each named part: its message and the page's search that opens what edits it (none: the page). */
  problems: { message: string; search?: string }[];
}

/** A refused part in words: the names down to it, then the field's rule. */
function shownProblem(t: Translate, problem: SaveProblem): SaveRefused["problems"][number] {
  const field = problem.field === "" ? "" : platformRuleMessage(t, problem.code, problem.field);
  const rule =
    field ||
    t(`platform:errors.${problem.code}`, {
      field: problem.crumbs[problem.crumbs.length - 1] ?? "",
      max: "",
      minimum: "",
      defaultValue: t("platform:errors.invalid", { field: "" }),
    });
  return {
    message: [...problem.crumbs, rule].join(": "),
    search: problem.dialog ? `?${new URLSearchParams(problem.dialog)}` : undefined,
  };
}

/** The answer of a change of the app's product variants that the person confirms first. */
export interface VariantUpdates {
  intent: "variant-updates";
  /** The choice posted (-1 for 'All'), posted again with the confirmation. */
  choice: number[];
  added: string[];
  removed: string[];
}

/** The platform of this page in an imported document (a whole schema, or one platform), else undefined. */
function importedPlatform(value: unknown, platform: EditorPlatform): PlatformSchema | undefined {
  const whole = schemaDocument.safeParse(value);
  if (whole.success) return whole.data.platforms.find((entry) => entry.type === platform);
  const one = platformSchema.safeParse(value);
  return one.success && one.data.type === platform ? one.data : undefined;
}

/** The forms of the page checked by a schema (each by its intent). */
export type EditorForm =
  | "add-location"
  | "clone"
  | "item"
  | "custom-view"
  | "app-variants"
  | "exceptions"
  | "setting";

/**
 * Each form's schema with what the page knows of it (the offered locations, an item's list,
 * a view's type, the product variants): the action parses a post with it, and the loader
 * sends its rules (`editorRules`), in the page's words.
 */
function editorSchemas(t: Translate, state: EditorState) {
  const variantContext = {
    productVariantsEnabled: state.productVariants.length > 0,
    minimumDesktopVersion: state.minimumDesktopVersion,
    variants: state.productVariants.map((variant) => variant.firmType),
  };
  const viewTypeOf = (location: string) =>
    state.settings.find((setting) => setting.id === location)?.viewType;
  return {
    variantContext,
    viewTypeOf,
    addLocation: () =>
      addLocationSchema(
        t,
        offeredLocations(state.document, state.settings, state.integratorType).map(
          (setting) => setting.id,
        ),
      ),
    clone: (location: string, path: string) =>
      cloneSchema(
        t,
        cloneTargets(state.document, location, path, state.settings).map((target) => target.id),
      ),
    item: (location: string, actionTypes: readonly ActionType[]) =>
      itemSchema(t, { platform: state.platform, viewType: viewTypeOf(location), actionTypes }),
    customView: (location: string, view: PlatformView) =>
      customViewSchema(t, {
        ...variantContext,
        platform: state.platform,
        previousVariants: view.visibility?.productVariants,
        viewType: viewTypeOf(location) ?? view.type,
        integratorType: state.integratorType,
      }),
    appVariants: () =>
      appVariantsSchema(t, { ...variantContext, previousVariants: state.document.productVariants }),
    exceptions: () => exceptionsSchema(t),
    setting: (visibility: Visibility | undefined) =>
      rootVisibilitySchema(t, {
        ...variantContext,
        platform: "desktop",
        previousVariants: visibility?.productVariants,
      }),
  };
}

/**
 * The rules a browser can check (formRules) of the forms the page's address shows: the app's
 * product variants (desktop, where the country has them) and the dialog it opens, derived
 * from the schemas the action parses with. A dialog opened without a page load has none: the
 * action checks it (its answer shows each message next to its field).
 */
export function editorRules(
  t: Translate,
  state: EditorState,
  search: URLSearchParams,
): Partial<Record<EditorForm, FormRules>> {
  if (!state.canEdit) return {};
  const schemas = editorSchemas(t, state);
  const desktop = state.platform === "desktop";
  const rules: Partial<Record<EditorForm, FormRules>> = {};
  if (desktop && schemas.variantContext.productVariantsEnabled)
    rules["app-variants"] = formRules(schemas.appVariants());
  const location = search.get("location") ?? "";
  const path = search.get("path") ?? "";
  const found = findLocation(state.document, location);
  switch (search.get("dialog")) {
    case "add-location":
      rules["add-location"] = formRules(schemas.addLocation());
      break;
    case "clone":
      if (getItem(state.document, location, path))
        rules.clone = formRules(schemas.clone(location, path));
      break;
    case "item": {
      const list = search.get("list");
      const listPath =
        list ?? (getItem(state.document, location, path) ? splitItemPath(path).list : "");
      const actionTypes = listPath ? actionTypesOf(state.document, location, listPath) : [];
      if (actionTypes.length > 0) rules.item = formRules(schemas.item(location, actionTypes));
      break;
    }
    case "custom-view":
      if (found?.kind === "view" && found.location.isCustomView)
        rules["custom-view"] = formRules(schemas.customView(location, found.location));
      break;
    case "exceptions":
      if (desktop) rules.exceptions = formRules(schemas.exceptions());
      break;
    case "setting":
      if (desktop && found) rules.setting = formRules(schemas.setting(found.location.visibility));
      break;
  }
  return rules;
}

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
  const t = (await i18next.getFixedT(request, ["platform", "common"])) as unknown as Translate;
  const back = pagePath(url);
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
  /** A form that did not pass (400), or a list intent of conform (a row added or removed: the form comes back as it now is). */
  const fail = (submissionReply: SubmissionResult<string[]>, refused = true) => {
    if (refused) markFailed(context);
    return json<DialogFailure>({ intent, result: submissionReply }, refused ? 400 : 200);
  };
  const schemas = editorSchemas(t, state);
  const { variantContext } = schemas;
  /** The matter types and precedents a visibility names that the country does not have (unknownMatterType, unknownPrecedent). */
  const unknownReferences = async (visibility: Visibility | undefined): Promise<SchemaErrors> => {
    const known = await visibilityReferences(api, state.countryCode, visibility);
    return known ? validateVisibilityChoice(visibility, known) : {};
  };
  const desktopOnly = () => {
    if (state.platform !== "desktop") throw new Response("Desktop only.", { status: 400 });
  };

  switch (intent) {
    case "add-location": {
      const submission = parseForm(formData, schemas.addLocation());
      if (submission.status !== "success") return fail(submission.reply());
      const outcome = addLocation(
        state.document,
        state.settings,
        submission.value.location,
        state.integratorType,
      );
      if (!outcome.ok)
        return fail(submission.reply({ fieldErrors: outcomeErrors(t, outcome.errors) }));
      return keep(outcome.document);
    }
    case "remove-location": {
      const location = textOf(formData, "location");
      if (!findLocation(state.document, location))
        throw new Response("Unknown location.", { status: 400 });
      return keep(removeLocation(state.document, location));
    }
    case "up":
    case "down": {
      const { location, path } = placeOf(state.document, formData, "item");
      const next = (intent === "up" ? moveUp : moveDown)(state.document, location, path);
      return next ? keep(next) : keep(state.document);
    }
    case "move": {
      const { location, path } = placeOf(state.document, formData, "item");
      const to = textOf(formData, "to");
      if (!/^\d{1,6}$/.test(to)) throw new Response("Unknown place.", { status: 400 });
      return keep(moveItem(state.document, location, path, Number(to)) ?? state.document);
    }
    case "delete-item": {
      const { location, path } = placeOf(state.document, formData, "item");
      const next = deleteItem(state.document, location, path);
      return keep(next ?? state.document);
    }
    case "item": {
      const editing = formData.has("path");
      const place = editing
        ? placeOf(state.document, formData, "item")
        : placeOf(state.document, formData, "list");
      const listPath = editing ? splitItemPath(place.path).list : place.path;
      const actionTypes = actionTypesOf(state.document, place.location, listPath);
      if (actionTypes.length === 0)
        throw new Response("This list takes no items.", { status: 400 });
      const viewType = schemas.viewTypeOf(place.location);
      // The icon first: an uploaded icon stays in the form when another field is refused.
      const postedType =
        actionTypes.find((type) => type === textOf(formData, "actionType")) ?? actionTypes[0];
      const icon = await applyIconChoice(api, formData, iconFile, {
        actionType: postedType,
        allowSvg: state.allowSvg,
      });
      // A step of the matter-type or precedent picker (without JavaScript), or a save that asks first.
      const itemReply = () =>
        parseForm(formData, schemas.item(place.location, actionTypes)).reply();
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
          ? ((findLocation(state.document, place.location)!.location as PlatformView).type ??
            viewType)
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
    case "clone": {
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
      if (!outcome.ok)
        return fail(submission.reply({ fieldErrors: outcomeErrors(t, outcome.errors) }));
      return keep(outcome.document);
    }
    case "custom-view": {
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
    case "app-variants": {
      desktopOnly();
      if (!variantContext.productVariantsEnabled)
        throw new Response("This country has no product variants.", { status: 400 });
      const submission = parseForm(formData, schemas.appVariants());
      if (submission.status !== "success") return fail(submission.reply());
      const names: Record<number, string> = Object.fromEntries(
        state.productVariants.map((variant) => [variant.firmType, variant.name]),
      );
      const { productVariants, addToAllLocations } = submission.value;
      const updates = variantUpdates(
        state.document.productVariants,
        productVariants,
        variantContext.variants,
      );
      const hasLocations =
        (state.document.views?.length ?? 0) + (state.document.menus?.length ?? 0) > 0;
      if (
        hasLocations &&
        textOf(formData, "confirmed") !== "on" &&
        (updates.added.length > 0 || updates.removed.length > 0)
      ) {
        // The product-variant updates dialog: what changes, and whether added ones go to every location.
        return json<VariantUpdates>({
          intent: "variant-updates",
          choice: productVariants === null ? [PRODUCT_VARIANT_ALL] : productVariants,
          added: updates.added.map((firmType) => names[firmType] ?? String(firmType)),
          removed: updates.removed.map((firmType) => names[firmType] ?? String(firmType)),
        });
      }
      return keep(
        setAppVariants(state.document, productVariants, names, {
          all: variantContext.variants,
          addToAllLocations,
        }),
      );
    }
    case "exceptions": {
      desktopOnly();
      const submission = parseForm(formData, schemas.exceptions());
      if (submission.status !== "success")
        return fail(submission.reply(), submission.status === "error");
      return keep(setExceptions(state.document, submission.value));
    }
    case "setting": {
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
    case "import-arrange":
    case "import-validate":
    case "import": {
      const json = textOf(formData, "json");
      const answer = (extra: Partial<ImportAnswer>, status = 200) => {
        if (status >= 400) markFailed(context);
        return json_<ImportAnswer>({ intent, json, ...extra }, status);
      };
      // Over the JSON limits, nothing reads the text further (tooDeep, tooLarge).
      const decoded = decodeSchemaJson(json);
      if ("refused" in decoded && decoded.refused !== "invalidJson")
        return answer({ error: jsonLimitMessage(t, decoded.refused, "json") }, 400);
      if (intent === "import-arrange") {
        if (!("value" in decoded)) return answer({ error: t("platform:import.notJson") }, 400);
        const arranged = arrangedJson(decoded.value);
        return "code" in arranged
          ? answer({ error: jsonLimitMessage(t, arranged.code, "json") }, 400)
          : answer({ json: arranged.json });
      }
      if (intent === "import-validate") {
        if (!("value" in decoded)) return answer({ error: t("platform:import.notJson") }, 400);
        try {
          const verdict = await api.call(validateSchema, { body: { json } });
          const problems = verdict.errors.map(
            (problem) =>
              `${problem.path}: ${t(`platform:errors.${problem.code}`, { field: problem.path, max: "", minimum: "", defaultValue: problem.message })}`,
          );
          return answer({ validation: { valid: verdict.valid, problems } });
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          // A provider with other limits names the one broken.
          const limit = JSON_LIMIT_CODES.find((code) => error.errors?.json === code);
          if (limit) return answer({ error: jsonLimitMessage(t, limit, "json") }, 400);
          return answer(
            { error: t("platform:errors.validatingSchema") },
            error.status >= 500 ? 502 : 400,
          );
        }
      }
      const imported =
        "value" in decoded ? importedPlatform(decoded.value, state.platform) : undefined;
      if (!imported) return answer({ error: t("platform:errors.validatingSchema") }, 400);
      // As it will be saved (`{ platforms: [platform] }`), it must still be within the limits.
      const limit = checkPlatformLimits(imported);
      if (limit) return answer({ error: jsonLimitMessage(t, limit, "json") }, 400);
      return keep(imported);
    }
    case "discard": {
      await discardPlatformDraft(session, state.versionId, state.platform);
      return redirect(back);
    }
    case "save": {
      // The locations named in the page's language, for what the person is told.
      const shown = withSettingNames(state.document, state.settings);
      const check = checkWholeSchema(shown, {
        productVariantsEnabled: variantContext.productVariantsEnabled,
        productVariantIds: variantContext.variants,
      });
      const problems = [
        // The app-level choice, with the message its form gives.
        ...(check.productVariants
          ? [platformRuleMessage(t, check.productVariants, "productVariants")]
          : []),
        ...(check.missingProductVariants.length
          ? [
              `${t("platform:errors.missingProductVariants")}: ${check.missingProductVariants.map((entry) => entry.name).join(", ")}`,
            ]
          : []),
        ...(check.updateRequired.length
          ? [
              `${t("platform:errors.updateRequired")}: ${check.updateRequired.map((entry) => entry.name).join(", ")}`,
            ]
          : []),
      ];
      if (problems.length) return redirectWithError(back, { detail: problems.join(". ") });
      try {
        const saved = await api.call(saveSchema, {
          body: { appIdOld: state.versionId, json: { platforms: [state.document] } },
        });
        await discardPlatformDraft(session, state.versionId, state.platform);
        return redirectWithToast(`/${language}/apps/${saved.appId}/${state.platform}`, {
          key: "savedSuccessfully",
        });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        // The draft stays as it is: nothing typed is lost. Each part the provider names is listed, linking to what edits it.
        const named = error.status === 400 ? saveProblems(shown, error.errors ?? {}) : [];
        if (named.length > 0) {
          markFailed(context);
          return json<SaveRefused>(
            {
              intent: "save-refused",
              detail: error.detail,
              traceId: error.traceId,
              problems: named.map((problem) => shownProblem(t, problem)),
            },
            400,
          );
        }
        return redirectWithError(back, {
          detail: error.detail,
          traceId: error.traceId,
          fallback: error instanceof ProviderUnreachable ? "unreachable" : "savingData",
        });
      }
    }
  }
}
