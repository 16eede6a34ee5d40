/**
 * The app details form, for a new app and for an existing
 * version: category (choosing the category named Other shows a warning), name, app type
 * (public 0, connector 1), description (at most 450, with a live count) and country. For an
 * existing app the type and country are shown, not editable. Save only when the version is
 * editable; otherwise the fields are shown read-only with the reason.
 *
 * Checked in the browser by the rules the page's loader derives from the action's schema
 * (`detailsSchema`) and by the same rule functions the schema refines with
 * (`detailsMessages`); errors next to each field and in the summary; with JavaScript,
 * leaving with unsaved changes asks first.
 */
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { type ReactNode, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { APP_LIMITS, APP_TYPES } from "~/api/apps/rules";
import type { AppCategory } from "~/api/resources/schemas";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { FieldFrame, InputField, SelectOptions } from "~/components/ui/Field";
import { DETAILS_FIELDS, DETAILS_FORM_ID, detailsMessages, fieldId } from "~/forms/app-editor";
import type { DetailsValue } from "~/forms/app-editor.server";
import { checkForm, type FormRules } from "~/forms/check";
import { useFailedTitle } from "~/lib/title";
import { inputClass } from "~/lib/ui-classes";
import { CountedTextarea } from "./CharacterCount";
import { EditorToolbar } from "./EditorActions";
import {
  DraftNotice,
  type DraftState,
  SaveBar,
  sentUnchecked,
  useDiscardGeneration,
} from "./SaveBar";
import { useUnsavedChanges } from "./UnsavedChanges";
import { useErrorSummary } from "./useErrorSummary";

export interface DetailsDefaults {
  /** A new app's id, made when the form was shown. */
  id?: string;
  categoryId: number | null;
  name: string;
  appType: number | null;
  description: string;
  countryCode: string;
}

export interface DetailsFormProps {
  /** The page's name in the document title (prefixed with 'Error:' while the form shows errors). */
  pageTitle: string;
  defaultValue: DetailsDefaults;
  /** The rules of the action's schema a browser can check (formRules). */
  rules: FormRules;
  categories: AppCategory[];
  countries: { code: string; name: string }[];
  /** An existing app: type and country as created, shown but not editable. */
  locked?: { appType: number; countryCode: string; countryName: string };
  editable: boolean;
  /** Why the version cannot be saved (when not editable). */
  readOnlyReason?: string;
  lastResult?: SubmissionResult<string[]> | null;
  /** An error of the provider was shown (the title gets its prefix). */
  failed?: boolean;
  /** Beside Save: the Actions menu. */
  actions?: ReactNode;
  /** Pages reachable without the unsaved-changes question. */
  siblings: string[];
  /** Kept drafts of the version (app/lib/apps/drafts.server.ts). */
  draft?: DraftState;
  /** Changes when newly saved values are shown. */
  resetKey: unknown;
}

export function DetailsForm(props: DetailsFormProps) {
  const { generation, discarded } = useDiscardGeneration();
  return <DetailsFormBody key={generation} {...props} onDiscard={discarded} />;
}

function DetailsFormBody(props: DetailsFormProps & { onDiscard: () => void }) {
  const { defaultValue, rules, categories, countries, locked, editable, lastResult } = props;
  const { t, i18n } = useTranslation("appEditor");
  const navigation = useNavigation();
  const translate = t;
  const context = useMemo(
    () => ({
      categoryIds: categories.map((c) => c.id),
      countryCodes: countries.map((c) => c.code),
      locked: locked ? { appType: locked.appType, countryCode: locked.countryCode } : undefined,
    }),
    [categories, countries, locked],
  );
  const [form, fields] = useForm<DetailsValue>({
    id: DETAILS_FORM_ID,
    lastResult,
    defaultValue: {
      id: defaultValue.id,
      categoryId: defaultValue.categoryId === null ? "" : String(defaultValue.categoryId),
      name: defaultValue.name,
      appType: defaultValue.appType === null ? "" : String(defaultValue.appType),
      description: defaultValue.description,
      countryCode: defaultValue.countryCode,
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      checkForm(formData, rules, (payload) =>
        detailsMessages(translate, i18n.language, context, payload),
      ),
  });

  const formRef = useRef<HTMLFormElement>(null);
  const unsaved = useUnsavedChanges(formRef, {
    resetKey: props.resetKey,
    siblings: props.siblings,
    enabled: editable,
  });

  const error = (name: (typeof DETAILS_FIELDS)[number]) => fields[name].errors?.[0];
  const { summary, onSubmitted } = useErrorSummary({
    order: DETAILS_FIELDS,
    errorOf: (name) => error(name as (typeof DETAILS_FIELDS)[number]),
    idOf: (name) =>
      name === "appType"
        ? `${fieldId(DETAILS_FORM_ID, "appType")}-0`
        : fieldId(DETAILS_FORM_ID, name),
    labelOf: (name) => t(`fields.${name}.label`),
    lastResult,
  });
  useFailedTitle(props.pageTitle, summary.length > 0 || Boolean(props.failed));

  // The Other warning follows the choice as it is made (JS), and the value the page was sent with.
  const [categoryId, setCategoryId] = useState(fields.categoryId.initialValue ?? "");
  const other = categories.find((c) => c.isOther && String(c.id) === categoryId);
  const isOther = Boolean(other);

  const formProps = getFormProps(form);
  const submitting =
    navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const required = (label: string) => `${label} ${t("required")}`;
  const categoryIdError = error("categoryId");
  const countryError = error("countryCode");
  const descriptionError = error("description");
  const appTypeError = error("appType");

  return (
    <>
      <ErrorSummary errors={summary} />
      <Form
        method="post"
        {...formProps}
        ref={formRef}
        onSubmit={(event) => {
          if (sentUnchecked(event)) return;
          formProps.onSubmit(event);
          onSubmitted();
        }}
        className="space-y-6"
      >
        {defaultValue.id ? <input type="hidden" name="id" value={defaultValue.id} /> : null}
        <EditorToolbar
          editable={editable}
          actions={props.actions}
          readOnlyReason={props.readOnlyReason}
        />
        <DraftNotice draft={props.draft} otherPage="marketplace" />
        <fieldset disabled={!editable} className="space-y-6 rounded-lg bg-white p-6 shadow">
          <legend className="sr-only">{t("details.legend")}</legend>

          <FieldFrame
            id={fields.categoryId.id}
            label={required(t("fields.categoryId.label"))}
            error={categoryIdError}
          >
            {(aria) => (
              <select
                {...getSelectProps(fields.categoryId, { ariaAttributes: false })}
                key={fields.categoryId.key}
                {...aria}
                aria-describedby={
                  [aria["aria-describedby"], isOther ? `${fields.categoryId.id}-other` : null]
                    .filter(Boolean)
                    .join(" ") || undefined
                }
                onChange={(event) => setCategoryId(event.currentTarget.value)}
                className={`${inputClass(categoryIdError)} sm:max-w-md`}
              >
                <SelectOptions
                  placeholder={t("fields.categoryId.choose")}
                  choices={categories.map((category) => ({
                    value: String(category.id),
                    label: category.name,
                  }))}
                />
              </select>
            )}
          </FieldFrame>
          <div aria-live="polite">
            {isOther ? (
              <p
                id={`${fields.categoryId.id}-other`}
                className="rounded-md border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950"
              >
                {t("fields.categoryId.otherWarning", { category: other?.name })}
              </p>
            ) : null}
          </div>

          <InputField
            {...getInputProps(fields.name, { type: "text", ariaAttributes: false })}
            key={fields.name.key}
            label={required(t("fields.name.label"))}
            error={error("name")}
            autoComplete="off"
            className="sm:max-w-xl"
          />

          {locked ? (
            <div className="flex flex-col gap-1">
              <p className="text-sm font-semibold text-gray-900">{t("fields.appType.label")}</p>
              <p className="text-base text-gray-900">{t(`apps:appType.${locked.appType}`)}</p>
              <p className="text-sm text-gray-700">{t("fields.appType.locked")}</p>
            </div>
          ) : (
            <fieldset
              aria-describedby={appTypeError ? `${fields.appType.id}-error` : undefined}
              className="flex flex-col gap-2"
            >
              <legend className="text-sm font-semibold text-gray-900">
                {required(t("fields.appType.label"))}
              </legend>
              {appTypeError ? (
                <p id={`${fields.appType.id}-error`} className="text-sm font-semibold text-red-700">
                  {appTypeError}
                </p>
              ) : null}
              {[APP_TYPES.standard, APP_TYPES.connector].map((type, index) => (
                <div key={type} className="flex items-start gap-3">
                  <input
                    type="radio"
                    id={`${fields.appType.id}-${index}`}
                    name={fields.appType.name}
                    value={String(type)}
                    defaultChecked={fields.appType.initialValue === String(type)}
                    key={`${fields.appType.key}-${type}`}
                    aria-describedby={`${fields.appType.id}-${index}-hint`}
                    className="mt-1 h-5 w-5 accent-brand-600"
                  />
                  <div>
                    <label
                      htmlFor={`${fields.appType.id}-${index}`}
                      className="font-semibold text-gray-900"
                    >
                      {t(`apps:appType.${type}`)}
                    </label>
                    <p id={`${fields.appType.id}-${index}-hint`} className="text-sm text-gray-700">
                      {t(`fields.appType.hint${type}`)}
                    </p>
                  </div>
                </div>
              ))}
              <p className="text-sm text-gray-700">{t("fields.appType.lockedLater")}</p>
            </fieldset>
          )}

          <CountedTextarea
            {...getTextareaProps(fields.description, { ariaAttributes: false })}
            key={fields.description.key}
            label={required(t("fields.description.label"))}
            hint={t("fields.description.hint")}
            error={descriptionError}
            rows={5}
            max={APP_LIMITS.descriptionMax}
          />

          {locked ? (
            <div className="flex flex-col gap-1">
              <p className="text-sm font-semibold text-gray-900">{t("fields.countryCode.label")}</p>
              <p className="text-base text-gray-900">{locked.countryName}</p>
              <p className="text-sm text-gray-700">{t("fields.countryCode.locked")}</p>
            </div>
          ) : (
            <FieldFrame
              id={fields.countryCode.id}
              label={required(t("fields.countryCode.label"))}
              hint={t("fields.countryCode.hint")}
              error={countryError}
            >
              {(aria) => (
                <select
                  {...getSelectProps(fields.countryCode, { ariaAttributes: false })}
                  key={fields.countryCode.key}
                  {...aria}
                  className={`${inputClass(countryError)} sm:max-w-md`}
                >
                  <SelectOptions
                    placeholder={t("fields.countryCode.choose")}
                    choices={countries.map((country) => ({
                      value: country.code,
                      label: country.name,
                    }))}
                  />
                </select>
              )}
            </FieldFrame>
          )}
        </fieldset>
        <SaveBar
          editable={editable}
          busy={submitting}
          dirty={unsaved.dirty}
          draft={props.draft}
          onDiscard={props.onDiscard}
        />
      </Form>
      {unsaved.dialog}
    </>
  );
}
