/**
 * The usage summary's country filter: a GET form whose value is in the URL (`?country=`).
 * Without JavaScript the Apply button sends it; with JavaScript a change sends it at once, in
 * place of the current history entry.
 */
import { Form, useSubmit } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/Button";
import { inputClass } from "~/lib/ui-classes";

export function CountryFilter({
  country,
  countries,
}: {
  country: string;
  countries: { code: string; name: string }[];
}) {
  const { t } = useTranslation("usage");
  const submit = useSubmit();
  const id = useId();
  const selectRef = useRef<HTMLSelectElement>(null);

  // Uncontrolled, so focus stays while the page reloads; back and forward bring the value here.
  useEffect(() => {
    if (selectRef.current) selectRef.current.value = country;
  }, [country]);

  return (
    <Form
      method="get"
      aria-label={t("filter.label")}
      className="mb-6 flex flex-wrap items-end gap-4 rounded-lg border border-gray-200 bg-white p-4"
      onChange={(event) => submit(event.currentTarget, { replace: true, preventScrollReset: true })}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-country`} className="text-sm font-semibold text-gray-900">
          {t("filter.country")}
        </label>
        <select
          ref={selectRef}
          id={`${id}-country`}
          name="country"
          defaultValue={country}
          className={`${inputClass()} min-h-11 w-auto`}
        >
          <option value="">{t("filter.all")}</option>
          {countries.map((choice) => (
            <option key={choice.code} value={choice.code}>
              {choice.name}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary" className="no-js-only">
        {t("filter.apply")}
      </Button>
    </Form>
  );
}
