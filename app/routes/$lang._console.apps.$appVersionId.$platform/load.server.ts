/**
 * What the platform schema editor page shows. Loading reads the version (shared with the
 * version layout in one request), the saved schema of the platform with the edit check
 * (`GET app-schema/{id}?platform=`), the location settings of the app's country and platform
 * (`GET resources/config-init-all`), the signed-in user (the company's integratorType, shared
 * with the console layout) and, on desktop where the country has product variants (AUB as
 * AU), `GET resources/product-variants`. The document shown is the user's draft when there is
 * one (app/lib/platform/draft.server.ts).
 */
import { type AppLoadContext, json } from "@remix-run/node";
import {
  getConfigInitAll,
  getDesktopVersions,
  getProductVariants,
} from "~/api/resources/endpoints";
import type { LocationSetting, ProductVariant } from "~/api/resources/schemas";
import { checkWholeSchema } from "~/api/schema/document";
import { getSchema } from "~/api/schema/endpoints";
import type { PlatformSchema } from "~/api/schema/schemas";
import { getUser } from "~/api/user/endpoints";
import { requireUser } from "~/auth.server";
import i18next from "~/i18next.server";
import { loadFailure, loadVersion, notFound } from "~/lib/apps/editor.server";
import { type EditorPlatform, isEditorPlatform } from "~/lib/apps/platform-tabs";
import { locationCards } from "~/lib/platform/cards";
import { schemaChanges } from "~/lib/platform/changes";
import { loadPlatformDraft, type UnreadableDraft } from "~/lib/platform/draft.server";
import { emptyPlatform, offeredLocations, withSettingNames } from "~/lib/platform/locations";
import { getItem } from "~/lib/platform/paths";
import { loadPickers, type PickerData } from "~/lib/platform/pickers.server";
import { hasFailed, pageTitle } from "~/lib/title";
import { editorRules } from "./forms.server";

/** Everything the page and its actions need. */
export interface EditorState {
  versionId: string;
  appName: string;
  /** The version's number as shown (1.000). */
  versionNumber: string;
  platform: EditorPlatform;
  countryCode: string;
  saved: PlatformSchema;
  document: PlatformSchema;
  /** The draft differs from the saved schema. */
  differs: boolean;
  /** A kept draft that cannot be shown: why (the page offers Discard). */
  unreadableDraft?: UnreadableDraft;
  /** The edit check: Save and every change are offered only then. */
  canEdit: boolean;
  settings: LocationSetting[];
  integratorType: number;
  hasAccessToTest: boolean;
  /** Desktop only, where the country has product variants. */
  productVariants: ProductVariant[];
  /** Desktop only: the oldest supported desktop version. */
  minimumDesktopVersion?: string;
  /** The country takes SVG function icons (`allow-svg-button`). */
  allowSvg: boolean;
}

export async function loadEditor(
  request: Request,
  context: AppLoadContext,
  params: { appVersionId?: string; platform?: string },
): Promise<EditorState> {
  const { api, session } = await requireUser(request, context);
  const platform = params.platform;
  if (!isEditorPlatform(platform)) throw await notFound(request);
  const version = await loadVersion(request, api, params.appVersionId);
  if (version.details.appType !== 0) throw await notFound(request);
  try {
    const [read, config, user] = await Promise.all([
      api.call(getSchema, { params: { appVersionId: version.id }, query: { platform } }),
      api.call(getConfigInitAll),
      api.call(getUser),
    ]);
    const country = config.init.countries.find(
      (entry) => entry.code === version.details.countryCode,
    );
    const resourceCountry =
      config.init.countries.find(
        (entry) => entry.code === (country?.resourceCountryCode ?? version.details.countryCode),
      ) ?? country;
    const settings =
      country?.settings.platforms.find((entry) => entry.type === platform)?.locations ?? [];
    const variantsOn =
      platform === "desktop" && Boolean(resourceCountry?.featureFlags["product-variant-enabled"]);
    const [productVariants, desktopVersions] = await Promise.all([
      variantsOn
        ? api.call(getProductVariants, { query: { countryCode: version.details.countryCode } })
        : [],
      platform === "desktop" ? api.call(getDesktopVersions) : [],
    ]);
    const saved = read.schema ?? emptyPlatform(platform);
    const draft = await loadPlatformDraft(session, version.id, platform, saved);
    return {
      versionId: version.id,
      appName: version.details.name,
      versionNumber: version.versionNumberDisplay,
      platform,
      countryCode: version.details.countryCode,
      saved,
      document: draft.document,
      differs: draft.differs,
      unreadableDraft: draft.unreadable,
      canEdit: read.canEdit,
      settings,
      integratorType: user.integratorType,
      hasAccessToTest: user.hasAccessToTest,
      productVariants,
      minimumDesktopVersion: desktopVersions.find((entry) => entry.isMinimum)?.version,
      allowSvg: Boolean(resourceCountry?.featureFlags["allow-svg-button"]),
    };
  } catch (error) {
    if (error instanceof Response) throw error;
    throw await loadFailure(request, error, "fetchAppSchema");
  }
}

/**
 * What the matter-type and precedent pickers of the item dialog show (app/lib/platform/
 * pickers.server.ts): the country's matter types and the precedents of `matterTypeIds`.
 */
export async function loadMatterTypes(
  request: Request,
  context: AppLoadContext,
  countryCode: string,
  matterTypeIds: readonly string[] = [],
): Promise<PickerData> {
  const { api } = await requireUser(request, context);
  return loadPickers(api, countryCode, matterTypeIds);
}

/**
 * The loader's data: the page's state in the page's words (locations named as the provider
 * names them), the pickers of an open item or custom view dialog, and the rules of the forms
 * the address shows.
 */
export async function loadPage(
  request: Request,
  context: AppLoadContext,
  params: { appVersionId?: string; platform?: string },
) {
  const state = await loadEditor(request, context, params);
  // The item dialog's pickers: read only while it is open (the precedents of the item's matter types).
  const search = new URL(request.url).searchParams;
  const shownItem =
    search.get("dialog") === "item" && search.get("path")
      ? getItem(state.document, search.get("location") ?? "", search.get("path") ?? "")
      : undefined;
  const withPickers =
    search.get("dialog") === "item" ||
    (search.get("dialog") === "custom-view" && state.platform === "desktop");
  const matterTypes = withPickers
    ? await loadMatterTypes(
        request,
        context,
        state.countryCode,
        shownItem?.visibility?.matterTypes ?? [],
      )
    : undefined;
  const t = await i18next.getFixedT(request, ["platform", "appEditor", "common"]);
  const platformName = t(`appEditor:tabs.${state.platform}`);
  // Locations named as the provider names them in the page's language.
  const shown = withSettingNames(state.document, state.settings);
  return json({
    title: pageTitle(
      t,
      t("platform:pageTitle", { platform: platformName, name: state.appName }),
      hasFailed(context),
    ),
    platform: state.platform,
    canEdit: state.canEdit,
    differs: state.differs,
    unreadableDraft: state.unreadableDraft ?? null,
    document: shown,
    cards: locationCards(shown, state.settings),
    offered: offeredLocations(shown, state.settings, state.integratorType).map(({ id, name }) => ({
      id,
      name,
    })),
    viewTypes: Object.fromEntries(state.settings.map((setting) => [setting.id, setting.viewType])),
    changes: state.differs
      ? schemaChanges(withSettingNames(state.saved, state.settings), shown)
      : [],
    variants: state.productVariants.map(({ firmType, name }) => ({ firmType, name })),
    settings: state.settings,
    hasAccessToTest: state.hasAccessToTest,
    integratorType: state.integratorType,
    countryCode: state.countryCode,
    matterTypes,
    updateRequired: checkWholeSchema(state.document).updateRequired.map((entry) => entry.id),
    minimumDesktopVersion: state.minimumDesktopVersion,
    allowSvg: state.allowSvg,
    rules: editorRules(t, state, search),
  });
}
