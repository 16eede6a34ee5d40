/**
 * The locations of a platform schema: one collapsible card per
 * location (a <details>, open by default), sorted by name, each holding its function lists
 * with their nested lists (a dropdown's items, a header's entries, a folder's reports).
 *
 * Each list is headed by its breadcrumb (the location's name, a grid's name and the names of
 * the items down to it, joined by colons). Each item has Edit (the item dialog), Clone (to
 * other locations), Move up and
 * Move down (plain form posts that change the draft and come back; with JavaScript through a
 * fetcher, without a page load) and Delete (a confirmation). A list has Add item (the item
 * dialog for a new item). Without the edit check the lists are shown without their controls.
 *
 * Items are addressed by their place (`path`, e.g. `buttons.1`). While a move of a list's items
 * is being saved (with JavaScript: a drop or Move up / Move down through a fetcher) the draft
 * already has the new order and the page the old one, so the item controls of that list and
 * of the lists nested in it are disabled, and it takes no drag, until the page has the move:
 * no control ever addresses another item than the one it is drawn on.
 */
import { Link, useFetcher } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ActionType, PlatformFunction, PlatformSchema } from "~/api/schema/schemas";
import { DIALOG_LINK_STATE } from "~/lib/dialog-link";
import { actionTypesOf, breadcrumb, type LocationCard } from "~/lib/platform/cards";
import { dialogSearch, itemName } from "~/lib/platform/page-links";
import { ITEM_LISTS } from "~/lib/platform/paths";
import { buttonClass } from "~/lib/ui-classes";
import { useDragToMove } from "./useDragToMove";

interface ListProps {
  document: PlatformSchema;
  location: string;
  path: string;
  /** The breadcrumb parts down to this list. */
  crumbs: string[];
  items: readonly PlatformFunction[];
  canEdit: boolean;
  /** Nested lists sit one heading level lower. */
  level: 3 | 4 | 5 | 6;
}

/** The word for a list: its own key, a grid's `click`/`context`, or a nested list. */
function listKey(path: string): string {
  const parts = path.split(".");
  const last = parts[parts.length - 1];
  if (parts[0] === "grids" && parts.length === 3) return last === "click" ? "click" : "gridContext";
  if (parts.length > 1 && last === "items") return "nestedItems";
  if (parts.length > 1 && last === "buttons") return "nestedButtons";
  return last;
}

function MoveButton({
  location,
  path,
  direction,
  label,
  disabled,
}: {
  location: string;
  path: string;
  direction: "up" | "down";
  label: string;
  disabled: boolean;
}) {
  const fetcher = useFetcher();
  const { t } = useTranslation("platform");
  return (
    <fetcher.Form method="post" preventScrollReset>
      <input type="hidden" name="location" value={location} />
      <input type="hidden" name="path" value={path} />
      <button
        type="submit"
        name="intent"
        value={direction}
        aria-label={label}
        disabled={disabled || fetcher.state !== "idle"}
        className={buttonClass("secondary", "px-3")}
      >
        {t(direction === "up" ? "actions.moveUp" : "actions.moveDown")}
      </button>
    </fetcher.Form>
  );
}

/** A control of an item that opens a dialog of the page; disabled while the item's place is stale. */
function ItemDialogLink({
  search,
  label,
  disabled,
  danger = false,
  wide = false,
  children,
}: {
  search: string;
  label: string;
  disabled: boolean;
  danger?: boolean;
  wide?: boolean;
  children: ReactNode;
}) {
  const className = buttonClass(danger ? "danger" : "secondary", wide ? "" : "px-3");
  if (disabled) {
    return (
      <button type="button" disabled aria-label={label} className={className}>
        {children}
      </button>
    );
  }
  return (
    <Link
      to={search}
      state={DIALOG_LINK_STATE}
      preventScrollReset
      aria-label={label}
      className={className}
    >
      {children}
    </Link>
  );
}

function FunctionList({ document, location, path, crumbs, items, canEdit, level }: ListProps) {
  const { t } = useTranslation("platform");
  const typeLabel = (type: ActionType) => t(`actionTypes.${type}`);
  const Heading = `h${level}` as const;
  const title = breadcrumb([...crumbs, t(`lists.${listKey(path)}`)]);
  const types = actionTypesOf(document, location, path);
  const drag = useDragToMove(location, path, items.length, canEdit);
  return (
    <section className="mt-4" aria-label={title}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading className="text-base font-semibold text-gray-900 wrap-anywhere">{title}</Heading>
        {canEdit && types.length > 0 ? (
          <ItemDialogLink
            search={dialogSearch({ dialog: "item", location, list: path })}
            label={t("a11y.addItem", { list: title })}
            disabled={drag.listStale}
            wide
          >
            {t("actions.addItem")}
          </ItemDialogLink>
        ) : null}
      </div>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-gray-700">{t("empty.list")}</p>
      ) : (
        <ol ref={drag.list} aria-busy={drag.busy || undefined} className="mt-2 space-y-2">
          {drag.shown.map((index) => {
            const item = items[index];
            const itemPath = `${path}.${index}`;
            const name = itemName(item, typeLabel);
            return (
              <li
                key={`${itemPath}:${name}`}
                data-index={index}
                {...drag.itemProps(index)}
                className={`rounded-md border border-gray-300 bg-gray-50 p-3 ${drag.dragging === index ? "opacity-60 ring-2 ring-brand-600" : ""}`}
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="min-w-0 wrap-anywhere">
                    <span className="font-semibold text-gray-900">{name}</span>{" "}
                    <span className="text-sm text-gray-700">({typeLabel(item.actionType)})</span>
                  </p>
                  {canEdit ? (
                    // biome-ignore lint/a11y/useSemanticElements: a group of links and buttons, not of form fields (no fieldset)
                    <div
                      role="group"
                      aria-label={t("a11y.itemActions", { name })}
                      className="flex flex-wrap gap-2"
                    >
                      <ItemDialogLink
                        search={dialogSearch({ dialog: "item", location, path: itemPath })}
                        label={t("a11y.edit", { name })}
                        disabled={drag.saving}
                      >
                        {t("actions.edit")}
                      </ItemDialogLink>
                      <ItemDialogLink
                        search={dialogSearch({ dialog: "clone", location, path: itemPath })}
                        label={t("a11y.clone", { name })}
                        disabled={drag.saving}
                      >
                        {t("actions.clone")}
                      </ItemDialogLink>
                      <MoveButton
                        location={location}
                        path={itemPath}
                        direction="up"
                        label={t("a11y.moveUp", { name })}
                        disabled={drag.saving || index === 0}
                      />
                      <MoveButton
                        location={location}
                        path={itemPath}
                        direction="down"
                        label={t("a11y.moveDown", { name })}
                        disabled={drag.saving || index === items.length - 1}
                      />
                      <ItemDialogLink
                        search={dialogSearch({ dialog: "delete-item", location, path: itemPath })}
                        label={t("a11y.delete", { name })}
                        disabled={drag.saving}
                        danger
                      >
                        {t("actions.delete")}
                      </ItemDialogLink>
                    </div>
                  ) : null}
                </div>
                {ITEM_LISTS.map((nested) => {
                  const nestedPath = `${itemPath}.${nested}`;
                  const nestedItems = item[nested] ?? [];
                  // Every item may hold buttons; their list shows once it has some.
                  const shown =
                    nested === "items"
                      ? actionTypesOf(document, location, nestedPath).length > 0 ||
                        nestedItems.length > 0
                      : nestedItems.length > 0;
                  return shown ? (
                    <div key={nested} className="ml-4 border-l-2 border-gray-300 pl-4">
                      <FunctionList
                        document={document}
                        location={location}
                        path={nestedPath}
                        crumbs={[...crumbs, name]}
                        items={nestedItems}
                        canEdit={canEdit}
                        level={Math.min(level + 1, 6) as ListProps["level"]}
                      />
                    </div>
                  ) : null;
                })}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

export function LocationCards({
  document,
  cards,
  canEdit,
  cardActions,
}: {
  document: PlatformSchema;
  cards: readonly LocationCard[];
  canEdit: boolean;
  /** Controls of a card's own settings (the setting dialog, custom view settings), above its lists. */
  cardActions?: (card: LocationCard) => ReactNode;
}) {
  const { t } = useTranslation("platform");
  if (cards.length === 0) return <p className="mt-4 text-gray-800">{t("empty.locations")}</p>;
  return (
    <ul className="mt-4 space-y-4">
      {cards.map((card) => (
        <li key={card.id}>
          <details open className="rounded-lg border border-gray-300 bg-white">
            <summary className="flex min-h-11 cursor-pointer items-center px-4 py-3">
              <h2 className="inline text-lg font-bold text-gray-900 wrap-anywhere">{card.name}</h2>
            </summary>
            <div className="border-t border-gray-300 px-4 pb-4">
              {cardActions ? (
                <div className="mt-3 flex flex-wrap gap-2">{cardActions(card)}</div>
              ) : null}
              {card.lists.map((list) => (
                <FunctionList
                  key={list.path}
                  document={document}
                  location={card.id}
                  path={list.path}
                  crumbs={list.grid ? [card.name, list.grid] : [card.name]}
                  items={list.items}
                  canEdit={canEdit}
                  level={3}
                />
              ))}
            </div>
          </details>
        </li>
      ))}
    </ul>
  );
}
