/**
 * The per-version actions menu (the actions its status allows), and the menu it shares with
 * the app card's (the dialog links are ~/lib/page-action's).
 *
 * Every action of `versionActions()` for the version's status, each with its dialog addressed
 * by the URL of the current page (`versionActionDialog`): submit, submit to live and resubmit
 * open the submit dialog (`?submit={versionId}`), a pause or unpause request its form
 * (`?pause={versionId}`), push to live or beta, archive, withdraw and roll back a
 * confirmation (`?confirm=pushToLive:{versionId}`); then Duplicate (`?duplicate={versionId}`)
 * and Preview in marketplace (a new tab on `/{lang}/preview?app-id={versionId}&preview=true`),
 * hidden when the app level is 3. The page renders the dialogs with <ReviewDialogs> and
 * <DuplicateDialog>.
 *
 *   <VersionMenu version={{ versionId, versionDisplay }} appName={name} appLevel={appLevel} />
 *
 * The page that shows it renders `<DuplicateDialog>` when `?duplicate=` names one of its
 * versions, and hands the dialog's post to `handleAppAction` (~/lib/apps/version-actions.server).
 */
import { Link, useParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type VersionAction, versionActions } from "~/api/apps/status";
import { Icon } from "~/components/Icon";

import { MenuButton, MenuList, type MenuParts, menuItemClass } from "~/components/ui/Menu";
import { DIALOG_LINK_STATE } from "~/lib/dialog-link";
import { useDialogHref } from "~/lib/page-action";

// ---------------------------------------------------------------------------
// A menu of links
// ---------------------------------------------------------------------------

export interface ActionMenuItem {
  key: string;
  label: ReactNode;
  /** A page of the console (a dialog on this page): followed without a page load with JS. */
  to?: string;
  /** Opens in a new tab (the label gets 'opens in a new tab' for screen readers). */
  newTab?: string;
  danger?: boolean;
}

interface ActionMenuProps {
  /** The id of the menu button (focus returns to it when a dialog the menu opened closes). */
  id: string;
  /** The button's accessible name. */
  label: string;
  items: ActionMenuItem[];
}

const triggerClass =
  "flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-md text-gray-800 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden";

/**
 * An item: a link of the console followed without a page load once JavaScript runs (a plain
 * link before: it loads its page anyway, and a long list renders many), or a new tab.
 */
function ItemLink({ item, parts }: { item: ActionMenuItem; parts: MenuParts }) {
  const { t } = useTranslation("common");
  const className = menuItemClass(item.danger);
  if (item.newTab) {
    return (
      <a
        {...parts.item}
        href={item.newTab}
        target="_blank"
        rel="noopener noreferrer"
        className={className}
      >
        {item.label}
        <Icon name="external" className="h-4 w-4" />
        <span className="sr-only"> {t("nav.opensInNewTab")}</span>
      </a>
    );
  }
  if (!parts.hydrated) {
    return (
      <a href={item.to ?? "."} className={className}>
        {item.label}
      </a>
    );
  }
  return (
    <Link
      {...parts.item}
      to={item.to ?? "."}
      state={DIALOG_LINK_STATE}
      preventScrollReset
      className={className}
    >
      {item.label}
    </Link>
  );
}

function Kebab() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-5 w-5">
      <circle cx="10" cy="4" r="1.75" />
      <circle cx="10" cy="10" r="1.75" />
      <circle cx="10" cy="16" r="1.75" />
    </svg>
  );
}

/** A kebab menu of links (the shared MenuButton); an open one lies above the other menus of the page. */
export function ActionMenu({ id, label, items }: ActionMenuProps) {
  if (items.length === 0) return null;
  return (
    <MenuButton
      id={id}
      label={<Kebab />}
      ariaLabel={label}
      buttonClassName={triggerClass}
      className="relative z-10 open:z-30 has-aria-expanded:z-30"
      panelClassName="right-0 min-w-52"
    >
      {(parts) => (
        <MenuList parts={parts}>
          {items.map((item) => (
            <ItemLink key={item.key} item={item} parts={parts} />
          ))}
        </MenuList>
      )}
    </MenuButton>
  );
}

// ---------------------------------------------------------------------------
// The version menu
// ---------------------------------------------------------------------------

export interface VersionMenuProps {
  version: { versionId: string; versionDisplay: string; statusCode: number };
  appName: string;
  /** The app group's level; 3 hides the marketplace preview. Unknown (null) shows it. */
  appLevel?: number | null;
}

/** The id of a version's menu button (dialogs opened from it return focus there). */
export const versionMenuId = (versionId: string) => `version-menu-${versionId}`;

/**
 * The dialog of each status action: the submit dialog (`?submit=`), the pause or unpause
 * request (`?pause=`), or a confirmation (`?confirm={action}:{versionId}`).
 */
export function versionActionDialog(
  action: VersionAction,
  versionId: string,
): Record<string, string> | undefined {
  switch (action) {
    case "submit":
    case "submitToLive":
    case "resubmit":
      return { submit: versionId };
    case "pause":
    case "unpause":
      return { pause: versionId };
    case "pushToLive":
    case "pushToBeta":
    case "archive":
    case "withdraw":
    case "rollbackToBeta":
      return { confirm: `${action}:${versionId}` };
    default:
      return undefined;
  }
}

export function VersionMenu({ version, appName, appLevel }: VersionMenuProps) {
  const { t } = useTranslation("appList");
  const { lang } = useParams();
  const dialog = useDialogHref();
  const actions = versionActions(version.statusCode, { appLevel: appLevel ?? undefined });
  const items: ActionMenuItem[] = [];
  for (const action of actions) {
    const params = versionActionDialog(action, version.versionId);
    if (params)
      items.push({
        key: action,
        label: t(`versionMenu.${action}`),
        to: dialog.open(params),
        danger: action === "archive",
      });
  }
  if (actions.includes("duplicate")) {
    items.push({
      key: "duplicate",
      label: t("versionMenu.duplicate"),
      to: dialog.open({ duplicate: version.versionId }),
    });
  }
  if (actions.includes("preview")) {
    const query = new URLSearchParams({ "app-id": version.versionId, preview: "true" });
    items.push({
      key: "preview",
      label: t("versionMenu.preview"),
      newTab: `/${lang}/preview?${query}`,
    });
  }
  return (
    <ActionMenu
      id={versionMenuId(version.versionId)}
      label={t("versionMenu.label", { name: appName, version: version.versionDisplay })}
      items={items}
    />
  );
}
