/**
 * The sandbox accounts page's dialogs, loaded when the page first shows one (their code and
 * forms are not part of the page's first load: ~/lib/when-used). The server renders each in
 * full at its address (`?dialog=new|import|configure`), with JavaScript or without.
 */
import { whenUsed } from "~/lib/when-used";

const opensDialog = (name: string) => ({
  namespaces: ["instances"],
  opensAt: (search: URLSearchParams) => search.get("dialog") === name,
});

/** `?dialog=new`. */
export const NewCredentialsDialog = whenUsed(
  "instances-new-dialog",
  () => import("./NewCredentialsDialog").then((module) => module.NewCredentialsDialog),
  opensDialog("new"),
);

/** `?dialog=import`. */
export const ImportDialog = whenUsed(
  "instances-import-dialog",
  () => import("./ImportDialog").then((module) => module.ImportDialog),
  opensDialog("import"),
);

/** `?dialog=configure&id=`. */
export const ConfigurationDialog = whenUsed(
  "instances-configuration-dialog",
  () => import("./ConfigurationDialog").then((module) => module.ConfigurationDialog),
  opensDialog("configure"),
);
