/**
 * The sandbox accounts page: the tabs with their
 * counts (staging only with test access, which the reviewer switches), the Download menu,
 * new credentials in the staging and the live sandbox with every rule of the form, import of
 * a valid and an invalid token, the configuration and its badge, the debug ids, delete with
 * its confirmation; a delete, a save and a list the provider fails (faults the reviewer sets on
 * that account's or that company's calls only), the list kept as it was; the dialog opening on
 * the company's default country and the import's environment picture; another company sees
 * none of the accounts. Accounts and apps set up
 * through the provider API; what is tested goes through the page. Written per language: one
 * language per project.
 */
import type { Page } from "@playwright/test";
import { createApp, tokenOf } from "./apps-api";
import {
  countryName,
  createCompany,
  expect,
  expectAccessible,
  hydrated,
  isNoJs,
  LANGS,
  type Lang,
  lookupName,
  signIn,
  test,
} from "./fixtures";
import { admin, api, failForCompany, ok } from "./review-api";

type T = (key: string, values?: Record<string, string | number>) => string;

const testAccess = async (userId: string, on: boolean) =>
  ok(await admin(`users/${userId}/access-to-test`, "PUT", { hasAccessToTest: on }), "test access");
const page_ = (lang: Lang, query = "") => `/${lang}/instances${query}`;
const toast = (page: Page, t: T, key: string) =>
  expect(page.getByRole("status").filter({ hasText: t(`common:toast.${key}`) })).toBeVisible();
const tab = (page: Page, t: T, key: "staging" | "live") =>
  page
    .getByRole("navigation", { name: t("instances:tabs.label") })
    .getByRole("link", { name: new RegExp(`^${t(`instances:tabs.${key}`)}`) });
const card = (page: Page, username: string) =>
  page.getByRole("article", { name: username, exact: true });
const dialog = (page: Page) => page.getByRole("dialog");
const field = (page: Page, t: T, name: string) =>
  dialog(page).getByLabel(t(`instances:fields.${name}`), { exact: true });
const fieldError = (page: Page, t: T, code: string, name: string) =>
  dialog(page)
    .getByText(t(`instances:errors.${code}`, { field: t(`instances:fields.${name}`) }), {
      exact: true,
    })
    .first();

/** A token as the provider gives it: three parts, the middle base64url JSON. */
const importToken = (claims: Record<string, unknown>) =>
  `eyJhbGciOiJub25lIn0.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.signature`;

async function openDialog(page: Page, name: string) {
  await page.getByRole("link", { name, exact: true }).click();
  await expect(dialog(page)).toBeVisible();
  if (!isNoJs()) await hydrated(page);
}

for (const lang of LANGS) {
  test.describe(lang, () => {
    test.use({ lang });

    test("new credentials in the staging and the live sandbox: the tabs, the rules and the cards", async ({
      page,
      company,
      t,
    }) => {
      await testAccess(company.userId, true);
      await signIn(page, company, lang, { at: page_(lang) });
      await expect(
        page.getByRole("heading", { level: 1, name: t("instances:title") }),
      ).toBeVisible();
      await expect(tab(page, t, "staging")).toHaveAttribute("aria-current", "page");
      await expect(tab(page, t, "staging")).toContainText("0");
      await expect(tab(page, t, "live")).toContainText("0");
      // The Download menu: a build per country and version.
      await page.getByText(t("instances:download.menu"), { exact: true }).click();
      await expect(
        page.getByRole(isNoJs() ? "link" : "menuitem", {
          name: t("instances:download.entry", { country: "AU", version: "2.7.0.31" }),
        }),
      ).toBeVisible();
      await page.keyboard.press("Escape");
      if (!isNoJs()) await expectAccessible(page);

      await openDialog(page, t("instances:new.open"));
      await expect(field(page, t, "firstName")).toHaveValue(company.firstName);
      await expect(field(page, t, "lastName")).toHaveValue(company.lastName);
      // Of two cards none is chosen, and the country shows once one is.
      const stagingCard = dialog(page).getByLabel(t("instances:new.staging.title"));
      await expect(stagingCard).not.toBeChecked();
      await expect(dialog(page).getByLabel(t("instances:new.live.title"))).not.toBeChecked();
      await expect(field(page, t, "countryCode")).toHaveCount(0);
      await stagingCard.check();
      if (isNoJs())
        await dialog(page)
          .getByRole("button", { name: t("instances:new.choose") })
          .click();
      await expect(field(page, t, "countryCode")).toHaveValue("AU");
      await expect(stagingCard).toBeChecked();
      const create = () =>
        dialog(page)
          .getByRole("button", { name: t("instances:new.submit"), exact: true })
          .click();
      await field(page, t, "firstName").fill("");
      await field(page, t, "email").fill("not-an-email");
      await field(page, t, "password").fill("secret-1");
      await field(page, t, "confirmPassword").fill("secret-2");
      await create();
      await expect(fieldError(page, t, "required", "firstName")).toBeVisible();
      await expect(fieldError(page, t, "invalidEmail", "email")).toBeVisible();
      await expect(fieldError(page, t, "passwordMismatch", "confirmPassword")).toBeVisible();
      await expect(field(page, t, "email")).toHaveValue("not-an-email");
      if (!isNoJs()) await expectAccessible(page);
      await field(page, t, "firstName").fill("Ada");
      await field(page, t, "email").fill(`staging-${company.email}`);
      await field(page, t, "password").fill("secret-1");
      await field(page, t, "confirmPassword").fill("secret-1");
      await create();
      await toast(page, t, "savedSuccessfully");
      await expect(card(page, `staging-${company.email}`.toLowerCase())).toContainText("AU");
      await expect(tab(page, t, "staging")).toContainText("1");

      // Live, Australia (Beta): AU's LIVEB, a firm type of AU's product variants.
      await openDialog(page, t("instances:new.open"));
      await dialog(page).getByLabel(t("instances:new.live.title")).check();
      if (isNoJs())
        await dialog(page)
          .getByRole("button", { name: t("instances:new.choose") })
          .click();
      await field(page, t, "countryCode").selectOption({ label: countryName(lang, "AUB") });
      if (isNoJs())
        await dialog(page)
          .getByRole("button", { name: t("instances:new.choose") })
          .click();
      await expect(field(page, t, "firmType")).toHaveValue("1");
      // The firm types as the provider names them in the page's language.
      await expect(field(page, t, "firmType").locator("option")).toHaveText(
        ["Law Firm", "Conveyancer", "Barrister"].map((name) => lookupName(lang, name)),
      );
      await field(page, t, "firmType").selectOption({ label: lookupName(lang, "Conveyancer") });
      await field(page, t, "email").fill(`live-${company.email}`);
      await field(page, t, "password").fill("secret-1");
      await field(page, t, "confirmPassword").fill("secret-1");
      await create();
      await toast(page, t, "savedSuccessfully");
      await expect(tab(page, t, "live")).toHaveAttribute("aria-current", "page");
      const live = card(page, `live-${company.email}`.toLowerCase());
      await expect(live).toContainText(t("instances:card.beta"));
      await expect(live).toContainText(lookupName(lang, "Conveyancer"));
      await expect(tab(page, t, "staging")).toContainText("1");
      await expect(tab(page, t, "live")).toContainText("1");

      // Without test access: the live tab only, and no staging card.
      await testAccess(company.userId, false);
      await page.goto(page_(lang, "?tab=staging"));
      await expect(tab(page, t, "staging")).toHaveCount(0);
      await expect(tab(page, t, "live")).toHaveAttribute("aria-current", "page");
      await openDialog(page, t("instances:new.open"));
      await expect(dialog(page).getByLabel(t("instances:new.staging.title"))).toHaveCount(0);
      await expect(dialog(page).getByLabel(t("instances:new.live.title"))).toBeChecked();

      // Another company sees none of these accounts.
      const other = await createCompany();
      await page.context().clearCookies();
      await signIn(page, other, lang);
      await page.goto(page_(lang, "?tab=live"));
      await expect(page.getByText(t("instances:empty.live"))).toBeVisible();
      await expect(page.getByRole("article")).toHaveCount(0);
    });

    test("import a valid and an invalid token", async ({ page, company, t }) => {
      await signIn(page, company, lang, { at: page_(lang) });
      await openDialog(page, t("instances:import.open"));
      const token = field(page, t, "token");
      const submit = dialog(page).getByRole("button", {
        name: t("instances:import.submit"),
        exact: true,
      });
      const decode = async () => {
        if (isNoJs())
          await dialog(page)
            .getByRole("button", { name: t("instances:import.decode"), exact: true })
            .click();
      };
      await token.fill("not.a-token");
      await decode();
      await expect(fieldError(page, t, "invalidToken", "token")).toBeVisible();
      await expect(submit).toBeDisabled();
      if (!isNoJs()) await expectAccessible(page);

      const valid = importToken({
        firmId: "F-100",
        userId: "U-7",
        staffId: "S-3",
        countryCode: 5,
        region: "au",
        environment: "live",
      });
      await field(page, t, "token").fill(valid);
      await decode();
      await expect(dialog(page).locator('[data-field="region"]')).toHaveText("NZ");
      await expect(dialog(page).locator('[data-field="environment"]')).toHaveText("LIVE");
      await expect(dialog(page).locator('[data-field="firmType"]')).toHaveText("1");
      await expect(dialog(page).locator('[data-field="firmId"]')).toHaveText("F-100");
      await expect(dialog(page).locator('[data-field="staffId"]')).toHaveText("S-3");
      await expect(dialog(page).locator('[data-field="userId"]')).toHaveText("U-7");
      await expect(fieldError(page, t, "invalidToken", "token")).toHaveCount(0);
      // The picture of the environment's type: live here; LIVE of region AUB is the Beta one, test a staging one.
      const picture = (type: string) =>
        dialog(page).getByRole("figure", {
          name: t(`instances:import.picture.${type}`),
          exact: true,
        });
      await expect(picture("LIVE")).toBeVisible();
      await field(page, t, "token").fill(
        importToken({
          firmId: "F-1",
          userId: "U-1",
          staffId: "S-1",
          region: "aub",
          environment: "live",
        }),
      );
      await decode();
      await expect(picture("LIVEB")).toBeVisible();
      await expect(picture("LIVE")).toHaveCount(0);
      await field(page, t, "token").fill(
        importToken({
          firmId: "F-1",
          userId: "U-1",
          staffId: "S-1",
          region: "au",
          environment: "test",
        }),
      );
      await decode();
      await expect(picture("TEST")).toBeVisible();
      if (!isNoJs()) await expectAccessible(page);
      await field(page, t, "token").fill(valid);
      await decode();
      await dialog(page)
        .getByRole("button", { name: t("instances:import.submit"), exact: true })
        .click();
      await toast(page, t, "savedSuccessfully");
      const imported = card(page, "U-7@F-100");
      await expect(imported).toContainText("NZ");
      // The same account again: the provider refuses it, the error dialog says why and the token stays.
      await openDialog(page, t("instances:import.open"));
      await field(page, t, "token").fill(valid);
      await decode();
      await dialog(page)
        .getByRole("button", { name: t("instances:import.submit"), exact: true })
        .click();
      const error = page.getByRole("alertdialog", { name: t("common:errors.dialogTitle") });
      await expect(
        error.getByText(t("instances:errors.usernameTaken"), { exact: true }),
      ).toBeVisible();
      await error.getByRole("button", { name: t("common:errors.close"), exact: true }).click();
      await expect(field(page, t, "token")).toHaveValue(valid);
      await page.goto(page_(lang, "?tab=live"));

      // The company has no apps in NZ: the configuration says so.
      await imported
        .getByRole("link", {
          name: t("instances:card.configureLabel_other", { username: "U-7@F-100", count: 0 }),
        })
        .click();
      await expect(dialog(page).getByText(t("instances:configure.noApps"))).toBeVisible();
    });

    test("configure apps and see the badge, the debug ids, delete with confirmation", async ({
      page,
      company,
      t,
    }) => {
      const token = await tokenOf(company);
      await createApp(token, { countryCode: "AU", name: "Matter Sync" });
      const created = await ok<{
        id: string;
        leapFirmId: string;
        leapUserId: string;
        leapStaffId: string;
      }>(
        await api(token, "leapinstances", "POST", {
          firstName: "Ada",
          lastName: "Lovelace",
          email: `cfg-${company.email}`,
          password: "secret",
          leapEnvironmentsId: 3,
        }),
        "POST leapinstances",
      );
      await signIn(page, company, lang, { at: page_(lang) });
      const username = `cfg-${company.email}`.toLowerCase();
      const account = card(page, username);
      const configure = account.getByRole("link", {
        name: t("instances:card.configureLabel_other", { username, count: 0 }),
      });
      await expect(configure).toBeVisible();

      // Debug: the firm, user and staff ids.
      await account.getByText(t("instances:card.debug"), { exact: true }).click();
      await expect(account.getByText(created.leapFirmId, { exact: true })).toBeVisible();
      await expect(account.getByText(created.leapUserId, { exact: true })).toBeVisible();
      await expect(account.getByText(created.leapStaffId, { exact: true })).toBeVisible();

      await configure.click();
      await expect(dialog(page)).toBeVisible();
      if (!isNoJs()) await hydrated(page);
      const row = (what: string) =>
        dialog(page).getByLabel(t(`instances:configure.rowLabel.${what}`, { app: "Matter Sync" }), {
          exact: true,
        });
      await row("include").check();
      await row("status").selectOption("0");
      await row("endpoint").selectOption({ label: t("instances:configure.endpoints.BETA") });
      await dialog(page).getByLabel(t("instances:configure.applyToAllUsers")).check();
      if (!isNoJs()) await expectAccessible(page);
      await dialog(page)
        .getByRole("button", { name: t("instances:configure.submit"), exact: true })
        .click();
      await toast(page, t, "savedSuccessfully");
      await expect(
        account.getByRole("link", {
          name: t("instances:card.configureLabel_one", { username, count: 1 }),
        }),
      ).toBeVisible();
      await account
        .getByRole("link", { name: t("instances:card.configureLabel_one", { username, count: 1 }) })
        .click();
      await expect(row("status")).toHaveValue("0");
      await expect(row("endpoint")).toHaveValue("BETA");
      await expect(dialog(page).getByLabel(t("instances:configure.applyToAllUsers"))).toBeChecked();
      // Switched off: back to 200 and Live.
      await row("include").uncheck();
      await dialog(page)
        .getByRole("button", { name: t("instances:configure.submit"), exact: true })
        .click();
      await toast(page, t, "savedSuccessfully");
      await account
        .getByRole("link", {
          name: t("instances:card.configureLabel_other", { username, count: 0 }),
        })
        .click();
      await expect(row("status")).toHaveValue("200");
      await expect(row("endpoint")).toHaveValue("LIVE");
      await page.goto(page_(lang, "?tab=live"));

      // Delete, confirmed.
      await account
        .getByRole("link", { name: t("instances:card.deleteLabel", { username }) })
        .click();
      await expect(page.getByRole("alertdialog")).toBeVisible();
      if (!isNoJs()) await expectAccessible(page);
      await page
        .getByRole("alertdialog")
        .getByRole("button", { name: t("common:confirm.yes"), exact: true })
        .click();
      await toast(page, t, "deletedSuccessfully");
      await expect(account).toHaveCount(0);
    });

    test("an account the provider cannot delete: the error dialog says so and the account stays", async ({
      page,
      company,
      t,
    }) => {
      const token = await tokenOf(company);
      const created = await ok<{ id: string; username: string }>(
        await api(token, "leapinstances", "POST", {
          firstName: "Ada",
          lastName: "Lovelace",
          email: `del-${company.email}`,
          password: "secret",
          leapEnvironmentsId: 3,
        }),
        "POST leapinstances",
      );
      await signIn(page, company, lang, { at: page_(lang) });
      const deleteFault = { method: "DELETE", path: `/api/leapinstances/${created.id}` };
      await ok(await admin("faults", "PUT", { ...deleteFault, status: 503 }), "set fault");
      const account = card(page, created.username);
      await account
        .getByRole("link", {
          name: t("instances:card.deleteLabel", { username: created.username }),
        })
        .click();
      await page
        .getByRole("alertdialog")
        .getByRole("button", { name: t("common:confirm.yes"), exact: true })
        .click();
      await expect(
        page
          .getByRole("alertdialog", { name: t("common:errors.dialogTitle") })
          .getByText(t("instances:errors.deletingData"), { exact: true }),
      ).toBeVisible();
      await ok(await admin(`faults?${new URLSearchParams(deleteFault)}`, "DELETE"), "clear fault");
      await page.goto(page_(lang));
      await expect(account).toBeVisible();
    });

    test("a save the provider fails says 'saving data' and keeps what was typed; the dialog opens on the company's default country", async ({
      page,
      t,
    }) => {
      const company = await createCompany({ registration: { countryId: "UK" } });
      await signIn(page, company, lang, { at: page_(lang) });
      await openDialog(page, t("instances:new.open"));
      await expect(field(page, t, "countryCode")).toHaveValue("UK");
      const fault = await failForCompany(company.companyId, "POST", "/api/leapinstances");
      const email = `saving-${company.email}`;
      await field(page, t, "email").fill(email);
      await field(page, t, "password").fill("secret-1");
      await field(page, t, "confirmPassword").fill("secret-1");
      await dialog(page)
        .getByRole("button", { name: t("instances:new.submit"), exact: true })
        .click();
      const error = page.getByRole("alertdialog", { name: t("common:errors.dialogTitle") });
      await expect(
        error.getByText(t("instances:errors.savingData"), { exact: true }),
      ).toBeVisible();
      if (!isNoJs()) await expectAccessible(page);
      await error.getByRole("button", { name: t("common:errors.close"), exact: true }).click();
      await expect(field(page, t, "email")).toHaveValue(email);
      await expect(field(page, t, "countryCode")).toHaveValue("UK");
      await fault.clear();
      await page.goto(page_(lang, "?tab=live"));
      await expect(page.getByRole("article")).toHaveCount(0);
    });

    test("accounts the provider cannot list: 'while fetching data', and the list stays as it was", async ({
      page,
      company,
      t,
    }) => {
      const token = await tokenOf(company);
      const created = await ok<{ username: string }>(
        await api(token, "leapinstances", "POST", {
          firstName: "Ada",
          lastName: "Lovelace",
          email: `list-${company.email}`,
          password: "secret",
          leapEnvironmentsId: 3,
        }),
        "POST leapinstances",
      );
      await signIn(page, company, lang);
      await page.goto(page_(lang, "?tab=live"));
      await expect(card(page, created.username)).toBeVisible();
      await expect(page.getByText(t("instances:errors.fetchingData"))).toHaveCount(0);

      const fault = await failForCompany(company.companyId, "GET", "/api/leapinstances");
      await page.reload();
      await expect(
        page.getByRole("alert").getByText(t("instances:errors.fetchingData"), { exact: true }),
      ).toBeVisible();
      await expect(card(page, created.username)).toBeVisible();
      await expect(tab(page, t, "live")).toContainText("1");
      if (!isNoJs()) await expectAccessible(page);
      // Another company is not touched by this company's fault.
      expect((await api(await tokenOf(await createCompany()), "leapinstances")).status).toBe(200);
      await fault.clear();
      await page.reload();
      await expect(page.getByText(t("instances:errors.fetchingData"))).toHaveCount(0);
      await expect(card(page, created.username)).toBeVisible();
    });
  });
}
