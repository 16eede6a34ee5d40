/**
 * The platform editor's dialogs and root settings, loaded when the page first shows one: their
 * code, forms and checks, with the matter type and precedent pickers inside the item and
 * custom view dialogs, are not part of the page's first load (~/lib/when-used). The server
 * renders each in full at its address (`?dialog=`), with JavaScript or without. Render each
 * only when the page's address or answer shows it.
 */
import { whenUsed } from "~/lib/when-used";

const opensDialog =
  (...names: string[]) =>
  (search: URLSearchParams) =>
    names.includes(search.get("dialog") ?? "");

const editorDialogs = () => import("./EditorDialogs");
const rootSettings = () => import("./RootSettings");
const options = (...dialogs: string[]) => ({
  namespaces: ["platform"],
  opensAt: opensDialog(...dialogs),
});

/** `?dialog=item`: a function of a list, new or edited, with its pickers. */
export const ItemDialog = whenUsed(
  "platform-item-dialog",
  () => import("./ItemDialog").then((module) => module.ItemDialog),
  options("item"),
);

/** `?dialog=custom-view`. */
export const CustomViewDialog = whenUsed(
  "platform-custom-view-dialog",
  () => import("./CustomViewDialog").then((module) => module.CustomViewDialog),
  options("custom-view"),
);

/** `?dialog=add-location`. */
export const AddLocationDialog = whenUsed(
  "platform-add-location-dialog",
  () => editorDialogs().then((module) => module.AddLocationDialog),
  options("add-location"),
);

/** `?dialog=changes`. */
export const ChangesDialog = whenUsed(
  "platform-changes-dialog",
  () => editorDialogs().then((module) => module.ChangesDialog),
  options("changes"),
);

/** `?dialog=clone`. */
export const CloneDialog = whenUsed(
  "platform-clone-dialog",
  () => editorDialogs().then((module) => module.CloneDialog),
  options("clone"),
);

/** `?dialog=exceptions` (desktop). */
export const ExceptionsDialog = whenUsed(
  "platform-exceptions-dialog",
  () => rootSettings().then((module) => module.ExceptionsDialog),
  options("exceptions"),
);

/** `?dialog=setting` (desktop). */
export const SettingDialog = whenUsed(
  "platform-setting-dialog",
  () => rootSettings().then((module) => module.SettingDialog),
  options("setting"),
);

/** The answer of a change of the app's product variants once locations exist. */
export const VariantUpdatesDialog = whenUsed(
  "platform-variant-updates-dialog",
  () => rootSettings().then((module) => module.VariantUpdatesDialog),
  {
    namespaces: ["platform"],
  },
);

/** The app's product variants (desktop, where the country has some): rendered with the page, its code with the root settings' dialogs. */
export const AppVariantsForm = whenUsed(
  "platform-app-variants-form",
  () => rootSettings().then((module) => module.AppVariantsForm),
  { namespaces: ["platform"] },
);
