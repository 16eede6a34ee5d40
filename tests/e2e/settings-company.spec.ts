/**
 * The company tab of settings: the shared fields and a
 * card per regional entry (country and 'default' in its title, an expand toggle, delete with a
 * confirmation, never the default), every rule with its message (registration's field rules,
 * the state's word by country, one country on each card, none twice, exactly one default,
 * the company icon by its content), the first card with a problem opened, Submit doing
 * nothing when nothing changed, adding while a country is unused (the select offering only
 * unused ones), a new default coming first, the dot on the tab while details await the
 * provider's review and gone once the reviewer approves; another company sees none of it.
 * The same journeys run with and without JavaScript; written per language.
 */
import type { Page } from "@playwright/test";
import { png } from "../../server/conformance/files";
import { tokenOf } from "./apps-api";
import {
  consoleUrl,
  countryName,
  createCompany,
  expect,
  expectAccessible,
  hydrated,
  isNoJs,
  LANGS,
  type Lang,
  provider,
  signIn,
  test,
} from "./fixtures";
import { admin } from "./review-api";

type T = (key: string, values?: Record<string, string | number>) => string;

const companyPage = (lang: string) => `/${lang}/settings?tab=company`;
const tabLink = (page: Page, t: T) =>
  page
    .getByRole("navigation", { name: t("settings:tabs.label") })
    .getByRole("link", { name: new RegExp(`^${t("settings:tabs.company")}`) });
const summaryLink = (page: Page, message: string) =>
  page.getByRole("alert").getByRole("link", { name: message, exact: true });

interface Entry {
  countryId: string;
  isDefault: boolean;
  companyName: string;
  cityTown: string;
  profile: string;
  icon: { id: string } | null;
}
const details = async (token: string) =>
  (await (await provider.apiFetch("settings/company-details", {}, token)).json()) as {
    entityInformation: Entry[];
    hasAwaitingSubmission: boolean;
  };

/** A regional card by the country in its title (a new card: 'New regional information'). */
const card = (page: Page, title: string) =>
  page
    .locator("fieldset")
    .filter({ has: page.locator("legend", { hasText: title }) })
    .last();

for (const lang of LANGS) {
  test.describe(lang, () => {
    test.use({ lang });

    test("company: every rule, add a region, a new default first, delete with confirmation, the review dot until approved", async ({
      page,
      company,
      t,
    }) => {
      const token = await tokenOf(company);
      const au = countryName(lang, "AU");
      const nz = countryName(lang, "NZ");
      await signIn(page, company, lang, { at: `/${lang}/settings` });
      await tabLink(page, t).click();
      await expect(page).toHaveURL(consoleUrl(`/${lang}/settings`, "\\?tab=company"));
      await expect(tabLink(page, t)).toHaveAttribute("aria-current", "page");
      await expect(page.getByTestId("company-awaiting")).toHaveCount(0);
      await expect(
        page.getByRole("heading", { name: t("settings:company.title"), level: 2 }),
      ).toBeVisible();

      // The registered country is the default card: no delete, its title says default.
      const auCard = card(page, au);
      await expect(auCard.locator("legend")).toContainText(t("settings:company.default"));
      await expect(auCard.getByText(t("settings:company.defaultKept"))).toBeVisible();
      await expect(
        auCard.getByRole("button", { name: t("settings:company.delete", { country: au }) }),
      ).toHaveCount(0);
      await expectAccessible(page);
      await hydrated(page);

      const submit = page.getByRole("button", { name: t("settings:company.submit"), exact: true });
      if (isNoJs()) {
        await submit.click();
        await expect(
          page.getByRole("status").filter({ hasText: t("settings:company.unchanged") }),
        ).toBeVisible();
      } else {
        await expect(submit).toBeDisabled();
      }
      expect((await details(token)).hasAwaitingSubmission).toBe(false);

      // Field rules: about 200 to 10,000, social presence at most 1,000, the state required by the country's word.
      const about = page.getByLabel(t("auth:register.fields.profile.label"), { exact: true });
      await about.fill("Too short.");
      await page
        .getByLabel(
          `${t("auth:register.fields.socialPresence.label")} ${t("auth:register.optional")}`,
          { exact: true },
        )
        .fill("x".repeat(1001));
      await auCard.getByText(t("settings:company.details", { country: au })).click();
      await auCard
        .getByLabel(t("settings:company.fields.stateCounty.state"), { exact: true })
        .fill("");
      await expect(submit).toBeEnabled();
      await submit.click();
      await expect(
        summaryLink(page, t("auth:register.errors.profileTooShort", { min: 200, count: 10 })),
      ).toBeVisible();
      await expect(
        summaryLink(page, t("auth:register.errors.socialPresenceTooLong")),
      ).toBeVisible();
      const stateMessage = t("settings:errors.required", {
        field: t("settings:company.fields.stateCounty.state"),
      });
      await expect(summaryLink(page, stateMessage)).toBeVisible();
      await expect(page.locator("#company-card-0")).toHaveAttribute("open", "");
      await expect(about).toHaveAttribute("aria-invalid", "true");
      await expectAccessible(page);

      // Add a region: its select offers only the unused countries; none chosen is refused.
      await about.fill("A company that builds apps for legal practices. ".repeat(6));
      await page
        .getByLabel(
          `${t("auth:register.fields.socialPresence.label")} ${t("auth:register.optional")}`,
          { exact: true },
        )
        .fill("https://social.example/acme");
      await card(page, au)
        .getByLabel(t("settings:company.fields.stateCounty.state"), { exact: true })
        .fill("NSW");
      await page.getByRole("button", { name: t("settings:company.add"), exact: true }).click();
      await expect(card(page, t("settings:company.newEntry")).locator("legend")).toBeVisible();
      const country = page
        .locator("#company-card-1")
        .getByLabel(t("settings:company.fields.countryId"), { exact: true });
      await expect(country).toBeVisible();
      await expect(country.locator('option[value="AU"]')).toHaveCount(0);
      await expect(country.locator('option[value="NZ"]')).toHaveText(nz);
      await expect(about).toHaveValue(/^A company that builds apps/);
      await expectAccessible(page);
      await submit.click();
      await expect(summaryLink(page, t("settings:errors.oneCountryMustBeSelected"))).toBeVisible();
      await expect(page.locator("#company-card-1")).toHaveAttribute("open", "");

      // The state's word follows the country: UK 'country', CA 'province', others 'state'.
      const newCard = page.locator("#company-card-1");
      if (!isNoJs()) {
        await country.selectOption("UK");
        await expect(
          newCard.getByLabel(t("settings:company.fields.stateCounty.country"), { exact: true }),
        ).toBeVisible();
        await country.selectOption("CA");
        await expect(
          newCard.getByLabel(t("settings:company.fields.stateCounty.province"), { exact: true }),
        ).toBeVisible();
      }
      await newCard
        .getByLabel(t("settings:company.fields.countryId"), { exact: true })
        .selectOption("NZ");
      await newCard
        .getByLabel(t("auth:register.fields.companyName"), { exact: true })
        .fill("Acme NZ Limited");
      await newCard
        .getByLabel(t("auth:register.fields.phoneNumber.label"), { exact: true })
        .fill("+64 9 999 0000");
      await newCard
        .getByLabel(t("auth:register.fields.addressLine1"), { exact: true })
        .fill("1 Queen St");
      await newCard
        .getByLabel(t("auth:register.fields.cityTown"), { exact: true })
        .fill("Auckland");
      await newCard.getByLabel(t("auth:register.fields.zipPostCode"), { exact: true }).fill("1010");
      await newCard
        .getByLabel(t("settings:company.fields.stateCounty.state"), { exact: true })
        .fill("Auckland");
      // The new region becomes the default: exactly one default.
      await page
        .locator("fieldset")
        .filter({ has: page.locator("#company-card-1") })
        .last()
        .getByLabel(t("settings:company.fields.default"))
        .check();

      // A company icon that is not square is refused by its content; a good one is kept.
      const icon = page.getByLabel(
        `${t("auth:register.fields.companyIcon.label")} ${t("auth:register.optional")}`,
        { exact: true },
      );
      await icon.setInputFiles({
        name: "wide.png",
        mimeType: "image/png",
        buffer: Buffer.from(png(300, 256)),
      });
      await submit.click();
      await expect(summaryLink(page, t("auth:register.errors.iconInvalidSize"))).toBeVisible();
      await expect(
        page
          .locator("#company-card-1")
          .getByLabel(t("auth:register.fields.cityTown"), { exact: true }),
      ).toHaveValue("Auckland");
      await page
        .getByLabel(
          `${t("auth:register.fields.companyIcon.label")} ${t("auth:register.optional")}`,
          { exact: true },
        )
        .setInputFiles({
          name: "logo.png",
          mimeType: "image/png",
          buffer: Buffer.from(png(256, 256)),
        });
      await page.getByRole("button", { name: t("settings:company.submit"), exact: true }).click();
      await expect(page).toHaveURL(consoleUrl(`/${lang}/settings`, "\\?tab=company"));
      await expect(
        page.getByRole("status").filter({ hasText: t("common:toast.companyDetailsSubmitted") }),
      ).toBeVisible();

      // Saved: the new default first, the icon on every entry, awaiting review (the dot, with its text).
      const saved = await details(token);
      expect(saved.hasAwaitingSubmission).toBe(true);
      expect(saved.entityInformation.map((entry) => [entry.countryId, entry.isDefault])).toEqual([
        ["NZ", true],
        ["AU", false],
      ]);
      expect(
        saved.entityInformation.every(
          (entry) => entry.icon !== null && entry.profile.startsWith("A company that builds apps"),
        ),
      ).toBe(true);
      await expect(page.getByTestId("company-awaiting")).toContainText(
        t("settings:company.awaiting"),
      );
      await expect(card(page, nz).locator("legend")).toContainText(t("settings:company.default"));
      await expect(
        page.getByRole("img", { name: t("settings:company.currentIcon") }),
      ).toBeVisible();
      await expectAccessible(page);

      // Delete the former default, with its confirmation (No keeps it, Yes removes it), then submit.
      await hydrated(page);
      const deleteAu = card(page, au).getByRole("button", {
        name: t("settings:company.delete", { country: au }),
        exact: true,
      });
      await deleteAu.click();
      const dialog = page.getByRole("alertdialog", {
        name: t("settings:company.deleteTitle", { country: au }),
      });
      await expect(dialog).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole("button", { name: t("common:confirm.no"), exact: true }).click();
      await expect(dialog).toHaveCount(0);
      await expect(card(page, au).locator("legend")).toBeVisible();
      await card(page, au)
        .getByRole("button", { name: t("settings:company.delete", { country: au }), exact: true })
        .click();
      await page
        .getByRole("alertdialog")
        .getByRole("button", { name: t("common:confirm.yes"), exact: true })
        .click();
      await expect(page.locator("legend", { hasText: au })).toHaveCount(0);
      await page.getByRole("button", { name: t("settings:company.submit"), exact: true }).click();
      await expect(
        page.getByRole("status").filter({ hasText: t("common:toast.companyDetailsSubmitted") }),
      ).toBeVisible();
      await expect
        .poll(async () => (await details(token)).entityInformation.map((entry) => entry.countryId))
        .toEqual(["NZ"]);
      await expect(page.locator("legend", { hasText: au })).toHaveCount(0);

      // The reviewer approves: the dot is gone.
      expect((await admin(`companies/${company.companyId}/approve-details`, "PUT")).status).toBe(
        200,
      );
      await page.goto(companyPage(lang));
      await expect(tabLink(page, t)).toHaveAttribute("aria-current", "page");
      await expect(page.getByTestId("company-awaiting")).toHaveCount(0);
    });

    test("company: adding is disabled once every country has an entry; another company sees none of it", async ({
      page,
      company,
      t,
    }) => {
      const token = await tokenOf(company);
      const [au] = (await details(token)).entityInformation as (Entry & Record<string, unknown>)[];
      const countries = (await (
        await provider.apiFetch("resources/countries", {}, token)
      ).json()) as { code: string }[];
      const codes = countries.map((c) => c.code).filter((code) => code !== "IE");
      const { id: _id, icon: _icon, ...base } = au;
      const entries = codes.map((code) => ({
        ...base,
        countryId: code,
        isDefault: code === "AU",
        companyName: `Every ${code}`,
      }));
      const put = await provider.apiFetch(
        "settings/company-details",
        {
          method: "PUT",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ entityInformation: entries }),
        },
        token,
      );
      expect(put.status).toBe(200);

      await signIn(page, company, lang, { at: companyPage(lang) });
      await expect(
        page.getByRole("button", { name: t("settings:company.add"), exact: true }),
      ).toBeDisabled();
      await expect(page.getByText(t("settings:company.allCountriesUsed"))).toBeVisible();
      await expect(page.getByTestId("company-awaiting")).toHaveCount(1);

      const other = await createCompany({
        registration: { countryId: "UK", companyName: "Other Legal Ltd" },
      });
      await page.context().clearCookies();
      await signIn(page, other, lang as Lang);
      await page.goto(companyPage(lang));
      await expect(page.locator("legend", { hasText: countryName(lang, "UK") })).toHaveCount(1);
      await expect(page.locator("legend", { hasText: countryName(lang, "AU") })).toHaveCount(0);
      await expect(page.getByTestId("company-awaiting")).toHaveCount(0);
      await expect(
        page.getByRole("button", { name: t("settings:company.add"), exact: true }),
      ).toBeEnabled();
      await expect(page.getByText("Every AU")).toHaveCount(0);
    });
  });
}
