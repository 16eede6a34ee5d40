/**
 * Errors of the provider (issue 3), provoked by suspending the signed-in
 * user through the reviewer endpoint (every API call of theirs then answers 403):
 *
 * - in the signed-in console (the layout loads the user on every page) a suspended account
 *   is signed out to the sign-in page with the reason (the product's decision, see
 *   app/routes/$lang._console.tsx), whether the user changes the language or accepts the terms;
 * - an action whose error leads to a page outside that layout shows the error dialog: a
 *   modal alert dialog with the provider's detail and the trace ID line, closed by Close
 *   (without JS through a method="dialog" form). The language selector of the
 *   authentication pages does that for a signed-in user (it saves the preference).
 *
 * The success toast is covered in language.spec.ts.
 */
import type { Page } from "@playwright/test";
import {
  type Company,
  chooseLanguage,
  consoleUrl,
  escapeRegExp,
  expect,
  expectAccessible,
  hydrated,
  LANGS,
  type Lang,
  otherLang,
  provider,
  signIn,
  signInPageUrl,
  test,
  translate,
} from "./fixtures";

/** What the provider answers this user's API calls once suspended: its detail text. */
async function suspendAndGetDetail(company: Company): Promise<string> {
  const tokens = await provider.signIn(company.email, company.password);
  await provider.setSuspended(company.userId, true);
  const res = await provider.apiFetch("user", {}, tokens.access_token);
  expect(res.status, "a suspended user's API call").toBe(403);
  const body = (await res.json()) as { detail?: string; traceId?: string };
  expect(body.detail, "the provider's detail").toBeTruthy();
  expect(body.traceId, "the provider's trace ID").toBeTruthy();
  return body.detail!;
}

/** The trace ID line of a language: 'Trace ID: {{traceId}}' with any ID. */
function traceLine(lang: Lang) {
  const [before, after] = translate(lang, "errors.traceId", { traceId: "\u0000" }).split("\u0000");
  return new RegExp(`^${escapeRegExp(before)}\\S+${escapeRegExp(after)}$`);
}

/**
 * The error dialog is open with the provider's detail and the trace ID line, and Close closes
 * it. (Should the page show more than one error dialog, each one must be like that; they are
 * closed from the top one down.)
 */
async function expectErrorDialog(page: Page, lang: Lang, detail: string) {
  const dialogs = page.getByRole("alertdialog", {
    name: translate(lang, "errors.dialogTitle"),
    exact: true,
  });
  await expect(dialogs.first()).toBeVisible();
  await expectAccessible(page);
  for (let open = await dialogs.count(); open > 0; open = await dialogs.count()) {
    const dialog = dialogs.last();
    await expect(dialog.getByText(detail, { exact: true })).toBeVisible();
    await expect(dialog.getByText(traceLine(lang))).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(new RegExp(`^${escapeRegExp(detail)}`));
    await dialog
      .getByRole("button", { name: translate(lang, "errors.close"), exact: true })
      .click();
    await expect(dialogs).toHaveCount(open - 1);
  }
}

/** Signed out to the sign-in page of `lang`, told that the account is suspended. */
async function expectSignedOutAsSuspended(page: Page, lang: Lang) {
  await expect(page).toHaveURL(signInPageUrl(lang));
  await expect(
    page.getByRole("heading", {
      level: 1,
      name: translate(lang, "auth:signin.title"),
      exact: true,
    }),
  ).toBeVisible();
  await expect(
    page.getByText(translate(lang, "auth:signin.errors.accountSuspended"), { exact: true }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.goto(`/${lang}/apps`);
  await expect(page).toHaveURL(signInPageUrl(lang));
}

for (const lang of LANGS) {
  test.describe(lang, () => {
    test.use({ lang });

    test("the error dialog shows the provider's detail and trace ID; Close closes it", async ({
      page,
      company,
      t,
    }) => {
      const from = otherLang(lang);
      await signIn(page, company, from, { at: `/${from}/auth/reset-password` });
      await hydrated(page);
      const detail = await suspendAndGetDetail(company);

      // Signed in, the language selector also saves the preference: the provider refuses.
      await chooseLanguage(page, from, lang);
      await expect(page).toHaveURL(consoleUrl(`/${lang}/auth/reset-password`));
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expectErrorDialog(page, lang, detail);
      await expect(page.getByText(t("toast.savedSuccessfully"))).toHaveCount(0);
      // The page under it works again.
      await expect(
        page.getByRole("heading", { level: 1, name: t("auth:reset.title"), exact: true }),
      ).toBeVisible();
    });

    test("changing the language in the console while suspended signs out to sign-in with the reason", async ({
      page,
      company,
    }) => {
      const from = otherLang(lang);
      await signIn(page, company, from);
      await hydrated(page);
      await provider.setSuspended(company.userId, true);
      await chooseLanguage(page, from, lang);
      await expectSignedOutAsSuspended(page, lang);
    });

    test.describe("terms not accepted", () => {
      test.use({ acceptedTerms: false });

      test("accepting the terms while suspended signs out to sign-in with the reason", async ({
        page,
        company,
        t,
      }) => {
        await signIn(page, company, lang);
        await hydrated(page);
        const terms = page.getByRole("alertdialog", { name: t("terms.title"), exact: true });
        await expect(terms).toBeVisible();
        await provider.setSuspended(company.userId, true);
        await terms.getByRole("checkbox", { name: t("terms.checkbox"), exact: true }).check();
        await terms.getByRole("button", { name: t("terms.accept"), exact: true }).click();
        await expectSignedOutAsSuspended(page, lang);
      });
    });
  });
}
