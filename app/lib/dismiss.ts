/** What closes an open menu or folded panel besides its own controls: a press elsewhere, focus leaving it. */
import { type FocusEvent, type RefObject, useEffect, useRef } from "react";

/** While `active`, a press (mouse, pen or touch) anywhere outside `ref`'s element calls `dismiss`. */
export function usePressOutside(
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  dismiss: () => void,
) {
  const latest = useRef(dismiss);
  latest.current = dismiss;
  useEffect(() => {
    if (!active) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !ref.current?.contains(event.target)) latest.current();
    };
    document.addEventListener("pointerdown", onPointerDown, true);
    return () => document.removeEventListener("pointerdown", onPointerDown, true);
  }, [ref, active]);
}

/** A blur that moves the focus to an element outside the element listening (not to nowhere, as when the window loses focus). */
export function focusLeaves(event: FocusEvent<HTMLElement>): boolean {
  const next = event.relatedTarget;
  return next instanceof Node && !event.currentTarget.contains(next);
}
