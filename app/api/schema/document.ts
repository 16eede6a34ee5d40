/**
 * The rules of a whole platform and of a whole schema document: every location and function,
 * the references to the country, and the whole-schema check before Save. Paths relative to the
 * platform, or full dotted paths (`platforms.0.views.1.buttons.0.urls.dev`) for a document.
 */
import { prefixErrors } from "../common";
import type { SchemaErrors, SchemaRuleCode } from "./codes";
import type { SchemaContext } from "./context";
import { hasTooManyFunctions } from "./json";
import { blank, checkDocumentSize, validateLimits } from "./limits";
import {
  checkViewWindow,
  validateCustomView,
  validateMenu,
  validateView,
  validateViewCapabilities,
} from "./locations";
import { validateVisibilityReferences } from "./lookups";
import type { PlatformSchema, SchemaDocument } from "./schemas";
import { checkProductVariants, hasNoProductVariants, validateExceptions } from "./settings";

/**
 * One platform: its locations (known to the company's list when given, each once), every
 * view and menu, the exception URLs, and the app-level product variants on desktop where
 * they are supported. Paths relative to the platform.
 */
export function validatePlatform(
  platform: PlatformSchema,
  context: SchemaContext = {},
): SchemaErrors {
  const errors: SchemaErrors = {};
  const known = context.locations?.[platform.type];
  const seen = new Set<string>();
  const locations = [
    ...(platform.views ?? []).map((location, index) => ({
      path: `views.${index}`,
      id: location.id,
      view: location,
    })),
    ...(platform.menus ?? []).map((location, index) => ({
      path: `menus.${index}`,
      id: location.id,
      view: undefined,
    })),
  ];
  for (const { path, id, view } of locations) {
    if (blank(id)) continue;
    const setting = known?.find((entry) => entry.id === id);
    if (known && !setting) errors[`${path}.id`] = "unknownLocation";
    else if (seen.has(id)) errors[`${path}.id`] = "duplicateLocation";
    else if (setting && view)
      Object.assign(
        errors,
        prefixErrors(path, validateViewCapabilities(view, setting, platform.type)),
      );
    if (view && context.integratorType !== undefined)
      Object.assign(
        errors,
        prefixErrors(
          path,
          checkViewWindow(view, setting?.viewType ?? view.type, context.integratorType),
        ),
      );
    seen.add(id);
  }
  for (const [index, view] of (platform.views ?? []).entries())
    Object.assign(
      errors,
      prefixErrors(`views.${index}`, validateView(view, platform.type, context)),
    );
  for (const [index, menu] of (platform.menus ?? []).entries())
    Object.assign(
      errors,
      prefixErrors(`menus.${index}`, validateMenu(menu, platform.type, context)),
    );
  Object.assign(errors, prefixErrors("exceptions", validateExceptions(platform.exceptions)));
  return {
    ...errors,
    ...validateVisibilityReferences(platform, context),
    ...wholeSchemaErrors(platform, context),
  };
}

// ---------------------------------------------------------------------------
// The whole-schema check before Save
// ---------------------------------------------------------------------------

/** A location named by its path in the platform and its name (or id). */
export interface LocationRef {
  path: string;
  id: string;
  name: string;
}

export interface WholeSchemaCheck {
  /** Custom views whose settings (label, endpoints) are not configured: marked updateRequired. */
  updateRequired: LocationRef[];
  /** Views and menus with no product variant (desktop, where product variants are supported): 'Missing product variants' lists them. */
  missingProductVariants: LocationRef[];
  /** The app-level product variant choice (desktop, where product variants are supported): required when none is chosen. */
  productVariants?: SchemaRuleCode;
}

/** The whole-schema check on one platform. */
export function checkWholeSchema(
  platform: PlatformSchema,
  context: SchemaContext = {},
): WholeSchemaCheck {
  const ref = (path: string, location: { id: string; name?: string }) => ({
    path,
    id: location.id,
    name: location.name?.trim() || location.id,
  });
  const updateRequired = (platform.views ?? []).flatMap((view, index) =>
    view.isCustomView &&
    Object.keys(validateCustomView({ label: view.label, urls: view.urls })).length > 0
      ? [ref(`views.${index}`, view)]
      : [],
  );
  const variants = platform.type === "desktop" && context.productVariantsEnabled;
  const missingProductVariants = variants
    ? [
        ...(platform.views ?? []).flatMap((view, index) =>
          hasNoProductVariants(view.visibility) ? [ref(`views.${index}`, view)] : [],
        ),
        ...(platform.menus ?? []).flatMap((menu, index) =>
          hasNoProductVariants(menu.visibility) ? [ref(`menus.${index}`, menu)] : [],
        ),
      ]
    : [];
  const productVariants = checkProductVariants(platform.productVariants, platform.type, context);
  return {
    updateRequired,
    missingProductVariants,
    ...(productVariants ? { productVariants } : {}),
  };
}

/**
 * The whole-schema check as errors: `<location>: updateRequired`,
 * `<location>.visibility.productVariants: missingProductVariants` and the app-level
 * `productVariants` (required).
 */
export function wholeSchemaErrors(
  platform: PlatformSchema,
  context: SchemaContext = {},
): SchemaErrors {
  const check = checkWholeSchema(platform, context);
  const errors: SchemaErrors = {};
  for (const location of check.updateRequired) errors[location.path] = "updateRequired";
  for (const location of check.missingProductVariants)
    errors[`${location.path}.visibility.productVariants`] = "missingProductVariants";
  if (check.productVariants) errors.productVariants = check.productVariants;
  return errors;
}

/**
 * Every rule of a document (of the shape of `schemaDocument`), with full paths
 * `platforms.<index>.…`: its size first (tooLarge at "", nothing else judged), then the
 * lengths and counts of every part and the rules of each platform.
 */
export function validateDocument(
  document: SchemaDocument,
  context: SchemaContext = {},
): SchemaErrors {
  const size = checkDocumentSize(document);
  if (size) return { "": size };
  const errors: SchemaErrors = validateLimits(document);
  document.platforms.forEach((platform, index) => {
    // A platform of too many functions is judged no further.
    if (hasTooManyFunctions(platform)) errors[`platforms.${index}`] = "tooManyFunctions";
    else
      Object.assign(
        errors,
        prefixErrors(`platforms.${index}`, validatePlatform(platform, context)),
      );
  });
  return errors;
}
