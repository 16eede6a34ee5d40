import { describe, expect, it } from "vitest";
import { checkWholeSchema, validatePlatform } from "~/api/schema/document";
import { type PlatformSchema, type PlatformView, platformSchema } from "~/api/schema/schemas";
import { actionTypesOf, breadcrumb, itemCrumbs, locationCards } from "./cards";
import { button, desktop, SETTINGS } from "./fixtures.test-support";
import {
  addItem,
  cloneItem,
  cloneTargets,
  deleteItem,
  moveDown,
  moveItem,
  moveUp,
  updateItem,
  withFirstDropdownItem,
} from "./items";
import {
  addLocation,
  emptyPlatform,
  offeredLocations,
  removeLocation,
  withSettingNames,
} from "./locations";
import { getItem, parseItemPath, parseListPath } from "./paths";
import {
  chooseVariant,
  resolveVariantChoice,
  setAppVariants,
  setCustomView,
  setDesktopVersions,
  setExceptions,
  setLocationVisibility,
  storedVariants,
  variantChoice,
  variantUpdates,
} from "./settings";
import { applyItemWindow, itemWindowClears, setViewWindow, windowClears } from "./window";

/** The names of the items of a location's top list. */
function names(
  doc: PlatformSchema | undefined,
  id: string,
  list: "buttons" | "items",
): (string | undefined)[] {
  const location =
    list === "items"
      ? doc?.menus?.find((menu) => menu.id === id)
      : doc?.views?.find((view) => view.id === id);
  return (
    (location as Record<string, { name?: string }[] | undefined> | undefined)?.[list] ?? []
  ).map((item) => item.name);
}

function ok<T extends { ok: boolean }>(outcome: T): Extract<T, { ok: true }> {
  expect(outcome).toMatchObject({ ok: true });
  return outcome as Extract<T, { ok: true }>;
}

describe("locations", () => {
  it("offers the company's locations not yet present, sorted by name", () => {
    const doc = desktop();
    expect(offeredLocations(doc, SETTINGS, 0).map((setting) => setting.id)).toEqual([
      "custom-view",
      "matter-list",
      "precedent-list",
    ]);
    expect(offeredLocations(doc, SETTINGS, 1).map((setting) => setting.id)).toEqual([
      "menu-accounting",
      "custom-view",
      "matter-external-window",
      "matter-list",
      "precedent-list",
    ]);
  });

  it("adds a view or menu from its setting, with its grids, a custom view with order 9999", () => {
    let doc = ok(addLocation(desktop(), SETTINGS, "matter-list")).document;
    expect(doc.views?.[1]).toEqual({
      id: "matter-list",
      name: "Matter List",
      type: "matter-list",
      grids: [{ gridId: "matter-list-grid", name: "Matter List", click: [], context: [] }],
    });
    doc = ok(addLocation(doc, SETTINGS, "custom-view")).document;
    expect(doc.views?.[2]).toMatchObject({
      id: "custom-view",
      isCustomView: true,
      order: 9999,
      label: "",
      urls: [],
    });
    doc = ok(addLocation(doc, SETTINGS, "menu-accounting")).document;
    expect(doc.menus?.[1]).toEqual({ id: "menu-accounting", name: "Accounting Menu", items: [] });
  });

  it("shows the locations and their grids named as the provider names their settings (the page's language); the document keeps its names", () => {
    const doc = ok(addLocation(desktop(), SETTINGS, "matter-list")).document;
    const dutch = SETTINGS.map((setting) => ({
      ...setting,
      name: `NL ${setting.name}`,
      grids: setting.grids.map((grid) => ({ ...grid, name: `NL ${grid.name}` })),
    }));
    const shown = withSettingNames(doc, dutch);
    expect(shown.views?.map((view) => view.name)).toEqual(["NL Matter", "NL Matter List"]);
    expect(shown.views?.[1].grids?.map((grid) => grid.name)).toEqual(["NL Matter List"]);
    expect(shown.menus?.map((menu) => menu.name)).toEqual(["NL Tools Menu"]);
    expect(locationCards(shown, dutch)[0].name).toBe("NL Matter");
    expect(doc.views?.map((view) => view.name)).toEqual(["Matter", "Matter List"]);
    // A location without a setting keeps its own name.
    expect(withSettingNames(doc, []).views?.map((view) => view.name)).toEqual([
      "Matter",
      "Matter List",
    ]);
  });

  it("refuses no choice, an unknown location and one already present", () => {
    expect(addLocation(desktop(), SETTINGS, "")).toEqual({
      ok: false,
      errors: { location: "mustSelectLocation" },
    });
    expect(addLocation(desktop(), SETTINGS, undefined)).toEqual({
      ok: false,
      errors: { location: "mustSelectLocation" },
    });
    expect(addLocation(desktop(), SETTINGS, "nowhere")).toEqual({
      ok: false,
      errors: { location: "unknownLocation" },
    });
    expect(addLocation(desktop(), SETTINGS, "matter")).toEqual({
      ok: false,
      errors: { location: "duplicateLocation" },
    });
    expect(addLocation(desktop(), SETTINGS, "menu-accounting", 0)).toEqual({
      ok: false,
      errors: { location: "unknownLocation" },
    });
    expect(addLocation(desktop(), SETTINGS, "menu-accounting", 1)).toMatchObject({ ok: true });
  });

  it("starts a new desktop location with the app-level product variants", () => {
    const doc = { ...desktop(), productVariants: [1, 2] };
    expect(
      ok(addLocation(doc, SETTINGS, "menu-accounting")).document.menus?.[1].visibility,
    ).toEqual({ productVariants: [1, 2] });
    expect(
      ok(addLocation({ ...desktop(), productVariants: null }, SETTINGS, "matter-list")).document
        .views?.[1].visibility,
    ).toEqual({ productVariants: null });
  });

  it("removes a location and leaves the document given alone", () => {
    const doc = desktop();
    expect(removeLocation(doc, "matter").views).toEqual([]);
    expect(removeLocation(doc, "menu-tools").menus).toEqual([]);
    expect(doc.views).toHaveLength(1);
  });

  it("shows cards sorted by name with the lists their setting allows", () => {
    const doc = ok(
      addLocation(
        ok(addLocation(desktop(), SETTINGS, "matter-list")).document,
        SETTINGS,
        "precedent-list",
      ),
    ).document;
    const cards = locationCards(doc, SETTINGS);
    expect(cards.map((card) => card.name)).toEqual([
      "Matter",
      "Matter List",
      "Precedent List",
      "Tools Menu",
    ]);
    expect(cards[0].lists.map((list) => list.path)).toEqual([
      "buttons",
      "context",
      "contextMenu",
      "layouts",
      "secondaryTab",
    ]);
    expect(cards[0].lists[0]).toMatchObject({
      list: "buttons",
      actionTypes: ["button", "dropdown"],
    });
    expect(cards[0].lists[0].items.map((item) => item.name)).toEqual(["Open", "Send", "More"]);
    expect(cards[1].lists.map((list) => [list.path, list.grid])).toEqual([
      ["buttons", undefined],
      ["contextMenu", undefined],
      ["grids.0.click", "Matter List"],
      ["grids.0.context", "Matter List"],
    ]);
    expect(cards[2].lists.map((list) => list.path)).toEqual(["contextMenu", "listItems"]);
    expect(cards[3]).toMatchObject({
      kind: "menu",
      lists: [{ path: "items", actionTypes: ["menu-item", "dropdown"] }],
    });
    expect(locationCards(emptyPlatform("reporting"), SETTINGS)).toEqual([]);
  });

  it("names an item by a breadcrumb joined by colons", () => {
    expect(breadcrumb(itemCrumbs(desktop(), "matter", "buttons.2.items.1"))).toBe(
      "Matter: More: Second",
    );
    const grid = ok(addLocation(desktop(), SETTINGS, "matter-list")).document;
    const withClick = addItem(
      grid,
      "matter-list",
      "grids.0.click",
      button("Row", { actionType: "click" }),
    )!.document;
    expect(breadcrumb(itemCrumbs(withClick, "matter-list", "grids.0.click.0"))).toBe(
      "Matter List: Matter List: Row",
    );
  });
});

describe("paths", () => {
  const doc = desktop();

  it("takes the lists and items of a location only", () => {
    expect(parseListPath(doc, "matter", "buttons")).toBe("buttons");
    expect(parseListPath(doc, "matter", "buttons.2.items")).toBe("buttons.2.items");
    expect(parseItemPath(doc, "matter", "buttons.2.items.0")).toBe("buttons.2.items.0");
    expect(parseItemPath(doc, "menu-tools", "items.0")).toBe("items.0");
    for (const path of [
      "items",
      "buttons.",
      "buttons.01",
      "buttons.-1",
      "__proto__",
      "buttons.0.__proto__.0",
      "grids.0.other.0",
      "buttons.0.items",
      "label",
    ]) {
      expect(parseItemPath(doc, "matter", path)).toBeUndefined();
    }
    expect(parseItemPath(doc, "menu-tools", "buttons.0")).toBeUndefined();
    expect(parseItemPath(doc, "nowhere", "buttons.0")).toBeUndefined();
  });

  it("gives the action types a new item of a list may have", () => {
    expect(actionTypesOf(doc, "matter", "buttons.2.items")).toEqual(["sub-item"]);
    expect(actionTypesOf(doc, "matter", "buttons.0.items")).toEqual([]);
    expect(actionTypesOf(doc, "matter", "buttons.0.buttons")).toEqual(["button"]);
    expect(actionTypesOf(doc, "matter", "contextMenu")).toEqual([
      "context-menu",
      "context-menu-header",
    ]);
  });
});

describe("items", () => {
  it("adds an item at the end of a list, creating the list, and answers its path", () => {
    const added = addItem(
      desktop(),
      "matter",
      "context",
      button("Note", { actionType: "context" }),
    );
    expect(added?.path).toBe("context.0");
    expect(getItem(added!.document, "matter", "context.0")?.name).toBe("Note");
    const nested = addItem(
      desktop(),
      "matter",
      "buttons.2.items",
      button("Third", { actionType: "sub-item" }),
    );
    expect(nested?.path).toBe("buttons.2.items.2");
    expect(addItem(desktop(), "matter", "buttons.9.items", button("X"))).toBeUndefined();
    expect(addItem(desktop(), "menu-tools", "buttons", button("X"))).toBeUndefined();
  });

  it("edits an item, keeping its nested items unless it brings its own", () => {
    const doc = updateItem(
      desktop(),
      "matter",
      "buttons.2",
      button("Extra", { actionType: "dropdown" }),
    );
    expect(getItem(doc!, "matter", "buttons.2")).toMatchObject({
      name: "Extra",
      items: [{ name: "First" }, { name: "Second" }],
    });
    expect(
      getItem(
        updateItem(desktop(), "matter", "buttons.2", button("Extra", { items: [] }))!,
        "matter",
        "buttons.2",
      )?.items,
    ).toEqual([]);
    expect(updateItem(desktop(), "matter", "buttons.5", button("X"))).toBeUndefined();
  });

  it("deletes an item", () => {
    expect(names(deleteItem(desktop(), "matter", "buttons.0"), "matter", "buttons")).toEqual([
      "Send",
      "More",
    ]);
    expect(
      getItem(
        deleteItem(desktop(), "matter", "buttons.2.items.0")!,
        "matter",
        "buttons.2",
      )?.items?.map((item) => item.name),
    ).toEqual(["Second"]);
    expect(deleteItem(desktop(), "matter", "buttons.3")).toBeUndefined();
  });

  it("moves up, down and to an index (the drag result), within the list's ends", () => {
    expect(names(moveUp(desktop(), "matter", "buttons.1"), "matter", "buttons")).toEqual([
      "Send",
      "Open",
      "More",
    ]);
    expect(names(moveDown(desktop(), "matter", "buttons.1"), "matter", "buttons")).toEqual([
      "Open",
      "More",
      "Send",
    ]);
    expect(names(moveUp(desktop(), "matter", "buttons.0"), "matter", "buttons")).toEqual([
      "Open",
      "Send",
      "More",
    ]);
    expect(names(moveDown(desktop(), "matter", "buttons.2"), "matter", "buttons")).toEqual([
      "Open",
      "Send",
      "More",
    ]);
    expect(names(moveItem(desktop(), "matter", "buttons.2", 0), "matter", "buttons")).toEqual([
      "More",
      "Open",
      "Send",
    ]);
    expect(names(moveItem(desktop(), "matter", "buttons.0", 99), "matter", "buttons")).toEqual([
      "Send",
      "More",
      "Open",
    ]);
    expect(
      getItem(
        moveDown(desktop(), "matter", "buttons.2.items.0")!,
        "matter",
        "buttons.2",
      )?.items?.map((item) => item.name),
    ).toEqual(["Second", "First"]);
    expect(moveItem(desktop(), "matter", "buttons.0", 1.5)).toBeUndefined();
  });

  it("clones an item to other locations: a button becomes a menu item", () => {
    const doc = ok(addLocation(desktop(), SETTINGS, "menu-accounting")).document;
    expect(cloneTargets(doc, "matter").map((target) => target.id)).toEqual([
      "menu-accounting",
      "menu-tools",
    ]);
    const cloned = ok(
      cloneItem(doc, "matter", "buttons.0", ["menu-tools", "menu-accounting"]),
    ).document;
    expect(
      cloned.menus
        ?.find((menu) => menu.id === "menu-tools")
        ?.items?.map((item) => [item.name, item.actionType]),
    ).toEqual([
      ["Sync", "menu-item"],
      ["Open", "menu-item"],
    ]);
    expect(
      cloned.menus?.find((menu) => menu.id === "menu-accounting")?.items?.map((item) => item.name),
    ).toEqual(["Open"]);
    const back = ok(cloneItem(cloned, "menu-tools", "items.0", ["matter"])).document;
    expect(back.views?.[0].buttons?.map((item) => [item.name, item.actionType]).at(-1)).toEqual([
      "Sync",
      "button",
    ]);
  });

  it("refuses a clone to no location, and to an accounting menu that already has buttons", () => {
    expect(cloneItem(desktop(), "matter", "buttons.0", [])).toEqual({
      ok: false,
      errors: { locations: "mustSelectLocation" },
    });
    expect(cloneItem(desktop(), "matter", "buttons.0", ["matter"])).toEqual({
      ok: false,
      errors: { locations: "mustSelectLocation" },
    });
    const doc = ok(
      cloneItem(
        ok(addLocation(desktop(), SETTINGS, "menu-accounting")).document,
        "matter",
        "buttons.0",
        ["menu-accounting"],
      ),
    ).document;
    expect(cloneItem(doc, "matter", "buttons.1", ["menu-tools", "menu-accounting"])).toEqual({
      ok: false,
      errors: { locations: "menuAccountingNotAllowed" },
    });
    expect(cloneItem(desktop(), "matter", "buttons.0", ["nowhere"])).toEqual({
      ok: false,
      errors: { locations: "unknownLocation" },
    });
  });

  it("with the location settings, offers and takes only views whose setting allows the list", () => {
    const doc = ok(
      addLocation(
        ok(addLocation(desktop(), SETTINGS, "precedent-list")).document,
        SETTINGS,
        "matter-list",
      ),
    ).document;
    expect(cloneTargets(doc, "menu-tools", "items.0").map((target) => target.id)).toEqual([
      "matter",
      "matter-list",
      "precedent-list",
    ]);
    expect(cloneTargets(doc, "menu-tools", "items.0", SETTINGS).map((target) => target.id)).toEqual(
      ["matter", "matter-list"],
    );
    expect(cloneItem(doc, "menu-tools", "items.0", ["precedent-list"], SETTINGS)).toEqual({
      ok: false,
      errors: { locations: "unknownLocation" },
    });
    const contextMenu = addItem(
      doc,
      "matter",
      "contextMenu",
      button("Row", { actionType: "context-menu" }),
    )!.document;
    expect(
      cloneTargets(contextMenu, "matter", "contextMenu.0", SETTINGS).map((target) => target.id),
    ).toEqual(["matter-list", "precedent-list", "menu-tools"]);
  });

  it("copies a new dropdown into its first item", () => {
    const dropdown = button("Tools", {
      actionType: "dropdown",
      items: [button("Old", { actionType: "sub-item" })],
    });
    const made = withFirstDropdownItem(dropdown);
    expect(made.items?.map((item) => [item.name, item.actionType])).toEqual([
      ["Tools", "sub-item"],
      ["Old", "sub-item"],
    ]);
    expect(made.items?.[0].items).toBeUndefined();
  });
});

describe("settings", () => {
  it("sets a custom view's settings with order 9999, only on a custom view", () => {
    const doc = ok(addLocation(desktop(), SETTINGS, "custom-view")).document;
    const set = setCustomView(doc, "custom-view", {
      label: "Dashboard",
      urls: [{ env: "dev", url: "https://dev.example.com" }],
      order: 1,
    } as never);
    expect(set?.views?.find((view) => view.id === "custom-view")).toMatchObject({
      label: "Dashboard",
      order: 9999,
      isCustomView: true,
    });
    expect(setCustomView(doc, "matter", { label: "X" })).toBeUndefined();
  });

  it("sets a location's visibility and desktop versions, keeping its other fields", () => {
    const doc = setLocationVisibility(desktop(), "menu-tools", { productVariants: [2] })!;
    const versions = setDesktopVersions(doc, "menu-tools", [" 6.1.0.0 ", ""])!;
    expect(versions.menus?.[0].visibility).toEqual({
      productVariants: [2],
      supportedDesktopVersions: ["6.1.0.0", ""],
    });
    expect(setLocationVisibility(desktop(), "nowhere", {})).toBeUndefined();
  });

  it("replaces the exception URLs, trimmed", () => {
    expect(
      setExceptions(desktop(), [{ url: " *.example.com ", isInternal: true }]).exceptions,
    ).toEqual([{ url: "*.example.com", isInternal: true }]);
  });
});

describe("product variants", () => {
  it("reads 'All' as -1 and stores it as null", () => {
    expect(variantChoice(null)).toEqual([-1]);
    expect(variantChoice(undefined)).toEqual([]);
    expect(variantChoice([1, 2])).toEqual([1, 2]);
    expect(storedVariants([-1])).toBeNull();
    expect(storedVariants([2, 2, 1])).toEqual([2, 1]);
  });

  it("clears the others when 'All' is chosen, and 'All' when a specific one is", () => {
    expect(chooseVariant([1, 2], -1, true)).toEqual([-1]);
    expect(chooseVariant([-1], 2, true)).toEqual([2]);
    expect(chooseVariant([1], 2, true)).toEqual([1, 2]);
    expect(chooseVariant([1, 2], 1, false)).toEqual([2]);
  });

  it("applies the same rule to a form posted whole", () => {
    expect(resolveVariantChoice([1], [1, -1])).toEqual([-1]);
    expect(resolveVariantChoice([-1], [-1, 2])).toEqual([2]);
    expect(resolveVariantChoice([-1], [-1])).toEqual([-1]);
    expect(resolveVariantChoice([1], [1, 2, 2])).toEqual([1, 2]);
  });

  it("lists the variants added and removed, 'All' standing for every variant", () => {
    expect(variantUpdates([1, 2], [2, 3], [1, 2, 3])).toEqual({ added: [3], removed: [1] });
    expect(variantUpdates(null, [1], [1, 2, 3])).toEqual({ added: [], removed: [2, 3] });
    expect(variantUpdates(undefined, null, [1, 2])).toEqual({ added: [1, 2], removed: [] });
  });

  it("sets the app-level variants, taking removed ones out of every location and adding new ones on request", () => {
    let doc: PlatformSchema = { ...desktop(), productVariants: [1, 2] };
    doc = setLocationVisibility(doc, "matter", { productVariants: [1, 2] })!;
    doc = setLocationVisibility(doc, "menu-tools", { productVariants: null })!;
    const names = { 1: "Law Firm", 2: "Conveyancer", 3: "Barrister" };
    const kept = setAppVariants(doc, [2, 3], names, { all: [1, 2, 3] });
    expect(kept.productVariants).toEqual([2, 3]);
    expect(kept.productVariantsMap).toEqual({ 2: "Conveyancer", 3: "Barrister" });
    expect(kept.views?.[0].visibility?.productVariants).toEqual([2]);
    expect(kept.menus?.[0].visibility?.productVariants).toBeNull();
    const added = setAppVariants(doc, [2, 3], names, { all: [1, 2, 3], addToAllLocations: true });
    expect(added.views?.[0].visibility?.productVariants).toEqual([2, 3]);
    expect(setAppVariants(desktop(), null, names, { all: [1, 2, 3] })).toMatchObject({
      productVariants: null,
      productVariantsMap: { 1: "Law Firm", 2: "Conveyancer", 3: "Barrister" },
    });
  });

  it("stores 'All' chosen for the app and added to every location as 'All' (null) there, not the variants of today", () => {
    let doc: PlatformSchema = { ...desktop(), productVariants: [1] };
    doc = setLocationVisibility(doc, "matter", { productVariants: [1] })!;
    const names = { 1: "Law Firm", 2: "Conveyancer", 3: "Barrister" };
    const all = setAppVariants(doc, null, names, { all: [1, 2, 3], addToAllLocations: true });
    expect(all.productVariants).toBeNull();
    for (const location of [...(all.views ?? []), ...(all.menus ?? [])])
      expect(location.visibility?.productVariants, location.id).toBeNull();
    // Not added to every location: each keeps its own choice.
    expect(
      setAppVariants(doc, null, names, { all: [1, 2, 3] }).views?.find(
        (view) => view.id === "matter",
      )?.visibility?.productVariants,
    ).toEqual([1]);
  });
});

describe("window type and fullscreen", () => {
  const view = (extra: Partial<PlatformView> = {}): PlatformSchema => ({
    type: "desktop",
    views: [
      {
        id: "matter",
        name: "Matter",
        type: "matter",
        buttons: [button("A"), button("B")],
        ...extra,
      },
    ],
  });

  it("says what a change would clear before it is made", () => {
    const matter = view().views![0];
    expect(windowClears(matter, { isFullScreen: true })).toEqual({ windowType: false, buttons: 2 });
    expect(windowClears({ ...matter, windowType: "system" }, { isFullScreen: true })).toEqual({
      windowType: true,
      buttons: 2,
    });
    expect(windowClears(matter, { windowType: "web" })).toEqual({ windowType: false, buttons: 2 });
    expect(windowClears({ ...matter, windowType: "web" }, { windowType: "web" })).toEqual({
      windowType: false,
      buttons: 0,
    });
    expect(windowClears({ ...matter, type: "card" }, { windowType: "web" })).toEqual({
      windowType: false,
      buttons: 0,
    });
    expect(windowClears(matter, { windowType: null })).toEqual({ windowType: false, buttons: 0 });
    expect(windowClears({ ...matter, isFullScreen: true }, { windowType: "web" })).toEqual({
      windowType: false,
      buttons: 0,
    });
    expect(
      windowClears({ ...matter, isFullScreen: true }, { isFullScreen: false, windowType: "web" }),
    ).toEqual({ windowType: false, buttons: 2 });
  });

  it("fullscreen clears the window type and the buttons", () => {
    const set = setViewWindow(view({ windowType: "system" }), "matter", { isFullScreen: true });
    expect(set?.document.views?.[0]).toMatchObject({
      isFullScreen: true,
      windowType: null,
      buttons: [],
    });
    expect(set?.cleared).toEqual({ windowType: true, buttons: 2 });
  });

  it("a window type on a matter view clears the buttons", () => {
    expect(
      setViewWindow(view(), "matter", { windowType: "hidden" })?.document.views?.[0],
    ).toMatchObject({ windowType: "hidden", buttons: [] });
    expect(
      setViewWindow(view({ type: "card" }), "matter", { windowType: "hidden" })?.document.views?.[0]
        .buttons,
    ).toHaveLength(2);
    expect(setViewWindow(view(), "menu-tools", { windowType: "hidden" })).toBeUndefined();
    const fullScreen = setViewWindow(view({ isFullScreen: true }), "matter", { windowType: "web" });
    expect(fullScreen?.document.views?.[0]).toMatchObject({
      isFullScreen: true,
      windowType: null,
      buttons: [{ name: "A" }, { name: "B" }],
    });
  });
});

describe("an item's window type", () => {
  const withButtons = button("Open", {
    windowType: null,
    buttons: [button("A"), button("B")],
    window: { width: 400, height: 300 },
    popOutWindow: true,
  });

  it("on a matter view, a window type newly chosen clears the item's buttons (asked first)", () => {
    expect(itemWindowClears(withButtons, "web", "matter")).toEqual({ buttons: 2 });
    expect(itemWindowClears({ ...withButtons, windowType: "web" }, "web", "matter")).toEqual({
      buttons: 0,
    });
    expect(itemWindowClears({ ...withButtons, windowType: "web" }, "system", "matter")).toEqual({
      buttons: 2,
    });
    expect(itemWindowClears(withButtons, null, "matter")).toEqual({ buttons: 0 });
    expect(itemWindowClears(withButtons, undefined, "matter")).toEqual({ buttons: 0 });
    expect(itemWindowClears(withButtons, "web", "card")).toEqual({ buttons: 0 });
    expect(itemWindowClears(undefined, "web", "matter")).toEqual({ buttons: 0 });
    const applied = applyItemWindow(
      { ...withButtons, buttons: undefined, windowType: "hidden" },
      withButtons,
      "matter",
    );
    expect(applied.buttons).toEqual([]);
    // Applied to a document: the buttons are gone, not carried over from the item replaced.
    const doc = updateItem(desktop(), "matter", "buttons.0", applied);
    expect(getItem(doc!, "matter", "buttons.0")?.buttons).toEqual([]);
    expect(
      applyItemWindow(
        { ...withButtons, buttons: undefined, windowType: "hidden" },
        withButtons,
        "menu",
      ).buttons,
    ).toBeUndefined();
  });

  it("keeps the window settings for system only, and no pop-out window for notApplicable", () => {
    expect(
      applyItemWindow({ ...withButtons, windowType: "system" }, undefined, "matter"),
    ).toMatchObject({ window: { width: 400, height: 300 }, popOutWindow: true });
    expect(
      applyItemWindow({ ...withButtons, windowType: "web" }, undefined, "matter").window,
    ).toBeUndefined();
    expect(
      applyItemWindow({ ...withButtons, windowType: "web" }, undefined, "matter").popOutWindow,
    ).toBe(true);
    const notApplicable = applyItemWindow(
      { ...withButtons, windowType: "notApplicable" },
      undefined,
      "matter",
    );
    expect(notApplicable.window).toBeUndefined();
    expect(notApplicable.popOutWindow).toBeUndefined();
    // The item given is not changed.
    expect(withButtons.window).toEqual({ width: 400, height: 300 });
  });
});

describe("a document built by the operations", () => {
  it("is a platform document of the contract, and passes its rules once every item and setting is filled in", () => {
    let doc: PlatformSchema = { type: "desktop", views: [], menus: [] };
    for (const setting of offeredLocations(doc, SETTINGS, 1))
      doc = ok(addLocation(doc, SETTINGS, setting.id, 1)).document;
    doc = addItem(doc, "matter", "buttons", button("Open"))!.document;
    doc = addItem(
      doc,
      "matter",
      "buttons",
      withFirstDropdownItem(button("More", { actionType: "dropdown" })),
    )!.document;
    doc = addItem(
      doc,
      "matter",
      "contextMenu",
      button("Row", { actionType: "context-menu", visibility: { formNames: ["F"] } }),
    )!.document;
    doc = addItem(
      doc,
      "matter-list",
      "grids.0.click",
      button("Click", { actionType: "click" }),
    )!.document;
    doc = addItem(
      doc,
      "precedent-list",
      "listItems",
      button("Doc", {
        actionType: "list-item",
        visibility: { matterTypes: ["m"], location: [{ root: "r", paths: ["r/a"] }] },
      }),
    )!.document;
    doc = ok(
      cloneItem(doc, "matter", "buttons.0", ["menu-tools", "menu-accounting"], SETTINGS),
    ).document;
    doc = setCustomView(doc, "custom-view", {
      label: "Dashboard",
      urls: button("Dash").urls,
      windowType: "web",
    })!;
    doc = setExceptions(doc, [{ url: "*.example.com", isInternal: true }]);
    doc = setAppVariants(
      doc,
      [1, 2],
      { 1: "Law Firm", 2: "Conveyancer" },
      { all: [1, 2], addToAllLocations: true },
    );
    doc = setViewWindow(doc, "matter-external-window", { isFullScreen: true })!.document;
    doc = moveDown(doc, "matter", "buttons.0")!;
    expect(platformSchema.safeParse(doc).error?.issues).toBeUndefined();
    expect(validatePlatform(doc, { productVariantsEnabled: true })).toEqual({});
    expect(checkWholeSchema(doc, { productVariantsEnabled: true })).toEqual({
      updateRequired: [],
      missingProductVariants: [],
    });
  });

  it("leaves a new custom view to be configured, as the whole-schema check tells", () => {
    const doc = ok(addLocation(desktop(), SETTINGS, "custom-view")).document;
    expect(platformSchema.safeParse(doc).success).toBe(true);
    expect(checkWholeSchema(doc).updateRequired.map((location) => location.id)).toEqual([
      "custom-view",
    ]);
  });
});
