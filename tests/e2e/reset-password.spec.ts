/**
 * Resetting a password (issue 3): the console's request page
 * (validation, then the check-your-email state) and the provider's page behind the mailed
 * link (mismatch and policy messages, then back to the console's sign-in with the
 * password-changed message); the new password signs in, the old does not, the link is single use.
 */
import type { Locator, Page } from "@playwright/test";
import {
  consoleUrl,
  escapeRegExp,
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
  test,
  translate,
} from "./fixtures";

const NEW_PASSWORD = "Fresh-pass-2";

const heading = (page: Page, lang: Lang, key: string) =>
  page.getByRole("heading", { level: 1, name: translate(lang, key), exact: true });

/** A field shows `message` next to it (in its description) and the summary links to it. */
async function expectFieldError(summary: Locator, field: Locator, message: string) {
  await expect(summary).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
  const id = await field.getAttribute("id");
  await expect(summary.getByRole("link", { name: message, exact: true })).toHaveAttribute(
    "href",
    `#${id}`,
  );
}

for (const lang of LANGS) {
  test.describe(lang, () => {
    test.use({ lang });

    // Several pages, each checked by axe (without JS in a fresh context each time).
    test.slow(
      ({ javaScriptEnabled }) => javaScriptEnabled === false,
      "many pages, each checked with axe",
    );

    test("the request page checks the address, then shows the check-your-email state", async ({
      page,
      company,
      t,
    }) => {
      await page.goto(`/${lang}/auth/signin`);
      await page.getByRole("link", { name: t("auth:signin.forgotPassword"), exact: true }).click();
      await expect(page).toHaveURL(consoleUrl(`/${lang}/auth/reset-password`));
      await expect(heading(page, lang, "auth:reset.title")).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await hydrated(page);
      await expectAccessible(page);

      const email = page.getByLabel(t("auth:reset.email"), { exact: true });
      const submit = page.getByRole("button", { name: t("auth:reset.submit"), exact: true });
      const summary = page.getByRole("alert", { name: t("form.errorSummaryTitle"), exact: true });

      await submit.click();
      await expectFieldError(summary, email, t("auth:reset.errors.emailRequired"));
      if (!isNoJs()) await expect(summary).toBeFocused();
      await expectAccessible(page);

      await email.fill("not-an-email");
      await submit.click();
      await expectFieldError(summary, email, t("auth:reset.errors.emailInvalid"));
      await expect(email).toHaveValue("not-an-email");
      await expectAccessible(page);

      await email.fill(company.email);
      await submit.click();
      await expect(page).toHaveURL(consoleUrl(`/${lang}/auth/reset-password`, "\\?sent=1"));
      await expect(heading(page, lang, "auth:reset.sentTitle")).toBeVisible();
      await expect(page.getByRole("status")).toHaveText(t("auth:reset.sentBody"));
      await expect(
        page.getByRole("link", { name: t("auth:reset.backToSignIn"), exact: true }),
      ).toBeVisible();
      await expectAccessible(page);

      // The provider got the request: the reset mail is in the outbox.
      expect(await mailLink(company.email, "reset-password")).toMatch(/\/password\/reset\//);
    });

    test("the mailed link sets a new password once; the new password signs in, the old does not", async ({
      page,
      company,
      t,
    }) => {
      await provider.forgotPassword(company.email, lang);
      const link = await mailLink(company.email, "reset-password");

      await page.goto(link);
      await expect(heading(page, lang, "provider:reset.title")).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(
        page.getByText(t("provider:reset.intro", { email: company.email })),
      ).toBeVisible();
      await expectAccessible(page);

      const password = page.getByLabel(t("provider:reset.password"), { exact: true });
      const confirm = page.getByLabel(t("provider:reset.confirmPassword"), { exact: true });
      const save = page.getByRole("button", { name: t("provider:reset.submit"), exact: true });
      const summary = page.getByRole("alert").filter({
        has: page.getByRole("heading", { name: t("provider:reset.errorSummary"), exact: true }),
      });

      await password.fill(NEW_PASSWORD);
      await confirm.fill(`${NEW_PASSWORD}x`);
      await save.click();
      await expectFieldError(summary, confirm, t("provider:reset.mismatch"));
      await expect(password).toHaveAttribute("aria-invalid", "false");
      await expectAccessible(page);

      await password.fill("weakpass");
      await confirm.fill("weakpass");
      await save.click();
      await expectFieldError(summary, password, t("provider:reset.policy"));
      await expectAccessible(page);

      await password.fill(NEW_PASSWORD);
      await confirm.fill(NEW_PASSWORD);
      await save.click();
      await expect(page).toHaveURL(signInPageUrl(lang));
      await expect(
        page.getByRole("status").filter({ hasText: t("auth:signin.messages.passwordReset") }),
      ).toBeVisible();
      const form = signInForm(page, lang);
      await expect(form.email).toHaveValue(company.email);
      await expectAccessible(page);

      // The old password no longer works...
      await form.password.fill(company.password);
      await form.submit.click();
      await expect(
        page.getByRole("alert").filter({ hasText: t("auth:signin.errors.invalidCredentials") }),
      ).toBeVisible();
      // ...the new one does.
      await form.password.fill(NEW_PASSWORD);
      await form.submit.click();
      await expect(page).toHaveURL(consoleUrl(`/${lang}/apps`));
      await expect(heading(page, lang, "pages.apps.title")).toBeVisible();

      // The link was for one use.
      const again = await page.goto(link);
      expect(again?.status()).toBe(410);
      await expect(heading(page, lang, "provider:reset.invalidTitle")).toBeVisible();
      await expect(
        page.getByRole("link", { name: t("provider:reset.requestNew"), exact: true }),
      ).toHaveAttribute("href", new RegExp(`/${lang}/auth/reset-password$`));
      await expectAccessible(page);
    });
  });
}
