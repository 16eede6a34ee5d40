/**
 * The settings dialogs' posts of the platform schema editor,
 * one zod schema each for the action (parseForm), with the contract's rules
 * (app/api/schema/settings.ts and its neighbours) on the fields they name; their rules are
 * transforms', left by the browser to the action (platform-settings.ts holds the forms' ids,
 * tabs and values):
 *
 * - custom view settings (`customViewSchema`): Details `label`, `groupLabel`, `windowType`,
 *   `isFullScreen` (on a matter view for a company of integratorType 1 only, integratorOnly
 *   otherwise); Visibility (desktop only) as the setting dialog and `visibility.matterTypes`
 *   (the matter-type picker); Endpoints `urls.dev`,
 *   `urls.test`, `urls.beta`, `urls.live`; Advanced `functionGroupId`, `timeTracked`,
 *   `messageBus`, `externalEmailIntegrationReq`.
 * - the setting dialog of a location's root (`rootVisibilitySchema`):
 *   `visibility.productVariants` (ticked firm types, -1 for 'All'; required where product
 *   variants are supported, 'All' clearing the others by `resolveVariantChoice`) and the
 *   supported desktop versions `visibility.supportedDesktopVersions[0]` (minimum) and `[1]`
 *   (maximum): four dot-separated parts, not below the minimum version, the maximum not
 *   less than the minimum, at most 30 characters.
 * - web-area exception URLs (`exceptionsSchema`): rows `exceptions[n].url` (required, no
 *   whitespace, an optional leading and trailing wildcard, else invalidUrl) and
 *   `exceptions[n].isInternal`.
 * - app-level product variants (`appVariantsSchema`): `productVariants` (as above, required
 *   where supported) and `addToAllLocations` (the product-variant updates dialog).
 *
 * Messages: `platform:errors.{code}` with the field's label `platform:fields.{name}` (list
 * indexes left out: `exceptions.url`, `visibility.supportedDesktopVersions`) and, for
 * minimumVersionIs, `{{minimum}}`.
 */
import type { TFunction } from "i18next";
import * as z from "zod";
import type { SchemaContext } from "~/api/schema/context";
import { checkViewWindow, validateCustomView } from "~/api/schema/locations";
import type { ExceptionUrl, PlatformType, Visibility } from "~/api/schema/schemas";
import {
  hasNoProductVariants,
  validateExceptions,
  validateRootVisibility,
} from "~/api/schema/settings";
import {
  ENVIRONMENTS,
  PRODUCT_VARIANT_ALL,
  TIME_TRACKING_VALUES,
  WINDOW_TYPES,
} from "~/api/schema/values";
import {
  type CustomViewSettings,
  resolveVariantChoice,
  storedVariants,
  variantChoice,
} from "~/lib/platform/settings";
import { labelKey, platformRuleMessage } from "./platform-common";
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
} from "./platform-fields.server";

type Ctx = z.RefinementCtx;

/** What the variant and version fields know: the platform, whether variants are supported, the minimum version, the variants offered. */
export interface RootContext extends SchemaContext {
  platform: PlatformType;
  /** The firm types offered (-1 'All' is always offered with them). */
  variants?: readonly number[];
  /** The choice before this post (stored form: null is 'All'), for the 'All' rule of a form posted whole. */
  previousVariants?: readonly number[] | null;
  /** The custom view's type (its location's `viewType`): with `integratorType`, whether its window options are offered (`windowOptionsAllowed`). */
  viewType?: string;
}

/** Ticked product variants as stored (null 'All'); undefined when one is not offered. */
function readVariants(
  value: string | string[] | undefined,
  context: RootContext,
): number[] | null | undefined {
  const posted = tickedValues(value);
  const offered = [PRODUCT_VARIANT_ALL, ...(context.variants ?? [])];
  if (posted.some((entry) => !/^-?\d{1,9}$/.test(entry) || !offered.includes(Number(entry))))
    return undefined;
  return storedVariants(
    resolveVariantChoice(variantChoice(context.previousVariants), posted.map(Number)),
  );
}

const rootVisibilityFields = (t: TFunction) =>
  z
    .object({
      productVariants: ticked(t, "visibility.productVariants"),
      /** The custom view's matter types (the setting dialog has none). */
      matterTypes: ticked(t, "visibility.matterTypes"),
      supportedDesktopVersions: z
        .array(oneText(t, "visibility.supportedDesktopVersions"), {
          message: t("platform:errors.notText", {
            field: t(labelKey("visibility.supportedDesktopVersions")),
          }),
        })
        .max(2)
        .optional(),
    })
    .partial()
    .optional();

type RootFields = z.output<ReturnType<typeof rootVisibilityFields>>;

/** The root visibility of the fields, refused by the rules; undefined when refused. */
function rootVisibilityOf(
  ctx: Ctx,
  t: TFunction,
  raw: RootFields,
  context: RootContext,
): Visibility | undefined {
  const visibility: Visibility = {};
  let refused = false;
  if (context.platform === "desktop" && context.productVariantsEnabled) {
    const variants = readVariants(raw?.productVariants, context);
    if (variants === undefined) {
      refuseInvalid(ctx, t, "visibility.productVariants");
      refused = true;
    } else visibility.productVariants = variants;
  }
  const versions = [
    cleanText(raw?.supportedDesktopVersions?.[0]),
    cleanText(raw?.supportedDesktopVersions?.[1]),
  ];
  for (const [index, version] of versions.entries())
    refused =
      refuseUnstorable(ctx, t, `visibility.supportedDesktopVersions[${index}]`, version) || refused;
  if (context.platform === "desktop" && (versions[0] || versions[1]))
    visibility.supportedDesktopVersions = versions;
  const errors = validateRootVisibility(visibility, context.platform, context);
  if (refused) delete errors["visibility.productVariants"];
  addRuleIssues(ctx, t, errors, {
    nameOf: (path) => path.replace(/\.(\d)$/, "[$1]"),
    minimum: context.minimumDesktopVersion,
  });
  return refused || Object.keys(errors).length > 0 ? undefined : visibility;
}

/** The setting dialog: a location's product variants and supported desktop versions. */
export function rootVisibilitySchema(t: TFunction, context: RootContext) {
  return z.object({ visibility: rootVisibilityFields(t) }).transform((value, ctx) => {
    const visibility = rootVisibilityOf(ctx, t, value.visibility, context);
    return visibility ?? z.NEVER;
  });
}

// ---------------------------------------------------------------------------
// Custom view settings
// ---------------------------------------------------------------------------

export function customViewSchema(t: TFunction, context: RootContext) {
  return z
    .object({
      label: oneText(t, "label"),
      groupLabel: oneText(t, "groupLabel"),
      functionGroupId: oneText(t, "functionGroupId"),
      windowType: oneText(t, "windowType"),
      timeTracked: oneText(t, "timeTracked"),
      isFullScreen: checkbox(),
      messageBus: checkbox(),
      externalEmailIntegrationReq: checkbox(),
      urls: endpointFields(t),
      visibility: rootVisibilityFields(t),
    })
    .transform((value, ctx): CustomViewSettings => {
      let refused = false;
      for (const name of ["label", "groupLabel", "functionGroupId"] as const)
        refused = refuseUnstorable(ctx, t, name, value[name]) || refused;
      for (const env of ENVIRONMENTS)
        refused = refuseUnstorable(ctx, t, `urls.${env}`, value.urls?.[env]) || refused;
      const windowType = choiceOf(ctx, t, "windowType", value.windowType, WINDOW_TYPES);
      const timeTracked = choiceOf(ctx, t, "timeTracked", value.timeTracked, TIME_TRACKING_VALUES);
      if (windowType === undefined || timeTracked === undefined) refused = true;
      const settings: CustomViewSettings = {
        label: cleanText(value.label),
        urls: endpointUrls(value.urls),
      };
      const groupLabel = cleanText(value.groupLabel);
      if (groupLabel) settings.groupLabel = groupLabel;
      const functionGroupId = cleanText(value.functionGroupId);
      if (functionGroupId) settings.functionGroupId = functionGroupId;
      settings.windowType = windowType ? (windowType as CustomViewSettings["windowType"]) : null;
      settings.isFullScreen = value.isFullScreen;
      if (timeTracked)
        settings.timeTracked = Number(timeTracked) as CustomViewSettings["timeTracked"];
      if (value.messageBus) settings.messageBus = true;
      if (value.externalEmailIntegrationReq) settings.externalEmailIntegrationReq = true;
      const errors = validateCustomView(settings);
      // A matter view's window options are integratorType 1's: the dialog does not offer them to others.
      if (context.integratorType !== undefined)
        Object.assign(errors, checkViewWindow(settings, context.viewType, context.integratorType));
      addRuleIssues(ctx, t, errors);
      const visibility =
        context.platform === "desktop" ? rootVisibilityOf(ctx, t, value.visibility, context) : {};
      // Desktop: the matter types the view is shown for (the matter-type picker).
      const matterTypes =
        context.platform === "desktop" ? tickedValues(value.visibility?.matterTypes) : [];
      for (const entry of matterTypes)
        refused = refuseUnstorable(ctx, t, "visibility.matterTypes", entry) || refused;
      if (visibility && matterTypes.length > 0) visibility.matterTypes = matterTypes;
      if (visibility && Object.keys(visibility).length > 0) settings.visibility = visibility;
      if (refused || !visibility || Object.keys(errors).length > 0) return z.NEVER;
      return settings;
    });
}

// ---------------------------------------------------------------------------
// Web-area exception URLs
// ---------------------------------------------------------------------------

export function exceptionsSchema(t: TFunction) {
  const row = z.object({ url: oneText(t, "exceptions[0].url"), isInternal: checkbox() }).partial();
  return z
    .object({
      exceptions: z
        .array(row, {
          message: t("platform:errors.notText", { field: t(labelKey("exceptions.url")) }),
        })
        .optional(),
    })
    .transform((value, ctx): ExceptionUrl[] => {
      const rows = (value.exceptions ?? []).map((entry) => ({
        url: cleanText(entry?.url),
        isInternal: entry?.isInternal ?? false,
      }));
      let refused = false;
      for (const [index, entry] of rows.entries())
        refused = refuseUnstorable(ctx, t, `exceptions[${index}].url`, entry.url) || refused;
      const errors = validateExceptions(rows);
      addRuleIssues(ctx, t, errors, { nameOf: (path) => `exceptions[${path.split(".")[0]}].url` });
      if (refused || Object.keys(errors).length > 0) return z.NEVER;
      return rows;
    });
}

// ---------------------------------------------------------------------------
// App-level product variants
// ---------------------------------------------------------------------------

export function appVariantsSchema(t: TFunction, context: Omit<RootContext, "platform">) {
  return z
    .object({ productVariants: ticked(t, "productVariants"), addToAllLocations: checkbox() })
    .transform((value, ctx): { productVariants: number[] | null; addToAllLocations: boolean } => {
      const variants = readVariants(value.productVariants, { ...context, platform: "desktop" });
      if (variants === undefined) {
        refuseInvalid(ctx, t, "productVariants");
        return z.NEVER;
      }
      if (context.productVariantsEnabled && hasNoProductVariants({ productVariants: variants })) {
        ctx.addIssue({
          code: "custom",
          path: ["productVariants"],
          message: platformRuleMessage(t, "required", "productVariants"),
        });
        return z.NEVER;
      }
      return { productVariants: variants, addToAllLocations: value.addToAllLocations };
    });
}
