/**
 * A menu from the keyboard, on the app switcher of an app's sidebar (every menu of the console
 * shares its code, app/components/ui/Menu.tsx). With JS, the WAI-ARIA menu button: ArrowDown
 * and ArrowUp open it on its first and last item, the arrows move and wrap, Home and End go to
 * the ends, a letter to the next item starting with it, Escape closes it and returns the
 * focus, Tab closes it and goes on to the next control, a press elsewhere closes it, Enter
 * follows an item and the menu closes; axe with it open. Without JS, a <details> disclosure of
 * the same links that the keyboard opens and closes. The folded navigation's keys are in
 * small-screen.spec.ts.
 */
import { createAppThroughApi } from "../support/provider";
import {
  consoleUrl,
  expect,
  expectAccessible,
  hydrated,
  isNoJs,
  provider,
  signIn,
  test,
} from "./fixtures";

test("the app switcher from the keyboard", async ({ page, company, lang, t }) => {
  const token = (await provider.signIn(company.email, company.password)).access_token;
  // Made one after the other: the switcher lists the newest first.
  const alpha = await createAppThroughApi(provider, token, { name: "Alpha menu app" });
  const bravo = await createAppThroughApi(provider, token, { name: "Bravo menu app" });
  await createAppThroughApi(provider, token, { name: "Charlie menu app" });

  await signIn(page, company, lang, { at: `/${lang}/apps/group/${alpha.groupAppId}` });
  await hydrated(page);
  const heading = (name: string) =>
    page.getByRole("heading", {
      level: 1,
      name: t("appGroup:versions.title", { name }),
      exact: true,
    });
  await expect(heading("Alpha menu app")).toBeVisible();
  const names = [
    "Charlie menu app",
    "Bravo menu app",
    `Alpha menu app ${t("appGroup:switcher.current")}`,
    t("appGroup:switcher.listing"),
  ];

  if (isNoJs()) {
    const switcher = page.getByTestId("app-switcher");
    const links = switcher.getByRole("link");
    await expect(links.first()).toBeHidden();
    await switcher.locator("summary").focus();
    await page.keyboard.press("Enter");
    for (const [i, name] of names.entries()) await expect(links.nth(i)).toHaveAccessibleName(name);
    await expectAccessible(page);
    await page.keyboard.press("Enter");
    await expect(links.first()).toBeHidden();
    return;
  }

  const button = page.getByRole("button", { name: t("appGroup:switcher.button"), exact: true });
  const menu = page.getByRole("menu", { name: t("appGroup:switcher.button"), exact: true });
  const item = (i: number) => menu.getByRole("menuitem").nth(i);
  await expect(button).toHaveAttribute("aria-expanded", "false");

  // ArrowDown opens it on the first item; the arrows move and wrap.
  await button.focus();
  await page.keyboard.press("ArrowDown");
  await expect(menu).toBeVisible();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  for (const [i, name] of names.entries()) await expect(item(i)).toHaveAccessibleName(name);
  await expect(
    menu
      .getByRole("group", { name: t("appGroup:switcher.recent"), exact: true })
      .getByRole("menuitem"),
  ).toHaveCount(3);
  await expect(item(0)).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press("ArrowDown");
  await expect(item(1)).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(item(3)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(item(0)).toBeFocused();
  await page.keyboard.press("End");
  await expect(item(3)).toBeFocused();
  await page.keyboard.press("Home");
  await expect(item(0)).toBeFocused();
  // A letter: the next item that starts with it ('A' of Alpha, then of App listing).
  await page.keyboard.press("a");
  await expect(item(2)).toBeFocused();
  await page.keyboard.press("a");
  await expect(item(3)).toBeFocused();

  // Escape closes it and returns the focus to the button; ArrowUp opens it on the last item.
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("ArrowUp");
  await expect(item(3)).toBeFocused();

  // Tab closes it and goes on from the button to the sidebar's pages.
  await page.keyboard.press("Tab");
  await expect(menu).toBeHidden();
  const pages = page.getByRole("navigation", {
    name: t("appGroup:sidebar.navigation"),
    exact: true,
  });
  await expect(
    pages.getByRole("link", { name: t("appGroup:sidebar.pages.versions"), exact: true }),
  ).toBeFocused();

  // A click opens it; a press elsewhere closes it.
  await button.click();
  await expect(menu).toBeVisible();
  await heading("Alpha menu app").click();
  await expect(menu).toBeHidden();

  // Enter (or Space) opens it, Enter follows an item, and the menu is closed on the new page.
  await button.focus();
  await page.keyboard.press("Space");
  await expect(item(0)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(consoleUrl(`/${lang}/apps/group/${bravo.groupAppId}`));
  await expect(heading("Bravo menu app")).toBeVisible();
  await expect(menu).toBeHidden();
  await expect(button).toHaveAttribute("aria-expanded", "false");
});
