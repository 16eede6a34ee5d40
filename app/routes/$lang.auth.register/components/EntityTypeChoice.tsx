/**
 * The entity type, offered only where the lower-level entity flag is on: with JavaScript for
 * the chosen country, without it for every country that offers it (a hint names them).
 */
import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { ENTITY_TYPE_OPTIONS } from "../form";

export function EntityTypeChoice({
  field,
  error,
  hydrated,
  countries,
}: {
  field: FieldMetadata<string>;
  error?: string;
  hydrated: boolean;
  /** The countries that offer the choice (named without JavaScript). */
  countries: { name: string }[];
}) {
  const { t } = useTranslation("auth");
  return (
    <fieldset
      className="space-y-3 rounded-lg bg-white p-6 shadow"
      aria-describedby={
        [error ? `${field.id}-error` : null, hydrated ? null : `${field.id}-hint`]
          .filter(Boolean)
          .join(" ") || undefined
      }
    >
      <legend className="float-left mb-2 w-full text-xl font-bold">
        {t("register.entityType.legend")}
      </legend>
      {hydrated ? null : (
        <p id={`${field.id}-hint`} className="clear-both text-sm text-gray-600">
          {t("register.entityType.onlyFor", {
            countries: countries.map((item) => item.name).join(", "),
          })}
        </p>
      )}
      {error ? (
        <p id={`${field.id}-error`} className="clear-both text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
      <div className="clear-both space-y-2">
        {ENTITY_TYPE_OPTIONS.map((option, index) => (
          <label key={option.value} className="flex items-center gap-3">
            <input
              type="radio"
              id={`${field.id}-${index}`}
              name={field.name}
              value={option.value}
              defaultChecked={(field.initialValue ?? "0") === option.value}
              aria-invalid={Boolean(error) || undefined}
              className="h-5 w-5"
            />
            <span>{t(`register.entityType.options.${option.key}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
