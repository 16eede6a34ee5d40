import { describe, expect, it } from "vitest";
import {
  ANIMATION_MS,
  draggedOrder,
  droppedAt,
  initialOrder,
  inSwapZone,
  SWAP_THRESHOLD,
  slideFrom,
} from "./drag";

describe("dragging an item of a list", () => {
  it("uses the spec's animation and swap threshold", () => {
    expect(ANIMATION_MS).toBe(300);
    expect(SWAP_THRESHOLD).toBe(0.65);
  });

  it("swaps only inside the middle 65% of the item under the pointer", () => {
    // An item from 100 to 200: the zone is 117.5 to 182.5.
    expect(inSwapZone(150, 100, 100)).toBe(true);
    expect(inSwapZone(117.5, 100, 100)).toBe(true);
    expect(inSwapZone(182.5, 100, 100)).toBe(true);
    expect(inSwapZone(117, 100, 100)).toBe(false);
    expect(inSwapZone(183, 100, 100)).toBe(false);
    expect(inSwapZone(101, 100, 100)).toBe(false);
    expect(inSwapZone(150, 100, 0)).toBe(false);
    expect(inSwapZone(150, 100, 100, 1)).toBe(true);
    expect(inSwapZone(101, 100, 100, 1)).toBe(true);
  });

  it("shows the dragged item at the place it would take", () => {
    const order = initialOrder(4);
    expect(order).toEqual([0, 1, 2, 3]);
    expect(draggedOrder(order, 3, 0)).toEqual([3, 0, 1, 2]);
    expect(draggedOrder(order, 0, 2)).toEqual([1, 2, 0, 3]);
    // Dragged on: from the order shown so far.
    expect(draggedOrder(draggedOrder(order, 0, 2), 0, 3)).toEqual([1, 2, 3, 0]);
    expect(draggedOrder(order, 1, 1)).toEqual(order);
    // Out of the list: unchanged.
    expect(draggedOrder(order, 1, 4)).toEqual(order);
    expect(draggedOrder(order, 9, 0)).toEqual(order);
    expect(draggedOrder(order, 1, -1)).toEqual(order);
  });

  it("drops the item where it is shown", () => {
    expect(droppedAt([3, 0, 1, 2], 3)).toBe(0);
    expect(droppedAt([1, 2, 0, 3], 0)).toBe(2);
  });

  it("slides an item from where it was", () => {
    expect(slideFrom({ top: 100, left: 0 }, { top: 160, left: 0 })).toEqual({ x: 0, y: -60 });
    expect(slideFrom({ top: 100, left: 0 }, { top: 100, left: 0 })).toBeUndefined();
    expect(slideFrom(undefined, { top: 100, left: 0 })).toBeUndefined();
  });
});
