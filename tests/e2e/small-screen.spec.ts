/**
 * The console on a phone (issue 10 point 8: below the sm breakpoint of
 * 600 px), at 390 x 844:
 *
 * - no page scrolls sideways (`document.scrollingElement.scrollWidth <= clientWidth`): every
 *   signed-out page, and every signed-in page with a 100-character unbroken app name and user
 *   name (apps list, its confirmation and duplicate dialogs, the app group page, a new app's
 *   and a version's Details and Marketplace, the marketplace preview, instances, usage,
 *   settings, page not found), the terms dialog included;
 * - the left bar is folded into the Menu button of a compact top bar, and the menu opens the
 *   same navigation and navigates: from the keyboard with JS (focus moves in, Escape closes
 *   and returns focus), by its <details> disclosure without; axe with the menu open and closed;
 *   its language selector still works;
 * - a success toast covers no control, on a phone and on a desktop;
 * - an app's sidebar shows its header only, its pages folded under App menu, so the platform
 *   editor starts near the top; the permissions dialog (security page) leaves each route most
 *   of a line.
 *
 * One company and one sign-in per test; the pages of a test share them.
 */
import type { Page } from "@playwright/test";
import { createAppThroughApi } from "../support/provider";
import {
  avatarMenuTrigger,
  chooseLanguage,
  consoleUrl,
  createCompany,
  expect,
  expectAccessible,
  hydrated,
  isNoJs,
  LANGS,
  type Lang,
  otherLang,
  provider,
  signIn,
  test,
  translate,
} from "./fixtures";
import { api, createReviewApp, ok } from "./review-api";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

test.use({ viewport: PHONE });

/** Version status codes set through the sandbox's reviewer endpoints. */
const STATUS = { live: 200, archived: 201 } as const;

/** 100 characters without a place to break: the longest name an app may have. */
const LONG_NAME = "Supercalifragilistic".repeat(5);

/**
 * Fails when the page is wider than the window; the message names the elements that reach
 * past its right edge (the outermost first).
 */
async function expectNoSidewaysScroll(page: Page, what = page.url()) {
  const measured = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const tooWide: string[] = [];
    for (const element of document.body.querySelectorAll("*")) {
      if (tooWide.length >= 5) break;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= root.clientWidth + 0.5) continue;
      const id = element.id ? `#${element.id}` : "";
      const classes =
        typeof element.className === "string" && element.className
          ? `.${element.className.trim().split(/\s+/).slice(0, 4).join(".")}`
          : "";
      tooWide.push(
        `${element.tagName.toLowerCase()}${id}${classes} (right edge ${Math.round(box.right)})`,
      );
    }
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, tooWide };
  });
  expect(
    measured.scrollWidth,
    `${what} scrolls sideways at ${measured.clientWidth} px: ${measured.scrollWidth} px wide; reaching past the edge: ${measured.tooWide.join(", ")}`,
  ).toBeLessThanOrEqual(measured.clientWidth);
}

/** Opens a page of the console and checks its width, after its main heading shows. */
async function visit(page: Page, path: string) {
  await test.step(`${path} fits the window`, async () => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expectNoSidewaysScroll(page, path);
  });
}

const mainNav = (page: Page, lang: Lang) =>
  page.getByRole("navigation", { name: translate(lang, "nav.mainNavigation"), exact: true });

/** The Menu button of the top bar: the summary of the disclosure, with JS and without. */
const menuButton = (page: Page, lang: Lang) =>
  page.locator("summary", { hasText: translate(lang, "nav.menu") });

/** The disclosure of the Menu button: open while the navigation shows. */
const menuDisclosure = (page: Page) => page.locator("details#main-menu");

/**
 * Fails when the success toast overlaps a control of the page. Measured in one step while the
 * toast shows (it leaves after 3 s), so the check cannot pass on a toast already gone.
 */
async function expectToastCoversNothing(page: Page, text: string) {
  await test.step(`the toast '${text}' covers no control`, async () => {
    await expect(page.getByRole("status").filter({ hasText: text })).toBeVisible();
    const measured = await page.evaluate((text) => {
      const message = [...document.querySelectorAll('[role="status"] *')].find(
        (element) => element.textContent === text && element.childElementCount === 0,
      );
      const box = message?.parentElement?.getBoundingClientRect();
      if (
        !message ||
        !box ||
        box.height === 0 ||
        getComputedStyle(message).visibility !== "visible"
      )
        return { showing: false, covered: [] };
      const covered = [...document.querySelectorAll("a, button, input, select, textarea, summary")]
        .filter((control) => control.checkVisibility({ visibilityProperty: true }))
        .filter((control) => {
          const other = control.getBoundingClientRect();
          return (
            other.width > 0 &&
            other.left < box.right &&
            box.left < other.right &&
            other.top < box.bottom &&
            box.top < other.bottom
          );
        })
        .map((control) => control.outerHTML.slice(0, 120));
      return { showing: true, covered };
    }, text);
    expect(measured.showing, "the toast was showing when its overlaps were measured").toBe(true);
    expect(measured.covered, "controls under the toast").toEqual([]);
  });
}

test.describe("at 390 px wide", () => {
  test.slow(true, "each test goes through many pages (the signed-in one through fifteen)");

  for (const lang of LANGS) {
    test(`signed-out pages fit the window (${lang})`, async ({ page }) => {
      for (const path of [
        "auth/signin",
        "auth/register",
        "auth/reset-password",
        "auth/reset-password?sent=1",
        "auth/register-confirmation",
        "terms",
        "privacy",
      ]) {
        await visit(page, `/${lang}/${path}`);
      }
    });

    test(`signed-in pages fit the window with a 100-character name, the toast covers nothing (${lang})`, async ({
      page,
    }) => {
      const company = await createCompany({
        acceptedTerms: false,
        registration: { firstName: LONG_NAME },
      });
      const token = (await provider.signIn(company.email, company.password)).access_token;
      const [app, archived] = await Promise.all([
        createAppThroughApi(provider, token, { name: LONG_NAME }),
        createAppThroughApi(provider, token),
      ]);
      // A version that went live and was archived: a row of the group page's History, with its dates.
      for (const statusCode of [STATUS.live, STATUS.archived]) {
        const res = await provider.admin(`versions/${archived.id}/status`, {
          method: "PUT",
          body: JSON.stringify({ statusCode }),
        });
        expect(res.ok, `status ${statusCode}`).toBe(true);
      }
      const t = (key: string, values?: Record<string, string | number>) =>
        translate(lang, key, values);

      // The terms dialog first, over the folded layout.
      await signIn(page, company, lang);
      const terms = page.getByRole("alertdialog", { name: t("terms.title"), exact: true });
      await expect(terms).toBeVisible();
      await expectNoSidewaysScroll(page, "the terms dialog");
      await terms.getByRole("checkbox", { name: t("terms.checkbox"), exact: true }).check();
      await terms.getByRole("button", { name: t("terms.accept"), exact: true }).click();
      await expect(terms).toBeHidden();

      await expect(page.getByRole("article", { name: LONG_NAME, exact: true })).toBeVisible();
      await expectNoSidewaysScroll(page, "the apps list");
      for (const path of [
        `apps?duplicate=${app.id}`,
        `apps/group/${app.groupAppId}`,
        `apps/group/${archived.groupAppId}`,
        "apps/new/details",
        "apps/new/marketplace",
        `apps/${app.id}/details`,
        `apps/${app.id}/marketplace`,
        `preview?app-id=${app.id}&preview=true`,
        "instances",
        "usage",
        "settings",
        "apps/00000000-0000-4000-8000-000000000000/details",
      ]) {
        await visit(page, `/${lang}/${path}`);
      }

      // Archiving (its confirmation fits too): its success toast on the phone, then (unarchiving) on a desktop.
      await page.goto(`/${lang}/apps?confirm=archive&app=${app.groupAppId}`);
      await expect(page.getByRole("alertdialog")).toBeVisible();
      await expectNoSidewaysScroll(page, "the archive confirmation");
      await page
        .getByRole("alertdialog")
        .getByRole("button", { name: t("confirm.yes"), exact: true })
        .click();
      await expectToastCoversNothing(page, t("toast.archived"));
      await expectNoSidewaysScroll(page, "the apps list with a toast");

      await page.setViewportSize(DESKTOP);
      await page.goto(`/${lang}/apps?archived=-1&confirm=unarchive&app=${app.groupAppId}`);
      await page
        .getByRole("alertdialog")
        .getByRole("button", { name: t("confirm.yes"), exact: true })
        .click();
      await expectToastCoversNothing(page, t("toast.unarchived"));
    });

    test(`an app's pages fold under App menu above the platform editor; the permissions dialog leaves its routes room (${lang})`, async ({
      page,
      company,
    }) => {
      const t = (key: string, values?: Record<string, string | number>) =>
        translate(lang, key, values);
      const token = (await provider.signIn(company.email, company.password)).access_token;
      // Public, and free of the pre-approval gate: the web editor and the security page.
      const app = await createReviewApp(token, { appType: 0, listing: false });
      await ok(
        await api(token, `apps-auth/${app.groupId}/clients?isLive=true`, "POST"),
        "POST apps-auth clients",
      );
      await signIn(page, company, lang);

      await page.goto(`/${lang}/apps/${app.versionId}/web`);
      if (!isNoJs()) await hydrated(page);
      const heading = page.getByRole("heading", { level: 1 }).first();
      await expect(heading).toBeVisible();
      const pages = page.getByRole("navigation", {
        name: t("appGroup:sidebar.navigation"),
        exact: true,
      });
      await expect(pages).toBeHidden();
      const top = (await heading.boundingBox())?.y ?? Infinity;
      expect(
        top,
        "the editor's heading is near the top, right below the app's header",
      ).toBeLessThan(320);
      await expectNoSidewaysScroll(page, "the platform editor");
      await expectAccessible(page);
      const appMenu = page.locator("summary", { hasText: t("appGroup:sidebar.menu") });
      await appMenu.click();
      await expect(pages).toBeVisible();
      await expect(
        pages.getByRole("link", { name: t("appGroup:sidebar.pages.versions"), exact: true }),
      ).toBeVisible();
      await expectNoSidewaysScroll(page, "the app's open menu");
      await expectAccessible(page);
      await pages
        .getByRole("link", { name: t("appGroup:sidebar.pages.security"), exact: true })
        .click();
      await expect(page).toHaveURL(consoleUrl(`/${lang}/apps/group/${app.groupId}/security`));
      await expect(pages).toBeHidden();

      // Each route of the permissions dialog keeps most of a line (the method columns were 64 px each, leaving it 54).
      await page
        .getByRole("link", {
          name: t("security:permissions.editLabel", { client: t("security:clients.sandboxApp") }),
          exact: true,
        })
        .click();
      const dialog = page.getByRole("dialog");
      await expect(
        dialog.getByRole("checkbox", { name: "GET /api/v1/matters", exact: true }),
      ).toBeVisible();
      const widths = await dialog
        .locator("tbody th")
        .evaluateAll((cells) =>
          cells.map((cell) => Math.round(cell.getBoundingClientRect().width)),
        );
      expect(widths.length).toBeGreaterThan(5);
      expect(Math.min(...widths), "the route column's width in px").toBeGreaterThanOrEqual(140);
      await expectNoSidewaysScroll(page, "the permissions dialog");
      if (!isNoJs()) await expectAccessible(page);
    });

    test(`the left bar folds into a menu that opens and navigates (${lang})`, async ({
      page,
      company,
    }) => {
      const t = (key: string) => translate(lang, key);
      await signIn(page, company, lang);
      await hydrated(page);
      const nav = mainNav(page, lang);
      const button = menuButton(page, lang);
      const link = (key: string) => nav.getByRole("link", { name: t(key), exact: true });

      // Folded: a compact top bar with the logo and the Menu button; the content right below.
      await expect(button).toBeVisible();
      await expect(page.getByRole("img", { name: t("app.logoLabel"), exact: true })).toBeVisible();
      await expect(nav).toBeHidden();
      const heading = await page
        .getByRole("heading", { level: 1, name: t("pages.apps.title"), exact: true })
        .boundingBox();
      expect(heading?.y ?? Infinity, "the page's heading is near the top").toBeLessThan(150);
      await expectAccessible(page);

      if (isNoJs()) {
        await button.click();
        await expect(nav).toBeVisible();
        await expect(link("nav.apps")).toHaveAttribute("aria-current", "page");
        await expectNoSidewaysScroll(page, "the open menu");
        await expectAccessible(page);
        // The summary answers the keyboard too (the browser's own disclosure).
        await button.focus();
        await page.keyboard.press("Enter");
        await expect(nav).toBeHidden();
        await page.keyboard.press("Enter");
        await expect(nav).toBeVisible();
        await link("nav.usage").click();
        await expect(page).toHaveURL(consoleUrl(`/${lang}/usage`));
      } else {
        await expect(menuDisclosure(page)).not.toHaveAttribute("open");
        await button.focus();
        await page.keyboard.press("Enter");
        await expect(menuDisclosure(page)).toHaveAttribute("open");
        await expect(nav).toBeVisible();
        await expect(link("nav.apps")).toBeFocused();
        await expect(link("nav.apps")).toHaveAttribute("aria-current", "page");
        await expectNoSidewaysScroll(page, "the open menu");
        await expectAccessible(page);
        // Escape closes it and gives the focus back to the button.
        await page.keyboard.press("Escape");
        await expect(nav).toBeHidden();
        await expect(button).toBeFocused();
        await expect(menuDisclosure(page)).not.toHaveAttribute("open");
        // Space opens it again; Tab goes down the links, Enter follows one and the menu folds.
        await page.keyboard.press("Space");
        await expect(link("nav.apps")).toBeFocused();
        await page.keyboard.press("Tab");
        await page.keyboard.press("Tab");
        await expect(link("nav.usage")).toBeFocused();
        await page.keyboard.press("Enter");
        await expect(page).toHaveURL(consoleUrl(`/${lang}/usage`));
        await expect(nav).toBeHidden();
        await expect(menuDisclosure(page)).not.toHaveAttribute("open");
        // A press elsewhere folds it; so does Tab out of its last control (Shift+Tab back to the button keeps it).
        const usageHeading = page.getByRole("heading", {
          level: 1,
          name: t("pages.usage.title"),
          exact: true,
        });
        await button.click();
        await expect(link("nav.apps")).toBeFocused();
        await usageHeading.click();
        await expect(nav).toBeHidden();
        await button.click();
        await expect(link("nav.apps")).toBeFocused();
        await page.keyboard.press("Shift+Tab");
        await expect(button).toBeFocused();
        await expect(nav).toBeVisible();
        await avatarMenuTrigger(page, `${company.firstName} ${company.lastName}`).focus();
        await page.keyboard.press("Tab");
        await expect(nav).toBeHidden();
      }
      await expect(
        page.getByRole("heading", { level: 1, name: t("pages.usage.title"), exact: true }),
      ).toBeVisible();
      await expect(nav).toBeHidden();

      // The language selector of the menu keeps working; its toast covers nothing.
      await button.click();
      await chooseLanguage(page, lang, otherLang(lang));
      await expect(page).toHaveURL(consoleUrl(`/${otherLang(lang)}/usage`));
      await expectToastCoversNothing(page, translate(otherLang(lang), "toast.savedSuccessfully"));

      // Outside the signed-in layout (the terms) the toast sits at the top of the page.
      await page.goto(`/${otherLang(lang)}/terms`);
      await chooseLanguage(page, otherLang(lang), lang);
      await expect(page).toHaveURL(consoleUrl(`/${lang}/terms`));
      await expectToastCoversNothing(page, t("toast.savedSuccessfully"));
      await expectNoSidewaysScroll(page, "the terms with a toast");

      // From 600 px the same navigation is the left bar, and there is no Menu button.
      await page.goto(`/${lang}/usage`);
      await page.setViewportSize({ width: 600, height: 800 });
      await expect(button).toBeHidden();
      await expect(link("nav.settings")).toBeVisible();
      await expectNoSidewaysScroll(page, "the layout at 600 px");
    });
  }
});
