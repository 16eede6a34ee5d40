/**
 * The dialogs of a version's actions menu, loaded when a page first shows one (their code,
 * their forms and the `review` and `appEditor` texts are not part of the page's first load;
 * see ~/lib/when-used). The server renders them in full at their address, with JavaScript or
 * without. Render each only when the page's address opens it (`opensAt`).
 */
import { whenUsed } from "~/lib/when-used";

/** `?submit=`, `?pause=` or `?confirm={action}:{versionId}` (a version's confirmation; an app's has no colon). */
export const ReviewDialogs = whenUsed(
  "review-dialogs",
  () => import("./ReviewDialogs").then((module) => module.ReviewDialogs),
  {
    namespaces: ["review", "appEditor"],
    opensAt: (search) =>
      search.has("submit") || search.has("pause") || (search.get("confirm") ?? "").includes(":"),
  },
);

/** `?duplicate={versionId}`. */
export const DuplicateDialog = whenUsed(
  "duplicate-dialog",
  () => import("./DuplicateDialog").then((module) => module.DuplicateDialog),
  {
    namespaces: ["appList", "appEditor"],
    opensAt: (search) => search.has("duplicate"),
  },
);
