import { describe, expect, it } from "vitest";
import { type ApiClient, ApiError } from "~/api/client.server";
import type { AppsReport } from "~/api/usage/schemas";
import { countryChoice, loadUsage, usageView } from "./load.server";

const app = (appId: string, appLevel: number, appStatus: string, countryCode = "AU") => ({
  appId,
  appName: `App ${appId}`,
  appImageURL: "",
  countryCode,
  appLevel,
  appStatus,
});
const name = (code: string) => `Name of ${code}`;
const report: AppsReport = {
  apps: [
    app("f", 1, "Live"),
    app("s", 0, "Beta"),
    app("o", 2, "BetaQueuedForLive", "UK"),
    app("z", 1, "Beta", "NZ"),
  ],
  firmApps: [
    { appId: "f", firmId: "1", firmName: "Able Law", count: 1 },
    { appId: "f", firmId: "2", firmName: null, count: 1 },
  ],
  staffApps: [{ appId: "s", firmId: "1", firmName: "Able Law", count: 6 }],
  alwaysOnBetaApps: [{ appId: "o", firmId: "3", firmName: "UK Firm", count: 1 }],
};
const tableOf = (view: ReturnType<typeof usageView>, table: string) =>
  view.tables.find((t) => t.name === table)!;

describe("the usage summary's data", () => {
  it("takes a country code, else every country", () => {
    expect(
      ["au", " UK ", "AUB", "", null, "A", "ABCD", "A\u0000", "<script>"].map(countryChoice),
    ).toEqual(["AU", "UK", "AUB", "", "", "", "", "", ""]);
  });

  it("has the five tables, a tick or a count, the countries of the apps and the chart by usage", () => {
    const view = usageView(report, "", name);
    expect(
      view.tables.map((t) => [t.name, t.shows, t.rows.map((r) => [r.app.appId, r.total])]),
    ).toEqual([
      ["firmLive", "tick", [["f", 2]]],
      ["firmBeta", "tick", [["z", 0]]],
      ["staffLive", "count", []],
      ["staffBeta", "count", [["s", 6]]],
      ["alwaysOnBeta", "tick", [["o", 1]]],
    ]);
    expect(tableOf(view, "firmLive").rows[0].firms.map((f) => f.firmName)).toEqual([
      "Able Law",
      null,
    ]);
    expect(view.countries.map((c) => c.code)).toEqual(["AU", "NZ", "UK"]);
    expect(view.chart.map((bar) => [bar.appId, bar.total])).toEqual([
      ["s", 6],
      ["f", 2],
      ["o", 1],
    ]);
    expect([view.noApps, view.noUsage, view.loadError]).toEqual([false, false, null]);
  });

  it("filters by country; a country without apps is still a choice, with 'no apps'", () => {
    const nz = usageView(report, "NZ", name);
    expect(nz.tables.flatMap((t) => t.rows.map((r) => r.app.appId))).toEqual(["z"]);
    expect([nz.noApps, nz.noUsage, nz.chart]).toEqual([false, true, []]);
    const us = usageView(report, "US", name);
    expect(us.noApps).toBe(true);
    expect(us.countries.find((c) => c.code === "US")).toEqual({ code: "US", name: "Name of US" });
  });

  it("says 'no apps' for an empty report, and shows the provider's failure without tables", async () => {
    expect(
      usageView({ apps: [], firmApps: [], staffApps: [], alwaysOnBetaApps: [] }, "", name).noApps,
    ).toBe(true);
    const failing = {
      call: async () =>
        Promise.reject(new ApiError(503, "apps/report", "Down for maintenance.", "trace-1")),
    } as unknown as ApiClient;
    const view = await loadUsage(failing, "", name);
    expect(view.loadError).toEqual({
      detail: "Down for maintenance.",
      traceId: "trace-1",
      fallback: "fetchingData",
    });
    expect([view.noApps, view.noUsage, view.tables.every((t) => t.rows.length === 0)]).toEqual([
      false,
      false,
      true,
    ]);
    const broken = { call: async () => Promise.reject(new Error("bug")) } as unknown as ApiClient;
    await expect(loadUsage(broken, "", name)).rejects.toThrow("bug");
  });
});
