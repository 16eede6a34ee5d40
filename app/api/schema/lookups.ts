/**
 * What a visibility names, judged against the app's country: its matter types and the paths
 * of its precedent locations down their libraries.
 */
import { prefixErrors } from "../common";
import type { SchemaErrors } from "./codes";
import type { PrecedentLibraries, SchemaContext } from "./context";
import { everyFunction } from "./locations";
import type { PlatformSchema, PrecedentLocation, Visibility } from "./schemas";

/**
 * Whether `path` (precedent ids joined by '/') runs down a library from its top: the first
 * precedent at the top (no parent in the library), each next one a child of the one before.
 */
export function isPrecedentPath(
  path: string,
  library: readonly { precedentId: string; parentId: string | null }[],
): boolean {
  const byId = new Map(library.map((entry) => [entry.precedentId, entry]));
  const ids = path.split("/");
  return ids.every((id, index) => {
    const entry = byId.get(id);
    if (!entry) return false;
    if (index === 0)
      return (
        entry.parentId === null || entry.parentId === entry.precedentId || !byId.has(entry.parentId)
      );
    return entry.parentId === ids[index - 1];
  });
}

/**
 * What a visibility names against the app's country: its matter types are the country's
 * (unknownMatterType at `visibility.matterTypes`), and each precedent location's root is a
 * matter type with a library and each of its paths runs down that library
 * (unknownPrecedent at `visibility.location`). Each unchecked when the context lacks it.
 */
export function validateVisibilityChoice(
  visibility: Pick<Visibility, "matterTypes" | "location"> | undefined,
  known: { matterTypeIds?: readonly string[]; precedents?: PrecedentLibraries },
): SchemaErrors {
  const errors: SchemaErrors = {};
  if (
    known.matterTypeIds &&
    visibility?.matterTypes?.some((id) => !known.matterTypeIds!.includes(id))
  )
    errors["visibility.matterTypes"] = "unknownMatterType";
  const libraries = known.precedents;
  const knownLocation = (entry: PrecedentLocation) => {
    const library = Object.hasOwn(libraries!, entry.root) ? libraries![entry.root] : undefined;
    return library !== undefined && entry.paths.every((path) => isPrecedentPath(path, library));
  };
  if (libraries && visibility?.location?.some((entry) => !knownLocation(entry)))
    errors["visibility.location"] = "unknownPrecedent";
  return errors;
}

/**
 * What every visibility of a platform names, against the app's country: matter types of the
 * country (unknownMatterType), precedents of their libraries (unknownPrecedent,
 * `validateVisibilityChoice`) and billing modes only where they exist (UK: notAllowedHere).
 * Paths `<location or function>.visibility.<field>`.
 */
export function validateVisibilityReferences(
  platform: PlatformSchema,
  context: SchemaContext,
): SchemaErrors {
  const errors: SchemaErrors = {};
  const holders: { path: string; visibility?: Visibility }[] = [
    ...(platform.views ?? []).map((view, index) => ({
      path: `views.${index}`,
      visibility: view.visibility,
    })),
    ...(platform.menus ?? []).map((menu, index) => ({
      path: `menus.${index}`,
      visibility: menu.visibility,
    })),
    ...everyFunction(platform).map(({ path, item }) => ({ path, visibility: item.visibility })),
  ];
  for (const { path, visibility } of holders) {
    Object.assign(errors, prefixErrors(path, validateVisibilityChoice(visibility, context)));
    if (context.billingModesAllowed === false && visibility?.billingModes?.length)
      errors[`${path}.visibility.billingModes`] = "notAllowedHere";
  }
  return errors;
}
