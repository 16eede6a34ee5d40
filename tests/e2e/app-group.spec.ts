/**
 * The app group area (issue 4): the sidebar (header, app switcher
 * with the 5 most recently modified apps), the versions page (Active and History, the
 * 'show versions that went live' filter, rows that open the details page, the version menu),
 * archive and unarchive of the app with a confirmation, and 'page not found' for another
 * company's group. State is set up through the API and the reviewer endpoints.
 *
 * The API creates only version 1.000 of an app (no call makes a second version yet), so a
 * group holds one version: the Active and History sections are shown with one group per
 * state (Sandbox in Active; Live-then-Archived and Archived-without-going-live in History).
 */
import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import {
  CONSOLE_URL,
  type Company,
  consoleUrl,
  countryName,
  createCompany,
  expect,
  expectAccessible,
  isNoJs,
  LANGS,
  type Lang,
  provider,
  signIn,
  test,
} from "./fixtures";
import { failForCompany } from "./review-api";

// ---------------------------------------------------------------------------------------
// Set-up through the API

interface CreatedApp {
  versionId: string;
  groupId: string;
  name: string;
}

async function tokenOf(company: Company) {
  return (await provider.signIn(company.email, company.password)).access_token;
}

async function createApp(token: string, name: string, countryCode = "AU"): Promise<CreatedApp> {
  const id = randomUUID();
  const res = await provider.apiFetch(
    "apps",
    {
      method: "POST",
      body: JSON.stringify({
        id,
        details: {
          name,
          description: "An app for the group area tests.",
          categoryId: 1,
          appType: 0,
          countryCode,
        },
      }),
    },
    token,
  );
  if (res.status !== 201) throw new Error(`POST apps: ${res.status} ${await res.text()}`);
  const saved = (await res.json()) as { id: string; groupAppId: string };
  return { versionId: saved.id, groupId: saved.groupAppId, name };
}

async function renameApp(token: string, app: CreatedApp, name: string) {
  const res = await provider.apiFetch(
    `apps/${app.versionId}`,
    {
      method: "PUT",
      body: JSON.stringify({
        details: {
          name,
          description: "An app for the group area tests.",
          categoryId: 1,
          appType: 0,
          countryCode: "AU",
        },
      }),
    },
    token,
  );
  if (!res.ok) throw new Error(`PUT apps: ${res.status} ${await res.text()}`);
  app.name = name;
}

async function setStatus(versionId: string, statusCode: number) {
  const res = await provider.admin(`versions/${versionId}/status`, {
    method: "PUT",
    body: JSON.stringify({ statusCode }),
  });
  if (!res.ok) throw new Error(`status ${statusCode}: ${res.status} ${await res.text()}`);
}

const LIVE = 200;
const ARCHIVED = 201;

// ---------------------------------------------------------------------------------------
// Page helpers

const groupPath = (lang: Lang, groupId: string, query = "") =>
  `/${lang}/apps/group/${groupId}${query}`;

function section(page: Page, title: string): Locator {
  return page.getByRole("region", { name: title, exact: true });
}

/** The app switcher's trigger: the menu button with JS, the <details> summary without. */
function switcherTrigger(page: Page, label: string): Locator {
  return isNoJs()
    ? page.getByTestId("app-switcher").locator("summary")
    : page.getByRole("button", { name: label, exact: true });
}

/** The entries of the open switcher, in order (menu items with JS, links without). */
function switcherEntries(page: Page): Locator {
  return isNoJs()
    ? page.getByTestId("app-switcher").getByRole("link")
    : page.getByRole("menu").getByRole("menuitem");
}

/** With JS, waits until React runs the page (the filter's Apply button goes away). */
async function hydrated(page: Page, applyLabel: string) {
  if (!isNoJs())
    await expect(page.getByRole("button", { name: applyLabel, exact: true })).toHaveCount(0);
}

const DATE = /^\d{2}\/\d{2}\/\d{4}$/;

for (const lang of LANGS) {
  test.describe(lang, () => {
    test.use({ lang });

    test("Active: the sidebar, a Sandbox version with its menu, a row opens the details", async ({
      page,
      company,
      t,
    }) => {
      const current = await createApp(await tokenOf(company), "Current app");
      await signIn(page, company, lang);

      // A Sandbox version: in Active, with its menu; the history is empty.
      const response = await page.goto(groupPath(lang, current.groupId));
      expect(response?.status()).toBe(200);
      await expect(
        page.getByRole("heading", {
          level: 1,
          name: t("appGroup:versions.title", { name: current.name }),
        }),
      ).toBeVisible();
      await expect(page).toHaveTitle(
        new RegExp(t("appGroup:versions.pageTitle", { name: current.name })),
      );
      const sidebar = page.getByRole("complementary", {
        name: t("appGroup:sidebar.label", { name: current.name }),
      });
      await expect(sidebar.getByText(current.name, { exact: true }).first()).toBeVisible();
      await expect(sidebar.getByText(countryName(lang, "AU"), { exact: true })).toBeVisible();
      await expect(
        sidebar.getByRole("link", {
          name: t("appGroup:sidebar.pages.versions"),
        }),
      ).toHaveAttribute("aria-current", "page");
      const active = section(page, t("appGroup:versions.active.title"));
      const row = active.getByRole("row").filter({ hasText: "1.000" });
      await expect(row).toContainText(t("apps:status.Sandbox"));
      await expect(row.getByRole("cell").nth(2)).toHaveText(DATE);
      const history = section(page, t("appGroup:versions.history.title"));
      await expect(history.getByText(t("appGroup:versions.history.empty"))).toBeVisible();
      await hydrated(page, t("appGroup:versions.history.apply"));
      await expectAccessible(page);

      // The version menu: Duplicate and Preview (the actions of issue 4).
      const menuLabel = t("appList:versionMenu.label", {
        name: current.name,
        version: "1.000",
      });
      const trigger = isNoJs()
        ? row.locator("summary")
        : row.getByRole("button", { name: menuLabel });
      await trigger.click();
      const item = (name: string) =>
        (isNoJs() ? row : page.getByRole("menu")).getByRole(isNoJs() ? "link" : "menuitem", {
          name,
        });
      await expect(item(t("appList:versionMenu.duplicate"))).toBeVisible();
      await expect(item(t("appList:versionMenu.preview"))).toHaveAttribute(
        "href",
        `/${lang}/preview?app-id=${current.versionId}&preview=true`,
      );
      await expectAccessible(page);
      if (isNoJs()) await trigger.click();
      else await page.keyboard.press("Escape");

      // A row opens the version's details page (a real link).
      await row
        .getByRole("link", {
          name: t("appGroup:versions.openDetails", { version: "1.000" }),
        })
        .click();
      await expect(page).toHaveURL(`${CONSOLE_URL}/${lang}/apps/${current.versionId}/details`);
    });

    test("moving from the app list to the group, the details and back shows texts, never keys", async ({
      page,
      company,
      t,
    }) => {
      // The guard fails the test should a page show a translation key at any moment: with JS
      // each page loads its translations with its data when the browser comes to it.
      const app = await createApp(await tokenOf(company), "Journey app");
      await signIn(page, company, lang, { at: `/${lang}/apps` });
      await expect(
        page.getByRole("heading", { level: 1, name: t("pages.apps.title") }),
      ).toBeVisible();
      await hydrated(page, t("appList:filters.apply"));

      await page.getByRole("link", { name: app.name }).first().click();
      await expect(page).toHaveURL(`${CONSOLE_URL}${groupPath(lang, app.groupId)}`);
      await expect(
        page.getByRole("heading", {
          level: 1,
          name: t("appGroup:versions.title", { name: app.name }),
        }),
      ).toBeVisible();

      await page
        .getByRole("link", { name: t("appGroup:versions.openDetails", { version: "1.000" }) })
        .click();
      await expect(page).toHaveURL(`${CONSOLE_URL}/${lang}/apps/${app.versionId}/details`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(app.name);

      await page.getByRole("link", { name: t("appEditor:back") }).click();
      await expect(page).toHaveURL(new RegExp(`^${CONSOLE_URL}/${lang}/apps(\\?|$)`));
      await expect(
        page.getByRole("heading", { level: 1, name: t("pages.apps.title") }),
      ).toBeVisible();
    });

    test("History: archived versions with their dates, filtered by 'show versions that went live'", async ({
      page,
      company,
      t,
    }) => {
      const token = await tokenOf(company);
      const [wentLive, neverLive] = await Promise.all([
        createApp(token, "Once live app"),
        createApp(token, "Never live app"),
      ]);
      await setStatus(wentLive.versionId, LIVE);
      await setStatus(wentLive.versionId, ARCHIVED);
      await setStatus(neverLive.versionId, ARCHIVED);
      await signIn(page, company, lang);

      // A version that went live and was archived: in History with its live dates; Active is empty.
      await page.goto(groupPath(lang, wentLive.groupId));
      await expect(
        section(page, t("appGroup:versions.active.title")).getByText(
          t("appGroup:versions.active.empty"),
        ),
      ).toBeVisible();
      const liveRow = section(page, t("appGroup:versions.history.title"))
        .getByRole("row")
        .filter({ hasText: "1.000" });
      await expect(liveRow).toContainText(t("apps:status.Archived"));
      await expect(liveRow.getByRole("cell").nth(4)).toHaveText(DATE);
      await expect(liveRow.getByRole("cell").nth(5)).toHaveText(DATE);
      await expect(liveRow.getByRole("button")).toHaveCount(0); // no menu for archived versions
      await expect(liveRow.locator("summary")).toHaveCount(0);

      // A version archived without going live: shown, and hidden by 'show versions that went live'.
      await page.goto(groupPath(lang, neverLive.groupId));
      const neverHistory = section(page, t("appGroup:versions.history.title"));
      await expect(neverHistory.getByRole("row").filter({ hasText: "1.000" })).toContainText(
        t("appGroup:versions.outcome.0"),
      );
      await hydrated(page, t("appGroup:versions.history.apply"));
      const toggle = neverHistory.getByRole("checkbox", {
        name: t("appGroup:versions.history.showLive"),
      });
      await toggle.check();
      if (isNoJs())
        await neverHistory
          .getByRole("button", { name: t("appGroup:versions.history.apply") })
          .click();
      await expect(page).toHaveURL(
        `${CONSOLE_URL}${groupPath(lang, neverLive.groupId, "?live=1")}`,
      );
      await expect(neverHistory.getByText(t("appGroup:versions.history.emptyLive"))).toBeVisible();
      await expect(neverHistory.getByRole("row")).toHaveCount(0);
      await expect(toggle).toBeChecked();
      await expectAccessible(page);
      await toggle.uncheck();
      if (isNoJs())
        await neverHistory
          .getByRole("button", { name: t("appGroup:versions.history.apply") })
          .click();
      await expect(neverHistory.getByRole("row").filter({ hasText: "1.000" })).toBeVisible();

      // The went-live version stays with the filter on.
      await page.goto(groupPath(lang, wentLive.groupId, "?live=1"));
      await expect(
        section(page, t("appGroup:versions.history.title"))
          .getByRole("row")
          .filter({ hasText: "1.000" }),
      ).toBeVisible();
    });

    test("the switcher lists the 5 most recently modified apps and navigates", async ({
      page,
      company,
      t,
    }) => {
      const token = await tokenOf(company);
      const apps: CreatedApp[] = [];
      for (let i = 1; i <= 6; i++) apps.push(await createApp(token, `Switcher app ${i}`));
      // Changing app 2 makes it the most recently modified.
      await renameApp(token, apps[1], "Switcher app 2 renamed");
      const expected = [apps[1], apps[5], apps[4], apps[3], apps[2]].map((a) => a.name);

      await signIn(page, company, lang);
      await page.goto(groupPath(lang, apps[3].groupId));
      const entries = switcherEntries(page);
      await expect(entries).toHaveCount(0);
      await switcherTrigger(page, t("appGroup:switcher.button")).click();
      await expect(entries).toHaveCount(6);
      // Named by the app (the icon's initial is hidden), the current one marked.
      for (const [i, name] of expected.entries()) {
        await expect(entries.nth(i)).toHaveAccessibleName(
          i === 3 ? `${name} ${t("appGroup:switcher.current")}` : name,
        );
      }
      await expect(entries.nth(5)).toHaveAccessibleName(t("appGroup:switcher.listing"));
      await expect(entries.nth(3)).toHaveAttribute("aria-current", "page");
      await expectAccessible(page);

      if (isNoJs()) {
        await entries.nth(1).click();
      } else {
        // From the keyboard: Escape closes, ArrowDown opens on the first item.
        await page.keyboard.press("Escape");
        await expect(page.getByRole("menu")).toBeHidden();
        await page.keyboard.press("ArrowDown");
        await page.keyboard.press("ArrowDown");
        await page.keyboard.press("Enter");
      }
      await expect(page).toHaveURL(`${CONSOLE_URL}${groupPath(lang, apps[5].groupId)}`);
      await expect(
        page.getByRole("heading", {
          level: 1,
          name: t("appGroup:versions.title", { name: apps[5].name }),
        }),
      ).toBeVisible();

      await switcherTrigger(page, t("appGroup:switcher.button")).click();
      await switcherEntries(page).last().click();
      await expect(page).toHaveURL(`${CONSOLE_URL}/${lang}/apps`);
    });

    test("archive the app from its page after a confirmation (not while a version is Live)", async ({
      page,
      company,
      t,
    }) => {
      const token = await tokenOf(company);
      const [app, live] = await Promise.all([
        createApp(token, "Archivable app"),
        createApp(token, "Live app"),
      ]);
      await setStatus(live.versionId, LIVE);
      await signIn(page, company, lang);

      // A Live version: the app cannot be archived, so the page offers nothing.
      await page.goto(groupPath(lang, live.groupId));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("link", { name: t("appGroup:group.archive") })).toHaveCount(0);

      await page.goto(groupPath(lang, app.groupId));
      await hydrated(page, t("appGroup:versions.history.apply"));
      const dialog = page.getByRole("alertdialog", {
        name: t("appList:confirm.archive.title", { name: app.name }),
      });

      // No keeps the app as it is.
      await page.getByRole("link", { name: t("appGroup:group.archive") }).click();
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(t("appList:confirm.archive.body"));
      await expectAccessible(page);
      await dialog.getByRole("link", { name: t("confirm.no"), exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(`${CONSOLE_URL}${groupPath(lang, app.groupId)}`);

      // Yes archives it: toast, Archived chip, notice, and Unarchive offered.
      await page.getByRole("link", { name: t("appGroup:group.archive") }).click();
      await dialog.getByRole("button", { name: t("confirm.yes"), exact: true }).click();
      await expect(
        page.getByRole("status").getByText(t("toast.archived"), { exact: true }),
      ).toBeVisible();
      await expect(page).toHaveURL(`${CONSOLE_URL}${groupPath(lang, app.groupId)}`);
      await expect(
        page.getByRole("complementary").getByText(t("apps:archived"), { exact: true }),
      ).toBeVisible();
      await expect(page.getByText(t("appGroup:versions.archivedNotice"))).toBeVisible();
      await expect(page.getByRole("link", { name: t("appGroup:group.unarchive") })).toBeVisible();
    });

    test("unarchive the app from its page after a confirmation", async ({ page, company, t }) => {
      const token = await tokenOf(company);
      const app = await createApp(token, "Archived app");
      const res = await provider.apiFetch(
        `apps/group/${app.groupId}/setArchived?flag=true`,
        { method: "PUT" },
        token,
      );
      expect(res.ok).toBe(true);
      await signIn(page, company, lang);
      await page.goto(groupPath(lang, app.groupId, "?live=1"));
      await expect(
        page.getByRole("complementary").getByText(t("apps:archived"), { exact: true }),
      ).toBeVisible();
      await hydrated(page, t("appGroup:versions.history.apply"));

      await page.getByRole("link", { name: t("appGroup:group.unarchive") }).click();
      const dialog = page.getByRole("alertdialog", {
        name: t("appList:confirm.unarchive.title", { name: app.name }),
      });
      await expect(dialog).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole("button", { name: t("confirm.yes"), exact: true }).click();
      await expect(
        page.getByRole("status").getByText(t("toast.unarchived"), { exact: true }),
      ).toBeVisible();
      // Back on the page, its filter kept.
      await expect(page).toHaveURL(`${CONSOLE_URL}${groupPath(lang, app.groupId, "?live=1")}`);
      await expect(page.getByRole("link", { name: t("appGroup:group.archive") })).toBeVisible();
      await expect(
        page.getByRole("complementary").getByText(t("apps:archived"), { exact: true }),
      ).toHaveCount(0);
      await expect(page.getByText(t("appGroup:versions.archivedNotice"))).toHaveCount(0);
    });
  });
}

test.describe("app group pages", () => {
  test("another company's app group, an unknown one and a malformed id are 'page not found'", async ({
    page,
    company,
    t,
  }) => {
    const lang: Lang = "en-AU";
    const other = await createCompany();
    const theirs = await createApp(await tokenOf(other), "Someone else's app");
    await signIn(page, company, lang);
    for (const id of [theirs.groupId, randomUUID(), "not-a-group"]) {
      const response = await page.goto(groupPath(lang, id));
      expect(response?.status(), id).toBe(404);
      await expect(
        page.getByRole("heading", {
          level: 1,
          name: t("errors.notFoundTitle"),
        }),
      ).toBeVisible();
      await expect(page.getByText(theirs.name)).toHaveCount(0);
    }
    await expect(page).toHaveTitle(new RegExp(t("errors.notFoundTitle")));
    await expectAccessible(page);
  });

  test("duplicate from a version's menu: the shared dialog, posted to the group page's action", async ({
    page,
    company,
    t,
  }) => {
    const lang: Lang = "en-AU";
    const app = await createApp(await tokenOf(company), "Archivable app");
    await signIn(page, company, lang);
    await page.goto(groupPath(lang, app.groupId));
    await hydrated(page, t("appGroup:versions.history.apply"));
    // Duplicate from the version menu: the shared dialog, posted to this page's action.
    const row = section(page, t("appGroup:versions.active.title"))
      .getByRole("row")
      .filter({ hasText: "1.000" });
    if (isNoJs()) await row.locator("summary").click();
    else
      await row
        .getByRole("button", {
          name: t("appList:versionMenu.label", {
            name: app.name,
            version: "1.000",
          }),
        })
        .click();
    await (isNoJs()
      ? row.getByRole("link", { name: t("appList:versionMenu.duplicate") })
      : page.getByRole("menuitem", { name: t("appList:versionMenu.duplicate") })
    ).click();
    const duplicate = page.getByRole("dialog", {
      name: t("appList:duplicate.title", { name: app.name, version: "1.000" }),
    });
    await expect(duplicate).toBeVisible();
    await expectAccessible(page);
    // A name over 100 characters: kept whole, refused with the words creating an app uses.
    const longName = "A".repeat(101);
    await duplicate.getByLabel(t("appList:duplicate.appName")).fill(longName);
    await duplicate.getByLabel(t("appList:duplicate.country")).selectOption("UK");
    await duplicate
      .getByRole("button", { name: t("appList:duplicate.submit"), exact: true })
      .click();
    const tooLong = t("appEditor:errors.tooLong", {
      field: t("appEditor:fields.name.label"),
      max: 100,
    });
    await expect(duplicate.getByText(tooLong, { exact: true })).toHaveCount(2);
    await expect(duplicate.getByLabel(t("appList:duplicate.appName"))).toHaveValue(longName);
    // Posted to the group's address, never Remix's `?index`, which a refusal would leave in the address bar.
    const pageUrl = consoleUrl(groupPath(lang, app.groupId), `\\?duplicate=${app.versionId}`);
    await expect(page).toHaveURL(pageUrl);
    await duplicate.getByLabel(t("appList:duplicate.appName")).fill("Archivable app copy");
    await duplicate.getByLabel(t("appList:duplicate.country")).selectOption("UK");
    // The provider fails the copy: the page answers with its error dialog, at its own address.
    const fault = await failForCompany(
      company.companyId,
      "POST",
      `/api/apps/${app.versionId}/duplicate`,
    );
    await duplicate
      .getByRole("button", { name: t("appList:duplicate.submit"), exact: true })
      .click();
    const failed = page.getByRole("alertdialog", { name: t("errors.dialogTitle") });
    await expect(failed).toBeVisible();
    await expect(page).toHaveURL(pageUrl);
    await failed.getByRole("button", { name: t("errors.close"), exact: true }).click();
    await fault.clear();
    await expect(duplicate.getByLabel(t("appList:duplicate.appName"))).toHaveValue(
      "Archivable app copy",
    );
    await duplicate
      .getByRole("button", { name: t("appList:duplicate.submit"), exact: true })
      .click();
    await expect(
      page.getByRole("status").getByText(t("toast.duplicatedSuccessfully"), { exact: true }),
    ).toBeVisible();
    await expect(page).toHaveURL(`${CONSOLE_URL}/${lang}/apps`);
  });
});
