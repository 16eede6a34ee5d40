/**
 * What the tabbed dialogs of the platform schema editor share (the item dialog, the custom
 * view settings):
 *
 * - `fieldKit(t, form, errors, defaults)`: labelled fields named by the form's paths
 *   (`urls.dev`, `window.width`), each with its label `platform:fields.{name}`, its value (what
 *   was posted after a refusal, else `defaults`) and its first error next to it: `text`,
 *   `select`, `checkbox`, `boxes`.
 * - `FormTabs`: the tabs of a form. With JavaScript a tab list shows one panel at a time
 *   (all panels stay in the form and post); without it every panel is shown under its tab's
 *   heading. A tab whose fields hold an error shows '!' on its label.
 */
import { type ReactNode, useEffect, useId, useState } from "react";
import { TIME_TRACKING_VALUES, WINDOW_TYPES } from "~/api/schema/values";
import { FieldFrame } from "~/components/ui/Field";
import { labelKey } from "~/forms/platform-common";
import { useHydrated } from "~/lib/hydrated";
import { tabAfterKey } from "~/lib/tab-keys";
import { inputClass } from "~/lib/ui-classes";

type T = (key: string, options?: Record<string, unknown>) => string;

/** A value of the defaults at a field name (`urls.dev`, `window.width`). */
function valueAt(defaults: Record<string, unknown>, name: string): unknown {
  return name
    .split(".")
    .reduce<unknown>(
      (at, part) =>
        at && typeof at === "object" ? (at as Record<string, unknown>)[part] : undefined,
      defaults,
    );
}

/**
 * `form.initialValue` is what the form was given as its default, or, after a post the action
 * refused, what was posted: a refused form shows what the person typed.
 */
export function fieldKit(
  t: T,
  form: { id: string; key?: string; initialValue?: unknown },
  errors: Record<string, string[] | undefined>,
  given: Record<string, unknown>,
) {
  const defaults = (
    form.initialValue && typeof form.initialValue === "object" ? form.initialValue : given
  ) as Record<string, unknown>;
  const idOf = (name: string) => `${form.id}-${name.replace(/\./g, "-")}`;
  const errorOf = (name: string) => errors[name]?.[0];
  const label = (name: string) => t(labelKey(name).slice("platform:".length));
  const text = (
    name: string,
    options: { textarea?: boolean; hint?: string; inputMode?: "numeric" } = {},
  ) => {
    const error = errorOf(name);
    const value = valueAt(defaults, name);
    return (
      <FieldFrame
        key={`${form.key ?? ""}-${name}`}
        id={idOf(name)}
        label={label(name)}
        hint={options.hint}
        error={error}
      >
        {(aria) =>
          options.textarea ? (
            <textarea
              {...aria}
              name={name}
              defaultValue={typeof value === "string" ? value : ""}
              rows={3}
              className={inputClass(error)}
            />
          ) : (
            <input
              {...aria}
              name={name}
              type="text"
              inputMode={options.inputMode}
              autoComplete="off"
              defaultValue={typeof value === "string" ? value : ""}
              className={inputClass(error)}
            />
          )
        }
      </FieldFrame>
    );
  };
  const select = (
    name: string,
    choices: readonly { value: string; label: string }[],
    options: { empty?: string; onChange?: (value: string) => void } = {},
  ) => {
    const error = errorOf(name);
    const value = valueAt(defaults, name);
    return (
      <FieldFrame
        key={`${form.key ?? ""}-${name}`}
        id={idOf(name)}
        label={label(name)}
        error={error}
      >
        {(aria) => (
          <select
            {...aria}
            name={name}
            defaultValue={typeof value === "string" ? value : ""}
            onChange={(event) => options.onChange?.(event.target.value)}
            className={inputClass(error)}
          >
            {options.empty !== undefined ? <option value="">{options.empty}</option> : null}
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
    );
  };
  const checkbox = (name: string) => {
    const id = idOf(name);
    return (
      <label key={name} htmlFor={id} className="flex min-h-11 items-center gap-2 text-gray-900">
        <input
          id={id}
          type="checkbox"
          name={name}
          defaultChecked={valueAt(defaults, name) === "on"}
          className="h-5 w-5"
        />
        {label(name)}
      </label>
    );
  };
  const boxes = (name: string, choices: readonly { value: string; label: string }[]) => {
    const chosen = valueAt(defaults, name);
    const list = Array.isArray(chosen) ? chosen.map(String) : [];
    const error = errorOf(name);
    return (
      <fieldset key={name} aria-describedby={error ? `${idOf(name)}-error` : undefined}>
        <legend className="text-sm font-semibold text-gray-900">{label(name)}</legend>
        {error ? (
          <p id={`${idOf(name)}-error`} className="text-sm font-semibold text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-x-6">
          {choices.map((choice) => (
            <label
              key={choice.value}
              htmlFor={`${idOf(name)}-${choice.value}`}
              className="flex min-h-11 items-center gap-2 text-gray-900"
            >
              <input
                id={`${idOf(name)}-${choice.value}`}
                type="checkbox"
                name={name}
                value={choice.value}
                defaultChecked={list.includes(choice.value)}
                className="h-5 w-5"
              />
              {choice.label}
            </label>
          ))}
        </div>
      </fieldset>
    );
  };

  /** The window type (system, web, hidden, not applicable, or none). */
  const windowTypeSelect = (onChange?: (value: string) => void) =>
    select(
      "windowType",
      WINDOW_TYPES.map((type) => ({ value: type, label: t(`windowTypes.${type}`) })),
      { empty: t("windowTypes.none"), onChange },
    );
  /** Time tracking (disabled, billable, non-billable, or not set). */
  const timeTrackedSelect = () =>
    select(
      "timeTracked",
      TIME_TRACKING_VALUES.map((value) => ({
        value: String(value),
        label: t(`timeTracking.${value}`),
      })),
      { empty: t("timeTracking.none") },
    );
  return {
    idOf,
    errorOf,
    label,
    text,
    select,
    checkbox,
    boxes,
    windowTypeSelect,
    timeTrackedSelect,
  };
}

interface FormTabsProps<Tab extends string> {
  tabs: readonly Tab[];
  /** The tab list's name. */
  label: string;
  tabLabel: (tab: Tab) => string;
  /** Tabs holding a field with an error ('!'); the first is shown when they change. */
  marked: readonly Tab[];
  disabled?: readonly Tab[];
  panels: Record<Tab, ReactNode>;
}

export function FormTabs<Tab extends string>({
  tabs,
  label,
  tabLabel,
  marked,
  disabled = [],
  panels,
}: FormTabsProps<Tab>) {
  const hydrated = useHydrated();
  const id = useId();
  const [tab, setTab] = useState<Tab>(marked[0] ?? tabs[0]);
  const markedKey = marked.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the marked tabs change (a failed check), not when the person moves between tabs
  useEffect(() => {
    if (marked.length > 0 && !marked.includes(tab)) setTab(marked[0]);
  }, [markedKey]);
  const shown = (name: Tab) => `${tabLabel(name)}${marked.includes(name) ? " !" : ""}`;
  return (
    <>
      {hydrated ? (
        <div
          role="tablist"
          aria-label={label}
          className="flex flex-wrap gap-1 border-b border-gray-300"
        >
          {tabs.map((name, index) => (
            <button
              key={name}
              type="button"
              role="tab"
              onKeyDown={(event) => {
                const next = tabAfterKey(event.key, index, tabs.length, (other) =>
                  disabled.includes(tabs[other]),
                );
                if (next === undefined) return;
                event.preventDefault();
                setTab(tabs[next]);
                document.getElementById(`${id}-${tabs[next]}-tab`)?.focus();
              }}
              id={`${id}-${name}-tab`}
              aria-controls={`${id}-${name}`}
              aria-selected={tab === name}
              tabIndex={tab === name ? 0 : -1}
              disabled={disabled.includes(name)}
              onClick={() => setTab(name)}
              className={`min-h-11 border-b-4 px-3 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:text-gray-500 ${
                tab === name
                  ? "border-brand-600 text-gray-900"
                  : "border-transparent text-brand-700"
              } ${marked.includes(name) ? "text-red-700" : ""}`}
            >
              {shown(name)}
            </button>
          ))}
        </div>
      ) : null}
      {tabs.map((name) => (
        <section
          key={name}
          id={`${id}-${name}`}
          role={hydrated ? "tabpanel" : undefined}
          aria-labelledby={hydrated ? `${id}-${name}-tab` : `${id}-${name}-heading`}
          hidden={hydrated && tab !== name}
          className="space-y-4"
        >
          {hydrated ? null : (
            <h3
              id={`${id}-${name}-heading`}
              className="border-b border-gray-300 pb-1 text-lg font-bold text-gray-900"
            >
              {shown(name)}
            </h3>
          )}
          {panels[name]}
        </section>
      ))}
    </>
  );
}
