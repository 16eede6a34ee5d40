/**
 * A save the provider refused (`POST app-schema`, 400) names each failing part of the
 * document by its path under `json` (`json.platforms.0.views.1.buttons.0.items.2.label`,
 * decision 0055), with a rule code. The editor sends one platform, so `platforms.0` is the
 * draft: `saveProblems(doc, errors)` turns each path into the location, item and field it
 * names, and the dialog that edits it, for the page's error summary. Plain TypeScript.
 */
import type { PlatformSchema } from "~/api/schema/schemas";
import { itemCrumbs } from "./cards";
import { findLocation } from "./locations";
import { getItem } from "./paths";

export interface SaveProblem {
  /** The rule code. */
  code: string;
  /** The location (its id) the path leads into, if any. */
  location?: string;
  /** The item's path in the location (`buttons.0.items.2`), when the path leads into an item. */
  item?: string;
  /**
   * The field of the item, location or platform (the form's field name: `name`, `urls.dev`,
   * `visibility.productVariants`, `exceptions.url`); "" for the part as a whole.
   */
  field: string;
  /** The names down to the part: the location's, then each item's. */
  crumbs: string[];
  /** The dialog that edits it (`dialog`, `location`, `path`), none when the page itself does. */
  dialog?: Record<string, string>;
}

/** The part of the document an error path names, without `json.` and `platforms.0.`; undefined for another platform's or another body field's. */
function documentPath(path: string): string[] | undefined {
  const parts = path.split(".");
  if (parts[0] !== "json") return undefined;
  if (parts.length === 1) return [];
  if (parts[1] !== "platforms") return undefined;
  if (parts.length === 2) return [];
  return parts[2] === "0" ? parts.slice(3) : undefined;
}

/** The longest item path at the start of `rest` in location `id`, and what follows it. */
function splitAtItem(
  doc: PlatformSchema,
  id: string,
  rest: string[],
): { item?: string; field: string[] } {
  for (let end = rest.length; end > 0; end--) {
    const candidate = rest.slice(0, end).join(".");
    if (/^\d+$/.test(rest[end - 1]) && getItem(doc, id, candidate))
      return { item: candidate, field: rest.slice(end) };
  }
  return { field: rest };
}

/** Each refusal of a save of `doc`, by the part it names, in the order given. */
export function saveProblems(
  doc: PlatformSchema,
  errors: Readonly<Record<string, string>>,
): SaveProblem[] {
  const problems: SaveProblem[] = [];
  for (const [path, code] of Object.entries(errors)) {
    const parts = documentPath(path);
    if (!parts) continue;
    const [head, index, ...rest] = parts;
    if ((head === "views" || head === "menus") && index !== undefined && /^\d+$/.test(index)) {
      const location = (head === "views" ? doc.views : doc.menus)?.[Number(index)];
      if (location) {
        const { item, field } = splitAtItem(doc, location.id, rest);
        const found = findLocation(doc, location.id);
        const name = field.join(".");
        let dialog: Record<string, string> | undefined;
        if (item) dialog = { dialog: "item", location: location.id, path: item };
        else if (
          found?.kind === "view" &&
          found.location.isCustomView &&
          name !== "" &&
          !name.startsWith("visibility")
        )
          dialog = { dialog: "custom-view", location: location.id };
        else if (doc.type === "desktop" && name.startsWith("visibility"))
          dialog = { dialog: "setting", location: location.id };
        problems.push({
          code,
          location: location.id,
          item,
          field: name,
          crumbs: item ? itemCrumbs(doc, location.id, item) : [location.name || location.id],
          dialog,
        });
        continue;
      }
    }
    if (head === "exceptions") {
      problems.push({
        code,
        field: rest.length > 0 ? `exceptions.${rest.join(".")}` : "exceptions",
        crumbs: [],
        dialog: { dialog: "exceptions" },
      });
      continue;
    }
    problems.push({ code, field: parts.join("."), crumbs: [] });
  }
  return problems;
}
