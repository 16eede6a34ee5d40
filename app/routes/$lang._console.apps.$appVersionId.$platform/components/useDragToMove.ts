/**
 * Drag to reorder a list's items (with JavaScript): while an item
 * is dragged it is shown at the place it would take, taking the place of the item under the
 * pointer once the pointer is in that item's swap zone (the middle 65 % of it, SWAP_THRESHOLD);
 * the items that give way slide there in 300 ms (ANIMATION_MS; at once when the person asks
 * for reduced motion). The drop posts `move` with that place through a fetcher (no page
 * load); Escape, or a drop outside the list, puts it back. Move up / Move down do the same
 * without dragging (WCAG 2.5.7) and without JavaScript.
 */
import { useFetcher, useFetchers } from "@remix-run/react";
import { type DragEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useHydrated } from "~/lib/hydrated";
import {
  ANIMATION_MS,
  draggedOrder,
  droppedAt,
  initialOrder,
  inSwapZone,
  slideFrom,
} from "~/lib/platform/drag";

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

/** A layout effect in the browser (before paint); the server renders no effects. */
const useBeforePaint = typeof window === "undefined" ? useEffect : useLayoutEffect;

/** The drag of one list's items: the order shown, and the props of the list and of each item. */
export function useDragToMove(location: string, path: string, length: number, enabled: boolean) {
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
