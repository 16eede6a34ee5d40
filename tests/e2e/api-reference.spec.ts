/**
 * The API reference the sandbox publishes (`/api/reference`): every call of the contract in the
 * page's language, the OpenAPI document and the other language one link away, axe clean; the
 * console's left-bar link opens it in the console's language.
 */
import { contractEndpoints } from "~/api/contract";
import { expect, expectAccessible, LANGS, SANDBOX_URL, signIn, test, translate } from "./fixtures";

const CALLS = contractEndpoints().map((e) => e.name);

for (const lang of LANGS) {
  test.describe(lang, () => {
    test.use({ lang });

    test("lists every call in the page's language with the OpenAPI document a link away; the console links to it", async ({
      page,
      company,
    }) => {
      await signIn(page, company, lang);
      const link = page.getByRole("link", { name: translate(lang, "nav.apiReference") });
      await expect(link).toHaveAttribute("href", `${SANDBOX_URL}/api/reference?lang=${lang}`);

      await page.goto(`${SANDBOX_URL}/api/reference?lang=${lang}`);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.locator("article")).toHaveCount(CALLS.length);
      for (const name of ["apps.getApp", "user.createUser"])
        await expect(page.locator(`article[id="${name}"] h3`)).toBeVisible();
      await expectAccessible(page);

      const document = await page.request.get(`${SANDBOX_URL}/api/openapi.json`);
      expect(document.ok()).toBe(true);
      expect(((await document.json()) as { openapi: string }).openapi).toBe("3.1.0");
      const other = LANGS.find((l) => l !== lang)!;
      await page.locator(`a[hreflang="${other}"]`).click();
      await expect(page.locator("html")).toHaveAttribute("lang", other);
    });
  });
}
