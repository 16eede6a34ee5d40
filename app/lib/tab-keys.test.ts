import { describe, expect, it } from "vitest";
import { entryAfterKey, entryStartingWith, tabAfterKey } from "./tab-keys";

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

describe("entryAfterKey in a menu", () => {
  it("moves down and up with wrapping, to the first and the last with Home and End", () => {
    expect(entryAfterKey("ArrowDown", 0, 3, "vertical")).toBe(1);
    expect(entryAfterKey("ArrowDown", 2, 3, "vertical")).toBe(0);
    expect(entryAfterKey("ArrowUp", 0, 3, "vertical")).toBe(2);
    expect(entryAfterKey("Home", 2, 3, "vertical")).toBe(0);
    expect(entryAfterKey("End", 0, 3, "vertical")).toBe(2);
  });
  it("starts at the first going down and at the last going up when no entry has the focus", () => {
    expect(entryAfterKey("ArrowDown", -1, 3, "vertical")).toBe(0);
    expect(entryAfterKey("ArrowUp", -1, 3, "vertical")).toBe(2);
  });
  it("leaves the other direction's arrows, and an empty menu, alone", () => {
    expect(entryAfterKey("ArrowRight", 0, 3, "vertical")).toBeUndefined();
    expect(entryAfterKey("ArrowDown", -1, 0, "vertical")).toBeUndefined();
  });
});

describe("entryStartingWith", () => {
  const labels = ["Alpha", "bravo", "Beta", "Charlie"];
  it("goes to the next entry starting with the character, in any case, wrapping", () => {
    expect(entryStartingWith("b", 0, labels)).toBe(1);
    expect(entryStartingWith("B", 1, labels)).toBe(2);
    expect(entryStartingWith("b", 2, labels)).toBe(1);
    expect(entryStartingWith("a", 3, labels)).toBe(0);
    expect(entryStartingWith("c", -1, labels)).toBe(3);
  });
  it("stays put on a character no entry starts with, and ignores keys that are not characters", () => {
    expect(entryStartingWith("z", 0, labels)).toBeUndefined();
    expect(entryStartingWith("Enter", 0, labels)).toBeUndefined();
    expect(entryStartingWith(" ", 0, labels)).toBeUndefined();
  });
});
