/**
 * The precedent list picker of the platform schema editor (decision 0062): the precedents of the
 * chosen matter types (`GET resources/matter-types/
 * {id}/precedents`), each matter type's library as a tree of folders and precedents, any of
 * which can be ticked. A ticked one is the function's precedent location
 * (`visibility.location`): its root is the matter type, its path the precedent ids from the
 * library's top folder down. A search narrows the lists (500 ms after typing with
 * JavaScript, a Search button without).
 *
 * With JavaScript the precedents of a newly chosen matter type are read through a fetcher
 * (the editor's `precedents` resource route) and the ticks are posted as hidden fields;
 * without it the dialog's 'Show precedents' button posts the form (`pick=refresh`) and the
 * answer lists the precedents of the matter types then ticked.
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

import {
  type MatterTypeNode,
  type PrecedentNode,
  precedentEntries,
  precedentValue,
  searchTree,
} from "~/lib/platform/matter-types";
import { buttonClass } from "~/lib/ui-classes";
import { indentOf } from "./MatterTypeTree";
import { PickerFieldset, PickerSearch } from "./PickerSearch";

interface PrecedentPickerProps {
  formId: string;
  hydrated: boolean;
  matterTypes: readonly MatterTypeNode[];
  /** The chosen matter type ids. */
  selected: readonly string[];
  withPrecedents: readonly string[];
  precedents: Readonly<Record<string, readonly PrecedentNode[]>>;
  /** Ticked precedents (`root|path`). */
  chosen: readonly string[];
  onChosen: (chosen: string[]) => void;
  search: string;
  error?: string;
  precedentsUrl: string;
}

export function PrecedentPicker({
  formId,
  hydrated,
  matterTypes,
  selected,
  withPrecedents,
  precedents,
  chosen,
  onChosen,
  search: postedSearch,
  error,
  precedentsUrl,
}: PrecedentPickerProps) {
  const { t } = useTranslation("platform");
  const id = `${formId}-visibility-location`;
  const [search, setSearch] = useState(postedSearch);
  const [read, setRead] = useState<Record<string, readonly PrecedentNode[]>>({});
  const known = useMemo(() => ({ ...precedents, ...read }), [precedents, read]);
  const fetcher = useFetcher<Record<string, PrecedentNode[]>>();
  const asked = useRef(new Set<string>());

  // The chosen matter types in the tree's order, those with precedents.
  const chosenTypes = useMemo(
    () =>
      matterTypes.filter(
        (node) => node.type !== "Folder" && node.shortcutId === null && selected.includes(node.id),
      ),
    [matterTypes, selected],
  );
  const libraries = chosenTypes.filter((node) => withPrecedents.includes(node.id));
  const missing = libraries.filter((node) => !(node.id in known)).map((node) => node.id);

  useEffect(() => {
    if (fetcher.data) setRead((before) => ({ ...before, ...fetcher.data }));
  }, [fetcher.data]);
  useEffect(() => {
    if (!hydrated || fetcher.state !== "idle") return;
    const wanted = missing.filter((entry) => !asked.current.has(entry));
    if (wanted.length === 0) return;
    for (const entry of wanted) asked.current.add(entry);
    fetcher.load(
      `${precedentsUrl}?${new URLSearchParams(wanted.map((entry) => ["matterType", entry]))}`,
    );
  }, [hydrated, fetcher, missing, precedentsUrl]);

  const shownValues = new Set<string>();
  const groups = libraries.map((node) => {
    const list = known[node.id];
    if (!list) {
      return (
        <li key={node.id} className="text-sm text-gray-700">
          {hydrated ? (
            <span role="status">{t("picker.loading", { name: node.name })}</span>
          ) : (
            t("picker.notShown", { name: node.name })
          )}
        </li>
      );
    }
    const entries = searchTree(precedentEntries(list), search);
    return (
      <li key={node.id}>
        <fieldset>
          <legend className="pt-2 text-sm font-semibold text-gray-900">{node.name}</legend>
          {entries.length === 0 ? (
            <p className="text-sm text-gray-700">{t("picker.noMatch")}</p>
          ) : null}
          <ul>
            {entries.map((entry) => {
              const value = precedentValue(node.id, entry.path);
              shownValues.add(value);
              const boxId = `${id}-${node.id}-${entry.id}`;
              const ticked = chosen.includes(value);
              return (
                <li key={entry.id} className={indentOf(entry.depth)}>
                  <label
                    htmlFor={boxId}
                    className={`flex min-h-11 items-center gap-2 text-gray-900 ${entry.folder ? "font-semibold" : ""}`}
                  >
                    {hydrated ? (
                      <input
                        id={boxId}
                        type="checkbox"
                        checked={ticked}
                        onChange={() =>
                          onChosen(
                            ticked ? chosen.filter((other) => other !== value) : [...chosen, value],
                          )
                        }
                        className="h-5 w-5"
                      />
                    ) : (
                      <input
                        id={boxId}
                        type="checkbox"
                        name="visibility.location"
                        value={value}
                        defaultChecked={ticked}
                        className="h-5 w-5"
                      />
                    )}
                    {entry.name}
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      </li>
    );
  });

  const note =
    chosenTypes.length === 0
      ? t("picker.chooseMatterTypes")
      : libraries.length === 0
        ? t("picker.noPrecedents")
        : undefined;
  return (
    <PickerFieldset id={id} legend={t("fields.visibility.location")} error={error}>
      {libraries.length > 0 ? (
        <PickerSearch
          id={`${id}-search`}
          name="picker.precedentSearch"
          label={t("picker.searchPrecedents")}
          defaultValue={postedSearch}
          onSearch={setSearch}
        />
      ) : null}
      <div className="max-h-72 overflow-y-auto rounded-md border border-gray-300 p-2">
        {note ? <p className="text-sm text-gray-700">{note}</p> : <ul>{groups}</ul>}
      </div>
      {!hydrated && (missing.length > 0 || chosenTypes.length > 0) ? (
        <p>
          <button
            type="submit"
            name="pick"
            value="refresh"
            formNoValidate
            className={buttonClass("secondary")}
          >
            {t("picker.showPrecedents")}
          </button>
        </p>
      ) : null}
      {/* With JavaScript every tick is a hidden field; without it, those not shown as a box. */}
      {chosen
        .filter((value) => hydrated || !shownValues.has(value))
        .map((value) => (
          <input key={value} type="hidden" name="visibility.location" value={value} />
        ))}
    </PickerFieldset>
  );
}
