/**
 * The locations of one platform's document (`PlatformSchema` of app/api/schema/schemas.ts),
 * and what every draft operation shares: each takes a document and answers a new one, the
 * document given never changed; refusals carry the contract's rule codes
 * (app/api/schema/codes.ts) by form field, as the dialogs show them.
 *
 * - A location is named by its id (the location setting's id, unique in a platform).
 * - `offeredLocations(doc, settings, integratorType)`: the add-location choices: the
 *   company's locations (integratorType 0, or the company's) not yet present, by name.
 * - `addLocation(doc, settings, id, integratorType?)`: a view or menu made from its setting
 *   (mustSelectLocation, unknownLocation, duplicateLocation on `location`); on desktop it
 *   starts with the app-level product variants. `removeLocation(doc, id)`.
 * - `withSettingNames(doc, settings)`: the locations (and grids) named as their settings are,
 *   in the page's language, for the page to show.
 */
import type { LocationSetting } from "~/api/resources/schemas";
import type { SchemaErrors } from "~/api/schema/codes";
import { checkLocationChoice, locationAllowed } from "~/api/schema/locations";
import type {
  PlatformMenu,
  PlatformSchema,
  PlatformType,
  PlatformView,
  Visibility,
} from "~/api/schema/schemas";
import { CUSTOM_VIEW_ORDER } from "~/api/schema/values";

/** An operation's answer: the new document, or the rule codes of the fields that refuse it. */
export type Outcome<T = { document: PlatformSchema }> =
  | ({ ok: true } & T)
  | { ok: false; errors: SchemaErrors };

/** A refused operation: the rule codes of the fields that refuse it. */
export const refuse = (errors: SchemaErrors): { ok: false; errors: SchemaErrors } => ({
  ok: false,
  errors,
});
/** A deep copy of a document, for an operation to change. */
export const copy = <T>(value: T): T => structuredClone(value);

export type Location =
  | { kind: "view"; location: PlatformView }
  | { kind: "menu"; location: PlatformMenu };

export const emptyPlatform = (type: PlatformType): PlatformSchema => ({
  type,
  views: [],
  menus: [],
});

export function findLocation(doc: PlatformSchema, id: string): Location | undefined {
  const view = doc.views?.find((entry) => entry.id === id);
  if (view) return { kind: "view", location: view };
  const menu = doc.menus?.find((entry) => entry.id === id);
  return menu ? { kind: "menu", location: menu } : undefined;
}

export const locationIds = (doc: PlatformSchema): string[] =>
  [...(doc.views ?? []), ...(doc.menus ?? [])].map((location) => location.id);

/** One order on the server and in any browser (a page rendered on one and hydrated on the other shows the same). */
const collator = new Intl.Collator("en-AU");

/** Locations (and location settings) by name, then id. */
export const byName = <T extends { name?: string; id: string }>(a: T, b: T) =>
  collator.compare(a.name || a.id, b.name || b.id) || collator.compare(a.id, b.id);

export function offeredLocations(
  doc: PlatformSchema,
  settings: readonly LocationSetting[],
  integratorType: number,
): LocationSetting[] {
  const present = locationIds(doc);
  return settings
    .filter((setting) => locationAllowed(setting, integratorType) && !present.includes(setting.id))
    .sort(byName);
}

/** A new view or menu as its setting describes it. */
function locationOf(setting: LocationSetting, doc: PlatformSchema): Location {
  const visibility: Visibility | undefined =
    doc.type === "desktop" && doc.productVariants !== undefined
      ? { productVariants: doc.productVariants === null ? null : [...doc.productVariants] }
      : undefined;
  if (setting.type === "menu")
    return {
      kind: "menu",
      location: {
        id: setting.id,
        name: setting.name,
        items: [],
        ...(visibility && { visibility }),
      },
    };
  const view: PlatformView = { id: setting.id, name: setting.name, type: setting.viewType };
  if (setting.isCustomView)
    Object.assign(view, { isCustomView: true, order: CUSTOM_VIEW_ORDER, label: "", urls: [] });
  if (setting.isPrecedentListView) view.isPrecedentListView = true;
  if (setting.grids.length > 0)
    view.grids = setting.grids.map((grid) => ({
      gridId: grid.gridId,
      name: grid.name,
      click: [],
      context: [],
    }));
  if (visibility) view.visibility = visibility;
  return { kind: "view", location: view };
}

/**
 * The document as the page shows it: each location that has a setting named as the provider
 * names the setting (and its grids), in the page's language; the document keeps the names it
 * was given (a location is its id). Locations without a setting keep their own names.
 */
export function withSettingNames(
  doc: PlatformSchema,
  settings: readonly LocationSetting[],
): PlatformSchema {
  const settingOf = (id: string) => settings.find((entry) => entry.id === id);
  const next = copy(doc);
  for (const location of [...(next.views ?? []), ...(next.menus ?? [])]) {
    const setting = settingOf(location.id);
    if (setting?.name) location.name = setting.name;
  }
  for (const view of next.views ?? []) {
    const grids = settingOf(view.id)?.grids ?? [];
    for (const grid of view.grids ?? []) {
      const named = grids.find((entry) => entry.gridId === grid.gridId)?.name;
      if (named) grid.name = named;
    }
  }
  return next;
}

/** Adds the location `id` (a setting of `settings`, one the company may use when its `integratorType` is given): refusals on `location`. */
export function addLocation(
  doc: PlatformSchema,
  settings: readonly LocationSetting[],
  id: string | null | undefined,
  integratorType?: number,
): Outcome {
  const missing = checkLocationChoice(id);
  if (missing) return refuse({ location: missing });
  const setting = settings.find((entry) => entry.id === id);
  if (!setting || (integratorType !== undefined && !locationAllowed(setting, integratorType)))
    return refuse({ location: "unknownLocation" });
  if (findLocation(doc, setting.id)) return refuse({ location: "duplicateLocation" });
  const next = copy(doc);
  const made = locationOf(setting, doc);
  if (made.kind === "view") next.views = [...(next.views ?? []), made.location];
  else next.menus = [...(next.menus ?? []), made.location];
  return { ok: true, document: next };
}

export function removeLocation(doc: PlatformSchema, id: string): PlatformSchema {
  const next = copy(doc);
  if (next.views) next.views = next.views.filter((view) => view.id !== id);
  if (next.menus) next.menus = next.menus.filter((menu) => menu.id !== id);
  return next;
}

/** Runs `change` on a copy's location; undefined when there is no such location. */
export function onLocation(
  doc: PlatformSchema,
  id: string,
  change: (found: Location) => void,
): PlatformSchema | undefined {
  const next = copy(doc);
  const found = findLocation(next, id);
  if (!found) return undefined;
  change(found);
  return next;
}
