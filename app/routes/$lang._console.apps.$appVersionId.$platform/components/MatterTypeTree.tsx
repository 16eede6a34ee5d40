/**
 * The matter-type tree of the picker: a tab per matter state, a search, and the matter types
 * under their folders with tri-state folders (JavaScript) or buttons for folders and
 * shortcuts (without it). Also how deep each row is indented, which the precedent picker shares.
 */
import { type KeyboardEvent, useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import {
  type MatterTypeNode,
  matterTypeTree,
  type SelectionState,
  selectionId,
  statesOf,
} from "~/lib/platform/matter-types";
import { tabAfterKey } from "~/lib/tab-keys";
import { buttonClass } from "~/lib/ui-classes";
import { PickerFieldset, PickerSearch } from "./PickerSearch";

/** The indent of a row at each depth of its tree. */
const DEPTH_INDENT = ["", "pl-6", "pl-12", "pl-16", "pl-20"];
export const indentOf = (depth: number) => DEPTH_INDENT[Math.min(depth, DEPTH_INDENT.length - 1)];

/** The depth of each node of a list (parents first) within that list. */
export function depthsOf(
  list: readonly { id: string; parentId: string | null }[],
): Map<string, number> {
  const depths = new Map<string, number>();
  for (const node of list)
    depths.set(
      node.id,
      node.parentId !== null && depths.has(node.parentId) ? depths.get(node.parentId)! + 1 : 0,
    );
  return depths;
}

export interface MatterTypeTreeProps {
  formId: string;
  hydrated: boolean;
  /** The nodes shown: the tab's, narrowed by the search. */
  list: readonly MatterTypeNode[];
  all: readonly MatterTypeNode[];
  selected: readonly string[];
  states: readonly string[];
  tab?: string;
  onTab: (state: string) => void;
  search: string;
  onSearch: (query: string) => void;
  onClick: (node: string) => void;
  error?: string;
}

/** The tree of one state's matter types, the state tabs and the search above it. */
export function MatterTypeTree({
  formId,
  hydrated,
  list,
  all,
  selected,
  states,
  tab,
  onTab,
  search,
  onSearch,
  onClick,
  error,
}: MatterTypeTreeProps) {
  const { t } = useTranslation("platform");
  const id = `${formId}-visibility-matterTypes`;
  const tree = useMemo(() => matterTypeTree(list), [list]);
  const stateOfNode = useMemo(() => statesOf(tree, selected), [tree, selected]);
  const depths = useMemo(() => depthsOf(list), [list]);
  const nameOf = (target: string) => all.find((node) => node.id === target)?.name ?? target;
  const stateText = (state: SelectionState) => t(`picker.states.${state}`);
  /** Matter types ticked here: the others chosen are kept as hidden fields (without JavaScript). */
  const shownTargets = new Set(
    list
      .filter((node) => node.type !== "Folder" && node.shortcutId === null)
      .map((node) => node.id),
  );
  const panelId = `${id}-panel`;

  const rows = list.map((node) => {
    const folder = node.type === "Folder";
    const shortcut = !folder && node.shortcutId !== null;
    const state = stateOfNode[node.id] ?? "unselected";
    const indent = indentOf(depths.get(node.id) ?? 0);
    const label = shortcut
      ? t("picker.shortcut", { name: node.name, target: nameOf(node.shortcutId!) })
      : node.name;
    if (hydrated) {
      return (
        <li key={node.id} className={indent}>
          <label
            htmlFor={`${formId}-mt-${node.id}`}
            className={`flex min-h-11 items-center gap-2 text-gray-900 ${folder ? "font-semibold" : ""}`}
          >
            <TriStateBox
              id={`${formId}-mt-${node.id}`}
              state={state}
              onChange={() => onClick(node.id)}
            />
            {label}
          </label>
        </li>
      );
    }
    if (folder || shortcut) {
      const action = state === "selected" ? "clear" : "select";
      return (
        <li
          key={node.id}
          className={`${indent} flex min-h-11 flex-wrap items-center gap-2 text-gray-900`}
        >
          <span className={folder ? "font-semibold" : ""}>{label}</span>
          <span className="text-sm text-gray-700">({stateText(state)})</span>
          <button
            type="submit"
            name="pick"
            value={`toggle:${node.id}`}
            formNoValidate
            className={buttonClass("ghost", "min-h-11 px-2")}
          >
            {t(`picker.${folder ? `${action}All` : action}`, { name: node.name })}
          </button>
        </li>
      );
    }
    return (
      <li key={node.id} className={indent}>
        <label
          htmlFor={`${formId}-mt-${node.id}`}
          className="flex min-h-11 items-center gap-2 text-gray-900"
        >
          <input
            id={`${formId}-mt-${node.id}`}
            type="checkbox"
            name="visibility.matterTypes"
            value={selectionId(node)}
            defaultChecked={selected.includes(selectionId(node))}
            className="h-5 w-5"
          />
          {label}
        </label>
      </li>
    );
  });

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabAfterKey(event.key, index, states.length);
    if (next === undefined) return;
    event.preventDefault();
    onTab(states[next]);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };

  return (
    <PickerFieldset id={id} legend={t("fields.visibility.matterTypes")} error={error}>
      <PickerSearch
        id={`${id}-search`}
        name="picker.search"
        label={t("picker.searchMatterTypes")}
        defaultValue={search}
        onSearch={onSearch}
      />
      {states.length > 0 ? (
        hydrated ? (
          <div
            role="tablist"
            aria-label={t("picker.statesLabel")}
            className="flex flex-wrap gap-1 border-b border-gray-300"
          >
            {states.map((state, index) => (
              <button
                key={state}
                id={`${id}-tab-${index}`}
                type="button"
                role="tab"
                aria-selected={tab === state}
                aria-controls={panelId}
                tabIndex={tab === state ? 0 : -1}
                onClick={() => onTab(state)}
                onKeyDown={(event) => onTabKey(event, index)}
                className={`min-h-11 border-b-4 px-3 py-2 text-sm font-semibold ${tab === state ? "border-brand-600 text-gray-900" : "border-transparent text-brand-700"}`}
              >
                {state}
              </button>
            ))}
          </div>
        ) : (
          // biome-ignore lint/a11y/useSemanticElements: a group of submit buttons, not of form fields (no fieldset)
          <div
            role="group"
            aria-label={t("picker.statesLabel")}
            className="flex flex-wrap gap-1 border-b border-gray-300"
          >
            <input type="hidden" name="picker.tab" value={tab ?? ""} />
            {states.map((state) => (
              <button
                key={state}
                type="submit"
                name="pick"
                value={`tab:${state}`}
                formNoValidate
                aria-current={tab === state ? "true" : undefined}
                className={`min-h-11 border-b-4 px-3 py-2 text-sm font-semibold ${tab === state ? "border-brand-600 text-gray-900" : "border-transparent text-brand-700 underline"}`}
              >
                {state}
              </button>
            ))}
          </div>
        )
      ) : null}
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the label is given only with the tabpanel role */}
      <div
        id={panelId}
        role={hydrated && states.length > 0 ? "tabpanel" : undefined}
        aria-labelledby={
          hydrated && states.length > 0
            ? `${id}-tab-${Math.max(0, states.indexOf(tab ?? ""))}`
            : undefined
        }
        className="max-h-72 overflow-y-auto rounded-md border border-gray-300 p-2"
      >
        {list.length > 0 ? (
          <ul>{rows}</ul>
        ) : (
          <p className="text-sm text-gray-700">
            {t(all.length > 0 ? "picker.noMatch" : "picker.noMatterTypes")}
          </p>
        )}
      </div>
      {hydrated
        ? null
        : selected
            .filter((target) => !shownTargets.has(target))
            .map((target) => (
              <input key={target} type="hidden" name="visibility.matterTypes" value={target} />
            ))}
    </PickerFieldset>
  );
}

/** A checkbox that shows a folder's mixed state (JavaScript only: `indeterminate`). */
function TriStateBox({
  id,
  state,
  onChange,
}: {
  id: string;
  state: SelectionState;
  onChange: () => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === "partial";
  }, [state]);
  return (
    <input
      ref={ref}
      id={id}
      type="checkbox"
      checked={state === "selected"}
      onChange={onChange}
      className="h-5 w-5"
    />
  );
}
