import { describe, expect, it } from "vitest";
import { isEditorPlatform, platformTabs } from "./platform-tabs";

describe("platform tabs", () => {
  it("a public app has Desktop, Web and Reporting, configured where it holds a schema", () => {
    expect(platformTabs(0, ["web", "mobile"])).toEqual([
      { platform: "desktop", configured: false },
      { platform: "web", configured: true },
      { platform: "reporting", configured: false },
    ]);
  });

  it("a connector app has none", () => {
    expect(platformTabs(1, ["desktop"])).toEqual([]);
    expect(platformTabs(null, [])).toEqual([]);
  });

  it("only the three platforms have an editor page", () => {
    expect(["desktop", "web", "reporting"].every(isEditorPlatform)).toBe(true);
    expect(["mobile", "Desktop", "", undefined].some(isEditorPlatform)).toBe(false);
  });
});
