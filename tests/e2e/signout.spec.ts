/**
 * Signing out from the avatar menu (issue 3): with JS a menu
 * worked from the keyboard, without JS a <details> disclosure; both land on sign-in,
 * and neither Back nor the apps address shows the apps page afterwards.
 */
import type { Page } from "@playwright/test";
import {
  avatarMenuTrigger,
  expect,
  expectAccessible,
  hydrated,
  isNoJs,
  LANGS,
  type Lang,
  signIn,
  signInPageUrl,
  signOutFromMenu,
  test,
  translate,
} from "./fixtures";

const appsHeading = (page: Page, lang: Lang) =>
  page.getByRole("heading", { level: 1, name: translate(lang, "pages.apps.title"), exact: true });

for (const lang of LANGS) {
  test.describe(lang, () => {
    test.use({ lang });

    test("signing out from the avatar menu lands on sign-in; Back and the apps address no longer show the apps", async ({
      page,
      company,
      t,
    }) => {
      await signIn(page, company, lang);
      await expect(appsHeading(page, lang)).toBeVisible();
      await hydrated(page);
      const userName = `${company.firstName} ${company.lastName}`;
      const trigger = avatarMenuTrigger(page, userName);

      if (isNoJs()) {
        // A <details> disclosure: the summary opens it, the item is a plain submit button.
        const signOut = page.getByRole("button", { name: t("nav.signOut"), exact: true });
        await expect(signOut).toBeHidden();
        await trigger.click();
        await expect(signOut).toBeVisible();
        // Reported without stopping the test, so that the sign-out itself is still checked.
        await expectAccessible(page).catch((error: Error) =>
          expect.soft(error.message, "axe with the avatar menu open").toBe(""),
        );
        await signOut.click();
      } else {
        // The menu from the keyboard: ArrowDown opens it on the first item, Escape closes it
        // and returns the focus, Enter opens it again and activates the item.
        const menu = page.getByRole("menu", { name: userName, exact: true });
        const item = menu.getByRole("menuitem", { name: t("nav.signOut"), exact: true });
        await trigger.focus();
        await page.keyboard.press("ArrowDown");
        await expect(menu).toBeVisible();
        await expect(item).toBeFocused();
        await expect(trigger).toHaveAttribute("aria-expanded", "true");
        await expectAccessible(page);
        await page.keyboard.press("Escape");
        await expect(menu).toBeHidden();
        await expect(trigger).toBeFocused();
        await page.keyboard.press("Enter");
        await expect(item).toBeVisible();
        await page.keyboard.press("Enter");
      }

      await expect(page).toHaveURL(signInPageUrl(lang));
      await expect(
        page.getByRole("heading", { level: 1, name: t("auth:signin.title"), exact: true }),
      ).toBeVisible();

      await page.goBack();
      await page.waitForLoadState("load");
      await expect(appsHeading(page, lang)).toHaveCount(0);
      await expect(page).toHaveURL(signInPageUrl(lang));

      await page.goto(`/${lang}/apps`);
      await expect(page).toHaveURL(signInPageUrl(lang));
      await expect(appsHeading(page, lang)).toHaveCount(0);
    });
  });
}

test.describe("with the mouse", () => {
  test("clicking Sign out in the open menu signs out", async ({ page, company, t }) => {
    // biome-ignore lint/suspicious/noSkippedTests: the no-JS project covers the disclosure in the test above
    test.skip(isNoJs(), "without JS the disclosure is clicked in the test above");
    await signIn(page, company, "en-AU");
    await signOutFromMenu(page, company, "en-AU", "mouse");
    await expect(
      page.getByRole("heading", { level: 1, name: t("auth:signin.title"), exact: true }),
    ).toBeVisible();
    await page.goto("/en-AU/apps");
    await expect(page).toHaveURL(signInPageUrl("en-AU"));
  });
});
