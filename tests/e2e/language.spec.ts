/**
 * Languages in the path (issue 3): `/` and paths without a language go to
 * the same path in the remembered language (`console_lang`), else the browser's, else en-AU;
 * unsupported language segments are replaced; unknown paths go to /{lang}/apps; the
 * language selector (sign-in page and signed-in layout) keeps the page, and signed in it
 * saves the choice with the 'saved successfully' toast (role=status, gone after about 3 s).
 */
import type { Page } from "@playwright/test";
import {
  CONSOLE_URL,
  chooseLanguage,
  consoleUrl,
  expect,
  expectAccessible,
  LANGS,
  type Lang,
  otherLang,
  redirectChain,
  signIn,
  signInForm,
  signInPageUrl,
  test,
  translate,
} from "./fixtures";

/** The page is the sign-in page of `lang`: URL, <html lang>, heading. */
async function expectSignInPage(page: Page, lang: Lang) {
  await expect(page).toHaveURL(signInPageUrl(lang));
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expect(
    page.getByRole("heading", {
      level: 1,
      name: translate(lang, "auth:signin.title"),
      exact: true,
    }),
  ).toBeVisible();
}

const pageHeading = (page: Page, lang: Lang, key: string) =>
  page.getByRole("heading", { level: 1, name: translate(lang, key), exact: true });

/** Visits `path` and checks the first redirect and that the visit ends on the sign-in page. */
async function expectRedirectToSignIn(page: Page, path: string, firstRedirect: string, lang: Lang) {
  await test.step(`${path} → ${firstRedirect} → sign-in`, async () => {
    const response = await page.goto(path);
    expect(redirectChain(response)[1], `first redirect of ${path}`).toBe(
      `${CONSOLE_URL}${firstRedirect}`,
    );
    await expectSignInPage(page, lang);
  });
}

for (const lang of LANGS) {
  test.describe(`${lang} browser`, () => {
    // The browser asks for this language (Accept-Language); no choice is remembered.
    test.use({ lang, locale: lang });

    test("signed out: /, paths without a language, unsupported languages and unknown paths lead to sign-in in the browser's language", async ({
      page,
    }) => {
      await expectRedirectToSignIn(page, "/", `/${lang}/apps`, lang);
      await expectRedirectToSignIn(page, "/apps", `/${lang}/apps`, lang);
      await expectRedirectToSignIn(page, "/settings", `/${lang}/settings`, lang);
      await expectRedirectToSignIn(page, "/fr-FR/apps", `/${lang}/apps`, lang);
      await expectRedirectToSignIn(page, `/${lang}/no-such-page`, `/${lang}/apps`, lang);
      await expectRedirectToSignIn(page, `/${lang}/x/y`, `/${lang}/apps`, lang);
      await expectAccessible(page);
    });
  });

  test.describe(`choosing ${lang}`, () => {
    const from = otherLang(lang);
    // The browser asks for the other language: the remembered choice must win over it.
    test.use({ lang, locale: from });

    // Several pages, each checked by axe (without JS in a fresh context each time).
    test.slow(
      ({ javaScriptEnabled }) => javaScriptEnabled === false,
      "many pages, each checked with axe",
    );

    test("on the sign-in page: the same page in the chosen language, remembered for later visits and kept when signing in", async ({
      page,
      company,
      t,
    }) => {
      await page.goto(`/${from}/apps`);
      await expectSignInPage(page, from);
      const interaction = new URL(page.url()).searchParams.get("interaction");
      await expectAccessible(page);

      await chooseLanguage(page, from, lang);
      await expectSignInPage(page, lang);
      expect(
        new URL(page.url()).searchParams.get("interaction"),
        "the same sign-in (provider interaction)",
      ).toBe(interaction);
      await expect(page).toHaveTitle(new RegExp(t("auth:signin.title")));
      await expect(
        page.getByRole("combobox", { name: t("language.label"), exact: true }),
      ).toHaveValue(lang);
      await expectAccessible(page);

      const form = signInForm(page, lang);
      await form.email.fill(company.email);
      await form.password.fill(company.password);
      await form.submit.click();
      await page.waitForURL(/\/apps(?:[?#]|$)/);
      // The language the user chose before signing in is the console's language after it.
      expect
        .soft(page.url(), "the language chosen on the sign-in page, after signing in")
        .toMatch(consoleUrl(`/${lang}/apps`));

      // console_lang decides paths without a language (over the browser's Accept-Language).
      for (const path of ["/settings", "/"]) {
        const response = await page.goto(path);
        const expected = path === "/" ? "/apps" : path;
        expect(redirectChain(response)[1], path).toBe(`${CONSOLE_URL}/${lang}${expected}`);
        await expect(page).toHaveURL(consoleUrl(`/${lang}${expected}`));
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
      }
      await expect(pageHeading(page, lang, "pages.apps.title")).toBeVisible();
    });

    test("signed in: unknown paths go to the apps; the selector keeps the page and saves with the 'saved successfully' toast", async ({
      page,
      company,
      t,
    }) => {
      await signIn(page, company, from);
      for (const path of [`/${lang}/no-such-page`, `/${lang}/x/y`]) {
        await page.goto(path);
        await expect(page, path).toHaveURL(consoleUrl(`/${lang}/apps`));
        await expect(pageHeading(page, lang, "pages.apps.title")).toBeVisible();
      }
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expectAccessible(page);

      await page.goto(`/${from}/settings`);
      await expect(pageHeading(page, from, "pages.settings.title")).toBeVisible();
      await expectAccessible(page);

      await chooseLanguage(page, from, lang);
      // The toast first: with JS it is gone after 3 s.
      const toast = page.getByRole("status").filter({ hasText: t("toast.savedSuccessfully") });
      await expect(toast).toBeVisible();
      // What a screen reader hears is translated, never a bare key.
      expect
        .soft(await toast.textContent(), "untranslated text in the toast")
        .not.toContain("toast.");
      await expectAccessible(page);

      await expect(page).toHaveURL(consoleUrl(`/${lang}/settings`));
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(pageHeading(page, lang, "pages.settings.title")).toBeVisible();
      await expect(
        page
          .getByRole("navigation", { name: t("nav.mainNavigation"), exact: true })
          .getByRole("link", { name: t("nav.settings"), exact: true }),
      ).toBeVisible();
      await expect(
        page.getByRole("combobox", { name: t("language.label"), exact: true }),
      ).toHaveValue(lang);

      // It leaves after about 3 s (with JS by a timer, without by a CSS animation)...
      await expect(page.getByText(t("toast.savedSuccessfully"))).toBeHidden({ timeout: 5_000 });
      // ...and is shown once.
      await page.reload();
      await expect(pageHeading(page, lang, "pages.settings.title")).toBeVisible();
      await expect(page.getByText(t("toast.savedSuccessfully"))).toHaveCount(0);
      // Remembered: a path without a language is now in the chosen one.
      await page.goto("/apps");
      await expect(page).toHaveURL(consoleUrl(`/${lang}/apps`));
    });
  });
}

test.describe("no supported browser language", () => {
  test.use({ locale: "fr-FR" });

  test("/, paths without a language and unsupported languages go to en-AU", async ({ page }) => {
    await expectRedirectToSignIn(page, "/", "/en-AU/apps", "en-AU");
    await expectRedirectToSignIn(page, "/apps", "/en-AU/apps", "en-AU");
    await expectRedirectToSignIn(page, "/de-DE/settings", "/en-AU/settings", "en-AU");
    await expectAccessible(page);
  });
});
