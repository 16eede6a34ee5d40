/**
 * The usage summary: the five tables with each app's total,
 * rows opened on the firms using the app (each firm's count that the total adds up, beside a
 * tick in the firm-level and always-on tables; 'unknown' for a firm without a name), the chart, the country filter (its value in the URL), 'no apps live' and 'no current
 * usage', and a report the provider fails (a fault of this company's calls only); another
 * company sees none of it. Apps, their level and status, and the usage go
 * through the provider API and the reviewer's endpoints; what is tested goes through the page.
 * Written per language: one language per project.
 */
import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { APP_LEVELS } from "~/api/apps/rules";
import { VERSION_STATUS } from "~/api/apps/status";
import { createApp, getVersion, tokenOf } from "./apps-api";
import {
  consoleUrl,
  countryName,
  createCompany,
  expect,
  expectAccessible,
  hydrated,
  isNoJs,
  LANGS,
  type Lang,
  signIn,
  test,
} from "./fixtures";
import { admin, failForCompany, ok, setStatus } from "./review-api";

type T = (key: string, values?: Record<string, string | number>) => string;

/** A live or beta app of a level in a country: its version id and name. */
async function usedApp(
  token: string,
  options: { name: string; countryCode: string; level: number; status: number },
) {
  const name = `${options.name} ${randomUUID().slice(0, 4)}`;
  const versionId = await createApp(token, { name, countryCode: options.countryCode });
  const { groupId } = await getVersion(token, versionId);
  await ok(
    await admin(`app-groups/${groupId}/flags`, "PUT", { appLevel: options.level }),
    "app level",
  );
  await setStatus(versionId, options.status);
  return { versionId, name };
}

/** The reviewer records a firm using a version (`PUT /admin/versions/{id}/usage`). */
const recordUsage = async (versionId: string, firmId: string, count: number, firmName?: string) =>
  ok(
    await admin(`versions/${versionId}/usage`, "PUT", {
      firmId,
      count,
      ...(firmName ? { firmName } : {}),
    }),
    "usage",
  );

const usagePage = (lang: Lang, query = "") => `/${lang}/usage${query}`;
const table = (page: Page, t: T, name: string) =>
  page.getByRole("region", { name: t(`usage:tables.${name}`), exact: true });
/** An app's row (its summary) in a table. */
const appRow = (section: Locator, name: string) =>
  section.locator("summary").filter({ hasText: name });
/** The firms of an opened app row. */
const firmsOf = (page: Page, t: T, app: string) =>
  page.getByRole("table", { name: t("usage:firmsOf", { app }), exact: true });

async function chooseCountry(page: Page, t: T, label: string) {
  await page.getByLabel(t("usage:filter.country"), { exact: true }).selectOption({ label });
  if (isNoJs())
    await page.getByRole("button", { name: t("usage:filter.apply"), exact: true }).click();
}

for (const lang of LANGS) {
  test.describe(lang, () => {
    test.use({ lang });

    test("the tables with totals, rows opened on the firms, the chart and the country filter; another company sees none", async ({
      page,
      browser,
      company,
      t,
    }) => {
      const token = await tokenOf(company);
      const [firmLive, firmBeta, staffLive, staffBeta, alwaysOn] = await Promise.all([
        usedApp(token, {
          name: "Firm Live",
          countryCode: "AU",
          level: APP_LEVELS.Firm,
          status: VERSION_STATUS.Live,
        }),
        usedApp(token, {
          name: "Firm Beta",
          countryCode: "UK",
          level: APP_LEVELS.Firm,
          status: VERSION_STATUS.Beta,
        }),
        usedApp(token, {
          name: "User Live",
          countryCode: "AU",
          level: APP_LEVELS.Staff,
          status: VERSION_STATUS.Live,
        }),
        usedApp(token, {
          name: "User Beta",
          countryCode: "UK",
          level: APP_LEVELS.Staff,
          status: VERSION_STATUS.BetaQueuedForLive,
        }),
        usedApp(token, {
          name: "Always On",
          countryCode: "AU",
          level: APP_LEVELS.AlwaysOn,
          status: VERSION_STATUS.Beta,
        }),
      ]);
      const firm = `Able Law ${randomUUID().slice(0, 4)}`;
      await recordUsage(firmLive.versionId, "firm-1", 3, firm);
      await recordUsage(firmLive.versionId, "firm-2", 2);
      await recordUsage(staffLive.versionId, "firm-1", 5, firm);
      await recordUsage(staffLive.versionId, "firm-3", 3, "Zed Legal");
      await recordUsage(staffBeta.versionId, "firm-4", 4, "Brit Solicitors");
      await recordUsage(alwaysOn.versionId, "firm-1", 1, firm);

      await signIn(page, company, lang, { at: usagePage(lang) });
      await expect(
        page.getByRole("heading", { level: 1, name: t("common:pages.usage.title") }),
      ).toBeVisible();
      const total = (n: number) => `${t("usage:columns.total")}: ${n}`;
      for (const [name, app, n] of [
        ["firmLive", firmLive, 5],
        ["firmBeta", firmBeta, 0],
        ["staffLive", staffLive, 8],
        ["staffBeta", staffBeta, 4],
        ["alwaysOnBeta", alwaysOn, 1],
      ] as const) {
        await expect(appRow(table(page, t, name), app.name), `${name} ${app.name}`).toContainText(
          total(n),
        );
      }
      await expect(table(page, t, "staffLive").locator("summary")).toHaveCount(1);
      await expect(appRow(table(page, t, "staffBeta"), staffBeta.name)).toContainText(
        t("apps:status.BetaQueuedForLive"),
      );
      await expect(page.getByText(t("usage:noUsage"))).toHaveCount(0);

      // The chart: the apps with usage, most first, as a table.
      const chart = page.getByRole("table", { name: t("usage:chart.caption"), exact: true });
      await expect(chart.getByRole("rowheader")).toHaveText([
        staffLive.name,
        firmLive.name,
        staffBeta.name,
        alwaysOn.name,
      ]);
      await expect(chart.getByRole("row", { name: staffLive.name })).toContainText("8");

      // Rows open on their firms, 'unknown' last, each with the count the total adds up (5 = 3 + 2),
      // beside a tick for firm-level apps; counts for user-level apps.
      await hydrated(page);
      await expect(firmsOf(page, t, firmLive.name)).toBeHidden();
      await appRow(table(page, t, "firmLive"), firmLive.name).click();
      const firmLiveFirms = firmsOf(page, t, firmLive.name);
      await expect(firmLiveFirms.getByRole("rowheader")).toHaveText([firm, t("usage:unknownFirm")]);
      await expect(
        firmLiveFirms.getByRole("img", { name: t("usage:uses"), exact: true }),
      ).toHaveCount(2);
      await expect(firmLiveFirms.getByRole("columnheader")).toHaveText([
        t("usage:columns.firm"),
        t("usage:columns.uses"),
        t("usage:columns.usage"),
      ]);
      await expect(
        firmLiveFirms.getByRole("row").filter({ hasText: firm }).getByRole("cell").last(),
      ).toHaveText("3");
      await expect(
        firmLiveFirms
          .getByRole("row")
          .filter({ hasText: t("usage:unknownFirm") })
          .getByRole("cell")
          .last(),
      ).toHaveText("2");
      await appRow(table(page, t, "staffLive"), staffLive.name).click();
      const staffFirms = firmsOf(page, t, staffLive.name);
      await expect(staffFirms.getByRole("row", { name: firm })).toContainText("5");
      await expect(staffFirms.getByRole("row", { name: "Zed Legal" })).toContainText("3");
      await appRow(table(page, t, "firmBeta"), firmBeta.name).click();
      await expect(table(page, t, "firmBeta").getByText(t("usage:noFirms"))).toBeVisible();
      await appRow(table(page, t, "alwaysOnBeta"), alwaysOn.name).click();
      await expect(
        firmsOf(page, t, alwaysOn.name).getByRole("img", { name: t("usage:uses"), exact: true }),
      ).toHaveCount(1);
      await expect(
        firmsOf(page, t, alwaysOn.name)
          .getByRole("row")
          .filter({ hasText: firm })
          .getByRole("cell")
          .last(),
      ).toHaveText("1");
      await expectAccessible(page);
      // And close again.
      await appRow(table(page, t, "firmLive"), firmLive.name).click();
      await expect(firmsOf(page, t, firmLive.name)).toBeHidden();

      // The country filter: its value in the URL, only that country's apps.
      await chooseCountry(page, t, countryName(lang, "UK"));
      await expect(page).toHaveURL(consoleUrl(usagePage(lang), "\\?country=UK"));
      await expect(appRow(table(page, t, "staffBeta"), staffBeta.name)).toBeVisible();
      await expect(appRow(table(page, t, "firmBeta"), firmBeta.name)).toBeVisible();
      await expect(page.getByText(firmLive.name)).toHaveCount(0);
      await expect(page.getByText(staffLive.name)).toHaveCount(0);
      await expect(table(page, t, "firmLive").getByText(t("usage:emptyTable"))).toBeVisible();
      await page.reload();
      await expect(page.getByLabel(t("usage:filter.country"), { exact: true })).toHaveValue("UK");
      await chooseCountry(page, t, t("usage:filter.all"));
      await expect(appRow(table(page, t, "firmLive"), firmLive.name)).toBeVisible();

      // Another company sees none of it.
      const other = await createCompany();
      const context = await browser.newContext({ javaScriptEnabled: !isNoJs() });
      try {
        const theirs = await context.newPage();
        await signIn(theirs, other, lang, { at: usagePage(lang) });
        await expect(theirs.getByText(t("usage:noApps"))).toBeVisible();
        for (const app of [firmLive, firmBeta, staffLive, staffBeta, alwaysOn])
          await expect(theirs.getByText(app.name)).toHaveCount(0);
        await expect(theirs.getByText(firm)).toHaveCount(0);
      } finally {
        await context.close();
      }
    });

    test("'no apps live', 'no current usage', a country without apps and filter values that are not countries", async ({
      page,
      company,
      t,
    }) => {
      await signIn(page, company, lang, { at: usagePage(lang) });
      await expect(page.getByText(t("usage:noApps"))).toBeVisible();
      await expect(page.getByRole("region", { name: t("usage:tables.firmLive") })).toHaveCount(0);
      await expectAccessible(page);

      const app = await usedApp(await tokenOf(company), {
        name: "Quiet App",
        countryCode: "AU",
        level: APP_LEVELS.Firm,
        status: VERSION_STATUS.Live,
      });
      await page.reload();
      await expect(page.getByText(t("usage:noUsage"))).toBeVisible();
      await expect(appRow(table(page, t, "firmLive"), app.name)).toContainText(
        `${t("usage:columns.total")}: 0`,
      );
      await expect(page.getByRole("table", { name: t("usage:chart.caption") })).toHaveCount(0);
      await expectAccessible(page);

      // With JavaScript a row opens over 300 ms, at once when reduced motion is asked for.
      const row = appRow(table(page, t, "firmLive"), app.name);
      /** A click on the row, and the durations of the animations it starts. */
      const clickAnimates = () =>
        row.evaluate((summary) => {
          (summary as HTMLElement).click();
          return summary
            .parentElement!.getAnimations({ subtree: true })
            .map((a) => a.effect?.getTiming().duration);
        });
      await hydrated(page);
      if (!isNoJs()) {
        expect(await clickAnimates()).toContain(300);
        await expect(page.getByText(t("usage:noFirms"))).toBeVisible();
        expect(await clickAnimates()).toContain(300);
        await expect(page.getByText(t("usage:noFirms"))).toBeHidden();
        await page.emulateMedia({ reducedMotion: "reduce" });
        expect(await clickAnimates()).toEqual([]);
        await expect(page.getByText(t("usage:noFirms"))).toBeVisible();
      } else {
        await row.click();
        await expect(page.getByText(t("usage:noFirms"))).toBeVisible();
      }

      await page.goto(usagePage(lang, "?country=US"));
      await expect(
        page.getByText(t("usage:noAppsIn", { country: countryName(lang, "US") })),
      ).toBeVisible();
      await expect(page.getByText(app.name)).toHaveCount(0);

      // A value that is no country code is every country.
      for (const value of [
        "%00",
        "%3Cscript%3E",
        "x".repeat(5000),
        "%F0%9F%98%80",
        "AU&country=UK",
      ]) {
        const response = await page.goto(usagePage(lang, `?country=${value}`));
        expect(response?.status(), value).toBeLessThan(400);
        await expect(page.getByText(app.name).first(), value).toBeVisible();
      }
    });

    test("a report the provider cannot answer: the page says so and keeps the filter, and shows the tables once it can", async ({
      page,
      company,
      t,
    }) => {
      const app = await usedApp(await tokenOf(company), {
        name: "Unread App",
        countryCode: "AU",
        level: APP_LEVELS.Firm,
        status: VERSION_STATUS.Live,
      });
      const fault = await failForCompany(company.companyId, "GET", "/api/apps/report");
      await signIn(page, company, lang);
      await page.goto(usagePage(lang, "?country=AU"));
      await expect(
        page.getByRole("alert").getByText(t("usage:loadFailed"), { exact: true }),
      ).toBeVisible();
      await expect(page.getByLabel(t("usage:filter.country"), { exact: true })).toBeVisible();
      await expect(page.getByText(app.name)).toHaveCount(0);
      await expect(page.getByRole("region", { name: t("usage:tables.firmLive") })).toHaveCount(0);
      await expectAccessible(page);

      await fault.clear();
      await page.reload();
      await expect(page.getByText(t("usage:loadFailed"))).toHaveCount(0);
      await expect(appRow(table(page, t, "firmLive"), app.name)).toBeVisible();
    });
  });
}
