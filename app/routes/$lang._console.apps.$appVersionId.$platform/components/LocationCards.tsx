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
import { Link, useFetcher, useFetchers } from "@remix-run/react";
import {
  type DragEvent,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import type { ActionType, PlatformFunction, PlatformSchema } from "~/api/schema/schemas";
import { DIALOG_LINK_STATE } from "~/lib/dialog-link";
import { useHydrated } from "~/lib/hydrated";
import { actionTypesOf, breadcrumb, type LocationCard } from "~/lib/platform/cards";
import {
  ANIMATION_MS,
  draggedOrder,
  droppedAt,
  initialOrder,
  inSwapZone,
  slideFrom,
} from "~/lib/platform/drag";
import { dialogSearch, itemName } from "~/lib/platform/page-links";
import { ITEM_LISTS } from "~/lib/platform/paths";
import { buttonClass } from "~/lib/ui-classes";

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

/** The posts that move an item (Move up, Move down, a drop). */
const MOVE_INTENTS = ["up", "down", "move"];

/**
 * What the moves being saved leave stale of the list at `path` of `location`: the places of
 * its items (`items`: a move in it, or in a list it is nested in) and its own place (`list`:
 * a move in a list it is nested in), until the page has them.
 */
function useStalePlaces(location: string, path: string): { items: boolean; list: boolean } {
  const lists = useFetchers().flatMap(({ formData }) =>
    formData &&
    MOVE_INTENTS.includes(String(formData.get("intent"))) &&
    formData.get("location") === location
      ? [
          String(formData.get("path") ?? "")
            .split(".")
            .slice(0, -1)
            .join("."),
        ]
      : [],
  );
  const list = lists.some((moved) => path.startsWith(`${moved}.`));
  return { items: list || lists.includes(path), list };
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

/**
 * Drag to reorder a list's items (with JavaScript): while an item
 * is dragged it is shown at the place it would take, taking the place of the item under the
 * pointer once the pointer is in that item's swap zone (the middle 65 % of it, SWAP_THRESHOLD);
 * the items that give way slide there in 300 ms (ANIMATION_MS; at once when the person asks
 * for reduced motion). The drop posts `move` with that place through a fetcher (no page
 * load); Escape, or a drop outside the list, puts it back. Move up / Move down do the same
 * without dragging (WCAG 2.5.7) and without JavaScript.
 */
/** A layout effect in the browser (before paint); the server renders no effects. */
const useBeforePaint = typeof window === "undefined" ? useEffect : useLayoutEffect;

function useDragToMove(location: string, path: string, length: number, enabled: boolean) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const stale = useStalePlaces(location, path);
  const saving = stale.items;
  const [from, setFrom] = useState<number | null>(null);
  const [order, setOrder] = useState<number[] | null>(null);
  const dropped = useRef(false);
  const list = useRef<HTMLOListElement>(null);
  /** Where each item was before the order changed (by its index as loaded), for the slide. */
  const before = useRef(new Map<number, DOMRect>());
  /** This list's drop is being saved: the list shows it until the page has it. */
  const busy = fetcher.state !== "idle";
  /** No drag while a move here (or in a list this one is in) is being saved: its places would be stale. */
  const active = enabled && hydrated && !saving;

  // The list as loaded again (after the move, or any change): the order shown is the loaded one.
  const [loadedLength, setLoadedLength] = useState(length);
  if (loadedLength !== length) {
    setLoadedLength(length);
    setOrder(null);
  }
  const wasBusy = useRef(false);
  useEffect(() => {
    if (fetcher.state !== "idle") wasBusy.current = true;
    else if (wasBusy.current) {
      wasBusy.current = false;
      setOrder(null);
    }
  }, [fetcher.state]);

  // Slide the items that changed place from where they were (FLIP).
  useBeforePaint(() => {
    const rows = list.current ? Array.from(list.current.children) : [];
    if (before.current.size === 0) return;
    const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    for (const row of rows) {
      if (!(row instanceof HTMLElement)) continue;
      const index = Number(row.dataset.index);
      const slide = slideFrom(before.current.get(index), row.getBoundingClientRect());
      if (!slide || reduced) continue;
      row.animate(
        [{ transform: `translate(${slide.x}px, ${slide.y}px)` }, { transform: "translate(0, 0)" }],
        { duration: ANIMATION_MS, easing: "ease" },
      );
    }
    before.current = new Map();
  }, [order]);

  const shown = order ?? initialOrder(length);
  const remember = () => {
    before.current = new Map();
    for (const row of list.current ? Array.from(list.current.children) : []) {
      if (row instanceof HTMLElement)
        before.current.set(Number(row.dataset.index), row.getBoundingClientRect());
    }
  };
  const end = () => {
    if (from !== null && !dropped.current) {
      remember();
      setOrder(null);
    }
    setFrom(null);
    dropped.current = false;
  };
  return {
    list,
    /** The items' indexes (as loaded) in the order shown. */
    shown,
    dragging: from,
    busy,
    /** A move of this list's items, or of a list it is in, is being saved: the item controls wait for it. */
    saving,
    /** A move of a list this one is in is being saved: Add item waits for it too. */
    listStale: stale.list,
    itemProps: (index: number) =>
      active
        ? {
            draggable: true,
            onDragStart: (event: DragEvent<HTMLLIElement>) => {
              event.stopPropagation();
              event.dataTransfer.effectAllowed = "move";
              event.dataTransfer.setData("text/plain", `${path}.${index}`);
              dropped.current = false;
              setFrom(index);
              setOrder(shown);
            },
            onDragOver: (event: DragEvent<HTMLLIElement>) => {
              if (from === null) return;
              event.preventDefault();
              event.stopPropagation();
              if (index === from) return;
              const rect = event.currentTarget.getBoundingClientRect();
              if (!inSwapZone(event.clientY, rect.top, rect.height)) return;
              const next = draggedOrder(shown, from, shown.indexOf(index));
              if (next.join() === shown.join()) return;
              remember();
              setOrder(next);
            },
            onDragEnd: end,
            onDrop: (event: DragEvent<HTMLLIElement>) => {
              if (from === null) return;
              event.preventDefault();
              event.stopPropagation();
              dropped.current = true;
              const to = droppedAt(shown, from);
              if (to !== from)
                fetcher.submit(
                  { intent: "move", location, path: `${path}.${from}`, to: String(to) },
                  { method: "post", preventScrollReset: true },
                );
              else setOrder(null);
            },
          }
        : {},
  };
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
