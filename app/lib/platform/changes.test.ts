import { describe, expect, it } from "vitest";
import { changedFieldKey, samePlatform, schemaChanges } from "./changes";
import { button, desktop, SETTINGS } from "./fixtures.test-support";
import { addItem, deleteItem, moveDown, updateItem } from "./items";
import { addLocation, removeLocation } from "./locations";
import { setAppVariants, setExceptions, setLocationVisibility } from "./settings";

const added = <T extends { ok: boolean }>(outcome: T) =>
  (outcome as unknown as { document: ReturnType<typeof desktop> }).document;

describe("the changes of a draft", () => {
  it("has none for the saved document, key order and empty lists aside", () => {
    const saved = desktop();
    expect(schemaChanges(saved, desktop())).toEqual([]);
    expect(
      samePlatform(saved, {
        menus: saved.menus,
        views: saved.views,
        type: "desktop",
        exceptions: [],
      }),
    ).toBe(true);
    expect(
      samePlatform(saved, setExceptions(saved, [{ url: "*.example.com", isInternal: false }])),
    ).toBe(false);
  });

  it("lists locations added and removed, by name, without their items", () => {
    const draft = removeLocation(
      added(addLocation(desktop(), SETTINGS, "matter-list")),
      "menu-tools",
    );
    expect(schemaChanges(desktop(), draft)).toEqual([
      { kind: "added", subject: "location", location: "matter-list", crumbs: ["Matter List"] },
      { kind: "removed", subject: "location", location: "menu-tools", crumbs: ["Tools Menu"] },
    ]);
  });

  it("lists items added, removed and changed with their fields, matched by name along their path", () => {
    let draft = addItem(
      desktop(),
      "matter",
      "buttons.2.items",
      button("Third", { actionType: "sub-item" }),
    )!.document;
    draft = deleteItem(draft, "matter", "buttons.0")!;
    draft = updateItem(
      draft,
      "matter",
      "buttons.0",
      button("Send", { label: "Send it", visibility: { matterTypes: ["au-mt-sale"] } }),
    )!;
    draft = addItem(
      draft,
      "menu-tools",
      "items",
      button("Sync", { actionType: "menu-item", description: "Again" }),
    )!.document;
    expect(schemaChanges(desktop(), draft)).toEqual([
      {
        kind: "changed",
        subject: "item",
        location: "matter",
        list: "buttons",
        crumbs: ["Matter", "Send"],
        fields: ["label", "visibility.matterTypes"],
      },
      {
        kind: "added",
        subject: "item",
        location: "matter",
        list: "items",
        crumbs: ["Matter", "More", "Third"],
      },
      {
        kind: "removed",
        subject: "item",
        location: "matter",
        list: "buttons",
        crumbs: ["Matter", "Open"],
      },
      {
        kind: "added",
        subject: "item",
        location: "menu-tools",
        list: "items",
        crumbs: ["Tools Menu", "Sync"],
      },
    ]);
  });

  it("says when a list's order changed", () => {
    expect(schemaChanges(desktop(), moveDown(desktop(), "matter", "buttons.0")!)).toEqual([
      {
        kind: "reordered",
        subject: "list",
        location: "matter",
        list: "buttons",
        crumbs: ["Matter"],
      },
    ]);
    expect(schemaChanges(desktop(), moveDown(desktop(), "matter", "buttons.2.items.0")!)).toEqual([
      {
        kind: "reordered",
        subject: "list",
        location: "matter",
        list: "items",
        crumbs: ["Matter", "More"],
      },
    ]);
  });

  it("lists the platform's and a location's settings that changed", () => {
    let draft = setAppVariants(desktop(), [1], { 1: "Law Firm" }, { all: [1, 2] });
    draft = setLocationVisibility(draft, "menu-tools", {
      supportedDesktopVersions: ["6.0.0.0", ""],
    })!;
    draft = setExceptions(draft, [{ url: "*.example.com", isInternal: true }]);
    expect(schemaChanges(desktop(), draft)).toEqual([
      {
        kind: "changed",
        subject: "platform",
        crumbs: [],
        fields: ["exceptions", "productVariants"],
      },
      {
        kind: "changed",
        subject: "location",
        location: "menu-tools",
        crumbs: ["Tools Menu"],
        fields: ["visibility.supportedDesktopVersions"],
      },
    ]);
  });

  it("names the endpoints that changed, each by its environment, with the labels of the dialogs", () => {
    const saved = desktop();
    const open = saved.views![0].buttons![0];
    const urls = open.urls!.map((entry) =>
      entry.env === "beta" ? { ...entry, url: "https://beta2.example.com" } : entry,
    );
    expect(
      schemaChanges(saved, updateItem(saved, "matter", "buttons.0", { ...open, urls })!),
    ).toEqual([
      {
        kind: "changed",
        subject: "item",
        location: "matter",
        list: "buttons",
        crumbs: ["Matter", "Open"],
        fields: ["urls.beta"],
      },
    ]);
    expect(changedFieldKey("urls.beta")).toBe("platform:fields.urls.beta");
    expect(changedFieldKey("icon")).toBe("platform:fields.icon.id");
    expect(changedFieldKey("exceptions")).toBe("platform:fields.exceptions.url");
  });

  it("tells items of the same name apart by their order", () => {
    const saved = addItem(
      desktop(),
      "menu-tools",
      "items",
      button("Sync", { actionType: "menu-item" }),
    )!.document;
    const draft = deleteItem(saved, "menu-tools", "items.1")!;
    expect(schemaChanges(saved, draft)).toEqual([
      {
        kind: "removed",
        subject: "item",
        location: "menu-tools",
        list: "items",
        crumbs: ["Tools Menu", "Sync"],
      },
    ]);
  });
});
