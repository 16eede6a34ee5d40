import { describe, expect, it } from "vitest";
import { safeRedirect } from "./session.server";

describe("safeRedirect", () => {
  it("keeps same-origin paths with their query", () => {
    expect(safeRedirect("/en-AU/apps?x=1")).toBe("/en-AU/apps?x=1");
  });
  it.each(["https://evil.test/", "//evil.test", "/\\evil.test", "javascript:alert(1)", "", null, undefined, "apps"])(
    "refuses %s",
    (value) => {
      expect(safeRedirect(value as string)).toBeUndefined();
    },
  );
});
