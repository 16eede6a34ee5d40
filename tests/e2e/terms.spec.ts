/**
 * The blocking terms dialog (from the left bar, issue 3) for a user who has not
 * accepted the terms: over an inert page, Accept needs the tick (with and without JS),
 * accepting closes it for good, Cancel signs out; with JS it keeps the focus and Escape
 * does not close it.
 */
import type { Page } from "@playwright/test";
import {
  consoleUrl,
  expect,
  expectAccessible,
  hydrated,
  isNoJs,
  LANGS,
  type Lang,
  provider,
  signIn,
  signInPageUrl,
  test,
  translate,
} from "./fixtures";

test.use({ acceptedTerms: false });

const termsDialog = (page: Page, lang: Lang) =>
  page.getByRole("alertdialog", { name: translate(lang, "terms.title"), exact: true });
const appsHeading = (page: Page, lang: Lang) =>
  page.getByRole("heading", { level: 1, name: translate(lang, "pages.apps.title"), exact: true });

async function termsAccepted(companyId: string, userId: string) {
  const res = await provider.admin(`users?companyId=${companyId}`);
  const users = (await res.json()) as { id: string; termsAccepted: boolean }[];
  return users.find((u) => u.id === userId)?.termsAccepted;
}

for (const lang of LANGS) {
  test.describe(lang, () => {
    test.use({ lang });

    // Several pages, each checked by axe (without JS in a fresh context each time).
    test.slow(
      ({ javaScriptEnabled }) => javaScriptEnabled === false,
      "many pages, each checked with axe",
    );

    test("shown after sign-in over an inert page; Accept needs the tick; accepting closes it for good", async ({
      page,
      company,
      t,
    }) => {
      await signIn(page, company, lang);
      await hydrated(page);
      const dialog = termsDialog(page, lang);
      await expect(dialog).toBeVisible();
      await expect(dialog).toHaveAccessibleDescription(t("terms.intro"));
      await expect(
        dialog.getByRole("link", { name: new RegExp(t("terms.readTerms")) }),
      ).toBeVisible();
      await expect(
        dialog.getByRole("link", { name: new RegExp(t("terms.readPrivacy")) }),
      ).toBeVisible();
      // The page behind it is there but inert: hidden from assistive technology, not operable.
      await expect(appsHeading(page, lang)).toHaveCount(0);
      await expect(
        page.getByRole("heading", {
          level: 1,
          name: t("pages.apps.title"),
          exact: true,
          includeHidden: true,
        }),
      ).toHaveCount(1);
      await expect(page.locator("[inert]").filter({ has: page.locator("main") })).toHaveCount(1);
      await expect(
        page.getByRole("navigation", { name: t("nav.mainNavigation"), exact: true }),
      ).toHaveCount(0);
      await expectAccessible(page);

      const checkbox = dialog.getByRole("checkbox", { name: t("terms.checkbox"), exact: true });
      const accept = dialog.getByRole("button", { name: t("terms.accept"), exact: true });
      const before = page.url();
      await accept.click();
      await expect(dialog.getByText(t("terms.required"), { exact: true })).toBeVisible();
      await expect(checkbox).toHaveAttribute("aria-invalid", "true");
      await expect(checkbox).toHaveAccessibleDescription(t("terms.required"));
      if (isNoJs()) {
        await expect(page).toHaveURL(consoleUrl(`/${lang}/apps`, "\\?terms=required"));
      } else {
        expect(page.url(), "checked in the browser, no round trip").toBe(before);
        await expect(checkbox).toBeFocused();
      }
      await expect(dialog).toBeVisible();
      expect(await termsAccepted(company.companyId, company.userId)).toBe(false);
      await expectAccessible(page);

      await checkbox.check();
      await accept.click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(consoleUrl(`/${lang}/apps`, ""));
      await expect(appsHeading(page, lang)).toBeVisible();
      await expect(page.locator("[inert]")).toHaveCount(0);
      expect(await termsAccepted(company.companyId, company.userId)).toBe(true);
      await expectAccessible(page);

      await page.reload();
      await expect(appsHeading(page, lang)).toBeVisible();
      await expect(termsDialog(page, lang)).toHaveCount(0);
    });

    test("Cancel signs the user out", async ({ page, company, t }) => {
      await signIn(page, company, lang);
      const dialog = termsDialog(page, lang);
      await dialog.getByRole("button", { name: t("terms.cancel"), exact: true }).click();
      await expect(page).toHaveURL(signInPageUrl(lang));
      await expect(
        page.getByRole("heading", { level: 1, name: t("auth:signin.title"), exact: true }),
      ).toBeVisible();
      await expectAccessible(page);

      // Signed out: the apps lead to sign-in; the terms are still not accepted.
      await page.goto(`/${lang}/apps`);
      await expect(page).toHaveURL(signInPageUrl(lang));
      expect(await termsAccepted(company.companyId, company.userId)).toBe(false);
    });
  });
}

test.describe("keyboard", () => {
  test("with JS the focus stays in the dialog and Escape does not close it", async ({
    page,
    company,
    t,
  }) => {
    // biome-ignore lint/suspicious/noSkippedTests: focus management and Escape need JavaScript
    test.skip(
      isNoJs(),
      "without JS the dialog is a plain open <dialog>: no focus management, no Escape",
    );
    await signIn(page, company, "en-AU");
    await hydrated(page);
    const dialog = termsDialog(page, "en-AU");
    await expect(dialog).toBeVisible();

    const focusInDialog = () =>
      page.evaluate(() => Boolean(document.activeElement?.closest("dialog")));
    const focusOnPage = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return Boolean(active && active !== document.body && !active.closest("dialog"));
      });
    expect(await focusInDialog(), "focus moves into the dialog").toBe(true);
    // Tabbing round the dialog never reaches the page behind it.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      expect(await focusOnPage(), `focus after ${i + 1} Tab(s)`).toBe(false);
    }

    // Escape, even pressed again and again, leaves the blocking dialog open.
    await dialog.getByRole("checkbox", { name: t("terms.checkbox"), exact: true }).focus();
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press("Escape");
      await expect(dialog, `after Escape number ${i + 1}`).toBeVisible();
    }
    // ...and still works from the keyboard.
    await page.keyboard.press("Space");
    await dialog.getByRole("button", { name: t("terms.accept"), exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(appsHeading(page, "en-AU")).toBeVisible();
  });
});
