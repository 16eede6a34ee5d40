/**
 * The platform editor's dialogs, each addressed by the page's query (`?dialog=...`) and
 * rendered open by the server; the product-variant updates dialog is the action's answer.
 */
import type { SerializeFrom } from "@remix-run/node";
import { useActionData, useLocation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { actionTypesOf } from "~/lib/platform/cards";
import { cloneTargets } from "~/lib/platform/items";
import { findLocation } from "~/lib/platform/locations";
import { itemName } from "~/lib/platform/page-links";
import { getItem, splitItemPath } from "~/lib/platform/paths";
import type { ImportAnswer } from "../import.server";
import type { DialogFailure } from "../intents.server";
import type { loadPage } from "../load.server";
import type { VariantUpdates } from "../platform.server";
import { ImportDialog } from "./ImportDownload";
import {
  AddLocationDialog,
  ChangesDialog,
  CloneDialog,
  CustomViewDialog,
  ExceptionsDialog,
  ItemDialog,
  SettingDialog,
  VariantUpdatesDialog,
} from "./lazy-dialogs";

/** What the loader sends the page. */
export type PageData = SerializeFrom<typeof loadPage>;

/** The dialog the page's address opens (`?dialog=`), or the one the action's answer asks for. */
export function PageDialogs({ data }: { data: PageData }) {
  const { t } = useTranslation("platform");
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const answer = useActionData() as DialogFailure | ImportAnswer | VariantUpdates | undefined;
  if (answer?.intent === "variant-updates") {
    return (
      <VariantUpdatesDialog
        choice={answer.choice}
        added={answer.added}
        removed={answer.removed}
        closeHref={pathname}
      />
    );
  }
  const actionData = "result" in (answer ?? {}) ? (answer as DialogFailure) : undefined;
  const failed = (intent: DialogFailure["intent"]) =>
    actionData?.intent === intent ? actionData.result : undefined;
  const dialog = searchParams.get("dialog");
  const location = searchParams.get("location") ?? "";
  const path = searchParams.get("path") ?? "";
  if (!data.canEdit && dialog !== "changes") return null;
  switch (dialog) {
    case "add-location":
      return (
        <AddLocationDialog
          offered={data.offered}
          closeHref={pathname}
          rules={data.rules["add-location"]}
          lastResult={failed("add-location")}
        />
      );
    case "changes":
      return <ChangesDialog changes={data.changes} closeHref={pathname} />;
    case "clone": {
      const item = getItem(data.document, location, path);
      if (!item) return null;
      return (
        <CloneDialog
          location={location}
          path={path}
          itemName={itemName(item, (type) => t(`actionTypes.${type}`))}
          targets={cloneTargets(data.document, location, path, data.settings)}
          closeHref={pathname}
          rules={data.rules.clone}
          lastResult={failed("clone")}
        />
      );
    }
    case "custom-view": {
      const found = findLocation(data.document, location);
      if (found?.kind !== "view" || !found.location.isCustomView) return null;
      return (
        <CustomViewDialog
          platform={data.platform}
          view={found.location}
          viewType={data.viewTypes[location] ?? found.location.type}
          integratorType={data.integratorType}
          variants={data.variants}
          minimumDesktopVersion={data.minimumDesktopVersion}
          pickers={
            data.platform === "desktop" ? (actionData?.pickers ?? data.matterTypes) : undefined
          }
          pickerQuestion={actionData?.intent === "custom-view" ? actionData.ask : undefined}
          closeHref={pathname}
          rules={data.rules["custom-view"]}
          lastResult={failed("custom-view")}
        />
      );
    }
    case "import":
      return (
        <ImportDialog
          closeHref={pathname}
          answer={answer && "json" in answer ? (answer as ImportAnswer) : undefined}
        />
      );
    case "exceptions":
      return data.platform === "desktop" ? (
        <ExceptionsDialog
          rows={data.document.exceptions ?? []}
          closeHref={pathname}
          rules={data.rules.exceptions}
          lastResult={failed("exceptions")}
        />
      ) : null;
    case "setting": {
      const found = data.platform === "desktop" ? findLocation(data.document, location) : undefined;
      if (!found) return null;
      return (
        <SettingDialog
          location={location}
          locationName={found.location.name || location}
          visibility={found.location.visibility}
          variants={data.variants}
          variantsOn={data.variants.length > 0}
          minimumDesktopVersion={data.minimumDesktopVersion}
          closeHref={pathname}
          rules={data.rules.setting}
          lastResult={failed("setting")}
        />
      );
    }
    case "discard":
      return data.differs ? (
        <ConfirmDialog
          title={t("confirm.discardTitle")}
          body={<p>{t("confirm.discardBody")}</p>}
          closeHref={pathname}
          danger
        >
          <input type="hidden" name="intent" value="discard" />
        </ConfirmDialog>
      ) : null;
    case "remove-location": {
      const found = findLocation(data.document, location);
      if (!found) return null;
      return (
        <ConfirmDialog
          title={t("confirm.removeLocationTitle")}
          body={
            <p className="wrap-anywhere">
              {t("confirm.removeLocationBody", { name: found.location.name || location })}
            </p>
          }
          closeHref={pathname}
          danger
        >
          <input type="hidden" name="intent" value="remove-location" />
          <input type="hidden" name="location" value={location} />
        </ConfirmDialog>
      );
    }
    case "delete-item": {
      const item = getItem(data.document, location, path);
      if (!item) return null;
      return (
        <ConfirmDialog
          title={t("confirm.deleteItemTitle")}
          body={
            <p className="wrap-anywhere">
              {t("confirm.deleteItemBody", {
                name: itemName(item, (type) => t(`actionTypes.${type}`)),
              })}
            </p>
          }
          closeHref={pathname}
          danger
        >
          <input type="hidden" name="intent" value="delete-item" />
          <input type="hidden" name="location" value={location} />
          <input type="hidden" name="path" value={path} />
        </ConfirmDialog>
      );
    }
    case "item": {
      const list = searchParams.get("list");
      const editing = list === null;
      const item = editing ? getItem(data.document, location, path) : undefined;
      const listPath = editing ? (item ? splitItemPath(path).list : "") : list;
      const actionTypes = listPath ? actionTypesOf(data.document, location, listPath) : [];
      if ((editing && !item) || actionTypes.length === 0) return null;
      return (
        <ItemDialog
          platform={data.platform}
          location={location}
          place={editing ? { path } : { list: listPath }}
          item={item}
          actionTypes={actionTypes}
          matterTypes={actionData?.pickers ?? data.matterTypes}
          pickerQuestion={actionData?.intent === "item" ? actionData.ask : undefined}
          billingModes={data.countryCode === "UK"}
          allowSvg={data.allowSvg}
          closeHref={pathname}
          rules={data.rules.item}
          lastResult={failed("item")}
        />
      );
    }
    default:
      return null;
  }
}
