/**
 * The per-version actions menu (spec 01 section 4, "Actions by status"), and the menu and
 * dialog-link helpers it shares with the app card's menu.
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
import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { Link, useLocation, useParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { forwardRef, type AnchorHTMLAttributes, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { versionActions, type VersionAction } from "~/api/apps/status";
import { Icon } from "~/components/Icon";
import { DIALOG_LINK_STATE } from "~/components/ui/ConfirmDialog";
import { useHydrated } from "~/lib/hydrated";
import { pageSearch } from "~/lib/page-action";

// ---------------------------------------------------------------------------
// Dialog links
// ---------------------------------------------------------------------------

/** Dialog parameters whose dialog shows data the page's loader reads for it: opening one loads the page again. */
export const DATA_DIALOG_PARAMS = ["submit"] as const;

/**
 * A page's `shouldRevalidate` when it opens its dialogs by URL: opening or closing a dialog
 * changes only dialog parameters, so the page stays as loaded (except a dialog of
 * DATA_DIALOG_PARAMS, whose data the loader reads when it opens).
 */
export const keepPageForDialogs: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  const isGet = !formMethod || formMethod.toUpperCase() === "GET";
  const opensDataDialog = DATA_DIALOG_PARAMS.some((name) => nextUrl.searchParams.has(name) && nextUrl.searchParams.get(name) !== currentUrl.searchParams.get(name));
  if (
    isGet &&
    !opensDataDialog &&
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.search !== nextUrl.search &&
    pageSearch(currentUrl.search).toString() === pageSearch(nextUrl.search).toString()
  ) {
    return false;
  }
  return defaultShouldRevalidate;
};

/** Links that open a dialog on the current page, and the link that closes it, keeping the page's own query. */
export function useDialogHref() {
  const location = useLocation();
  const base = pageSearch(location.search);
  const href = (params: URLSearchParams) => `${location.pathname}${params.size ? `?${params}` : ""}`;
  return {
    open(dialog: Record<string, string>) {
      const params = new URLSearchParams(base);
      for (const [name, value] of Object.entries(dialog)) params.set(name, value);
      return href(params);
    },
    close: href(base),
  };
}

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
const panelClass = "z-50 min-w-52 rounded-md border border-gray-200 bg-white py-1 shadow-lg focus:outline-none";
const itemClass = (danger?: boolean, focus?: boolean) =>
  `flex min-h-11 w-full items-center gap-2 px-4 py-2 text-left text-sm ${danger ? "text-red-800" : "text-gray-900"} ${focus ? "bg-brand-50" : ""}`;

/** Headless UI's MenuItem passes its props (role, id, handlers) to the link it renders. */
type ItemLinkProps = { item: ActionMenuItem; focus?: boolean } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">;

const ItemLink = forwardRef<HTMLAnchorElement, ItemLinkProps>(function ItemLink({ item, focus, ...props }, ref) {
  const { t } = useTranslation("common");
  if (item.newTab) {
    return (
      <a ref={ref} {...props} href={item.newTab} target="_blank" rel="noopener noreferrer" className={itemClass(item.danger, focus)}>
        {item.label}
        <Icon name="external" className="h-4 w-4" />
        <span className="sr-only"> {t("nav.opensInNewTab")}</span>
      </a>
    );
  }
  return (
    <Link ref={ref} {...props} to={item.to ?? "."} state={DIALOG_LINK_STATE} preventScrollReset className={itemClass(item.danger, focus)}>
      {item.label}
    </Link>
  );
});

function Kebab() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-5 w-5">
      <circle cx="10" cy="4" r="1.75" />
      <circle cx="10" cy="10" r="1.75" />
      <circle cx="10" cy="16" r="1.75" />
    </svg>
  );
}

/**
 * A kebab menu of links: Headless UI's Menu once JavaScript runs (arrow keys, Escape, focus
 * return; the panel floats above the page), a <details>/<summary> disclosure before that.
 */
export function ActionMenu({ id, label, items }: ActionMenuProps) {
  const hydrated = useHydrated();
  if (items.length === 0) return null;
  if (!hydrated) {
    return (
      <details className="relative z-10 open:z-30">
        <summary id={id} aria-label={label} className={triggerClass}>
          <Kebab />
        </summary>
        <ul className={`absolute right-0 mt-1 ${panelClass}`}>
          {items.map((item) => (
            <li key={item.key}>
              {/* Plain links: before JavaScript a link loads its page anyway, and a long list renders many. */}
              {item.newTab ? (
                <ItemLink item={item} />
              ) : (
                <a href={item.to ?? "."} className={itemClass(item.danger)}>
                  {item.label}
                </a>
              )}
            </li>
          ))}
        </ul>
      </details>
    );
  }
  return (
    <Menu as="div" className="relative z-10">
      <MenuButton id={id} aria-label={label} className={triggerClass}>
        <Kebab />
      </MenuButton>
      <MenuItems anchor={{ to: "bottom end", gap: 4 }} className={panelClass}>
        {items.map((item) => (
          <MenuItem key={item.key}>{({ focus }) => <ItemLink item={item} focus={focus} />}</MenuItem>
        ))}
      </MenuItems>
    </Menu>
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
export function versionActionDialog(action: VersionAction, versionId: string): Record<string, string> | undefined {
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
    if (params) items.push({ key: action, label: t(`review:menu.${action}`), to: dialog.open(params), danger: action === "archive" });
  }
  if (actions.includes("duplicate")) {
    items.push({ key: "duplicate", label: t("versionMenu.duplicate"), to: dialog.open({ duplicate: version.versionId }) });
  }
  if (actions.includes("preview")) {
    const query = new URLSearchParams({ "app-id": version.versionId, preview: "true" });
    items.push({ key: "preview", label: t("versionMenu.preview"), newTab: `/${lang}/preview?${query}` });
  }
  return (
    <ActionMenu
      id={versionMenuId(version.versionId)}
      label={t("versionMenu.label", { name: appName, version: version.versionDisplay })}
      items={items}
    />
  );
}
