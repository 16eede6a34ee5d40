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
import { useMemo, useRef, useState } from "react";
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
  searchTree,
  toggleWithPrecedents,
} from "~/lib/platform/matter-types";
import { buttonClass } from "~/lib/ui-classes";
import { MatterTypeTree } from "./MatterTypeTree";
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
