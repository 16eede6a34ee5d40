/**
 * Addresses in a platform's document. A list of a location is a dotted path in it: a view's
 * `buttons`, `context`, `contextMenu`, `layouts`, `listItems`, `secondaryTab`, `reports`, a
 * grid's `grids.<n>.click` and `grids.<n>.context`, a menu's `items`; below an item,
 * `<item>.items` and `<item>.buttons`. An item is its list's path and index: `buttons.0`,
 * `buttons.0.items.2`, `grids.1.click.0` (the paths of the contract's rules, so a refusal of
 * the API lands on its item). `parseItemPath` / `parseListPath` tell a valid path from a
 * posted one.
 */
import type { PlatformFunction, PlatformSchema } from "~/api/schema/schemas";
import { VIEW_LISTS } from "~/api/schema/values";
import { copy, findLocation, type Location } from "./locations";

/** Lists below an item. */
export const ITEM_LISTS = ["items", "buttons"] as const;
/** An index in a path: no leading zero, at most six digits. */
export const INDEX = /^(0|[1-9]\d{0,5})$/;

/** The segments of a path when it is one of the location's kind: a list path (`buttons`, `grids.0.click`, `items.1.items`) or an item path (one index more). */
export function parsePath(
  path: string,
  kind: Location["kind"],
  item: boolean,
): string[] | undefined {
  if (typeof path !== "string" || path.length > 500) return undefined;
  const parts = path.split(".");
  let at = 0;
  if (kind === "menu") {
    if (parts[0] !== "items") return undefined;
    at = 1;
  } else if (parts[0] === "grids") {
    if (!INDEX.test(parts[1] ?? "") || (parts[2] !== "click" && parts[2] !== "context"))
      return undefined;
    at = 3;
  } else {
    if (!(VIEW_LISTS as readonly string[]).includes(parts[0])) return undefined;
    at = 1;
  }
  // Then pairs of <index>.<list>, ending in an index for an item.
  const rest = parts.slice(at);
  if (item ? rest.length % 2 !== 1 : rest.length % 2 !== 0) return undefined;
  for (let i = 0; i < rest.length; i++) {
    if (i % 2 === 0 ? !INDEX.test(rest[i]) : !(ITEM_LISTS as readonly string[]).includes(rest[i]))
      return undefined;
  }
  return parts;
}

/** The path of an item of the location `id`, or undefined when `path` is not one. */
export function parseItemPath(doc: PlatformSchema, id: string, path: string): string | undefined {
  const found = findLocation(doc, id);
  return found && parsePath(path, found.kind, true) ? path : undefined;
}

/** The path of a list of the location `id`, or undefined when `path` is not one. */
export function parseListPath(doc: PlatformSchema, id: string, path: string): string | undefined {
  const found = findLocation(doc, id);
  return found && parsePath(path, found.kind, false) ? path : undefined;
}

/** The list path and index of an item path (`buttons.0.items.2` is `buttons.0.items` and 2). */
export function splitItemPath(path: string): { list: string; index: number } {
  const at = path.lastIndexOf(".");
  return { list: path.slice(0, at), index: Number(path.slice(at + 1)) };
}

/** Reads a dotted path in an object. */
function read(root: unknown, parts: readonly string[]): unknown {
  let at: unknown = root;
  for (const part of parts) {
    if (at === null || typeof at !== "object") return undefined;
    at = Array.isArray(at) ? at[Number(part)] : (at as Record<string, unknown>)[part];
  }
  return at;
}

/** A list of a location in `doc` (the document's own object), or undefined when the path does not lead to one. */
function listIn(
  doc: PlatformSchema,
  id: string,
  path: string,
  create: boolean,
): PlatformFunction[] | undefined {
  const found = findLocation(doc, id);
  if (!found || !parsePath(path, found.kind, false)) return undefined;
  const parts = path.split(".");
  const owner = read(found.location, parts.slice(0, -1));
  if (owner === null || typeof owner !== "object" || Array.isArray(owner)) return undefined;
  const record = owner as Record<string, unknown>;
  const key = parts[parts.length - 1];
  if (!Array.isArray(record[key])) {
    if (!create) return record[key] === undefined ? [] : undefined;
    record[key] = [];
  }
  return record[key] as PlatformFunction[];
}

export function getList(
  doc: PlatformSchema,
  id: string,
  listPath: string,
): readonly PlatformFunction[] | undefined {
  return listIn(doc, id, listPath, false);
}

export function getItem(
  doc: PlatformSchema,
  id: string,
  itemPath: string,
): PlatformFunction | undefined {
  const found = findLocation(doc, id);
  if (!found || !parsePath(itemPath, found.kind, true)) return undefined;
  const { list, index } = splitItemPath(itemPath);
  return listIn(doc, id, list, false)?.[index];
}

/** Runs `change` on a list of a copy of the document (made when missing); undefined when the path leads to no list. */
export function onList(
  doc: PlatformSchema,
  id: string,
  listPath: string,
  change: (list: PlatformFunction[]) => void,
): PlatformSchema | undefined {
  const next = copy(doc);
  const list = listIn(next, id, listPath, true);
  if (!list) return undefined;
  change(list);
  return next;
}
