/**
 * A location's root settings (desktop) in tabs: Desktop versions (minimum, maximum) and, only
 * where the country has product variants, Visibility (its product variants).
 */
import { type SubmissionResult, useForm } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PRODUCT_VARIANT_ALL } from "~/api/schema/values";
import { DialogFormButtons, useCloseDialog, useModalClose } from "~/components/ui/ConfirmDialog";
import { DialogForm } from "~/components/ui/DialogForm";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { Modal } from "~/components/ui/Modal";
import { checkForm, type FormRules } from "~/forms/check";
import {
  ROOT_VISIBILITY_FORM_ID,
  type SettingTab,
  settingTabs,
  settingTabsWithErrors,
} from "~/forms/platform-settings";
import { useErrorTitle } from "~/lib/error-title";
import { FormTabs } from "./FormKit";
import {
  postedVisibility,
  RootVisibilityFields,
  type RootVisibilityProps,
  summaryOf,
} from "./RootVisibilityFields";

/** The setting dialog (`?dialog=setting`) of a location. */
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
}: RootVisibilityProps & {
  location: string;
  locationName: string;
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
