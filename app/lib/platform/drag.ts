/**
 * Dragging an item of a function list to another place (animation
 * 300 ms, swap threshold 0.65), as plain arithmetic for the page's drag handlers.
 *
 * While an item is dragged the list shows it at the place it would take. It takes the place
 * of the item under the pointer once the pointer is inside that item's swap zone: the middle
 * `SWAP_THRESHOLD` of its height (65 %), so that an item is not swapped back and forth while
 * the pointer crosses its edge. Items that change place slide there in `ANIMATION_MS`.
 */

/** How long an item slides to its new place, in milliseconds. */
export const ANIMATION_MS = 300;
/** The share of an item's height, around its middle, in which a dragged item takes its place. */
export const SWAP_THRESHOLD = 0.65;

/** Whether a pointer at `y` is inside the swap zone of an item spanning `top` to `top + height`. */
export function inSwapZone(
  y: number,
  top: number,
  height: number,
  threshold = SWAP_THRESHOLD,
): boolean {
  if (!(height > 0)) return false;
  const middle = top + height / 2;
  return Math.abs(y - middle) <= (height * threshold) / 2;
}

/**
 * The order the list shows while the item first at `from` is dragged to the place `to`
 * (indexes of the list as loaded): `order` as it is, with that item moved. `order` holds each
 * index once.
 */
export function draggedOrder(order: readonly number[], from: number, to: number): number[] {
  const at = order.indexOf(from);
  if (at === -1 || to < 0 || to >= order.length) return [...order];
  const next = order.filter((index) => index !== from);
  next.splice(to, 0, from);
  return next;
}

/** The place the item first at `from` holds in `order`: where the drop puts it (`move` with `to`). */
export const droppedAt = (order: readonly number[], from: number) => order.indexOf(from);

/** The list's order before any drag: 0 to length - 1. */
export const initialOrder = (length: number) => Array.from({ length }, (_, index) => index);

/**
 * How far an item must first be drawn back to seem to slide from where it was (`before`) to
 * where it now is (`after`), in pixels (the FLIP technique): undefined when it did not move.
 */
export function slideFrom(
  before: { top: number; left: number } | undefined,
  after: { top: number; left: number },
): { x: number; y: number } | undefined {
  if (!before) return undefined;
  const x = before.left - after.left;
  const y = before.top - after.top;
  return x === 0 && y === 0 ? undefined : { x, y };
}
