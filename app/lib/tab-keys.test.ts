import { describe, expect, it } from "vitest";
import { tabAfterKey } from "./tab-keys";

describe("tabAfterKey", () => {
  it("moves with the arrows, wrapping at either end", () => {
    expect(tabAfterKey("ArrowRight", 0, 3)).toBe(1);
    expect(tabAfterKey("ArrowRight", 2, 3)).toBe(0);
    expect(tabAfterKey("ArrowLeft", 0, 3)).toBe(2);
    expect(tabAfterKey("ArrowLeft", 2, 3)).toBe(1);
  });
  it("goes to the first and the last with Home and End", () => {
    expect(tabAfterKey("Home", 2, 4)).toBe(0);
    expect(tabAfterKey("End", 0, 4)).toBe(3);
  });
  it("passes over disabled tabs", () => {
    const disabled = (index: number) => index === 1 || index === 3;
    expect(tabAfterKey("ArrowRight", 0, 4, disabled)).toBe(2);
    expect(tabAfterKey("ArrowRight", 2, 4, disabled)).toBe(0);
    expect(tabAfterKey("End", 0, 4, disabled)).toBe(2);
    expect(tabAfterKey("Home", 2, 4, (index) => index === 0)).toBe(1);
  });
  it("leaves other keys to the page", () => {
    expect(tabAfterKey("Enter", 0, 3)).toBeUndefined();
    expect(tabAfterKey("ArrowDown", 0, 3)).toBeUndefined();
  });
});
