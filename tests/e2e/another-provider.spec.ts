/**
 * The console deployed against another provider (another-provider.ts): a second sandbox given
 * to the console only by API_BASE_URL and OIDC_*, as a real deployment is. A developer of a
 * company registered there signs in through that provider, sees the empty app list, creates
 * an app, and meets a rule of that provider's own: a refusal code the console does not know,
 * shown by the provider's detail in the error dialog, with what was typed kept and nothing made.
 */
import {
  createCompany,
  escapeRegExp,
  expect,
  expectAccessible,
  hydrated,
  LANGS,
  OTHER_API_URL,
  OTHER_CONSOLE_URL,
  otherProvider,
  RESERVED_NAME,
  signIn,
  test,
  translate,
} from "./fixtures";

for (const lang of LANGS) {
  test.describe(lang, () => {
    test.use({ lang, baseURL: OTHER_CONSOLE_URL });

    test("signs in there, lists and creates apps, and shows a refusal of that provider's own by its detail", async ({
      page,
    }) => {
      test.slow(); // a sign-in, two forms sent and the list, on a second console
      const t = (key: string, values?: Record<string, string | number>) =>
        translate(lang, key, values);
      const required = (key: string) => `${t(key)} ${t("appEditor:required")}`;
      const company = await createCompany({ registration: { localeCode: lang } }, otherProvider);
      await signIn(page, company, lang, { consoleUrl: OTHER_CONSOLE_URL });

      await expect(
        page.getByRole("heading", { level: 1, name: t("pages.apps.title") }),
      ).toBeVisible();
      await expect(page.getByRole("heading", { name: t("appList:empty.title") })).toBeVisible();
      // The reference of this provider's API, found from API_BASE_URL alone.
      await expect(page.getByRole("link", { name: t("nav.apiReference") })).toHaveAttribute(
        "href",
        `${OTHER_API_URL}/reference?lang=${lang}`,
      );

      const fillDetails = async (name: string) => {
        await page.goto(`/${lang}/apps/new/details`);
        await hydrated(page);
        await page
          .getByLabel(required("appEditor:fields.categoryId.label"))
          .selectOption({ index: 1 });
        await page.getByLabel(required("appEditor:fields.name.label")).fill(name);
        await page.getByRole("radio", { name: t("apps:appType.0") }).check();
        await page
          .getByLabel(required("appEditor:fields.description.label"))
          .fill("Links the trust ledger to the practice software.");
        await page.getByLabel(required("appEditor:fields.countryCode.label")).selectOption("AU");
        await page.getByRole("button", { name: t("appEditor:actions.save"), exact: true }).click();
      };

      await fillDetails("Ledger Link");
      await expect(page).toHaveURL(
        new RegExp(`^${escapeRegExp(OTHER_CONSOLE_URL)}/${lang}/apps/[0-9a-f-]{36}/marketplace$`),
      );
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Ledger Link");

      // That provider keeps names beginning "Reserved": a code the console has no words for.
      const refused = `${RESERVED_NAME.prefix} Ledger`;
      await fillDetails(refused);
      const dialog = page.getByRole("alertdialog", { name: t("errors.dialogTitle"), exact: true });
      await expect(dialog.getByText(RESERVED_NAME.detail, { exact: true })).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole("button", { name: t("errors.close"), exact: true }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByLabel(required("appEditor:fields.name.label"))).toHaveValue(refused);

      await page.goto(`/${lang}/apps`);
      await expect(page.getByRole("link", { name: "Ledger Link", exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: refused })).toHaveCount(0);
    });
  });
}
