/**
 * The search of a picker of the platform schema editor (debounced 500 ms).
 * With JavaScript the list follows what is typed 500 ms after the last key (Enter at once);
 * without it a Search button posts the dialog's form (`pick=<search>`) and the server renders
 * the list for the text posted in `name`.
 *
 * `PickerFieldset`: a picker's group, named by its legend, with its error first (the error
 * summary links to the group by its id).
 */
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

import { useHydrated } from "~/lib/hydrated";
import { buttonClass, inputClass } from "~/lib/ui-classes";

export const SEARCH_DEBOUNCE_MS = 500;

interface PickerSearchProps {
  id: string;
  /** The field's name (posted with the dialog's form). */
  name: string;
  label: string;
  defaultValue: string;
  /** With JavaScript: the search to show, once the typing pauses. */
  onSearch: (query: string) => void;
}

export function PickerSearch({ id, name, label, defaultValue, onSearch }: PickerSearchProps) {
  const { t } = useTranslation("platform");
  const hydrated = useHydrated();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const now = (value: string) => {
    clearTimeout(timer.current);
    onSearch(value);
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="flex min-w-48 flex-1 flex-col gap-1">
        <label htmlFor={id} className="text-sm font-semibold text-gray-900">
          {label}
        </label>
        <input
          id={id}
          type="search"
          name={name}
          autoComplete="off"
          defaultValue={defaultValue}
          className={inputClass()}
          onChange={(event) => {
            const value = event.target.value;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => onSearch(value), SEARCH_DEBOUNCE_MS);
          }}
          onKeyDown={(event) => {
            // Enter searches at once rather than saving the dialog.
            if (event.key === "Enter") {
              event.preventDefault();
              now(event.currentTarget.value);
            }
          }}
        />
      </div>
      {hydrated ? null : (
        <button
          type="submit"
          name="pick"
          value="search"
          formNoValidate
          className={buttonClass("secondary")}
        >
          {t("picker.search")}
        </button>
      )}
    </div>
  );
}

export function PickerFieldset({
  id,
  legend,
  error,
  children,
}: {
  id: string;
  legend: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      aria-describedby={error ? `${id}-error` : undefined}
      className="space-y-3"
    >
      <legend className="text-sm font-semibold text-gray-900">{legend}</legend>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
      {children}
    </fieldset>
  );
}
