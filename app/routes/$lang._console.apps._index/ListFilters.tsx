/**
 * The app list's filters and sort: a GET form (country checkboxes with All, archive state,
 * sort). Without JavaScript the Apply button sends it; with JavaScript every change sends it
 * at once, in place of the current history entry. The server remembers the choice (cookie).
 *
 * All and the countries: with JavaScript, ticking a country unticks All, ticking All unticks
 * the countries, and unticking the last country ticks All. Without it the boxes stay as
 * ticked, and the server reads them the same way: a country ticked wins over All, no country
 * is every country (list-preferences.server.ts); the page comes back ticked as applied.
 */
import { Form, useSubmit } from "@remix-run/react";
import { type ChangeEvent, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/Button";
import { inputClass } from "~/lib/ui-classes";

export interface FilterValues {
  countries: string[];
  archived: number;
  sort: string;
}

const ARCHIVE_OPTIONS = [
  { value: -1, key: "all" },
  { value: 0, key: "current" },
  { value: 1, key: "archived" },
] as const;

const SORT_OPTIONS = [
  { value: "recent", key: "recent" },
  { value: "name-asc", key: "nameAsc" },
  { value: "name-desc", key: "nameDesc" },
] as const;

const ALL = "all";

const checkboxClass = "h-5 w-5 shrink-0 accent-brand-600";
const chipClass =
  "flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-gray-400 bg-white px-3 py-1 text-sm text-gray-900 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50";

export function ListFilters({
  action,
  values,
  countries,
}: {
  action: string;
  values: FilterValues;
  countries: { code: string; name: string }[];
}) {
  const { t } = useTranslation("appList");
  const submit = useSubmit();
  const id = useId();
  const all = values.countries.length === 0;
  const formRef = useRef<HTMLFormElement>(null);

  // The inputs are uncontrolled, so that a change keeps its focus while the list reloads;
  // when the values come from elsewhere (clear filters, back and forward) they follow here.
  const countryKey = values.countries.join(",");
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const countries = countryKey ? countryKey.split(",") : [];
    for (const box of form.querySelectorAll<HTMLInputElement>('input[name="country"]')) {
      box.checked = box.value === ALL ? countries.length === 0 : countries.includes(box.value);
    }
    const archived = form.elements.namedItem("archived");
    if (archived instanceof HTMLSelectElement) archived.value = String(values.archived);
    const sort = form.elements.namedItem("sort");
    if (sort instanceof HTMLSelectElement) sort.value = values.sort;
  }, [countryKey, values.archived, values.sort]);

  /** With JS: All and the countries exclude each other; no country ticked means All. */
  const onCountry = (event: ChangeEvent<HTMLInputElement>) => {
    const form = event.currentTarget.form;
    if (!form) return;
    const boxes = [...form.querySelectorAll<HTMLInputElement>('input[name="country"]')];
    const allBox = boxes.find((box) => box.value === ALL);
    const countryBoxes = boxes.filter((box) => box.value !== ALL);
    if (event.currentTarget.value === ALL) {
      if (allBox) allBox.checked = true;
      for (const box of countryBoxes) box.checked = false;
    } else if (allBox) {
      allBox.checked = !countryBoxes.some((box) => box.checked);
    }
    apply(form);
  };

  const apply = (form: HTMLFormElement) =>
    submit(form, { replace: true, preventScrollReset: true });

  return (
    <Form
      ref={formRef}
      method="get"
      action={action}
      aria-label={t("filters.label")}
      className="mb-6 flex flex-wrap items-end gap-x-6 gap-y-4 rounded-lg border border-gray-200 bg-white p-4"
      onChange={(event) => {
        const target = event.target as HTMLElement;
        if (target instanceof HTMLSelectElement) apply(event.currentTarget);
      }}
    >
      <fieldset className="min-w-0">
        <legend className="mb-1 text-sm font-semibold text-gray-900">{t("filters.country")}</legend>
        <div className="flex flex-wrap gap-2">
          <label className={chipClass}>
            <input
              type="checkbox"
              name="country"
              value={ALL}
              defaultChecked={all}
              className={checkboxClass}
              onChange={onCountry}
            />
            {t("filters.allCountries")}
          </label>
          {countries.map((country) => (
            <label key={country.code} className={chipClass}>
              <input
                type="checkbox"
                name="country"
                value={country.code}
                defaultChecked={values.countries.includes(country.code)}
                className={checkboxClass}
                onChange={onCountry}
              />
              {country.name}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-archived`} className="text-sm font-semibold text-gray-900">
          {t("filters.archive")}
        </label>
        <select
          id={`${id}-archived`}
          name="archived"
          defaultValue={String(values.archived)}
          className={`${inputClass()} min-h-11 w-auto`}
        >
          {ARCHIVE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {t(`filters.archiveOptions.${option.key}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-sort`} className="text-sm font-semibold text-gray-900">
          {t("filters.sort")}
        </label>
        <select
          id={`${id}-sort`}
          name="sort"
          defaultValue={values.sort}
          className={`${inputClass()} min-h-11 w-auto`}
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {t(`filters.sortOptions.${option.key}`)}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary" className="no-js-only">
        {t("filters.apply")}
      </Button>
    </Form>
  );
}
