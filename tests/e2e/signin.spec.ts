/**
 * Signing in (issue 3): the provider's login form on
 * the console's sign-in page, its errors (required fields, wrong password, unverified,
 * suspended), the verification link's message, the deep link after signing in, and no silent
 * sign-in after signing out.
 */
import type { Locator, Page } from "@playwright/test";
import {
  CONSOLE_URL,
  consoleUrl,
  createCompany,
  expect,
  expectAccessible,
  hydrated,
  isNoJs,
  LANGS,
  type Lang,
  mailLink,
  provider,
  signInForm,
  signInPageUrl,
  signInThroughForm,
  signOutFromMenu,
  test,
  translate,
} from "./fixtures";

const heading = (page: Page, lang: Lang, key: string) =>
  page.getByRole("heading", { level: 1, name: translate(lang, key), exact: true });

/** The error summary ('There is a problem') at the top of the form. */
const errorSummary = (page: Page, lang: Lang) =>
  page.getByRole("alert", { name: translate(lang, "form.errorSummaryTitle"), exact: true });

/** A field shows `message` next to it (its description) and the summary links to it. */
async function expectFieldError(page: Page, lang: Lang, field: Locator, message: string) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(message);
  const id = await field.getAttribute("id");
  await expect(
    errorSummary(page, lang).getByRole("link", { name: message, exact: true }),
  ).toHaveAttribute("href", `#${id}`);
}

for (const lang of LANGS) {
  test.describe(lang, () => {
    test.use({ lang });

    // Several pages, each checked by axe (without JS in a fresh context each time).
    test.slow(
      ({ javaScriptEnabled }) => javaScriptEnabled === false,
      "many pages, each checked with axe",
    );

    test("a deep link visited signed out is where the sign-in lands", async ({
      page,
      company,
      t,
    }) => {
      await page.goto(`/${lang}/settings`);
      await expect(page).toHaveURL(signInPageUrl(lang));
      await expect(heading(page, lang, "auth:signin.title")).toBeVisible();
      const form = signInForm(page, lang);
      await expect(form.email).toHaveValue("");
      await expect(
        page.getByRole("link", { name: t("auth:signin.forgotPassword"), exact: true }),
      ).toBeVisible();
      await expectAccessible(page);

      await form.email.fill(company.email);
      await form.password.fill(company.password);
      await form.submit.click();
      await expect(page).toHaveURL(consoleUrl(`/${lang}/settings`));
      await expect(heading(page, lang, "pages.settings.title")).toBeVisible();
      await expect(
        page.getByRole("navigation", { name: t("nav.mainNavigation"), exact: true }),
      ).toBeVisible();
      await expectAccessible(page);
    });

    test("a wrong password shows the invalid-credentials alert and keeps the email", async ({
      page,
      company,
      t,
    }) => {
      await page.goto(`/${lang}/auth/signin`);
      const form = signInForm(page, lang);
      await form.email.fill(company.email);
      await form.password.fill(`${company.password}-wrong`);
      await form.submit.click();
      await expect(
        page.getByRole("alert").filter({ hasText: t("auth:signin.errors.invalidCredentials") }),
      ).toBeVisible();
      await expect(page).toHaveURL(signInPageUrl(lang));
      await expect(form.email).toHaveValue(company.email);
      await expect(form.password).toHaveValue("");
      await expectAccessible(page);

      // The right password still works from here.
      await form.password.fill(company.password);
      await form.submit.click();
      await expect(page).toHaveURL(consoleUrl(`/${lang}/apps`));
      await expect(heading(page, lang, "pages.apps.title")).toBeVisible();
    });

    test("empty fields show the required messages next to the fields and in the error summary", async ({
      page,
      company,
      t,
    }) => {
      await page.goto(`/${lang}/auth/signin`);
      await hydrated(page);
      const before = page.url();
      const form = signInForm(page, lang);
      await form.submit.click();

      const emailRequired = t("auth:signin.errors.emailRequired");
      const passwordRequired = t("auth:signin.errors.passwordRequired");
      await expect(errorSummary(page, lang)).toBeVisible();
      await expectFieldError(page, lang, form.email, emailRequired);
      await expectFieldError(page, lang, form.password, passwordRequired);
      if (isNoJs()) {
        // Checked by the provider: the form went there and came back.
        await expect(page).toHaveURL(/[?&]error=missing_fields(?:&|$)/);
      } else {
        // Checked in the browser: no round trip, focus on the summary.
        expect(page.url()).toBe(before);
        await expect(errorSummary(page, lang)).toBeFocused();
      }
      await expectAccessible(page);

      // Only the password missing: only its message, the email kept.
      await form.email.fill(company.email);
      await form.submit.click();
      await expect(form.email).toHaveValue(company.email);
      await expectFieldError(page, lang, form.password, passwordRequired);
      await expect(form.email).toHaveAttribute("aria-invalid", "false");
      await expect(errorSummary(page, lang).getByRole("link")).toHaveCount(1);
      await expectAccessible(page);
    });

    test("an unverified user is told to verify; the mailed link verifies and prefills the email; then signing in works", async ({
      page,
      t,
    }) => {
      const company = await createCompany({ verified: false, registration: { localeCode: lang } });
      await page.goto(`/${lang}/auth/signin`);
      const form = signInForm(page, lang);
      await form.email.fill(company.email);
      await form.password.fill(company.password);
      await form.submit.click();
      await expect(
        page.getByRole("alert").filter({ hasText: t("auth:signin.errors.emailNotVerified") }),
      ).toBeVisible();
      await expect(page).toHaveURL(signInPageUrl(lang));
      await expect(form.email).toHaveValue(company.email);
      await expectAccessible(page);

      await page.goto(await mailLink(company.email, "verify-email"));
      await expect(page).toHaveURL(signInPageUrl(lang));
      await expect(
        page.getByRole("status").filter({ hasText: t("auth:signin.messages.emailVerified") }),
      ).toBeVisible();
      await expect(form.email).toHaveValue(company.email);
      await expectAccessible(page);

      await form.password.fill(company.password);
      await form.submit.click();
      await expect(page).toHaveURL(consoleUrl(`/${lang}/apps`));
      // A new user: the terms come first.
      await expect(
        page.getByRole("alertdialog", { name: t("terms.title"), exact: true }),
      ).toBeVisible();
    });

    test("a suspended user sees the suspended message", async ({ page, company, t }) => {
      await provider.setSuspended(company.userId, true);
      await page.goto(`/${lang}/auth/signin`);
      const form = signInForm(page, lang);
      await form.email.fill(company.email);
      await form.password.fill(company.password);
      await form.submit.click();
      await expect(
        page.getByRole("alert").filter({ hasText: t("auth:signin.errors.accountSuspended") }),
      ).toBeVisible();
      await expect(page).toHaveURL(signInPageUrl(lang));
      await expect(form.email).toHaveValue(company.email);
      await expectAccessible(page);
    });

    test("the page shows only messages of its own: a code it knows is worded, any other text shows nothing", async ({
      page,
      t,
    }) => {
      await page.goto(`/${lang}/auth/signin?failed=Call+1-800-EVIL`);
      await expect(heading(page, lang, "auth:signin.title")).toBeVisible();
      await expect(page.getByText("1-800-EVIL")).toHaveCount(0);
      await expect(page.getByText(t("auth:signin.errors.failed"), { exact: true })).toHaveCount(0);
      await page.goto(`/${lang}/auth/signin?message=Call+1-800-EVIL`);
      await expect(signInForm(page, lang).email).toBeVisible();
      await expect(page.getByText("1-800-EVIL")).toHaveCount(0);
      await expect(page.getByRole("status")).toHaveCount(0);

      await page.goto(`/${lang}/auth/signin?failed=access_denied`);
      await expect(page.getByRole("alert")).toContainText(t("auth:signin.failures.accessDenied"));
      await page.goto(`/${lang}/auth/signin?message=password_reset`);
      await expect(
        page.getByRole("status").filter({ hasText: t("auth:signin.messages.passwordReset") }),
      ).toBeVisible();
      await expectAccessible(page);
    });

    test("after signing out, signing in asks for the password again (no silent sign-in)", async ({
      page,
      company,
    }) => {
      await signInThroughForm(page, company, lang);
      await expect(heading(page, lang, "pages.apps.title")).toBeVisible();
      await signOutFromMenu(page, company, lang);

      await page.goto(`/${lang}/auth/signin`);
      await expect(page).toHaveURL(signInPageUrl(lang));
      const form = signInForm(page, lang);
      await expect(form.email).toBeVisible();
      await expect(form.email).toHaveValue("");
      await expectAccessible(page);

      await page.goto(`/${lang}/apps`);
      await expect(page).toHaveURL(signInPageUrl(lang));
      await expect(heading(page, lang, "auth:signin.title")).toBeVisible();

      await form.email.fill(company.email);
      await form.password.fill(company.password);
      await form.submit.click();
      await expect(page).toHaveURL(consoleUrl(`/${lang}/apps`));
      await expect(heading(page, lang, "pages.apps.title")).toBeVisible();
    });
  });
}

test("sign-in starts keep one state cookie: a hundred of them leave a Cookie header under 4 KB, and signing in clears it", async ({
  page,
  context,
  company,
}) => {
  const stateCookies = async () =>
    (await context.cookies(CONSOLE_URL)).filter((cookie) => /console_oauth/.test(cookie.name));
  for (let i = 0; i < 100; i += 1) {
    const start = await page.request.get(`/en-AU/auth/signin?redirectTo=%2Fen-AU%2Fapps`, {
      maxRedirects: 0,
    });
    expect(start.status()).toBe(302);
  }
  const cookies = await context.cookies(CONSOLE_URL);
  const header = cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
  expect(header.length).toBeLessThan(4096);
  expect(await stateCookies()).toHaveLength(1);
  // The last start is the one that signs in; the callback clears its state.
  await signInThroughForm(page, company);
  expect(await stateCookies()).toHaveLength(0);
});
