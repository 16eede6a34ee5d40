import { describe, expect, it } from "vitest";
import { desktop } from "./fixtures.test-support";
import { saveProblems } from "./save-errors";

describe("a refused save's errors, by the part they name", () => {
  const doc = desktop();
  doc.views!.push({ id: "custom-view", name: "Custom View", type: "matter", isCustomView: true });

  it("names the item and its field, with the item dialog", () => {
    expect(
      saveProblems(doc, { "json.platforms.0.views.0.buttons.2.items.1.label": "required" }),
    ).toEqual([
      {
        code: "required",
        location: "matter",
        item: "buttons.2.items.1",
        field: "label",
        crumbs: ["Matter", "More", "Second"],
        dialog: { dialog: "item", location: "matter", path: "buttons.2.items.1" },
      },
    ]);
    expect(
      saveProblems(doc, { "json.platforms.0.menus.0.items.0.urls.dev": "invalidUrl" })[0],
    ).toMatchObject({
      location: "menu-tools",
      item: "items.0",
      field: "urls.dev",
      crumbs: ["Tools Menu", "Sync"],
    });
    // The item as a whole.
    expect(
      saveProblems(doc, { "json.platforms.0.views.0.buttons.1": "notAllowedHere" })[0],
    ).toMatchObject({ item: "buttons.1", field: "", crumbs: ["Matter", "Send"] });
  });

  it("names a location's own field, with the dialog that edits it", () => {
    expect(saveProblems(doc, { "json.platforms.0.views.1.label": "updateRequired" })[0]).toEqual({
      code: "updateRequired",
      location: "custom-view",
      item: undefined,
      field: "label",
      crumbs: ["Custom View"],
      dialog: { dialog: "custom-view", location: "custom-view" },
    });
    expect(
      saveProblems(doc, {
        "json.platforms.0.menus.0.visibility.productVariants": "missingProductVariants",
      })[0],
    ).toMatchObject({
      location: "menu-tools",
      field: "visibility.productVariants",
      dialog: { dialog: "setting", location: "menu-tools" },
    });
    // A list that is not allowed there: the location, no dialog.
    expect(
      saveProblems(doc, { "json.platforms.0.views.0.reports": "notAllowedHere" })[0],
    ).toMatchObject({ location: "matter", field: "reports", dialog: undefined });
    // A path past the items there are: the location.
    expect(
      saveProblems(doc, { "json.platforms.0.views.0.buttons.9.name": "required" })[0],
    ).toMatchObject({ location: "matter", item: undefined, field: "buttons.9.name" });
  });

  it("names the platform's own parts and the document", () => {
    expect(saveProblems(doc, { "json.platforms.0.exceptions.3.url": "invalidUrl" })).toEqual([
      { code: "invalidUrl", field: "exceptions.url", crumbs: [], dialog: { dialog: "exceptions" } },
    ]);
    expect(saveProblems(doc, { "json.platforms.0.productVariants": "required" })).toEqual([
      { code: "required", field: "productVariants", crumbs: [] },
    ]);
    expect(saveProblems(doc, { json: "tooLarge" })).toEqual([
      { code: "tooLarge", field: "", crumbs: [] },
    ]);
    expect(saveProblems(doc, { "json.platforms.0.views.7.name": "required" })).toEqual([
      { code: "required", field: "views.7.name", crumbs: [] },
    ]);
  });

  it("leaves out what is not the draft's", () => {
    expect(
      saveProblems(doc, {
        appIdOld: "notFound",
        "json.platforms.1.views.0.name": "required",
        "json.other": "unknownKey",
      }),
    ).toEqual([]);
  });
});
