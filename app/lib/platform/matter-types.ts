/**
 * The matter-type picker of a function's visibility: a tree of
 * folders and matter types, a tab per matter state, and a tri-state selection.
 *
 * - `matterTypeTree(list)`: the tree of the provider's flat list (`GET resources/matter-types`,
 *   parents before children; a parent missing from the list puts its children at the top).
 * - `matterStates(list)` / `inState(list, state)`: the states that have matter types (one
 *   tab each) and the list a tab shows (the matter types of that state with their folders).
 * - `selectionId(node)`: the id a node stands for in a selection. A shortcut is the matter
 *   type it points to, so it is selected exactly when its target is.
 * - `stateOf(tree, selected, id)` / `statesOf(tree, selected)`: selected, partial or
 *   unselected. A matter type is selected when its id is chosen; a folder is selected when
 *   all matter types under it are (shortcuts included), partial when some are, else
 *   unselected (also when it holds none).
 * - `toggle(tree, selected, id)`: the selection after a click on a node: a folder that is
 *   selected clears all matter types under it, any other folder selects them all; a matter
 *   type flips. It answers the new selection and the ids it took out (`deselected`), in the
 *   order of the selection.
 * - `precedentsAffected(location, deselected, folders)` / `withoutPrecedentsOf(...)`: the
 *   chosen precedent locations (`visibility.location`) that belong to matter types being
 *   deselected, and the precedent locations without them. A location belongs to a matter
 *   type when its `root` is that matter type's id or a precedent folder of it (`folders`:
 *   the precedents the picker has read, with their `matterTypeId`). When some would go, the
 *   page asks 'Deselecting this matter type will remove the selected precedents associated
 *   with it. Proceed?' first.
 * - `toggleWithPrecedents(tree, visibility, id, folders, confirmed)`: a click on a node as
 *   the dialog applies it (with or without JS): when it would take chosen precedents with it
 *   and is not `confirmed`, nothing changes and `ask` lists them (the page asks, then posts
 *   again confirmed); otherwise the new matter types and precedent locations.
 * - `searchTree(list, query)`: the nodes a search keeps (names holding the query, any case):
 *   each match with the folders above it and everything under a matching folder, in the
 *   list's order; all of them for a blank query. For matter types and precedents alike.
 * - `precedentEntries(list)`: a matter type's precedents (`GET resources/matter-types/{id}/
 *   precedents`, parents first) as the precedent picker lists them: each with its depth and
 *   its path, the precedent ids from the library's top folder down joined by '/'.
 * - `precedentValue(root, path)` / `precedentLocations(values)`: a ticked precedent as one
 *   form value (`root|path`, the root being the matter type it was chosen under) and the
 *   precedent locations of ticked values, grouped by root.
 * - `orphanedLocations(location, matterTypes, known)`: the chosen precedent locations under
 *   a matter type (`known`) that is no longer chosen: what a save asks about first.
 *
 * Pure: no framework imports, used by the page and its actions alike.
 */
import type { MatterType, Precedent } from "~/api/resources/schemas";
import type { PrecedentLocation } from "~/api/schema/schemas";

/** The nodes a search keeps: what `searchTree` needs of a node. */
export interface TreeNode {
  id: string;
  name: string;
  parentId: string | null;
}

export type SelectionState = "selected" | "partial" | "unselected";

/** The nodes the picker needs of a matter type. */
export type MatterTypeNode = Pick<MatterType, "id" | "name" | "type" | "parentId" | "shortcutId"> &
  Partial<Pick<MatterType, "states">>;

export interface MatterTypeTree<T extends MatterTypeNode = MatterTypeNode> {
  /** Every node by id. */
  byId: ReadonlyMap<string, T>;
  /** The top of the tree, in the provider's order. */
  roots: readonly T[];
  /** The children of a node, in the provider's order. */
  children(id: string): readonly T[];
}

const isFolder = (node: MatterTypeNode) => node.type === "Folder";

/** The id a node stands for in a selection: a shortcut stands for the matter type it points to. */
export const selectionId = (node: MatterTypeNode): string => node.shortcutId ?? node.id;

export function matterTypeTree<T extends MatterTypeNode>(list: readonly T[]): MatterTypeTree<T> {
  const byId = new Map<string, T>();
  for (const node of list) if (!byId.has(node.id)) byId.set(node.id, node);
  const childrenOf = new Map<string, T[]>();
  const roots: T[] = [];
  for (const node of byId.values()) {
    const parent =
      node.parentId !== null && node.parentId !== node.id ? byId.get(node.parentId) : undefined;
    if (!parent) roots.push(node);
    else childrenOf.set(parent.id, [...(childrenOf.get(parent.id) ?? []), node]);
  }
  return { byId, roots, children: (id) => childrenOf.get(id) ?? [] };
}

/** The selection ids of the matter types at and under a node (a cycle in the data is walked once). */
function matterTypesUnder(tree: MatterTypeTree, id: string): string[] {
  const ids: string[] = [];
  const seen = new Set<string>();
  const walk = (nodeId: string) => {
    if (seen.has(nodeId)) return;
    seen.add(nodeId);
    const node = tree.byId.get(nodeId);
    if (!node) return;
    if (!isFolder(node)) {
      const target = selectionId(node);
      if (!ids.includes(target)) ids.push(target);
      return;
    }
    for (const child of tree.children(nodeId)) walk(child.id);
  };
  walk(id);
  return ids;
}

export function stateOf(
  tree: MatterTypeTree,
  selected: readonly string[],
  id: string,
): SelectionState {
  const under = matterTypesUnder(tree, id);
  const chosen = under.filter((target) => selected.includes(target)).length;
  if (chosen === 0) return "unselected";
  return chosen === under.length ? "selected" : "partial";
}

/** The state of every node of the tree, by id. */
export function statesOf(
  tree: MatterTypeTree,
  selected: readonly string[],
): Record<string, SelectionState> {
  return Object.fromEntries([...tree.byId.keys()].map((id) => [id, stateOf(tree, selected, id)]));
}

export function toggle(
  tree: MatterTypeTree,
  selected: readonly string[],
  id: string,
): { selected: string[]; deselected: string[] } {
  const node = tree.byId.get(id);
  if (!node) return { selected: [...selected], deselected: [] };
  const under = matterTypesUnder(tree, id);
  const clear = stateOf(tree, selected, id) === "selected";
  if (clear) {
    return {
      selected: selected.filter((target) => !under.includes(target)),
      deselected: selected.filter((target) => under.includes(target)),
    };
  }
  return {
    selected: [...selected, ...under.filter((target) => !selected.includes(target))],
    deselected: [],
  };
}

/** The matter states that have at least one matter type, in the order they first appear. */
export function matterStates(list: readonly MatterTypeNode[]): string[] {
  const states: string[] = [];
  for (const node of list)
    for (const { name } of node.states ?? []) if (!states.includes(name)) states.push(name);
  return states;
}

/** The nodes of one state's tab: its matter types and the folders above them, in the list's order. */
export function inState<T extends MatterTypeNode>(list: readonly T[], state: string): T[] {
  const tree = matterTypeTree(list);
  const kept = new Set<string>();
  for (const node of tree.byId.values()) {
    if (isFolder(node) || !(node.states ?? []).some(({ name }) => name === state)) continue;
    for (
      let at: T | undefined = node;
      at && !kept.has(at.id);
      at = at.parentId === null ? undefined : tree.byId.get(at.parentId)
    )
      kept.add(at.id);
  }
  return list.filter((node) => kept.has(node.id));
}

/** The matter type a precedent location's root belongs to: the root itself when it is one, else its folder's. */
function ownerOf(
  root: string,
  deselected: readonly string[],
  folders: readonly Pick<Precedent, "precedentId" | "matterTypeId">[],
): string | null {
  if (deselected.includes(root)) return root;
  return folders.find((folder) => folder.precedentId === root)?.matterTypeId ?? null;
}

export function precedentsAffected(
  location: readonly PrecedentLocation[] | undefined,
  deselected: readonly string[],
  folders: readonly Pick<Precedent, "precedentId" | "matterTypeId">[],
): PrecedentLocation[] {
  return (location ?? []).filter((entry) => {
    const owner = ownerOf(entry.root, deselected, folders);
    return owner !== null && deselected.includes(owner);
  });
}

export function withoutPrecedentsOf(
  location: readonly PrecedentLocation[] | undefined,
  deselected: readonly string[],
  folders: readonly Pick<Precedent, "precedentId" | "matterTypeId">[],
): PrecedentLocation[] {
  const gone = precedentsAffected(location, deselected, folders);
  return (location ?? []).filter((entry) => !gone.includes(entry));
}

/** The matter types and precedent locations of a visibility. */
export interface MatterTypeChoice {
  matterTypes: string[];
  location: PrecedentLocation[];
}

export function toggleWithPrecedents(
  tree: MatterTypeTree,
  choice: Partial<MatterTypeChoice>,
  id: string,
  folders: readonly Pick<Precedent, "precedentId" | "matterTypeId">[],
  confirmed = false,
): MatterTypeChoice & { ask?: PrecedentLocation[] } {
  const current = {
    matterTypes: [...(choice.matterTypes ?? [])],
    location: [...(choice.location ?? [])],
  };
  const { selected, deselected } = toggle(tree, current.matterTypes, id);
  const affected = precedentsAffected(current.location, deselected, folders);
  if (affected.length > 0 && !confirmed) return { ...current, ask: affected };
  return {
    matterTypes: selected,
    location: withoutPrecedentsOf(current.location, deselected, folders),
  };
}

export function searchTree<T extends TreeNode>(list: readonly T[], query: string): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...list];
  const byId = new Map(list.map((node) => [node.id, node]));
  const kept = new Set<string>();
  const matched = new Set(
    list.filter((node) => node.name.toLocaleLowerCase().includes(needle)).map((node) => node.id),
  );
  for (const id of matched) {
    for (
      let at = byId.get(id);
      at && !kept.has(at.id);
      at = at.parentId === null ? undefined : byId.get(at.parentId)
    )
      kept.add(at.id);
  }
  // Everything under a match (parents come before their children in the list).
  const under = new Set(matched);
  for (const node of list) {
    if (node.parentId !== null && under.has(node.parentId) && node.parentId !== node.id) {
      under.add(node.id);
      kept.add(node.id);
    }
  }
  return list.filter((node) => kept.has(node.id));
}

/** What the precedent picker needs of a precedent. */
export type PrecedentNode = Pick<Precedent, "precedentId" | "name" | "parentId" | "type">;

export interface PrecedentEntry extends TreeNode {
  folder: boolean;
  depth: number;
  /** The precedent ids from the library's top folder down to this one, joined by '/'. */
  path: string;
}

export function precedentEntries(list: readonly PrecedentNode[]): PrecedentEntry[] {
  const byId = new Map<string, PrecedentEntry>();
  const entries: PrecedentEntry[] = [];
  for (const node of list) {
    if (byId.has(node.precedentId)) continue;
    const parent =
      node.parentId === null || node.parentId === node.precedentId
        ? undefined
        : byId.get(node.parentId);
    const entry: PrecedentEntry = {
      id: node.precedentId,
      name: node.name,
      parentId: parent ? parent.id : null,
      folder: node.type === "Folder",
      depth: parent ? parent.depth + 1 : 0,
      path: parent ? `${parent.path}/${node.precedentId}` : node.precedentId,
    };
    byId.set(entry.id, entry);
    entries.push(entry);
  }
  return entries;
}

/** The value of a ticked precedent: its location's root and its path. */
export const precedentValue = (root: string, path: string) => `${root}|${path}`;

/** The precedent locations of ticked precedents, grouped by root; undefined when a value is not `root|path`. */
export function precedentLocations(values: readonly string[]): PrecedentLocation[] | undefined {
  const byRoot = new Map<string, string[]>();
  for (const value of values) {
    const bar = value.indexOf("|");
    if (bar < 1 || bar === value.length - 1) return undefined;
    const root = value.slice(0, bar);
    byRoot.set(root, [...(byRoot.get(root) ?? []), value.slice(bar + 1)]);
  }
  return [...byRoot.entries()].map(([root, paths]) => ({ root, paths }));
}

/** The form values of precedent locations. */
export const precedentValues = (location: readonly PrecedentLocation[] | undefined): string[] =>
  (location ?? []).flatMap((entry) => entry.paths.map((path) => precedentValue(entry.root, path)));

export function orphanedLocations(
  location: readonly PrecedentLocation[] | undefined,
  matterTypes: readonly string[],
  known: readonly string[],
): PrecedentLocation[] {
  return (location ?? []).filter(
    (entry) => known.includes(entry.root) && !matterTypes.includes(entry.root),
  );
}
