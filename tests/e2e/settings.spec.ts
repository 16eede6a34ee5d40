/**
 * The settings screen (spec 02 sections 2.3, 5.4 and 6): its tabs are links in the URL; the
 * user settings tab saves the user's language, switching the console to it at once (the URL's
 * language segment included) and keeping it for the next sign-in; the bank account tab
 * (admins only) holds every rule of the form, saves and then updates the details and shows
 * the number on file masked; the users tab shows a card per user; a user who is not an admin
 * is offered no bank tab and is refused by the API; another company sees nothing of them. Users are added through the provider API
 * (`provider.apiFetch`); what is tested goes through the page. Written per language.
 */
import type { Page } from "@playwright/test";
import { uniqueEmail } from "../support/provider";
import { tokenOf } from "./apps-api";
import { acceptTerms, consoleUrl, createCompany, expect, expectAccessible, hydrated, isNoJs, LANGS, otherLang, provider, signIn, signInForm, signOutFromMenu, test, translate } from "./fixtures";

type T = (key: string, values?: Record<string, string | number>) => string;

const settingsPage = (lang: string, tab?: string) => `/${lang}/settings${tab ? `?tab=${tab}` : ""}`;
const tabLink = (page: Page, t: T, tab: string) => page.getByRole("navigation", { name: t("settings:tabs.label") }).getByRole("link", { name: t(`settings:tabs.${tab}`), exact: true });
const summaryLink = (page: Page, message: string) => page.getByRole("alert").getByRole("link", { name: message, exact: true });

const bankGet = async (token: string) => provider.apiFetch("settings/bank-details", {}, token);

for (const lang of LANGS) {
  test.describe(lang, () => {
    test.use({ lang });

    test("user settings: the language saved switches the console at once and stays for the next sign-in", async ({ page, company, t }) => {
      await signIn(page, company, lang);
      await page.goto(settingsPage(lang));
      await expect(tabLink(page, t, "user")).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("heading", { name: t("settings:user.title"), level: 2 })).toBeVisible();
      await expectAccessible(page);
      const other = otherLang(lang);
      await hydrated(page);
      await page.getByLabel(t("settings:user.language"), { exact: true }).selectOption(other);
      await page.getByRole("button", { name: t("settings:user.save"), exact: true }).click();
      await expect(page).toHaveURL(consoleUrl(`/${other}/settings`, "\\?tab=user"));
      await expect(page.getByRole("heading", { name: translate(other, "settings:user.title"), level: 2 })).toBeVisible();
      await expect(page.getByLabel(translate(other, "settings:user.language"), { exact: true })).toHaveValue(other);
      await expect(page.getByRole("status").filter({ hasText: translate(other, "common:toast.savedSuccessfully") })).toBeVisible();
      const token = await tokenOf(company);
      const preference = (await (await provider.apiFetch("user/preference", {}, token)).json()) as { localeCode: string };
      expect(preference.localeCode).toBe(other);
      const me = (await (await provider.apiFetch("user", {}, token)).json()) as { localeCode: string };
      expect(me.localeCode).toBe(other);

      // The next sign-in, even one started in the former language, opens the console in the chosen one.
      await signOutFromMenu(page, company, other);
      await page.goto(`/${lang}/auth/signin`);
      const form = signInForm(page, lang);
      await form.email.fill(company.email);
      await form.password.fill(company.password);
      await form.submit.click();
      await expect(page).toHaveURL(consoleUrl(`/${other}/apps`));
    });

    test("bank account: every rule, saved, then updated with the number on file masked", async ({ page, company, t }) => {
      await signIn(page, company, lang);
      await page.goto(settingsPage(lang));
      await tabLink(page, t, "bank").click();
      await expect(page).toHaveURL(consoleUrl(`/${lang}/settings`, "\\?tab=bank"));
      await expect(tabLink(page, t, "bank")).toHaveAttribute("aria-current", "page");
      const field = (name: string) => page.getByLabel(t(`settings:bank.fields.${name}`), { exact: true });
      const label = (name: string) => t(`settings:bank.fields.${name}`);
      const save = page.getByRole("button", { name: t("settings:bank.save"), exact: true });
      await expect(field("bsb")).toHaveAttribute("inputmode", "numeric");
      await expect(field("bsb")).toHaveAttribute("maxlength", "6");
      await expectAccessible(page);
      await hydrated(page);
      if (!isNoJs()) {
        // With JavaScript the BSB keeps digits only, at most 6.
        await field("bsb").pressSequentially("06-20a001");
        await expect(field("bsb")).toHaveValue("062000");
        await field("bsb").fill("");
      }

      await save.click();
      for (const name of ["accountName", "bsb", "accountNumber"]) {
        await expect(summaryLink(page, t("settings:errors.required", { field: label(name) }))).toBeVisible();
      }
      await expectAccessible(page);
      if (!isNoJs()) {
        // The failed submit took focus to the summary; typing that changes it leaves focus in the field.
        await expect(page.getByRole("alert").filter({ has: page.getByRole("link", { name: t("settings:errors.required", { field: label("bsb") }), exact: true }) })).toBeFocused();
        await field("accountName").pressSequentially("Acme");
        await expect(summaryLink(page, t("settings:errors.required", { field: label("accountName") }))).toHaveCount(0);
        await expect(field("accountName")).toBeFocused();
        await field("accountName").fill("");
      }

      await field("accountName").fill("Acme Pty Ltd");
      await field("bsb").fill("12345");
      await field("accountNumber").fill("12a45");
      await save.click();
      await expect(summaryLink(page, t("settings:errors.bsbMustBe6Digits"))).toBeVisible();
      await expect(summaryLink(page, t("settings:errors.mustBeDigits", { field: label("accountNumber") }))).toBeVisible();
      // A failed save keeps what was typed.
      await expect(field("accountName")).toHaveValue("Acme Pty Ltd");
      await expect(field("accountNumber")).toHaveValue("12a45");

      await field("accountNumber").fill("1".repeat(31));
      await save.click();
      await expect(summaryLink(page, t("settings:errors.atMost30Digits", { field: label("accountNumber") }))).toBeVisible();

      await field("accountName").fill("  Acme Pty Ltd  ");
      await field("bsb").fill("062000");
      await field("accountNumber").fill(" 12345678 ");
      await save.click();
      await expect(page.getByRole("status").filter({ hasText: t("settings:bank.saved") })).toBeVisible();
      await expect(page.getByText(t("settings:bank.onFile", { masked: "*****678" }))).toBeVisible();
      await expect(field("accountName")).toHaveValue("Acme Pty Ltd");
      await expect(field("accountNumber")).toHaveValue("");
      const update = page.getByRole("button", { name: t("settings:bank.update"), exact: true });
      await expect(update).toBeVisible();
      await expect(save).toHaveCount(0);

      // The number on file is masked, so an update asks for it again.
      await update.click();
      await expect(summaryLink(page, t("settings:errors.required", { field: label("accountNumber") }))).toBeVisible();
      await field("accountNumber").fill("987654321");
      await update.click();
      await expect(page.getByRole("status").filter({ hasText: t("settings:bank.updated") })).toBeVisible();
      await expect(page.getByText(t("settings:bank.onFile", { masked: "******321" }))).toBeVisible();
      await expectAccessible(page);

      const saved = (await (await bankGet(await tokenOf(company))).json()) as { accountName: string; bsb: string; accountNumber: string }[];
      expect(saved).toEqual([expect.objectContaining({ accountName: "Acme Pty Ltd", bsb: "062000", accountNumber: "******321" })]);
    });

    test("a user who is not an admin has no bank tab and is refused; another company sees nothing", async ({ page, company, t }) => {
      const adminToken = await tokenOf(company);
      const saved = await provider.apiFetch("settings/bank-details", { method: "POST", body: JSON.stringify({ accountName: "Acme", bsb: "062000", accountNumber: "12345678" }) }, adminToken);
      expect(saved.status).toBe(201);
      const { id } = (await saved.json()) as { id: string };
      const member = { email: uniqueEmail("member"), password: "Valid-pass-2" };
      const created = await provider.apiFetch(
        "user",
        { method: "POST", body: JSON.stringify({ title: "mr", firstName: "Sam", lastName: "Member", ...member, confirmPassword: member.password, admin: false }) },
        adminToken,
      );
      expect(created.status).toBe(201);
      await acceptTerms(member);

      await signIn(page, member, lang);
      await page.goto(settingsPage(lang, "bank"));
      await expect(tabLink(page, t, "user")).toHaveAttribute("aria-current", "page");
      await expect(tabLink(page, t, "bank")).toHaveCount(0);
      await expect(page.getByLabel(t("settings:bank.fields.bsb"), { exact: true })).toHaveCount(0);
      await expect(page.getByText("*****678")).toHaveCount(0);
      await expectAccessible(page);

      // The users tab: a card per user, the admin marked, the member's own card marked as theirs.
      await tabLink(page, t, "users").click();
      await expect(page).toHaveURL(consoleUrl(`/${lang}/settings`, "\\?tab=users"));
      const cards = page.getByRole("region", { name: t("settings:users.title") }).getByRole("listitem");
      await expect(cards).toHaveCount(2);
      const adminCard = cards.filter({ hasText: company.email });
      await expect(adminCard.getByRole("heading", { name: `${company.firstName} ${company.lastName}` })).toBeVisible();
      await expect(adminCard.getByText(t("settings:users.admin"), { exact: true })).toBeVisible();
      const ownCard = cards.filter({ hasText: member.email });
      await expect(ownCard.getByRole("heading", { name: `Sam Member ${t("settings:users.you")}` })).toBeVisible();
      await expect(ownCard.getByText(t("settings:users.admin"), { exact: true })).toHaveCount(0);
      await expectAccessible(page);

      const memberToken = await tokenOf(member);
      expect((await bankGet(memberToken)).status).toBe(403);
      const body = JSON.stringify({ accountName: "Mine", bsb: "111111", accountNumber: "999" });
      expect((await provider.apiFetch(`settings/bank-details/${id}`, { method: "PUT", body }, memberToken)).status).toBe(403);

      const other = await createCompany();
      const otherToken = await tokenOf(other);
      expect(await (await bankGet(otherToken)).json()).toEqual([]);
      const theirUsers = (await (await provider.apiFetch("user/list", {}, otherToken)).json()) as { email: string }[];
      expect(theirUsers.map((user) => user.email)).toEqual([other.email]);
      expect((await provider.apiFetch(`settings/bank-details/${id}`, { method: "PUT", body }, otherToken)).status).toBe(404);
      expect(((await (await bankGet(adminToken)).json()) as { accountName: string }[])[0].accountName).toBe("Acme");
    });
  });
}
