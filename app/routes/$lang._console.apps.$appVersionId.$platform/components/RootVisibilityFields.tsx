/**
 * The fields of a location's root visibility, shared by the setting dialog and the custom view
 * dialog: its product variants (where the country has them), ticked as boxes, and its supported
 * desktop versions.
 */
import type { SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PRODUCT_VARIANT_ALL } from "~/api/schema/values";
import { FieldFrame } from "~/components/ui/Field";
import { chooseVariant, variantChoice } from "~/lib/platform/settings";
import { inputClass } from "~/lib/ui-classes";

export interface VariantOption {
  firmType: number;
  name: string;
}

/** The errors of a form, for its summary: each field's first message. */
export const summaryOf = (
  errors: Record<string, string[] | undefined>,
  idOf: (name: string) => string,
) =>
  Object.entries(errors).flatMap(([name, messages]) =>
    messages?.length ? [{ id: idOf(name), message: messages[0] }] : [],
  );

/** What a refused post held of a root visibility (the person's values), else the saved one. */
export function postedVisibility(
  lastResult: SubmissionResult<string[]> | undefined,
  saved: RootVisibility | undefined,
): RootVisibility | undefined {
  const posted = (
    lastResult?.initialValue as
      | {
          visibility?: { productVariants?: string | string[]; supportedDesktopVersions?: string[] };
        }
      | undefined
  )?.visibility;
  if (!lastResult?.initialValue) return saved;
  const variants =
    posted?.productVariants === undefined ? [] : [posted.productVariants].flat().map(Number);
  return {
    productVariants: variants,
    supportedDesktopVersions: posted?.supportedDesktopVersions ?? [],
  };
}

export type RootVisibility = {
  productVariants?: number[] | null;
  supportedDesktopVersions?: string[];
};

/**
 * Ticked boxes of product variants: 'All' first, then each variant. With JavaScript the rule
 * applies as they are ticked ('All' clears the others, a specific one removes 'All'); without
 * it the action applies it to the posted boxes. Keyed by the choice it starts from.
 */
export function VariantBoxes({
  name,
  legend,
  chosen,
  variants,
  error,
  idPrefix,
}: {
  name: string;
  legend: string;
  chosen: readonly number[];
  variants: readonly VariantOption[];
  error?: string;
  idPrefix: string;
}) {
  const { t } = useTranslation("platform");
  const options = [{ firmType: PRODUCT_VARIANT_ALL, name: t("variants.all") }, ...variants];
  const [choice, setChoice] = useState<readonly number[]>(chosen);
  return (
    <fieldset
      aria-describedby={error ? `${idPrefix}-error` : undefined}
      aria-invalid={Boolean(error)}
    >
      <legend className="text-sm font-semibold text-gray-900">{legend}</legend>
      {error ? (
        <p id={`${idPrefix}-error`} className="text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-x-6">
        {options.map((option) => (
          <label
            key={option.firmType}
            htmlFor={`${idPrefix}-${option.firmType}`}
            className="flex min-h-11 items-center gap-2 text-gray-900"
          >
            <input
              id={`${idPrefix}-${option.firmType}`}
              type="checkbox"
              name={name}
              value={option.firmType}
              checked={choice.includes(option.firmType)}
              onChange={(event) =>
                setChoice(chooseVariant(choice, option.firmType, event.target.checked))
              }
              className="h-5 w-5"
            />
            {option.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A location's root visibility and what its fields offer. */
export interface RootVisibilityProps {
  visibility: RootVisibility | undefined;
  variants: readonly VariantOption[];
  variantsOn: boolean;
  minimumDesktopVersion?: string;
}

/** The fields of a location's root visibility: its product variants (where the country has them) and its supported desktop versions. */
export function RootVisibilityFields({
  formKey,
  idOf,
  errors,
  visibility,
  variants,
  variantsOn,
  minimumDesktopVersion,
  only,
}: RootVisibilityProps & {
  formKey?: string;
  /** One part only: the product variants or the desktop versions (the setting dialog's tabs); both when absent. */
  only?: "variants" | "versions";
  idOf: (name: string) => string;
  errors: Record<string, string[] | undefined>;
}) {
  const { t } = useTranslation("platform");
  const versions = visibility?.supportedDesktopVersions ?? [];
  const versionField = (index: 0 | 1) => {
    const name = `visibility.supportedDesktopVersions[${index}]`;
    const error = errors[name]?.[0];
    return (
      <FieldFrame
        key={`${formKey}-${index}`}
        id={idOf(name)}
        label={t(index === 0 ? "setting.minimum" : "setting.maximum")}
        hint={
          index === 0
            ? t("setting.versionHint", { minimum: minimumDesktopVersion ?? "" })
            : undefined
        }
        error={error}
      >
        {(aria) => (
          <input
            {...aria}
            name={name}
            type="text"
            autoComplete="off"
            defaultValue={versions[index] ?? ""}
            className={inputClass(error)}
          />
        )}
      </FieldFrame>
    );
  };
  return (
    <>
      {variantsOn && only !== "versions" ? (
        <VariantBoxes
          key={`${formKey}:${variantChoice(visibility?.productVariants).join()}`}
          name="visibility.productVariants"
          legend={t("fields.visibility.productVariants")}
          chosen={variantChoice(visibility?.productVariants)}
          variants={variants}
          error={errors["visibility.productVariants"]?.[0]}
          idPrefix={idOf("visibility.productVariants")}
        />
      ) : null}
      {only !== "variants" ? (
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-gray-900">
            {t("fields.visibility.supportedDesktopVersions")}
          </legend>
          {versionField(0)}
          {versionField(1)}
        </fieldset>
      ) : null}
    </>
  );
}
