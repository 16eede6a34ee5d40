import { describe, expect, it } from "vitest";
import { usageGroupOf, usageListOf, usageTables } from "./rules";
import type { AppsReport } from "./schemas";

const app = (appId: string, appLevel: number, appStatus: string, countryCode = "AU") => ({
  appId,
  appName: `App ${appId}`,
  appImageURL: "",
  countryCode,
  appLevel,
  appStatus,
});

describe("usage rules", () => {
  it("groups statuses as live and beta", () => {
    expect(
      ["Live", "Beta", "BetaQueuedForLive", "BetaToLiveAwaitingReview", "Paused"].map(usageGroupOf),
    ).toEqual(["live", "beta", "beta", "beta", undefined]);
  });

  it("puts usage in the list of the app's level; always-on only in beta", () => {
    expect(usageListOf({ appLevel: 1, appStatus: "Live" })).toBe("firmApps");
    expect(usageListOf({ appLevel: 0, appStatus: "Beta" })).toBe("staffApps");
    expect(usageListOf({ appLevel: 2, appStatus: "BetaQueuedForLive" })).toBe("alwaysOnBetaApps");
    expect(usageListOf({ appLevel: 4, appStatus: "Live" })).toBeUndefined();
  });

  it("builds the tables with totals, firms by name (unknown last), filtered by country", () => {
    const report: AppsReport = {
      apps: [
        app("f", 1, "Live"),
        app("b", 1, "Beta"),
        app("s", 0, "BetaToLiveAwaitingReview"),
        app("o", 3, "Beta"),
        app("u", 1, "Live", "UK"),
      ],
      firmApps: [
        { appId: "f", firmId: "2", firmName: null, count: 1 },
        { appId: "f", firmId: "1", firmName: "Zed Legal", count: 4 },
        { appId: "f", firmId: "3", firmName: "Able Law", count: 2 },
        { appId: "u", firmId: "9", firmName: "UK Firm", count: 5 },
      ],
      staffApps: [{ appId: "s", firmId: "1", firmName: "Zed Legal", count: 3 }],
      alwaysOnBetaApps: [{ appId: "o", firmId: "1", firmName: "Zed Legal", count: 1 }],
    };
    const all = usageTables(report);
    expect(all.firmLive.map((row) => [row.app.appId, row.total])).toEqual([
      ["f", 7],
      ["u", 5],
    ]);
    expect(all.firmLive[0].firms.map((row) => row.firmName)).toEqual([
      "Able Law",
      "Zed Legal",
      null,
    ]);
    expect(all.firmBeta.map((row) => [row.app.appId, row.total])).toEqual([["b", 0]]);
    expect(all.staffBeta.map((row) => row.total)).toEqual([3]);
    expect(all.staffLive).toEqual([]);
    expect(all.alwaysOnBeta.map((row) => row.app.appId)).toEqual(["o"]);
    expect(usageTables(report, "uk").firmLive.map((row) => row.app.appId)).toEqual(["u"]);
  });
});
