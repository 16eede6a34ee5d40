import { describe, expect, it } from "vitest";
import {
  inState,
  type MatterTypeNode,
  matterStates,
  matterTypeTree,
  orphanedLocations,
  precedentEntries,
  precedentLocations,
  precedentsAffected,
  precedentValues,
  searchTree,
  selectionId,
  stateOf,
  statesOf,
  toggle,
  toggleWithPrecedents,
  withoutPrecedentsOf,
} from "./matter-types";

const folder = (id: string, parentId: string | null = null): MatterTypeNode => ({
  id,
  name: id,
  type: "Folder",
  parentId,
  shortcutId: null,
  states: [],
});
const matter = (
  id: string,
  parentId: string | null,
  states = ["NSW", "VIC"],
  shortcutId: string | null = null,
): MatterTypeNode => ({
  id,
  name: id,
  type: "MatterType",
  parentId,
  shortcutId,
  states: states.map((name) => ({ name })),
});

// conveyancing: purchase, sale, commercial (lease, shortcut to purchase); family: divorce (QLD only)
const list = [
  folder("conveyancing"),
  matter("purchase", "conveyancing"),
  matter("sale", "conveyancing"),
  folder("commercial", "conveyancing"),
  matter("lease", "commercial"),
  matter("purchase-shortcut", "commercial", ["NSW"], "purchase"),
  folder("family"),
  matter("divorce", "family", ["QLD"]),
  folder("empty"),
];
const tree = matterTypeTree(list);

describe("the matter-type tree", () => {
  it("puts children under their parents, in the provider's order, and orphans at the top", () => {
    expect(tree.roots.map((node) => node.id)).toEqual(["conveyancing", "family", "empty"]);
    expect(tree.children("commercial").map((node) => node.id)).toEqual([
      "lease",
      "purchase-shortcut",
    ]);
    expect(matterTypeTree([matter("lost", "gone")]).roots.map((node) => node.id)).toEqual(["lost"]);
  });

  it("takes a shortcut for the matter type it points to", () => {
    expect(selectionId(tree.byId.get("purchase-shortcut")!)).toBe("purchase");
    expect(selectionId(tree.byId.get("sale")!)).toBe("sale");
  });

  it("survives a cycle in the data", () => {
    const looped = matterTypeTree([
      { ...folder("a"), parentId: "b" },
      { ...folder("b"), parentId: "a" },
      matter("m", "a"),
    ]);
    expect(stateOf(looped, ["m"], "a")).toBe("selected");
  });
});

describe("the tri-state selection", () => {
  it("shows a folder selected when all its matter types are, partial with some, unselected with none or when empty", () => {
    expect(stateOf(tree, [], "conveyancing")).toBe("unselected");
    expect(stateOf(tree, ["purchase"], "conveyancing")).toBe("partial");
    expect(stateOf(tree, ["purchase"], "commercial")).toBe("partial");
    expect(stateOf(tree, ["purchase", "lease"], "commercial")).toBe("selected");
    expect(stateOf(tree, ["purchase", "sale", "lease"], "conveyancing")).toBe("selected");
    expect(stateOf(tree, ["purchase"], "empty")).toBe("unselected");
    expect(stateOf(tree, ["purchase"], "purchase-shortcut")).toBe("selected");
    expect(statesOf(tree, ["divorce"])).toMatchObject({
      family: "selected",
      divorce: "selected",
      conveyancing: "unselected",
    });
  });

  it("selects every matter type under a folder that is not selected, shortcuts included, keeping the others", () => {
    expect(toggle(tree, ["divorce"], "commercial")).toEqual({
      selected: ["divorce", "lease", "purchase"],
      deselected: [],
    });
    expect(toggle(tree, ["sale"], "conveyancing")).toEqual({
      selected: ["sale", "purchase", "lease"],
      deselected: [],
    });
  });

  it("clears every matter type under a selected folder and says which", () => {
    expect(toggle(tree, ["divorce", "purchase", "lease", "sale"], "commercial")).toEqual({
      selected: ["divorce", "sale"],
      deselected: ["purchase", "lease"],
    });
  });

  it("flips a matter type, and a shortcut flips its target", () => {
    expect(toggle(tree, [], "sale")).toEqual({ selected: ["sale"], deselected: [] });
    expect(toggle(tree, ["sale", "purchase"], "purchase-shortcut")).toEqual({
      selected: ["sale"],
      deselected: ["purchase"],
    });
  });

  it("leaves the selection alone for an unknown node or an empty folder", () => {
    expect(toggle(tree, ["sale"], "nowhere")).toEqual({ selected: ["sale"], deselected: [] });
    expect(toggle(tree, ["sale"], "empty")).toEqual({ selected: ["sale"], deselected: [] });
  });
});

describe("the tabs per matter state", () => {
  it("lists the states that have matter types", () => {
    expect(matterStates(list)).toEqual(["NSW", "VIC", "QLD"]);
  });

  it("shows a state's matter types with the folders above them", () => {
    expect(inState(list, "QLD").map((node) => node.id)).toEqual(["family", "divorce"]);
    expect(inState(list, "VIC").map((node) => node.id)).toEqual([
      "conveyancing",
      "purchase",
      "sale",
      "commercial",
      "lease",
    ]);
  });
});

describe("precedents of a deselected matter type", () => {
  const folders = [
    { precedentId: "purchase-folder", matterTypeId: "purchase" },
    { precedentId: "general-folder", matterTypeId: null },
  ];
  const location = [
    { root: "purchase-folder", paths: ["purchase-folder/letters"] },
    { root: "general-folder", paths: ["general-folder/note"] },
    { root: "sale", paths: ["sale/contract"] },
  ];

  it("finds the chosen precedent locations under the matter types taken out, by folder or by the matter type itself", () => {
    const { deselected } = toggle(tree, ["purchase", "sale", "lease"], "conveyancing");
    expect(deselected).toEqual(["purchase", "sale", "lease"]);
    expect(precedentsAffected(location, deselected, folders)).toEqual([location[0], location[2]]);
    expect(withoutPrecedentsOf(location, deselected, folders)).toEqual([location[1]]);
  });

  it("asks before a click takes chosen precedents with it, and takes them once confirmed", () => {
    const choice = { matterTypes: ["purchase", "sale"], location };
    expect(toggleWithPrecedents(tree, choice, "purchase", folders)).toEqual({
      ...choice,
      ask: [location[0]],
    });
    expect(toggleWithPrecedents(tree, choice, "purchase", folders, true)).toEqual({
      matterTypes: ["sale"],
      location: [location[1], location[2]],
    });
    expect(toggleWithPrecedents(tree, choice, "lease", folders)).toEqual({
      matterTypes: ["purchase", "sale", "lease"],
      location,
    });
    expect(toggleWithPrecedents(tree, {}, "family", folders)).toEqual({
      matterTypes: ["divorce"],
      location: [],
    });
  });

  it("finds none when nothing is deselected or none was chosen", () => {
    expect(precedentsAffected(location, [], folders)).toEqual([]);
    expect(precedentsAffected(undefined, ["purchase"], folders)).toEqual([]);
    expect(withoutPrecedentsOf(location, ["divorce"], folders)).toEqual(location);
  });
});

describe("the search of the pickers", () => {
  it("keeps the matches with the folders above them, in the list's order, any case", () => {
    expect(searchTree(list, "LEA").map((node) => node.id)).toEqual([
      "conveyancing",
      "commercial",
      "lease",
    ]);
    expect(searchTree(list, "  divorce ").map((node) => node.id)).toEqual(["family", "divorce"]);
  });

  it("keeps everything under a matching folder, shortcuts included", () => {
    expect(searchTree(list, "commercial").map((node) => node.id)).toEqual([
      "conveyancing",
      "commercial",
      "lease",
      "purchase-shortcut",
    ]);
  });

  it("keeps all for a blank search and none when nothing matches", () => {
    expect(searchTree(list, " ")).toEqual(list);
    expect(searchTree(list, "nothing like it")).toEqual([]);
  });

  it("lets a folder toggled in the search's tree select only what the search shows", () => {
    const shown = matterTypeTree(searchTree(list, "lease"));
    expect(toggle(shown, [], "conveyancing")).toEqual({ selected: ["lease"], deselected: [] });
  });
});

describe("the precedent picker", () => {
  const library = [
    { precedentId: "p", name: "Purchase", parentId: null, type: "Folder" as const },
    { precedentId: "letters", name: "Letters", parentId: "p", type: "Folder" as const },
    {
      precedentId: "engagement",
      name: "Engagement",
      parentId: "letters",
      type: "Precedent" as const,
    },
    { precedentId: "checklist", name: "Checklist", parentId: "p", type: "Precedent" as const },
  ];

  it("lists a matter type's precedents with their depth and their path from the library's top", () => {
    expect(precedentEntries(library)).toEqual([
      { id: "p", name: "Purchase", parentId: null, folder: true, depth: 0, path: "p" },
      { id: "letters", name: "Letters", parentId: "p", folder: true, depth: 1, path: "p/letters" },
      {
        id: "engagement",
        name: "Engagement",
        parentId: "letters",
        folder: false,
        depth: 2,
        path: "p/letters/engagement",
      },
      {
        id: "checklist",
        name: "Checklist",
        parentId: "p",
        folder: false,
        depth: 1,
        path: "p/checklist",
      },
    ]);
    expect(searchTree(precedentEntries(library), "engage").map((entry) => entry.id)).toEqual([
      "p",
      "letters",
      "engagement",
    ]);
  });

  it("reads ticked precedents back into the locations they came from", () => {
    const location = [
      { root: "purchase", paths: ["p/letters/engagement", "p/checklist"] },
      { root: "sale", paths: ["s"] },
    ];
    expect(precedentLocations(precedentValues(location))).toEqual(location);
    expect(precedentValues(undefined)).toEqual([]);
  });

  it("finds the chosen precedents of a matter type no longer chosen, leaving roots that are no matter type", () => {
    const location = [
      { root: "purchase", paths: ["p/checklist"] },
      { root: "sale", paths: ["s"] },
      { root: "general-folder", paths: ["general-folder/note"] },
    ];
    expect(orphanedLocations(location, ["sale"], ["purchase", "sale"])).toEqual([location[0]]);
    expect(orphanedLocations(location, ["purchase", "sale"], ["purchase", "sale"])).toEqual([]);
    expect(orphanedLocations(undefined, [], ["purchase"])).toEqual([]);
  });
});
