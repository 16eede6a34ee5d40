/**
 * The usage summary's report over real HTTP (GET
 * apps/report; docs/decisions/0058-sandbox-accounts-and-usage.md): the company's live and
 * beta app versions (Live; Beta, BetaQueuedForLive, BetaToLiveAwaitingReview) with their
 * level, and the usage the reviewer records (PUT /admin/versions/{id}/usage) in the list of
 * each app's level; and a second company that sees none of the first's apps or usage rows.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { VERSION_STATUS as S } from "~/api/apps/status";
import { usageTables } from "~/api/usage/rules";
import { type AppsReport, appsReport } from "~/api/usage/schemas";
import { createApp, expectRefused, json, ok, type TestApp } from "./review-support";
import { admin, newCompany, sandboxUrl, type TestCompany } from "./support";

const report = async (company: TestCompany): Promise<AppsReport> =>
  appsReport.parse(await ok(await company.api("apps/report")));
const setStatus = async (app: TestApp, statusCode: number) =>
  ok(await admin(`versions/${app.versionId}/status`, json("PUT", { statusCode })));
const setLevel = async (app: TestApp, appLevel: number) =>
  ok(await admin(`app-groups/${app.groupId}/flags`, json("PUT", { appLevel })));
const recordUsage = (app: TestApp | string, body: unknown) =>
  admin(`versions/${typeof app === "string" ? app : app.versionId}/usage`, json("PUT", body));

/** An app of the company in a status and at a level. */
async function appIn(
  company: TestCompany,
  statusCode: number,
  appLevel: number,
  countryCode = "AU",
): Promise<TestApp> {
  const app = await createApp(company, { countryCode });
  await Promise.all([setStatus(app, statusCode), setLevel(app, appLevel)]);
  return app;
}

describe("apps/report", () => {
  let a: TestCompany;
  let b: TestCompany;

  beforeAll(async () => {
    [a, b] = await Promise.all([newCompany(), newCompany()]);
  });

  it("is empty for a company without live or beta apps", async () => {
    await createApp(a);
    expect(await report(a)).toEqual({
      apps: [],
      firmApps: [],
      staffApps: [],
      alwaysOnBetaApps: [],
    });
  });

  it("lists live and beta versions with their level and status, and each usage row in its level's list", async () => {
    const firmLive = await appIn(a, S.Live, 1);
    const staffBeta = await appIn(a, S.BetaToLiveAwaitingReview, 0, "UK");
    const alwaysOnBeta = await appIn(a, S.BetaQueuedForLive, 2);
    const alwaysOnLive = await appIn(a, S.Live, 4);
    const paused = await appIn(a, S.Paused, 1);

    expect(
      await ok(await recordUsage(firmLive, { firmId: "F1", firmName: "Able Law", count: 12 })),
    ).toMatchObject({ appId: firmLive.versionId, firmId: "F1", count: 12, status: "Live" });
    await ok(await recordUsage(firmLive, { firmId: "F2", count: 3 }));
    await ok(await recordUsage(staffBeta, { firmId: "F1", firmName: "Able Law", count: 4 }));
    await ok(await recordUsage(alwaysOnBeta, { firmId: "F3", firmName: "Zed Legal", count: 1 }));
    await ok(await recordUsage(alwaysOnLive, { firmId: "F3", firmName: "Zed Legal", count: 9 }));

    const got = await report(a);
    expect(got.apps.map((app) => app.appId).sort()).toEqual(
      [firmLive, staffBeta, alwaysOnBeta, alwaysOnLive].map((app) => app.versionId).sort(),
    );
    expect(got.apps.map((app) => app.appId)).not.toContain(paused.versionId);
    expect(got.apps.find((app) => app.appId === staffBeta.versionId)).toMatchObject({
      appName: "Review Lifecycle App",
      appImageURL: "",
      countryCode: "UK",
      appLevel: 0,
      appStatus: "BetaToLiveAwaitingReview",
    });
    expect(got.firmApps).toEqual([
      { appId: firmLive.versionId, firmId: "F1", firmName: "Able Law", count: 12 },
      { appId: firmLive.versionId, firmId: "F2", firmName: null, count: 3 },
    ]);
    expect(got.staffApps).toEqual([
      { appId: staffBeta.versionId, firmId: "F1", firmName: "Able Law", count: 4 },
    ]);
    // An always-on app's usage is reported while it is in beta only.
    expect(got.alwaysOnBetaApps).toEqual([
      { appId: alwaysOnBeta.versionId, firmId: "F3", firmName: "Zed Legal", count: 1 },
    ]);

    const tables = usageTables(got);
    expect(tables.firmLive.map((row) => row.total)).toEqual([15]);
    expect(tables.staffBeta.map((row) => row.app.appId)).toEqual([staffBeta.versionId]);
    expect(usageTables(got, "UK").firmLive).toEqual([]);

    // A count is replaced; a count of 0 removes the firm's row.
    await ok(await recordUsage(firmLive, { firmId: "F1", firmName: "Able Law Pty", count: 20 }));
    await ok(await recordUsage(firmLive, { firmId: "F2", count: 0 }));
    expect((await report(a)).firmApps).toEqual([
      { appId: firmLive.versionId, firmId: "F1", firmName: "Able Law Pty", count: 20 },
    ]);
  });

  it("the reviewer records usage of live and beta versions only, with a valid body", async () => {
    const sandbox = await createApp(a);
    await expectRefused(await recordUsage(sandbox, { firmId: "F1", count: 1 }), 409, {
      statusCode: "notLiveOrBeta",
    });
    expect((await recordUsage(randomUUID(), { firmId: "F1", count: 1 })).status).toBe(404);
    expect((await recordUsage("not-an-id", { firmId: "F1", count: 1 })).status).toBe(404);
    const live = await appIn(a, S.Live, 1);
    await expectRefused(await recordUsage(live, { count: 1 }), 400, { firmId: "required" });
    expect((await recordUsage(live, { firmId: "F1", count: -1 })).status).toBe(400);
    expect((await recordUsage(live, { firmId: "F1", count: 1.5 })).status).toBe(400);
    expect((await report(a)).firmApps.filter((row) => row.appId === live.versionId)).toEqual([]);
  });

  it("a second company sees none of the first company's apps or usage rows, and the first none of its own", async () => {
    const first = await report(a);
    expect(first.apps.length).toBeGreaterThan(0);
    expect(await report(b)).toEqual({
      apps: [],
      firmApps: [],
      staffApps: [],
      alwaysOnBetaApps: [],
    });

    const own = await appIn(b, S.Beta, 1);
    await ok(await recordUsage(own, { firmId: "F1", firmName: "Able Law", count: 2 }));
    const second = await report(b);
    expect(second.apps.map((app) => app.appId)).toEqual([own.versionId]);
    expect(second.firmApps).toEqual([
      { appId: own.versionId, firmId: "F1", firmName: "Able Law", count: 2 },
    ]);
    expect(await report(a)).toEqual(first);
  });

  it("needs a signed-in caller", async () => {
    const res = await fetch(`${sandboxUrl()}/api/apps/report`);
    expect(res.status).toBe(401);
  });
});
