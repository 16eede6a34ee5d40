/**
 * The new / update item dialog of the platform schema editor: tabs Details, Visibility, Endpoints,
 * Window and Advanced over one form
 * (app/forms/platform-item.ts). The browser checks the rules the page's loader derives from
 * the action's schema (app/forms/platform-item.server.ts); the action checks the rest, and
 * its answer shows each message next to its field. A tab whose fields hold an error shows
 * '!' on its label; the Window tab is enabled only when the window type is system. A new
 * dropdown can be saved with a copy of itself as its first item ('save and clone to first
 * dropdown item').
 *
 * Without JavaScript every tab's panel is shown, one below the other, each under its tab's
 * heading, and the whole form posts; with it the panels become tabs (one shown at a time).
 */
import { type SubmissionResult, useForm } from "@conform-to/react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FunctionIcon, PlatformFunction, PlatformType } from "~/api/schema/schemas";
import {
  type ActionType,
  BILLING_MODE_VALUES,
  CARD_TYPES,
  ENVIRONMENTS,
  TRIGGERING_APPLICATIONS,
} from "~/api/schema/values";
import { Button } from "~/components/ui/Button";
import { DialogFormButtons, useCloseDialog, useModalClose } from "~/components/ui/ConfirmDialog";
import { DialogForm } from "~/components/ui/DialogForm";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { FieldFrame } from "~/components/ui/Field";
import { Modal } from "~/components/ui/Modal";
import { checkForm, type FormRules } from "~/forms/check";
import {
  CONFIRM_CLEAR_BUTTONS,
  ICON_FILE,
  ITEM_FORM_ID,
  ITEM_TABS,
  type ItemTab,
  itemDefaults,
  itemTabsWithErrors,
  REFUSED_ICON,
  WIDTH_SLIDER,
} from "~/forms/platform-item";
import { useErrorTitle } from "~/lib/error-title";
import { useHydrated } from "~/lib/hydrated";
import { inputClass } from "~/lib/ui-classes";
import { FormTabs, fieldKit } from "./FormKit";
import { IconField } from "./IconField";
import { type PickerProps, type PickerQuestion, VisibilityPickers } from "./MatterTypePicker";

const NO_PICKERS: PickerProps = { matterTypes: [], withPrecedents: [], precedents: {} };

interface ItemDialogProps {
  platform: PlatformType;
  location: string;
  /** A new item of a list, or an item to update. */
  place: { list: string } | { path: string };
  item?: PlatformFunction;
  actionTypes: readonly ActionType[];
  /** The country's matter types (Visibility). */
  matterTypes?: PickerProps;
  /** Without JavaScript: the matter-type picker's question. */
  pickerQuestion?: PickerQuestion;
  /** The country has billing modes (UK). */
  billingModes?: boolean;
  /** The country takes SVG function icons. */
  allowSvg?: boolean;
  closeHref: string;
  /** What the browser checks (the page's loader derives it from the action's schema). */
  rules?: FormRules;
  lastResult?: SubmissionResult<string[]>;
}

export function ItemDialog({
  platform,
  location,
  place,
  item,
  actionTypes,
  matterTypes = NO_PICKERS,
  pickerQuestion,
  billingModes = false,
  allowSvg = false,
  closeHref,
  rules = {},
  lastResult,
}: ItemDialogProps) {
  const { t } = useTranslation("platform");
  const hydrated = useHydrated();
  const close = useCloseDialog(closeHref);
  const { ref, onClose } = useModalClose(close);
  const defaults = itemDefaults(item, actionTypes[0]);
  const [form] = useForm({
    id: ITEM_FORM_ID,
    lastResult,
    defaultValue: defaults as never,
    // Checked again on the next post only: typing would clear the messages of the action, which judges what the rules cannot tell.
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => checkForm(formData, rules),
  });
  const errors = form.allErrors;
  /** What the form shows: the item, or what was posted when the action refused it. */
  const values = ((form.initialValue as Record<string, unknown> | undefined) ?? defaults) as Record<
    string,
    unknown
  >;
  /** What the action made of the last post (an uploaded icon, the rule a refused file broke): with JavaScript the form's own values stay as first given. */
  const answered = (lastResult?.initialValue as Record<string, unknown> | undefined) ?? values;
  const errorNames = Object.keys(errors).filter((name) => errors[name]?.length);
  // Asked by the action: the box stays while the person answers (the browser's check does not know it).
  const asked = Boolean(
    (lastResult?.error as Record<string, unknown> | undefined)?.[CONFIRM_CLEAR_BUTTONS],
  );
  const marked = itemTabsWithErrors(errorNames);
  useErrorTitle(errorNames.length > 0);
  const [windowType, setWindowType] = useState(String(values.windowType ?? ""));
  const windowEnabled = windowType === "system";
  const [width, setWidth] = useState(String(values.width || WIDTH_SLIDER.defaultValue));
  const [actionType, setActionType] = useState(String(values.actionType ?? actionTypes[0]));

  const {
    idOf,
    errorOf,
    label,
    text,
    select,
    checkbox,
    boxes,
    windowTypeSelect,
    timeTrackedSelect,
  } = fieldKit(t, form, errors, defaults);

  const panels: Record<ItemTab, ReactNode> = {
    details: (
      <>
        {actionTypes.length > 1 ? (
          select(
            "actionType",
            actionTypes.map((type) => ({ value: type, label: t(`actionTypes.${type}`) })),
            { onChange: setActionType },
          )
        ) : (
          <input type="hidden" name="actionType" value={actionTypes[0]} />
        )}
        {text("name")}
        {text("label")}
        {actionType === "secondary-tab-dropdown" ? text("headerLabel") : null}
        {text("groupLabel")}
        {text("description", { textarea: true })}
        <IconField
          id={idOf(ICON_FILE)}
          icon={answered.icon as FunctionIcon | undefined}
          iconSvg={typeof answered.iconSvg === "string" ? answered.iconSvg : undefined}
          actionType={actionType as ActionType}
          allowSvg={allowSvg}
          error={errorOf(ICON_FILE)}
          refused={typeof answered[REFUSED_ICON] === "string" ? answered[REFUSED_ICON] : undefined}
          answer={lastResult}
        />
        {windowTypeSelect(setWindowType)}
        <p className="text-sm text-gray-700">{t("item.windowHint")}</p>
        {actionType === "button" ? (
          <FieldFrame
            id={idOf("width")}
            label={hydrated ? `${label("width")}: ${width}` : label("width")}
            hint={t("widthHint", { min: WIDTH_SLIDER.min, max: WIDTH_SLIDER.max })}
            error={errorOf("width")}
          >
            {(aria) => (
              <input
                {...aria}
                // A slider shows its value only with JavaScript: without it, a number field.
                type={hydrated ? "range" : "number"}
                name="width"
                min={WIDTH_SLIDER.min}
                max={WIDTH_SLIDER.max}
                step={WIDTH_SLIDER.step}
                defaultValue={width}
                onChange={(event) => setWidth(event.target.value)}
                className={hydrated ? "w-full" : inputClass(errorOf("width"))}
              />
            )}
          </FieldFrame>
        ) : null}
      </>
    ),
    visibility: (
      <>
        {platform === "desktop" ? (
          <p className="text-sm text-gray-700">{t("thisCanOnlyBeUpdatedAtRoot")}</p>
        ) : null}
        <VisibilityPickers
          formId={form.id}
          pickers={matterTypes}
          values={values}
          errors={{
            matterTypes: errorOf("visibility.matterTypes"),
            location: errorOf("visibility.location"),
          }}
          question={pickerQuestion}
          precedentsUrl={`${closeHref}/precedents`}
        />
        {billingModes
          ? boxes(
              "visibility.billingModes",
              BILLING_MODE_VALUES.map((value) => ({
                value: String(value),
                label: t(`billingModes.${value}`),
              })),
            )
          : null}
        {boxes(
          "visibility.cardType",
          CARD_TYPES.map((type) => ({ value: type, label: t(`cardTypes.${type}`) })),
        )}
        {select(
          "visibility.entityType",
          ["0", "1", "2"].map((value) => ({ value, label: t(`entityTypes.${value}`) })),
          { empty: t("entityTypes.any") },
        )}
        {text("visibility.formNames", { hint: t("commaHint") })}
        {text("visibility.tableIds", { hint: t("commaHint") })}
      </>
    ),
    endpoints: <>{ENVIRONMENTS.map((env) => text(`urls.${env}`))}</>,
    window: (
      <fieldset disabled={hydrated && !windowEnabled} className="space-y-4">
        {!windowEnabled ? <p className="text-sm text-gray-700">{t("windowOnlySystem")}</p> : null}
        {text("window.title")}
        {(["width", "height", "minWidth", "minHeight", "maxWidth", "maxHeight"] as const).map(
          (name) => text(`window.${name}`, { inputMode: "numeric" }),
        )}
        {text("window.closeHandler")}
        {checkbox("window.useNativeLoading")}
        {checkbox("window.hideControls")}
      </fieldset>
    ),
    advanced: (
      <>
        {text("functionGroupId")}
        {timeTrackedSelect()}
        {select(
          "triggeredFromApplication",
          TRIGGERING_APPLICATIONS.map((value) => ({ value, label: t(`applications.${value}`) })),
          { empty: t("applications.none") },
        )}
        {text("formNames", { hint: t("commaHint") })}
        {checkbox("messageBus")}
        {checkbox("externalEmailIntegrationReq")}
        {checkbox("isSupportMultipleInstances")}
        {checkbox("popOutWindow")}
      </>
    ),
  };

  const summary = errorNames.map((name) => ({
    id: name === CONFIRM_CLEAR_BUTTONS ? `${form.id}-confirm-clear` : idOf(name),
    message: errors[name]![0],
  }));
  return (
    <Modal
      open
      title={t(item ? "item.updateTitle" : "item.newTitle")}
      onClose={onClose}
      className="w-[min(48rem,calc(100vw-2rem))]"
    >
      <div ref={ref}>
        <ErrorSummary errors={summary} />
      </div>
      <DialogForm form={form} hidden={{ intent: "item", location }} encType="multipart/form-data">
        {"path" in place ? (
          <input type="hidden" name="path" value={place.path} />
        ) : (
          <input type="hidden" name="list" value={place.list} />
        )}
        {/* Without JavaScript, Enter in a field saves: the first submit button is the form's default, before the pickers' steps. */}
        {hydrated ? null : <button type="submit" hidden tabIndex={-1} />}
        {asked ? (
          <div className="rounded-md border-l-4 border-amber-600 bg-amber-50 p-3">
            <label
              htmlFor={`${form.id}-confirm-clear`}
              className="flex min-h-11 items-center gap-2 font-semibold text-gray-900"
            >
              <input
                id={`${form.id}-confirm-clear`}
                type="checkbox"
                name={CONFIRM_CLEAR_BUTTONS}
                className="h-5 w-5"
              />
              {t("item.confirmClearBox")}
            </label>
          </div>
        ) : null}
        <FormTabs
          tabs={ITEM_TABS}
          label={t("itemTabs.label")}
          tabLabel={(name) => t(`itemTabs.${name}`)}
          marked={marked}
          disabled={windowEnabled ? [] : ["window"]}
          panels={panels}
        />
        {!item && (hydrated ? actionType === "dropdown" : actionTypes.includes("dropdown")) ? (
          <p className="flex justify-end">
            <Button type="submit" variant="secondary" name="firstItem" value="on">
              {t("item.submitWithFirstItem")}
            </Button>
          </p>
        ) : null}
        <DialogFormButtons
          closeHref={closeHref}
          onClose={close}
          cancel={t("actions.cancel")}
          submit={t("item.submit")}
        />
      </DialogForm>
    </Modal>
  );
}
