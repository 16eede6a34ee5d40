/**
 * The matter-type picker of the platform schema editor (decision 0062) and `VisibilityPickers`,
 * which holds it together with the precedent picker
 * (PrecedentPicker.tsx) in a dialog's Visibility tab.
 *
 * A tab per matter state shows that state's matter types under their folders; a search
 * narrows the tree. The selection is tri-state (app/lib/platform/matter-types.ts): a folder
 * is selected when all its matter types are, mixed when some are, and a click on it selects
 * or clears all of them, shortcuts included (a shortcut stands for its matter type). A click
 * that would take chosen precedents with it asks first: 'Deselecting this matter type will
 * remove the selected precedents associated with it. Proceed?'.
 *
 * With JavaScript everything happens in the page: checkboxes (a folder's shows mixed), the
 * state tabs (arrow keys move between them), the question as a modal, the search 500 ms
 * after typing, the precedents of newly chosen matter types read through a fetcher; the
 * choice is posted with the dialog's form as hidden fields. Without it each step is a post
 * of the dialog's form (`pick=toggle:<node>`, `tab:<state>`, `search`, `refresh`,
 * `confirm:<node>`, `cancel`), answered by the dialog as posted with the step applied
 * (app/lib/platform/pickers.server.ts): matter types are plain checkboxes, folders and
 * shortcuts buttons, the tabs buttons and the question a section of the dialog.
 */
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/Button";
import { Modal } from "~/components/ui/Modal";
import { useHydrated } from "~/lib/hydrated";
import {
  inState,
  type MatterTypeNode,
  matterStates,
  matterTypeTree,
  type PrecedentNode,
  precedentLocations,
  precedentValues,
  type SelectionState,
  searchTree,
  selectionId,
  statesOf,
  toggleWithPrecedents,
} from "~/lib/platform/matter-types";
import { tabAfterKey } from "~/lib/tab-keys";
import { buttonClass } from "~/lib/ui-classes";
import { PickerFieldset, PickerSearch } from "./PickerSearch";
import { PrecedentPicker } from "./PrecedentPicker";

/** What the pickers are given (the page's loader, or the answer to a step without JavaScript). */
export interface PickerProps {
  matterTypes: readonly MatterTypeNode[];
  withPrecedents: readonly string[];
  precedents: Readonly<Record<string, readonly PrecedentNode[]>>;
}

/** A question without JavaScript: the node clicked ("" for a save) and the matter types whose precedents would go. */
export interface PickerQuestion {
  node: string;
  matterTypes: string[];
}

/** Ticked values of a form value: none, one or several texts. */
export function listOf(value: unknown): string[] {
  const list =
    typeof value === "string"
      ? [value]
      : Array.isArray(value)
        ? value.filter((entry): entry is string => typeof entry === "string")
        : [];
  return [...new Set(list.map((entry) => entry.trim()).filter(Boolean))];
}

const textOf = (value: unknown) => (typeof value === "string" ? value : "");

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

interface VisibilityPickersProps {
  /** The form's id, for the fields' ids (`{formId}-visibility-matterTypes`). */
  formId: string;
  pickers: PickerProps;
  /** The form's values: `visibility.matterTypes`, `visibility.location`, `picker.tab`, `picker.search`, `picker.precedentSearch`. */
  values: Record<string, unknown>;
  errors: Partial<Record<"matterTypes" | "location" | "confirm", string>>;
  /** Without JavaScript: the server's question. */
  question?: PickerQuestion;
  /** The precedent picker is offered (the item dialog's, not a custom view's). */
  precedentsShown?: boolean;
  /** The resource route answering precedents of matter types (`?matterType=`), for the fetcher. */
  precedentsUrl: string;
}

export function VisibilityPickers({
  formId,
  pickers,
  values,
  errors,
  question,
  precedentsShown = true,
  precedentsUrl,
}: VisibilityPickersProps) {
  const { t } = useTranslation("platform");
  const hydrated = useHydrated();
  const visibility = (values.visibility ?? {}) as Record<string, unknown>;
  const picker = (values.picker ?? {}) as Record<string, unknown>;
  const [selected, setSelected] = useState(() => listOf(visibility.matterTypes));
  const [chosen, setChosen] = useState(() => listOf(visibility.location));
  const [search, setSearch] = useState(() => textOf(picker.search));
  const states = useMemo(() => matterStates(pickers.matterTypes), [pickers.matterTypes]);
  const postedTab = textOf(picker.tab);
  const [tab, setTab] = useState(states.includes(postedTab) ? postedTab : states[0]);
  /** With JavaScript: the node whose click waits for an answer, with the matter types it would take precedents of. */
  const [asking, setAsking] = useState<{ node: string; names: string[] } | null>(null);
  const lastClicked = useRef<string | null>(null);

  const shown = useMemo(
    () =>
      searchTree(
        tab === undefined ? pickers.matterTypes : inState(pickers.matterTypes, tab),
        search,
      ),
    [pickers.matterTypes, tab, search],
  );
  const tree = useMemo(() => matterTypeTree(shown), [shown]);
  const nameOf = (id: string) => pickers.matterTypes.find((node) => node.id === id)?.name ?? id;

  const click = (node: string, confirmed = false) => {
    const next = toggleWithPrecedents(
      tree,
      { matterTypes: selected, location: precedentLocations(chosen) ?? [] },
      node,
      [],
      confirmed,
    );
    if (next.ask) {
      lastClicked.current = node;
      setAsking({ node, names: [...new Set(next.ask.map((entry) => nameOf(entry.root)))] });
      return;
    }
    setSelected(next.matterTypes);
    setChosen(precedentValues(next.location));
  };
  const closeQuestion = () => {
    setAsking(null);
    const id = lastClicked.current;
    if (id) requestAnimationFrame(() => document.getElementById(`${formId}-mt-${id}`)?.focus());
  };

  return (
    <>
      <MatterTypeTree
        formId={formId}
        hydrated={hydrated}
        list={shown}
        all={pickers.matterTypes}
        selected={selected}
        states={states}
        tab={tab}
        onTab={setTab}
        search={textOf(picker.search)}
        onSearch={setSearch}
        onClick={click}
        error={errors.matterTypes}
      />
      {hydrated
        ? selected.map((id) => (
            <input key={id} type="hidden" name="visibility.matterTypes" value={id} />
          ))
        : null}
      {question ? (
        <NoScriptQuestion formId={formId} question={question} error={errors.confirm} />
      ) : null}
      {asking ? (
        <Modal
          open
          alert
          title={t("picker.confirmTitle")}
          onClose={closeQuestion}
          describedBy={`${formId}-picker-question`}
        >
          <div id={`${formId}-picker-question`} className="space-y-2 text-gray-800">
            <p>{t("picker.confirmDeselect")}</p>
            <p className="text-sm">
              {t("picker.confirmNames", { names: asking.names.join(", ") })}
            </p>
          </div>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={closeQuestion}>
              {t("picker.cancel")}
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                click(asking.node, true);
                closeQuestion();
              }}
            >
              {t("picker.proceed")}
            </Button>
          </div>
        </Modal>
      ) : null}
      {precedentsShown ? (
        <PrecedentPicker
          formId={formId}
          hydrated={hydrated}
          matterTypes={pickers.matterTypes}
          selected={selected}
          withPrecedents={pickers.withPrecedents}
          precedents={pickers.precedents}
          chosen={chosen}
          onChosen={setChosen}
          search={textOf(picker.precedentSearch)}
          error={errors.location}
          precedentsUrl={precedentsUrl}
        />
      ) : null}
    </>
  );
}

/** Without JavaScript: the question of a click or a save, answered by a post. */
function NoScriptQuestion({
  formId,
  question,
  error,
}: {
  formId: string;
  question: PickerQuestion;
  error?: string;
}) {
  const { t } = useTranslation("platform");
  return (
    <div
      role={error ? undefined : "alert"}
      className="space-y-2 rounded-md border-l-4 border-amber-600 bg-amber-50 p-3 text-gray-900"
    >
      <p className="font-semibold">{t("picker.confirmDeselect")}</p>
      <p className="text-sm">
        {t("picker.confirmNames", { names: question.matterTypes.join(", ") })}
      </p>
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          name="pick"
          value="cancel"
          formNoValidate
          className={buttonClass("secondary")}
        >
          {t("picker.cancel")}
        </button>
        {question.node ? (
          <button
            type="submit"
            name="pick"
            value={`confirm:${question.node}`}
            formNoValidate
            className={buttonClass("danger")}
          >
            {t("picker.proceed")}
          </button>
        ) : (
          <button
            id={`${formId}-visibility-confirmDeselect`}
            type="submit"
            name="visibility.confirmDeselect"
            value="on"
            className={buttonClass("danger")}
          >
            {t("picker.proceed")}
          </button>
        )}
      </div>
    </div>
  );
}

interface MatterTypeTreeProps {
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

function MatterTypeTree({
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
