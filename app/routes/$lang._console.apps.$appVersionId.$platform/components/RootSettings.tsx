/**
 * The platform-level and root-level settings of the platform schema editor, each a form of
 * app/forms/platform-settings.ts:
 *
 * - `AppVariantsForm` (desktop, where the country has product variants): the app-level
 *   product variants, 'All' (-1) or specific ones; once locations exist, a change opens
 *   `VariantUpdatesDialog` (the variants added and removed, and whether added ones go to
 *   every location as well).
 * - `ExceptionsDialog` (desktop): the web-area exception URLs, rows of URL and Internal, with
 *   Add row and Remove (conform's list intents: they post and come back without JavaScript).
 * - `SettingDialog` (desktop): a location's root settings in tabs, Desktop versions (minimum,
 *   maximum) and, only where the country has product variants, Visibility (its product variants).
 */

import {
  type FieldMetadata,
  getFormProps,
  type Submission,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { Form } from "@remix-run/react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { PRODUCT_VARIANT_ALL } from "~/api/schema/values";
import { Button } from "~/components/ui/Button";
import { DialogFormButtons, useCloseDialog, useModalClose } from "~/components/ui/ConfirmDialog";
import { DialogForm } from "~/components/ui/DialogForm";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { FieldFrame } from "~/components/ui/Field";
import { Modal } from "~/components/ui/Modal";
import { checkForm, type FormRules } from "~/forms/check";
import {
  APP_VARIANTS_FORM_ID,
  EXCEPTIONS_FORM_ID,
  ROOT_VISIBILITY_FORM_ID,
  type SettingTab,
  settingTabs,
  settingTabsWithErrors,
} from "~/forms/platform-settings";
import { useErrorTitle } from "~/lib/error-title";
import { chooseVariant, variantChoice } from "~/lib/platform/settings";
import { inputClass } from "~/lib/ui-classes";
import { FormTabs } from "./FormKit";

export interface VariantOption {
  firmType: number;
  name: string;
}

/** The errors of a form, for its summary: each field's first message. */
const summaryOf = (errors: Record<string, string[] | undefined>, idOf: (name: string) => string) =>
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

type RootVisibility = { productVariants?: number[] | null; supportedDesktopVersions?: string[] };

/**
 * Ticked boxes of product variants: 'All' first, then each variant. With JavaScript the rule
 * applies as they are ticked ('All' clears the others, a specific one removes 'All'); without
 * it the action applies it to the posted boxes. Keyed by the choice it starts from.
 */
function VariantBoxes({
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

export function AppVariantsForm({
  stored,
  variants,
  rules = {},
  lastResult,
}: {
  stored: readonly number[] | null | undefined;
  variants: readonly VariantOption[];
  /** What the browser checks (the page's loader derives it from the action's schema). */
  rules?: FormRules;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("platform");
  const [form, fields] = useForm({
    id: APP_VARIANTS_FORM_ID,
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => checkForm(formData, rules),
  });
  const error = fields.productVariants.errors?.[0];
  return (
    <section
      aria-labelledby={`${form.id}-title`}
      className="mt-4 rounded-lg border border-gray-300 bg-white p-4"
    >
      <h3 id={`${form.id}-title`} className="text-lg font-bold text-gray-900">
        {t("variants.title")}
      </h3>
      <p className="mt-1 text-sm text-gray-700">{t("variants.hint")}</p>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="app-variants" />
        <VariantBoxes
          key={`${form.key}:${variantChoice(stored).join()}`}
          name="productVariants"
          legend={t("fields.productVariants")}
          chosen={variantChoice(stored)}
          variants={variants}
          error={error}
          idPrefix={`${form.id}-variant`}
        />
        <Button type="submit" variant="secondary">
          {t("variants.submit")}
        </Button>
      </Form>
    </section>
  );
}

/** The exceptions form's rows as posted (the action's schema reads them). */
type ExceptionRows = { exceptions: { url?: string; isInternal?: string }[] };

export function ExceptionsDialog({
  rows,
  closeHref,
  rules = {},
  lastResult,
}: {
  rows: readonly { url: string; isInternal: boolean }[];
  closeHref: string;
  /** What the browser checks (the page's loader derives it from the action's schema). */
  rules?: FormRules;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("platform");
  const close = useCloseDialog(closeHref);
  const { ref, onClose } = useModalClose(close);
  const [form, fields] = useForm<ExceptionRows>({
    id: EXCEPTIONS_FORM_ID,
    lastResult,
    defaultValue: {
      exceptions: rows.map((row) => ({
        url: row.url,
        isInternal: row.isInternal ? "on" : undefined,
      })),
    },
    // Checked again on the next post only: typing would clear the messages of the action, which judges what the rules cannot tell.
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => checkForm(formData, rules) as Submission<ExceptionRows>,
  });
  const list = fields.exceptions.getFieldList();
  const errors = list.flatMap((row) => {
    const url = (row.getFieldset() as { url: FieldMetadata<string> }).url;
    return url.errors?.length ? [{ id: url.id, message: url.errors[0] }] : [];
  });
  useErrorTitle(errors.length > 0);
  return (
    <Modal
      open
      title={t("exceptions.title")}
      onClose={onClose}
      className="w-[min(44rem,calc(100vw-2rem))]"
    >
      <div ref={ref}>
        <p className="mb-4 text-gray-800">{t("exceptions.hint")}</p>
        <ErrorSummary errors={errors} />
      </div>
      <DialogForm form={form} hidden={{ intent: "exceptions" }} className="space-y-4">
        {list.length === 0 ? <p className="text-gray-700">{t("exceptions.none")}</p> : null}
        <ol className="space-y-3">
          {list.map((row, index) => {
            const { url, isInternal } = row.getFieldset() as {
              url: FieldMetadata<string>;
              isInternal: FieldMetadata<string>;
            };
            const error = url.errors?.[0];
            return (
              <li
                key={row.key}
                className="flex flex-wrap items-end gap-3 rounded-md border border-gray-300 p-3"
              >
                <FieldFrame
                  id={url.id}
                  label={t("exceptions.rowUrl", { number: index + 1 })}
                  error={error}
                  className="min-w-48 flex-1"
                >
                  {(aria) => (
                    <input
                      {...aria}
                      name={url.name}
                      type="text"
                      defaultValue={url.initialValue ?? ""}
                      autoComplete="off"
                      className={inputClass(error)}
                    />
                  )}
                </FieldFrame>
                <label
                  htmlFor={isInternal.id}
                  className="flex min-h-11 items-center gap-2 text-gray-900"
                >
                  <input
                    id={isInternal.id}
                    name={isInternal.name}
                    type="checkbox"
                    defaultChecked={isInternal.initialValue === "on"}
                    className="h-5 w-5"
                  />
                  {t("fields.exceptions.isInternal")}
                </label>
                <Button
                  variant="secondary"
                  type="submit"
                  {...form.remove.getButtonProps({ name: fields.exceptions.name, index })}
                  aria-label={t("exceptions.removeRow", { number: index + 1 })}
                >
                  {t("actions.delete")}
                </Button>
              </li>
            );
          })}
        </ol>
        <Button
          variant="secondary"
          type="submit"
          {...form.insert.getButtonProps({
            name: fields.exceptions.name,
            defaultValue: { url: "" },
          })}
        >
          {t("exceptions.addRow")}
        </Button>
        <DialogFormButtons
          closeHref={closeHref}
          onClose={close}
          cancel={t("actions.cancel")}
          submit={t("exceptions.submit")}
        />
      </DialogForm>
    </Modal>
  );
}

export function SettingDialog({
  location,
  locationName,
  visibility,
  variants,
  variantsOn,
  minimumDesktopVersion,
  closeHref,
  rules = {},
  lastResult,
}: {
  location: string;
  locationName: string;
  visibility:
    | { productVariants?: number[] | null; supportedDesktopVersions?: string[] }
    | undefined;
  variants: readonly VariantOption[];
  variantsOn: boolean;
  minimumDesktopVersion?: string;
  closeHref: string;
  /** What the browser checks (the page's loader derives it from the action's schema). */
  rules?: FormRules;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("platform");
  const close = useCloseDialog(closeHref);
  const { ref, onClose } = useModalClose(close);
  const [form] = useForm({
    id: ROOT_VISIBILITY_FORM_ID,
    lastResult,
    // Checked again on the next post only: typing would clear the messages of the action, which judges what the rules cannot tell.
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => checkForm(formData, rules),
  });
  const errors = form.allErrors;
  const idOf = (name: string) => `${form.id}-${name.replace(/[^\w]+/g, "-")}`;
  const summary = summaryOf(errors, (name) =>
    name === "visibility.productVariants" ? `${idOf(name)}-${PRODUCT_VARIANT_ALL}` : idOf(name),
  );
  useErrorTitle(summary.length > 0);
  const errorNames = Object.keys(errors).filter((name) => errors[name]?.length);
  const fields = (only: "variants" | "versions") => (
    <RootVisibilityFields
      formKey={form.key}
      idOf={idOf}
      errors={errors}
      visibility={postedVisibility(lastResult, visibility)}
      variants={variants}
      variantsOn={variantsOn}
      minimumDesktopVersion={minimumDesktopVersion}
      only={only}
    />
  );
  const panels: Record<SettingTab, ReactNode> = {
    versions: fields("versions"),
    visibility: variantsOn ? fields("variants") : null,
  };
  return (
    <Modal open title={t("setting.title", { name: locationName })} onClose={onClose}>
      <div ref={ref}>
        <ErrorSummary errors={summary} />
      </div>
      <DialogForm form={form} hidden={{ intent: "setting", location }}>
        <FormTabs
          tabs={settingTabs(variantsOn)}
          label={t("setting.tabs")}
          tabLabel={(name) =>
            t(name === "versions" ? "setting.versionsTab" : "itemTabs.visibility")
          }
          marked={settingTabsWithErrors(errorNames)}
          panels={panels}
        />
        <DialogFormButtons
          closeHref={closeHref}
          onClose={close}
          cancel={t("actions.cancel")}
          submit={t("setting.submit")}
        />
      </DialogForm>
    </Modal>
  );
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
}: {
  formKey?: string;
  /** One part only: the product variants or the desktop versions (the setting dialog's tabs); both when absent. */
  only?: "variants" | "versions";
  idOf: (name: string) => string;
  errors: Record<string, string[] | undefined>;
  visibility:
    | { productVariants?: number[] | null; supportedDesktopVersions?: string[] }
    | undefined;
  variants: readonly VariantOption[];
  variantsOn: boolean;
  minimumDesktopVersion?: string;
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

/**
 * The product-variant updates dialog: the app's product variants change, so the variants
 * added and removed are listed (removed ones leave every location); added ones can be added
 * to every location as well. 'All' chosen is added as 'All' (every variant, now and later),
 * and listed so.
 */
export function VariantUpdatesDialog({
  choice,
  added,
  removed,
  closeHref,
}: {
  choice: readonly number[];
  added: readonly string[];
  removed: readonly string[];
  closeHref: string;
}) {
  const { t } = useTranslation("platform");
  const close = useCloseDialog(closeHref);
  const { ref, onClose } = useModalClose(close);
  const list = (title: string, names: readonly string[]) =>
    names.length ? (
      <div className="mt-3">
        <h3 className="font-semibold text-gray-900">{title}</h3>
        <ul className="list-disc pl-5 text-gray-900">
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      </div>
    ) : null;
  return (
    <Modal open title={t("variants.updatesTitle")} onClose={onClose}>
      <div ref={ref}>
        <p className="text-gray-800">{t("variants.updatesIntro")}</p>
        {list(
          t("variants.added"),
          choice.includes(PRODUCT_VARIANT_ALL) && added.length ? [t("variants.all")] : added,
        )}
        {list(t("variants.removed"), removed)}
      </div>
      <Form method="post" replace preventScrollReset className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="app-variants" />
        <input type="hidden" name="confirmed" value="on" />
        {choice.map((firmType) => (
          <input key={firmType} type="hidden" name="productVariants" value={firmType} />
        ))}
        {added.length ? (
          <label
            htmlFor="platform-variants-all-locations"
            className="flex min-h-11 items-center gap-2 text-gray-900"
          >
            <input
              id="platform-variants-all-locations"
              type="checkbox"
              name="addToAllLocations"
              className="h-5 w-5"
            />
            {t("fields.addToAllLocations")}
          </label>
        ) : null}
        <DialogFormButtons
          closeHref={closeHref}
          onClose={close}
          cancel={t("actions.cancel")}
          submit={t("setting.submit")}
        />
      </Form>
    </Modal>
  );
}
