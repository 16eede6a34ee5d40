/**
 * The custom view settings dialog of the platform schema editor: tabs Details (label, group label,
 * and window type and fullscreen on a matter view
 * only for a company of integratorType 1), Visibility (desktop
 * only: the view's product variants and supported desktop versions), Endpoints (the four
 * environment URLs) and Advanced (function group, time tracking, message bus, external email
 * integration), over one form of app/forms/platform-settings.ts. Fullscreen clears the window
 * type and the view's buttons, as a window type on a matter view clears its buttons (the
 * page's action applies the rules of app/lib/platform/window.ts): when it would, the
 * action asks first, and the dialog comes back with a box that confirms it. On desktop the
 * Visibility tab also holds the matter-type picker (MatterTypePicker.tsx, without precedents).
 */
import { type SubmissionResult, useForm } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { windowOptionsAllowed } from "~/api/schema/locations";
import type { PlatformType, PlatformView } from "~/api/schema/schemas";
import { ENVIRONMENTS } from "~/api/schema/values";
import { DialogFormButtons, useCloseDialog, useModalClose } from "~/components/ui/ConfirmDialog";
import { DialogForm } from "~/components/ui/DialogForm";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { Modal } from "~/components/ui/Modal";
import { checkForm, type FormRules } from "~/forms/check";
import {
  CUSTOM_VIEW_FORM_ID,
  CUSTOM_VIEW_TABS,
  type CustomViewTab,
  customViewTabsWithErrors,
  viewFieldDefaults,
} from "~/forms/platform-settings";
import { useErrorTitle } from "~/lib/error-title";
import { useHydrated } from "~/lib/hydrated";
import { FormTabs, fieldKit } from "./FormKit";
import { type PickerProps, type PickerQuestion, VisibilityPickers } from "./MatterTypePicker";
import { postedVisibility, RootVisibilityFields, type VariantOption } from "./RootVisibilityFields";

interface CustomViewDialogProps {
  platform: PlatformType;
  view: PlatformView;
  /** The view's type (its location's), and the company's integratorType: a matter view's window options are integratorType 1's. */
  viewType?: string;
  integratorType: number;
  variants: readonly VariantOption[];
  minimumDesktopVersion?: string;
  /** Desktop: the matter-type picker's matter types, and its question without JavaScript. */
  pickers?: PickerProps;
  pickerQuestion?: PickerQuestion;
  closeHref: string;
  /** What the browser checks (the page's loader derives it from the action's schema). */
  rules?: FormRules;
  lastResult?: SubmissionResult<string[]>;
}

export function CustomViewDialog({
  platform,
  view,
  viewType,
  integratorType,
  variants,
  minimumDesktopVersion,
  pickers,
  pickerQuestion,
  closeHref,
  rules = {},
  lastResult,
}: CustomViewDialogProps) {
  const { t } = useTranslation("platform");
  const hydrated = useHydrated();
  const close = useCloseDialog(closeHref);
  const { ref, onClose } = useModalClose(close);
  const desktop = platform === "desktop";
  const windowOffered = windowOptionsAllowed(viewType, integratorType);
  const [form] = useForm({
    id: CUSTOM_VIEW_FORM_ID,
    lastResult,
    defaultValue: viewFieldDefaults(view) as never,
    // Checked again on the next post only: typing would clear the messages of the action, which judges what the rules cannot tell.
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => checkForm(formData, rules),
  });
  const errors = form.allErrors;
  // Asked by the action: the box stays while the person answers (the browser's check does not know it).
  const asked = Boolean((lastResult?.error as Record<string, unknown> | undefined)?.confirmClear);
  const errorNames = Object.keys(errors).filter((name) => errors[name]?.length);
  // Not offered to the company, they are still shown when a post holding them was refused: the message sits next to its field.
  const windowOptions =
    windowOffered || errorNames.includes("windowType") || errorNames.includes("isFullScreen");
  useErrorTitle(errorNames.length > 0);
  const { idOf, text, checkbox, windowTypeSelect, timeTrackedSelect } = fieldKit(
    t,
    form,
    errors,
    viewFieldDefaults(view),
  );
  const tabs = CUSTOM_VIEW_TABS.filter((tab) => desktop || tab !== "visibility");
  const panels: Record<CustomViewTab, ReactNode> = {
    details: (
      <>
        {text("label")}
        {text("groupLabel")}
        {windowOptions ? (
          <>
            {windowTypeSelect()}
            {checkbox("isFullScreen")}
            <p className="text-sm text-gray-700">{t("customView.windowHint")}</p>
          </>
        ) : null}
      </>
    ),
    visibility: desktop ? (
      <>
        <RootVisibilityFields
          formKey={form.key}
          idOf={idOf}
          errors={errors}
          visibility={postedVisibility(lastResult, view.visibility)}
          variants={variants}
          variantsOn={variants.length > 0}
          minimumDesktopVersion={minimumDesktopVersion}
        />
        {pickers ? (
          <VisibilityPickers
            formId={form.id}
            pickers={pickers}
            values={
              (lastResult?.initialValue as Record<string, unknown> | undefined) ?? {
                visibility: { matterTypes: view.visibility?.matterTypes ?? [] },
              }
            }
            errors={{ matterTypes: errors["visibility.matterTypes"]?.[0] }}
            question={pickerQuestion}
            precedentsShown={false}
            precedentsUrl={`${closeHref}/precedents`}
          />
        ) : null}
      </>
    ) : null,
    endpoints: <>{ENVIRONMENTS.map((env) => text(`urls.${env}`))}</>,
    advanced: (
      <>
        {text("functionGroupId")}
        {timeTrackedSelect()}
        {checkbox("messageBus")}
        {checkbox("externalEmailIntegrationReq")}
      </>
    ),
  };
  const summary = errorNames.map((name) => ({
    id: name === "confirmClear" ? `${form.id}-confirm-clear` : idOf(name),
    message: errors[name]![0],
  }));
  return (
    <Modal
      open
      title={t("customView.title", { name: view.name || view.id })}
      onClose={onClose}
      className="w-[min(48rem,calc(100vw-2rem))]"
    >
      <div ref={ref}>
        <ErrorSummary errors={summary} />
      </div>
      <DialogForm form={form} hidden={{ intent: "custom-view", location: view.id }}>
        {/* Without JavaScript, Enter in a field saves: the first submit button is the form's default, before the picker's steps. */}
        {desktop && !hydrated ? <button type="submit" hidden tabIndex={-1} /> : null}
        {asked ? (
          <div className="rounded-md border-l-4 border-amber-600 bg-amber-50 p-3">
            <label
              htmlFor={`${form.id}-confirm-clear`}
              className="flex min-h-11 items-center gap-2 font-semibold text-gray-900"
            >
              <input
                id={`${form.id}-confirm-clear`}
                type="checkbox"
                name="confirmClear"
                className="h-5 w-5"
              />
              {t("customView.confirmClearBox")}
            </label>
          </div>
        ) : null}
        <FormTabs
          tabs={tabs}
          label={t("customView.tabs")}
          tabLabel={(name) => t(`itemTabs.${name}`)}
          marked={customViewTabsWithErrors(errorNames)}
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
