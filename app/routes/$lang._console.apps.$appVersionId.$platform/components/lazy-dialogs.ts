/**
 * The platform editor's dialogs and root settings, loaded when the page first shows one: their
 * code, forms and checks, with the matter type and precedent pickers inside the item and
 * custom view dialogs, are not part of the page's first load (~/lib/when-used). The server
 * renders each in full at its address (`?dialog=`), with JavaScript or without. Render each
 * only when the page's address or answer shows it.
 */
import type { ComponentType } from "react";
import { whenUsed } from "~/lib/when-used";

const editorDialogs = () => import("./EditorDialogs");
const appVariants = () => import("./AppVariants");

/** A dialog opened at `?dialog=<dialog>`, its id `platform-<dialog>-dialog`. */
const dialogAt = <P extends object>(dialog: string, load: () => Promise<ComponentType<P>>) =>
  whenUsed(`platform-${dialog}-dialog`, load, {
    namespaces: ["platform"],
    opensAt: (search) => search.get("dialog") === dialog,
  });

/** `?dialog=item`: a function of a list, new or edited, with its pickers. */
export const ItemDialog = dialogAt("item", () =>
  import("./ItemDialog").then((module) => module.ItemDialog),
);

/** `?dialog=custom-view`. */
export const CustomViewDialog = dialogAt("custom-view", () =>
  import("./CustomViewDialog").then((module) => module.CustomViewDialog),
);

/** `?dialog=add-location`. */
export const AddLocationDialog = dialogAt("add-location", () =>
  editorDialogs().then((module) => module.AddLocationDialog),
);

/** `?dialog=changes`. */
export const ChangesDialog = dialogAt("changes", () =>
  editorDialogs().then((module) => module.ChangesDialog),
);

/** `?dialog=clone`. */
export const CloneDialog = dialogAt("clone", () =>
  editorDialogs().then((module) => module.CloneDialog),
);

/** `?dialog=exceptions` (desktop). */
export const ExceptionsDialog = dialogAt("exceptions", () =>
  import("./ExceptionsDialog").then((module) => module.ExceptionsDialog),
);

/** `?dialog=setting` (desktop). */
export const SettingDialog = dialogAt("setting", () =>
  import("./SettingDialog").then((module) => module.SettingDialog),
);

/** The answer of a change of the app's product variants once locations exist. */
export const VariantUpdatesDialog = whenUsed(
  "platform-variant-updates-dialog",
  () => appVariants().then((module) => module.VariantUpdatesDialog),
  { namespaces: ["platform"] },
);

/** The app's product variants (desktop, where the country has some): rendered with the page, its code with the product-variant updates dialog. */
export const AppVariantsForm = whenUsed(
  "platform-app-variants-form",
  () => appVariants().then((module) => module.AppVariantsForm),
  { namespaces: ["platform"] },
);
