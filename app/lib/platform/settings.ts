/**
 * The draft operations on settings: `setCustomView`, `setLocationVisibility` (the setting
 * dialog; product variants and desktop versions live at a location's root),
 * `setDesktopVersions`, `setExceptions`.
 *
 * Product variants: `variantChoice(stored)` (null 'All' is [-1]), `storedVariants(choice)`,
 * `chooseVariant(choice, variant, checked)` ('All' clears the others, a specific one removes
 * 'All'), `resolveVariantChoice(previous, posted)` (the same rule for a form posted whole,
 * without JS), `variantUpdates(before, after, all)` (added and removed variants) and
 * `setAppVariants(doc, after, names, { addToAllLocations })`: the app-level variants, removed
 * ones taken out of every location, added ones added to every location on request ('All' as
 * 'All').
 */
import type { ExceptionUrl, PlatformSchema, PlatformView, Visibility } from "~/api/schema/schemas";
import { CUSTOM_VIEW_ORDER, PRODUCT_VARIANT_ALL } from "~/api/schema/values";
import { copy, findLocation, onLocation } from "./locations";
import { setViewWindow } from "./window";

/** What the custom view settings dialog sets. */
export type CustomViewSettings = Pick<
  PlatformView,
  | "label"
  | "urls"
  | "visibility"
  | "windowType"
  | "isFullScreen"
  | "messageBus"
  | "externalEmailIntegrationReq"
  | "timeTracked"
  | "groupLabel"
  | "functionGroupId"
>;

/**
 * Sets a custom view's settings (order 9999), its window settings by the rules of
 * `setViewWindow`; undefined when `id` is not a custom view.
 */
export function setCustomView(
  doc: PlatformSchema,
  id: string,
  settings: CustomViewSettings,
): PlatformSchema | undefined {
  const found = findLocation(doc, id);
  if (found?.kind !== "view" || !found.location.isCustomView) return undefined;
  const { windowType, isFullScreen, ...rest } = copy(settings);
  const next = onLocation(
    doc,
    id,
    (target) =>
      void Object.assign(target.location, rest, { isCustomView: true, order: CUSTOM_VIEW_ORDER }),
  )!;
  return setViewWindow(next, id, { windowType, isFullScreen })!.document;
}

/** Sets the visibility fields given on a location's root (the setting dialog), keeping the others. */
export function setLocationVisibility(
  doc: PlatformSchema,
  id: string,
  visibility: Visibility,
): PlatformSchema | undefined {
  return onLocation(doc, id, (target) => {
    target.location.visibility = { ...target.location.visibility, ...copy(visibility) };
  });
}

/** Sets a location's supported desktop versions `[minimum, maximum]`. */
export const setDesktopVersions = (
  doc: PlatformSchema,
  id: string,
  versions: readonly [string, string],
) =>
  setLocationVisibility(doc, id, {
    supportedDesktopVersions: [versions[0].trim(), versions[1].trim()],
  });

/** Replaces the web-area exception URLs. */
export function setExceptions(doc: PlatformSchema, rows: readonly ExceptionUrl[]): PlatformSchema {
  return {
    ...copy(doc),
    exceptions: rows.map((row) => ({ url: row.url.trim(), isInternal: row.isInternal })),
  };
}

/** The variants as the picker shows them: null ('All') is [-1], nothing chosen is []. */
export const variantChoice = (stored: readonly number[] | null | undefined): number[] =>
  stored === null ? [PRODUCT_VARIANT_ALL] : [...(stored ?? [])];

/** The variants as stored: [-1] is null ('All'). */
export const storedVariants = (choice: readonly number[]): number[] | null =>
  choice.includes(PRODUCT_VARIANT_ALL) ? null : [...new Set(choice)];

/** The choice after a variant is ticked or unticked: 'All' clears the others, a specific one removes 'All'. */
export function chooseVariant(
  choice: readonly number[],
  variant: number,
  checked: boolean,
): number[] {
  if (!checked) return choice.filter((entry) => entry !== variant);
  if (variant === PRODUCT_VARIANT_ALL) return [PRODUCT_VARIANT_ALL];
  return [...choice.filter((entry) => entry !== PRODUCT_VARIANT_ALL && entry !== variant), variant];
}

/**
 * The choice of a form posted whole (checkboxes, without JS), by the same rule: 'All' newly
 * ticked wins over the others; with 'All' ticked before, a specific one ticked now removes it.
 */
export function resolveVariantChoice(
  previous: readonly number[],
  posted: readonly number[],
): number[] {
  const unique = [...new Set(posted)];
  if (!unique.includes(PRODUCT_VARIANT_ALL)) return unique;
  const specific = unique.filter((entry) => entry !== PRODUCT_VARIANT_ALL);
  if (!previous.includes(PRODUCT_VARIANT_ALL) || specific.length === 0)
    return [PRODUCT_VARIANT_ALL];
  return specific;
}

/** The variants added and removed by a change of the app-level choice (`all`: every variant of the country, for 'All'). */
export function variantUpdates(
  before: readonly number[] | null | undefined,
  after: readonly number[] | null | undefined,
  all: readonly number[],
) {
  const expand = (stored: readonly number[] | null | undefined) =>
    stored === null ? [...all] : [...(stored ?? [])];
  const was = expand(before);
  const now = expand(after);
  return {
    added: now.filter((entry) => !was.includes(entry)),
    removed: was.filter((entry) => !now.includes(entry)),
  };
}

/**
 * Sets the app-level product variants (`names`: the name of each variant by firm type, kept in
 * productVariantsMap). Removed variants leave every location's choice; with
 * `addToAllLocations`, added ones join every location that has a list of its own ('All' stays),
 * and 'All' chosen for the app becomes 'All' (null) at every location: every variant, now and later.
 */
export function setAppVariants(
  doc: PlatformSchema,
  after: readonly number[] | null,
  names: Readonly<Record<number, string>>,
  options: { all: readonly number[]; addToAllLocations?: boolean },
): PlatformSchema {
  const { added, removed } = variantUpdates(doc.productVariants, after, options.all);
  const next = copy(doc);
  next.productVariants = after === null ? null : [...after];
  const kept = after === null ? options.all : after;
  next.productVariantsMap = Object.fromEntries(
    kept
      .filter((firmType) => names[firmType] !== undefined)
      .map((firmType) => [String(firmType), names[firmType]]),
  );
  for (const location of [...(next.views ?? []), ...(next.menus ?? [])]) {
    if (after === null && options.addToAllLocations) {
      location.visibility = { ...location.visibility, productVariants: null };
      continue;
    }
    const current = location.visibility?.productVariants;
    if (current === null || current === undefined) {
      if (current === undefined && options.addToAllLocations && added.length > 0)
        location.visibility = { ...location.visibility, productVariants: [...added] };
      continue;
    }
    let list = current.filter((entry) => !removed.includes(entry));
    if (options.addToAllLocations)
      list = [...list, ...added.filter((entry) => !list.includes(entry))];
    location.visibility = { ...location.visibility, productVariants: list };
  }
  return next;
}
