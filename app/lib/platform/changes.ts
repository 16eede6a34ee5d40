/**
 * The 'changes' view of the platform schema editor: what a draft adds, removes and changes
 * against the saved schema of its platform, as a list the page renders before Save.
 *
 * - `schemaChanges(saved, draft)`: the changes, in this order: the platform's own settings
 *   (exception URLs, app-level product variants, time tracking), then per location (by name)
 *   the location added or removed, its settings changed (label, endpoints, visibility...),
 *   and its items added, removed, changed (with the fields that differ) and lists reordered.
 *   Items are matched by their names along their path in the same list (`buttons` > `More` >
 *   `items` > `First`); two items of one list with the same name are told apart by their
 *   order. A location added or removed is one change; its items are not listed.
 * - `samePlatform(a, b)`: whether two documents hold the same (key order aside, an empty
 *   list the same as none).
 *
 * - `changedFieldKey(field)`: the label key of a changed field (`platform:fields.…`, the dialogs'
 *   labels).
 *
 * Each change names its place by `crumbs` (the location's name, a grid's name, the names of
 * the items down to it: `breadcrumb(crumbs)` of operations.ts shows them joined by colons)
 * and its `list` (`buttons`, `contextMenu`, `items`, a grid's `click`...) for the page to word.
 * Plain TypeScript: no framework imports.
 */
import type {
  EndpointUrl,
  PlatformFunction,
  PlatformMenu,
  PlatformSchema,
  PlatformView,
} from "~/api/schema/schemas";
import { ENVIRONMENTS, VIEW_LISTS } from "~/api/schema/values";
import { byName } from "./locations";
import { ITEM_LISTS } from "./paths";

export type ChangeKind = "added" | "removed" | "changed" | "reordered";

export interface SchemaChange {
  kind: ChangeKind;
  /** What changed: the platform's settings, a location, an item, or the order of a list. */
  subject: "platform" | "location" | "item" | "list";
  /** The location's id (none for the platform's settings). */
  location?: string;
  /** The list an item or an order is in: `buttons`, `context`..., `items`, a grid's `click` or `context`. */
  list?: string;
  /** The location's name, a grid's name, then the names of the items down to the one changed. */
  crumbs: string[];
  /** For `changed`: the fields that differ (`label`, `urls.dev`, `visibility.productVariants`...): `changedFieldKey` gives their labels. */
  fields?: string[];
}

/** A value with object keys in order, undefined values and empty lists left out. */
function normal(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normal);
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, inner]) => inner !== undefined && !(Array.isArray(inner) && inner.length === 0))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, inner]) => [key, normal(inner)]);
  return Object.fromEntries(entries);
}

const same = (a: unknown, b: unknown) => JSON.stringify(normal(a)) === JSON.stringify(normal(b));

export function samePlatform(a: PlatformSchema, b: PlatformSchema): boolean {
  return same(a, b);
}

/** The endpoint URL of an environment in a list of them. */
const urlOf = (urls: unknown, env: string) =>
  Array.isArray(urls)
    ? (urls as EndpointUrl[]).find((entry) => entry?.env === env)?.url
    : undefined;

/** The fields of two objects that differ (one level down into `visibility` and `window`), leaving out `skip`. */
function differingFields(a: object, b: object, skip: readonly string[]): string[] {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])]
    .filter((key) => !skip.includes(key))
    .sort();
  return keys.flatMap((key) => {
    if (same(left[key], right[key])) return [];
    if (key === "urls")
      return ENVIRONMENTS.filter((env) => !same(urlOf(left.urls, env), urlOf(right.urls, env))).map(
        (env) => `urls.${env}`,
      );
    const inner = [left[key], right[key]];
    if (
      (key === "visibility" || key === "window") &&
      inner.every(
        (value) =>
          value === undefined ||
          (value !== null && typeof value === "object" && !Array.isArray(value)),
      )
    ) {
      return differingFields((inner[0] ?? {}) as object, (inner[1] ?? {}) as object, []).map(
        (field) => `${key}.${field}`,
      );
    }
    return [key];
  });
}

type AnyLocation = PlatformView | PlatformMenu;

/** The top lists of a location: `[key, list, crumbs before the items, list name]`; a grid's lists are keyed by its gridId. */
function topLists(
  location: AnyLocation,
  kind: "view" | "menu",
): { key: string; list: string; crumbs: string[]; items: PlatformFunction[] }[] {
  const name = location.name || location.id;
  if (kind === "menu")
    return [
      {
        key: "items",
        list: "items",
        crumbs: [name],
        items: (location as PlatformMenu).items ?? [],
      },
    ];
  const view = location as PlatformView;
  const lists: { key: string; list: string; crumbs: string[]; items: PlatformFunction[] }[] =
    VIEW_LISTS.map((list) => ({ key: list, list, crumbs: [name], items: view[list] ?? [] }));
  for (const grid of view.grids ?? []) {
    for (const list of ["click", "context"] as const) {
      lists.push({
        key: `grids.${grid.gridId}.${list}`,
        list,
        crumbs: [name, grid.name || grid.gridId],
        items: grid[list] ?? [],
      });
    }
  }
  return lists;
}

interface FlatItem {
  list: string;
  /** The key of the list the item is in. */
  listKey: string;
  crumbs: string[];
  item: PlatformFunction;
}

const itemName = (item: PlatformFunction) =>
  item.name?.trim() || item.label?.trim() || item.actionType;

/** Every item of a location by its key (list key, then names down the path, `#n` for a repeated name). */
function flatten(
  location: AnyLocation,
  kind: "view" | "menu",
): { items: Map<string, FlatItem>; orders: Map<string, string[]> } {
  const items = new Map<string, FlatItem>();
  const orders = new Map<string, string[]>();
  const walk = (
    listKey: string,
    list: string,
    crumbs: string[],
    entries: readonly PlatformFunction[],
  ) => {
    const seen = new Map<string, number>();
    const keys: string[] = [];
    for (const item of entries) {
      const name = itemName(item);
      const count = (seen.get(name) ?? 0) + 1;
      seen.set(name, count);
      const key = `${listKey}/${name}${count > 1 ? `#${count}` : ""}`;
      keys.push(key);
      items.set(key, { list, listKey, crumbs: [...crumbs, name], item });
      for (const nested of ITEM_LISTS)
        walk(`${key}/${nested}`, nested, [...crumbs, name], item[nested] ?? []);
    }
    orders.set(listKey, keys);
  };
  for (const top of topLists(location, kind)) walk(top.key, top.list, top.crumbs, top.items);
  return { items, orders };
}

/** The lists and grids of a location, which are compared item by item rather than as settings. */
const LOCATION_LISTS: readonly string[] = [...VIEW_LISTS, "grids", "items"];

function locationChanges(
  saved: AnyLocation,
  draft: AnyLocation,
  kind: "view" | "menu",
): SchemaChange[] {
  const changes: SchemaChange[] = [];
  const name = draft.name || draft.id;
  const fields = differingFields(saved, draft, LOCATION_LISTS);
  if (fields.length > 0)
    changes.push({
      kind: "changed",
      subject: "location",
      location: draft.id,
      crumbs: [name],
      fields,
    });
  const before = flatten(saved, kind);
  const after = flatten(draft, kind);
  for (const [key, entry] of after.items) {
    const old = before.items.get(key);
    const place = { location: draft.id, list: entry.list, crumbs: entry.crumbs };
    if (!old) {
      changes.push({ kind: "added", subject: "item", ...place });
      continue;
    }
    const changed = differingFields(old.item, entry.item, ITEM_LISTS);
    if (changed.length > 0)
      changes.push({ kind: "changed", subject: "item", ...place, fields: changed });
  }
  for (const [key, entry] of before.items) {
    if (!after.items.has(key))
      changes.push({
        kind: "removed",
        subject: "item",
        location: draft.id,
        list: entry.list,
        crumbs: entry.crumbs,
      });
  }
  for (const [listKey, keys] of after.orders) {
    const old = (before.orders.get(listKey) ?? []).filter((key) => keys.includes(key));
    const kept = keys.filter((key) => old.includes(key));
    if (kept.join("\n") !== old.join("\n")) {
      const owner = listKey.includes("/")
        ? after.items.get(listKey.slice(0, listKey.lastIndexOf("/")))
        : undefined;
      const first = after.items.get(kept[0]);
      changes.push({
        kind: "reordered",
        subject: "list",
        location: draft.id,
        list: first?.list ?? "items",
        crumbs: owner?.crumbs ?? first?.crumbs.slice(0, -1) ?? [name],
      });
    }
  }
  return changes;
}

/** The platform's own settings compared: everything but its locations (the names of the variants follow the variants). */
const PLATFORM_SKIP = ["type", "views", "menus", "productVariantsMap"];

export function schemaChanges(saved: PlatformSchema, draft: PlatformSchema): SchemaChange[] {
  const changes: SchemaChange[] = [];
  const fields = differingFields(saved, draft, PLATFORM_SKIP);
  if (fields.length > 0) changes.push({ kind: "changed", subject: "platform", crumbs: [], fields });
  const locations = (doc: PlatformSchema) => [
    ...(doc.views ?? []).map((location) => ({
      kind: "view" as const,
      location: location as AnyLocation,
    })),
    ...(doc.menus ?? []).map((location) => ({
      kind: "menu" as const,
      location: location as AnyLocation,
    })),
  ];
  const before = locations(saved);
  const after = locations(draft);
  const named = [
    ...after,
    ...before.filter((entry) => !after.some((other) => other.location.id === entry.location.id)),
  ].sort((a, b) => byName(a.location, b.location));
  for (const { kind, location } of named) {
    const old = before.find((entry) => entry.location.id === location.id && entry.kind === kind);
    const now = after.find((entry) => entry.location.id === location.id && entry.kind === kind);
    const crumbs = [location.name || location.id];
    if (!old) changes.push({ kind: "added", subject: "location", location: location.id, crumbs });
    else if (!now)
      changes.push({ kind: "removed", subject: "location", location: location.id, crumbs });
    else changes.push(...locationChanges(old.location, now.location, kind));
  }
  return changes;
}

/** Changed fields whose label is that of one of their form fields. */
const FIELD_LABELS: Record<string, string> = { icon: "icon.id", exceptions: "exceptions.url" };

export function changedFieldKey(field: string): string {
  return `platform:fields.${FIELD_LABELS[field] ?? field}`;
}
