/**
 * The settings dialogs of the platform schema editor,
 * what the dialogs and the page's action share with no zod in it: the forms' ids, their tabs
 * (`settingTabs`, `customViewTabOf`, and the tabs to mark '!'), and each form's values of what
 * the document holds (conform's defaultValue; posted back unchanged they read as the same
 * settings): `rootVisibilityDefaults`, `customViewDefaults`, `exceptionsDefaults`,
 * `appVariantsDefaults`. The schemas that read the posts are platform-settings.server.ts.
 */
import type { ExceptionUrl, Visibility } from "~/api/schema/schemas";
import { type CustomViewSettings, variantChoice } from "~/lib/platform/settings";
import { endpointDefaults, tabsWithErrors } from "./platform-common";

export const CUSTOM_VIEW_FORM_ID = "platform-custom-view";
export const ROOT_VISIBILITY_FORM_ID = "platform-setting";
export const EXCEPTIONS_FORM_ID = "platform-exceptions";
export const APP_VARIANTS_FORM_ID = "platform-product-variants";

/**
 * The setting dialog's tabs (decision 0065): Desktop versions (the
 * location's supported desktop versions) always, Visibility (its product variants) only where
 * the country has product variants.
 */
export const SETTING_TABS = ["versions", "visibility"] as const;
export type SettingTab = (typeof SETTING_TABS)[number];
export const settingTabs = (variantsOn: boolean): readonly SettingTab[] =>
  SETTING_TABS.filter((tab) => variantsOn || tab !== "visibility");
export const settingTabOf = (name: string): SettingTab =>
  name.startsWith("visibility.productVariants") ? "visibility" : "versions";
export const settingTabsWithErrors = (errorNames: Iterable<string>) =>
  tabsWithErrors(SETTING_TABS, settingTabOf, errorNames);

export const CUSTOM_VIEW_TABS = ["details", "visibility", "endpoints", "advanced"] as const;
export type CustomViewTab = (typeof CUSTOM_VIEW_TABS)[number];

export function customViewTabOf(name: string): CustomViewTab {
  const head = name.split(/[.[]/)[0];
  if (head === "visibility") return "visibility";
  if (head === "urls") return "endpoints";
  return ["functionGroupId", "timeTracked", "messageBus", "externalEmailIntegrationReq"].includes(
    head,
  )
    ? "advanced"
    : "details";
}
export const customViewTabsWithErrors = (errorNames: Iterable<string>) =>
  tabsWithErrors(CUSTOM_VIEW_TABS, customViewTabOf, errorNames);

// ---------------------------------------------------------------------------
// The forms' values of what the document holds (conform's defaultValue)
// ---------------------------------------------------------------------------

/** The variant and version fields of a location's root visibility. */
export function rootVisibilityDefaults(visibility: Visibility | undefined) {
  const [minimum = "", maximum = ""] = visibility?.supportedDesktopVersions ?? [];
  return {
    visibility: {
      productVariants: variantChoice(visibility?.productVariants).map(String),
      supportedDesktopVersions: [minimum, maximum],
    },
  };
}

/** The custom view settings dialog's values of a view's own fields (its visibility aside, which the dialog's visibility fields hold). */
export function viewFieldDefaults(view: Omit<CustomViewSettings, "visibility">) {
  const flag = (value: boolean | undefined) => (value ? "on" : undefined);
  return {
    label: view.label ?? "",
    groupLabel: view.groupLabel ?? "",
    functionGroupId: view.functionGroupId ?? "",
    windowType: view.windowType ?? "",
    timeTracked: view.timeTracked === undefined ? "" : String(view.timeTracked),
    isFullScreen: flag(view.isFullScreen),
    messageBus: flag(view.messageBus),
    externalEmailIntegrationReq: flag(view.externalEmailIntegrationReq),
    urls: endpointDefaults(view.urls),
  };
}

/** The custom view settings dialog's values of a view. */
export function customViewDefaults(view: CustomViewSettings) {
  return {
    ...viewFieldDefaults(view),
    ...rootVisibilityDefaults(view.visibility),
  };
}

/** The exception URL rows' values. */
export const exceptionsDefaults = (rows: readonly ExceptionUrl[] | undefined) => ({
  exceptions: (rows ?? []).map((row) => ({
    url: row.url,
    isInternal: row.isInternal ? "on" : undefined,
  })),
});

/** The app-level product variants' values. */
export const appVariantsDefaults = (stored: readonly number[] | null | undefined) => ({
  productVariants: variantChoice(stored).map(String),
});
