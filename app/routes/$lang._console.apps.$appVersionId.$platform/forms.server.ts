/**
 * The editor page's forms: each form's schema with what the page knows of it (the offered
 * locations, an item's list, a view's type, the product variants). The action parses a post
 * with it; the loader sends the rules a browser can check of the forms its address shows.
 */
import type { TFunction } from "i18next";
import type { ActionType, PlatformView, Visibility } from "~/api/schema/schemas";
import type { FormRules } from "~/forms/check";
import { itemSchema } from "~/forms/platform-item.server";
import { addLocationSchema, cloneSchema } from "~/forms/platform-location.server";
import {
  appVariantsSchema,
  customViewSchema,
  exceptionsSchema,
  rootVisibilitySchema,
} from "~/forms/platform-settings.server";
import { formRules } from "~/forms/rules.server";
import { actionTypesOf } from "~/lib/platform/cards";
import { cloneTargets } from "~/lib/platform/items";
import { findLocation, offeredLocations } from "~/lib/platform/locations";
import { getItem, splitItemPath } from "~/lib/platform/paths";
import type { EditorState } from "./load.server";

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
export function editorSchemas(t: TFunction, state: EditorState) {
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

/** The schemas of the page's forms, as `editorSchemas` gives them. */
export type EditorSchemas = ReturnType<typeof editorSchemas>;

/**
 * The rules a browser can check (formRules) of the forms the page's address shows: the app's
 * product variants (desktop, where the country has them) and the dialog it opens, derived
 * from the schemas the action parses with. A dialog opened without a page load has none: the
 * action checks it (its answer shows each message next to its field).
 */
export function editorRules(
  t: TFunction,
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
