/**
 * The server side of the matter-type and precedent pickers of the platform schema editor
 * (decision 0062).
 *
 * - `loadPickers(api, countryCode, matterTypeIds)`: what the pickers show: the country's
 *   matter types (`GET resources/matter-types`), the matter types that have precedents (the
 *   libraries at the top of the precedent tree, `GET resources/precedents/root`) and the
 *   precedents of the given ones among them (`GET resources/matter-types/{id}/precedents`,
 *   one call each). Nothing when the provider cannot answer: the pickers then offer nothing.
 * - `loadMatterTypePrecedents(api, countryCode, ids)`: the precedents alone (the picker's
 *   fetcher with JavaScript).
 * - `visibilityReferences(api, countryCode, visibility)`: the matter types and precedent
 *   libraries a saved visibility is checked against (unknownMatterType, unknownPrecedent).
 * - `pickerStep(formData, ...)`: an item dialog's post that is a step of a picker rather than
 *   a save (without JavaScript, where every step is a post): `pick` = `toggle:<node>` (a
 *   matter type, shortcut or folder clicked), `confirm:<node>` (the same, confirmed), `tab:<state>`,
 *   `search`, `refresh` (the precedents of the matter types now ticked) or `cancel`. The
 *   answer is the dialog as posted, with the new selection, `picker.tab` and the precedents
 *   of the ticked matter types; a click that would take chosen precedents with it changes
 *   nothing and asks first (`ask`). A save whose ticked precedents belong to a matter type no
 *   longer ticked asks too (400), unless `confirmDeselect` is posted: the save then goes on
 *   without them.
 */
import type { SubmissionResult } from "@conform-to/react";
import { type ApiClient, ApiError } from "~/api/client.server";
import { getMatterTypePrecedents, getMatterTypes, getPrecedents } from "~/api/resources/endpoints";
import { PRECEDENT_ROOT_FOLDER_ID } from "~/api/resources/schemas";
import type { PrecedentLibraries } from "~/api/schema/context";
import type { Visibility } from "~/api/schema/schemas";
import { tickedValues } from "~/forms/platform-fields.server";
import {
  inState,
  type MatterTypeNode,
  matterStates,
  matterTypeTree,
  orphanedLocations,
  type PrecedentNode,
  precedentLocations,
  precedentValues,
  searchTree,
  toggleWithPrecedents,
} from "./matter-types";

export interface PickerData {
  matterTypes: MatterTypeNode[];
  /** The matter types that have precedents. */
  withPrecedents: string[];
  /** The precedents of matter types, by matter type id (those asked for that have some). */
  precedents: Record<string, PrecedentNode[]>;
}

/** At most this many matter types' precedents are read in one go. */
export const PRECEDENT_READS_MAX = 20;

export const NO_PICKERS: PickerData = { matterTypes: [], withPrecedents: [], precedents: {} };

/** The precedents of matter types that have some (at most PRECEDENT_READS_MAX), by id. */
export async function loadPrecedents(
  api: ApiClient,
  countryCode: string,
  ids: readonly string[],
  withPrecedents: readonly string[],
) {
  const wanted = [...new Set(ids)]
    .filter((id) => withPrecedents.includes(id))
    .slice(0, PRECEDENT_READS_MAX);
  const lists = await Promise.all(
    wanted.map((id) =>
      api
        .call(getMatterTypePrecedents, {
          params: { matterTypeId: id },
          query: { countrycode: countryCode },
        })
        .catch((error: unknown) => {
          if (error instanceof ApiError) return [];
          throw error;
        }),
    ),
  );
  return Object.fromEntries(
    wanted.map((id, index) => [
      id,
      lists[index].map(
        ({ precedentId, name, parentId, type }): PrecedentNode => ({
          precedentId,
          name,
          parentId,
          type,
        }),
      ),
    ]),
  );
}

/** The matter types that have precedents: the libraries at the top of the precedent tree. */
async function libraries(api: ApiClient, countryCode: string): Promise<string[]> {
  const top = await api.call(getPrecedents, {
    params: { folderId: PRECEDENT_ROOT_FOLDER_ID },
    query: { countrycode: countryCode },
  });
  return [
    ...new Set(top.flatMap((entry) => (entry.matterTypeId === null ? [] : [entry.matterTypeId]))),
  ];
}

/** The precedents of matter types (those that have some), for the precedent picker's fetcher. */
export async function loadMatterTypePrecedents(
  api: ApiClient,
  countryCode: string,
  ids: readonly string[],
) {
  try {
    return await loadPrecedents(api, countryCode, ids, await libraries(api, countryCode));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return {};
  }
}

export async function loadPickers(
  api: ApiClient,
  countryCode: string,
  matterTypeIds: readonly string[],
): Promise<PickerData> {
  try {
    const [{ data }, withPrecedents] = await Promise.all([
      api.call(getMatterTypes, { query: { countryCode } }),
      libraries(api, countryCode),
    ]);
    const matterTypes = data.map(
      ({ id, name, type, parentId, shortcutId, states }): MatterTypeNode => ({
        id,
        name,
        type,
        parentId,
        shortcutId,
        states,
      }),
    );
    const known = matterTypes.map((node) => node.id);
    return {
      matterTypes,
      withPrecedents,
      precedents: await loadPrecedents(
        api,
        countryCode,
        matterTypeIds.filter((id) => known.includes(id)),
        withPrecedents,
      ),
    };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return NO_PICKERS;
  }
}

/**
 * What a saved visibility is checked against in the console (`validateVisibilityChoice` of
 * the contract): the country's matter types and, for the roots of its precedent locations,
 * their libraries (none for a root without one). Undefined when the visibility names neither,
 * or the provider cannot answer (its Save judges them again); the libraries are left out when
 * more than PRECEDENT_READS_MAX roots are named.
 */
export async function visibilityReferences(
  api: ApiClient,
  countryCode: string,
  visibility: Pick<Visibility, "matterTypes" | "location"> | undefined,
): Promise<{ matterTypeIds: string[]; precedents?: PrecedentLibraries } | undefined> {
  const roots = [...new Set((visibility?.location ?? []).map((entry) => entry.root))];
  if (!visibility?.matterTypes?.length && roots.length === 0) return undefined;
  try {
    const [{ data }, withPrecedents] = await Promise.all([
      api.call(getMatterTypes, { query: { countryCode } }),
      roots.length > 0 ? libraries(api, countryCode) : ([] as string[]),
    ]);
    const matterTypeIds = data.map((node) => node.id);
    if (roots.length === 0 || roots.length > PRECEDENT_READS_MAX) return { matterTypeIds };
    const read = roots.filter((root) => withPrecedents.includes(root));
    const lists = await Promise.all(
      read.map((id) =>
        api.call(getMatterTypePrecedents, {
          params: { matterTypeId: id },
          query: { countrycode: countryCode },
        }),
      ),
    );
    return {
      matterTypeIds,
      precedents: Object.fromEntries(
        read.map((id, index) => [
          id,
          lists[index].map(({ precedentId, parentId }) => ({ precedentId, parentId })),
        ]),
      ),
    };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return undefined;
  }
}

/** One text field of a post, or "" (a field sent twice or as a file is none). */
function textOf(formData: FormData, name: string): string {
  const values = formData.getAll(name);
  return values.length === 1 && typeof values[0] === "string" ? values[0] : "";
}

/** A picker's question: the node clicked (or "" for a save) and the names of the matter types whose precedents would go. */
export interface PickerAsk {
  node: string;
  matterTypes: string[];
}

/** What an item dialog's post answers when it was a picker's step, or a save that asks first. */
export interface PickerAnswer {
  result: SubmissionResult<string[]>;
  pickers: PickerData;
  ask?: PickerAsk;
  status: 200 | 400;
}

/** The field of the dialog the save's question is shown at. */
export const CONFIRM_DESELECT = "visibility.confirmDeselect";

interface StepContext {
  api: ApiClient;
  countryCode: string;
  /** The dialog's fields as posted, for conform (`submission.reply()` of the item's schema). */
  reply: () => SubmissionResult<string[]>;
  /** The question, worded. */
  question: string;
}

/** The posted item's visibility as conform reads it back: `result.initialValue.visibility`. */
function visibilityOf(result: SubmissionResult<string[]>): Record<string, unknown> {
  const initial = (result.initialValue ?? {}) as Record<string, unknown>;
  const visibility =
    initial.visibility && typeof initial.visibility === "object"
      ? (initial.visibility as Record<string, unknown>)
      : {};
  initial.visibility = visibility;
  result.initialValue = initial as SubmissionResult<string[]>["initialValue"];
  return visibility;
}

/**
 * The answer to a picker's step, or to a save that must ask first; undefined for a save that
 * may go on (with `confirmDeselect`, the orphaned precedents are taken out of `formData`).
 */
export async function pickerStep(
  formData: FormData,
  context: StepContext,
): Promise<PickerAnswer | undefined> {
  const pick = textOf(formData, "pick");
  const matterTypes = tickedValues(
    formData
      .getAll("visibility.matterTypes")
      .filter((entry): entry is string => typeof entry === "string"),
  );
  const ticked = tickedValues(
    formData
      .getAll("visibility.location")
      .filter((entry): entry is string => typeof entry === "string"),
  );
  if (!pick) {
    const location = precedentLocations(ticked);
    if (!location || location.length === 0) return undefined;
    const pickers = await loadPickers(context.api, context.countryCode, matterTypes);
    const orphans = orphanedLocations(
      location,
      matterTypes,
      pickers.matterTypes.map((node) => node.id),
    );
    if (orphans.length === 0) return undefined;
    if (textOf(formData, CONFIRM_DESELECT) === "on") {
      const kept = precedentValues(location.filter((entry) => !orphans.includes(entry)));
      formData.delete("visibility.location");
      for (const value of kept) formData.append("visibility.location", value);
      return undefined;
    }
    const result = context.reply();
    result.status = "error";
    result.error = { [CONFIRM_DESELECT]: [context.question] };
    return {
      result,
      pickers,
      ask: {
        node: "",
        matterTypes: namesOf(
          pickers,
          orphans.map((entry) => entry.root),
        ),
      },
      status: 400,
    };
  }

  const pickers = await loadPickers(context.api, context.countryCode, matterTypes);
  const result = context.reply();
  result.status = undefined;
  result.error = {};
  const visibility = visibilityOf(result);
  const picker = ((result.initialValue as Record<string, unknown>).picker ?? {}) as Record<
    string,
    unknown
  >;
  (result.initialValue as Record<string, unknown>).picker = picker;
  const [kind, ...rest] = pick.split(":");
  const argument = rest.join(":");
  const answer: PickerAnswer = { result, pickers, status: 200 };
  if (kind === "tab") {
    picker.tab = matterStates(pickers.matterTypes).includes(argument) ? argument : undefined;
  } else if (kind === "toggle" || kind === "confirm") {
    // The tree the person saw: the tab's and the search's.
    const states = matterStates(pickers.matterTypes);
    const tab =
      typeof picker.tab === "string" && states.includes(picker.tab) ? picker.tab : states[0];
    const shown = searchTree(
      tab === undefined ? pickers.matterTypes : inState(pickers.matterTypes, tab),
      typeof picker.search === "string" ? picker.search : "",
    );
    const tree = matterTypeTree(shown);
    if (tree.byId.has(argument)) {
      const choice = { matterTypes, location: precedentLocations(ticked) ?? [] };
      const next = toggleWithPrecedents(tree, choice, argument, [], kind === "confirm");
      if (next.ask) {
        answer.ask = {
          node: argument,
          matterTypes: namesOf(
            pickers,
            next.ask.map((entry) => entry.root),
          ),
        };
      } else {
        visibility.matterTypes = next.matterTypes;
        visibility.location = precedentValues(next.location);
        // The precedents of what is now ticked.
        Object.assign(
          pickers.precedents,
          await loadPrecedents(
            context.api,
            context.countryCode,
            next.matterTypes.filter((id) => !(id in pickers.precedents)),
            pickers.withPrecedents,
          ),
        );
      }
    }
  }
  return answer;
}

/** The names of matter types, by id (the id when unknown). */
function namesOf(pickers: PickerData, ids: readonly string[]): string[] {
  return [...new Set(ids)].map(
    (id) => pickers.matterTypes.find((node) => node.id === id)?.name ?? id,
  );
}
