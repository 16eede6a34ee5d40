/**
 * A regional entry of the company: its title (country, 'default'), the default choice, delete
 * (never the default), and its fields in a disclosure; the country is chosen only while the
 * entry is new.
 */
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  canDeleteEntry,
  REGIONAL_FIELDS,
  type RegionalField,
  stateLabel,
} from "~/api/settings/rules";
import { Button } from "~/components/ui/Button";
import { FieldFrame, InputField } from "~/components/ui/Field";
import {
  type CompanyFormErrors,
  DEFAULT_FIELD,
  entryField,
  OPTIONAL_FIELDS,
  type RegionalValues,
} from "~/forms/company";
import { inputClass } from "~/lib/ui-classes";
import { fieldId } from "./company-ids";

interface RegionalCardProps {
  index: number;
  entry: RegionalValues;
  isDefault: boolean;
  open: boolean;
  countryName: string;
  choices: { code: string; name: string }[];
  errors: CompanyFormErrors;
  label: (name: string) => string;
  onDefault: () => void;
  onCountry: (code: string) => void;
  onAskDelete: (event: MouseEvent<HTMLButtonElement>) => void;
}

export function RegionalCard({
  index,
  entry,
  isDefault,
  open,
  countryName,
  choices,
  errors,
  label,
  onDefault,
  onCountry,
  onAskDelete,
}: RegionalCardProps) {
  const { t } = useTranslation(["settings", "auth", "common"]);
  const title = countryName || t("company.newEntry");
  const countryName_ = entryField(index, "countryId");
  const countryError = errors[countryName_];
  const defaultError = errors[DEFAULT_FIELD];
  return (
    <fieldset
      className={`rounded-lg border-2 p-4 ${isDefault ? "border-blue-800" : "border-gray-300"}`}
      aria-describedby={defaultError ? `${fieldId(DEFAULT_FIELD)}-error` : undefined}
    >
      <legend className="px-1 font-bold text-gray-900">
        {title}
        {isDefault ? " " : null}
        {isDefault ? (
          <span className="ml-1 rounded bg-blue-800 px-2 py-0.5 text-sm font-semibold text-white">
            {t("company.default")}
          </span>
        ) : null}
      </legend>
      <input type="hidden" name={entryField(index, "id")} value={entry.id} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="inline-flex min-h-11 items-center gap-2 font-semibold text-gray-900">
          <input
            type="radio"
            name={DEFAULT_FIELD}
            value={index}
            checked={isDefault}
            onChange={onDefault}
            aria-invalid={Boolean(defaultError)}
            className="h-5 w-5"
          />
          {t("company.fields.default")}
        </label>
        {canDeleteEntry({ isDefault }) ? (
          <Button
            type="submit"
            name="intent"
            value={`ask-delete:${index}`}
            variant="secondary"
            formNoValidate
            onClick={onAskDelete}
          >
            {t("company.delete", { country: title })}
          </Button>
        ) : (
          <p className="text-sm text-gray-700">{t("company.defaultKept")}</p>
        )}
      </div>
      <details id={`company-card-${index}`} open={open} className="mt-3">
        <summary className="min-h-11 cursor-pointer py-2 font-semibold text-blue-900 underline">
          {t("company.details", { country: title })}
        </summary>
        <div className="mt-3 space-y-4">
          {entry.id ? (
            <input type="hidden" name={countryName_} value={entry.countryId} />
          ) : (
            <FieldFrame
              id={fieldId(countryName_)}
              label={t("company.fields.countryId")}
              error={countryError}
            >
              {(aria) => (
                <select
                  {...aria}
                  name={countryName_}
                  value={entry.countryId}
                  onChange={(event) => onCountry(event.currentTarget.value)}
                  className={inputClass(countryError)}
                >
                  <option value="">{t("company.fields.chooseCountry")}</option>
                  {choices.map((country) => (
                    <option key={country.code} value={country.code}>
                      {country.name}
                    </option>
                  ))}
                </select>
              )}
            </FieldFrame>
          )}
          {entry.id && countryError ? (
            <p id={`${fieldId(countryName_)}-error`} className="text-sm font-semibold text-red-700">
              {countryError}
            </p>
          ) : null}
          {REGIONAL_FIELDS.map((field: RegionalField) => {
            const name = entryField(index, field);
            const shownLabel =
              field === "stateCounty"
                ? t(`company.fields.stateCounty.${stateLabel(entry.countryId)}`)
                : label(name);
            return (
              <InputField
                key={field}
                id={fieldId(name)}
                name={name}
                defaultValue={entry[field]}
                error={errors[name]}
                label={
                  OPTIONAL_FIELDS.includes(field)
                    ? `${shownLabel} ${t("auth:register.optional")}`
                    : shownLabel
                }
                type={field === "phoneNumber" ? "tel" : "text"}
              />
            );
          })}
        </div>
      </details>
    </fieldset>
  );
}
