/**
 * The pricing page: monetisation off (US) and on (UK) for
 * the app's country, the sidebar entry with it; the price form's every rule; an approved free
 * app shown Free for ever; prices the provider fails to answer (a fault the reviewer sets on
 * that call) and the page once it answers again; a price change submitted through its dialog,
 * approved by the reviewer and shown in the schedule and the history. Apps and the reviewer's
 * decisions go through the provider API (`provider.apiFetch`, `provider.admin`); what is
 * tested goes through the page. Written per language: one language per project.
 */
import type { Page } from "@playwright/test";
import { changeStartDate, formatMoney } from "~/api/pricing/rules";
import { formatDate } from "~/lib/dates";
import { createApp, getVersion, tokenOf } from "./apps-api";
import {
  consoleUrl,
  expect,
  expectAccessible,
  isNoJs,
  LANGS,
  type Lang,
  provider,
  signIn,
  test,
} from "./fixtures";

type T = (key: string, values?: Record<string, string | number>) => string;

async function ok<V>(res: Response, what: string): Promise<V> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as V;
}

/** A new app in `countryCode`: its group id. */
async function newApp(token: string, countryCode: string, name: string) {
  const versionId = await createApp(token, { countryCode, name });
  return (await getVersion(token, versionId)).groupId;
}

const pricesPath = (groupId: string) => `app-monetization/app-groups/${groupId}/prices`;
const pricesOf = async (token: string, groupId: string) =>
  ok<{ priceHistories: { id: string; status: number }[] }>(
    await provider.apiFetch(pricesPath(groupId), {}, token),
    "GET prices",
  );
/** The reviewer's decision on the app's newest price. */
async function reviewNewest(token: string, groupId: string, decision: "approve" | "reject") {
  const [newest] = (await pricesOf(token, groupId)).priceHistories;
  await ok(
    await provider.admin(`prices/${newest.id}/review`, {
      method: "PUT",
      body: JSON.stringify({ decision }),
    }),
    "review price",
  );
}

const pricingPage = (lang: Lang, groupId: string) => `/${lang}/apps/group/${groupId}/pricing`;
const toast = (page: Page, t: T, key: string) =>
  expect(page.getByRole("status").filter({ hasText: t(`common:toast.${key}`) })).toBeVisible();
const summaryLink = (page: Page, message: string) =>
  page.getByRole("alert").getByRole("link", { name: message, exact: true });

for (const lang of LANGS) {
  test.describe(lang, () => {
    test.use({ lang });

    test("only where monetisation is enabled; the price form's rules; a paid price submitted", async ({
      page,
      company,
      t,
    }) => {
      const token = await tokenOf(company);
      const [us, uk] = await Promise.all([
        newApp(token, "US", "Unpriced App"),
        newApp(token, "UK", "Priced App"),
      ]);
      await signIn(page, company, lang);

      // US: monetisation off. No sidebar entry; the page says so.
      await page.goto(`/${lang}/apps/group/${us}`);
      await expect(
        page.getByRole("link", { name: t("appGroup:sidebar.pages.submissions"), exact: true }),
      ).toBeVisible();
      await expect(
        page.getByRole("link", { name: t("appGroup:sidebar.pages.pricing"), exact: true }),
      ).toHaveCount(0);
      await page.goto(pricingPage(lang, us));
      await expect(page.getByText(t("pricing:notEnabled"))).toBeVisible();
      await expect(page.getByRole("button", { name: t("pricing:form.submit") })).toHaveCount(0);

      // UK: monetisation on. The sidebar leads to the form.
      await page.goto(`/${lang}/apps/group/${uk}`);
      await page
        .getByRole("link", { name: t("appGroup:sidebar.pages.pricing"), exact: true })
        .click();
      await expect(page).toHaveURL(consoleUrl(pricingPage(lang, uk)));
      await expect(page.getByRole("heading", { name: t("pricing:form.title") })).toBeVisible();
      await expect(page.getByText(t("pricing:form.amountHint", { currency: "GBP" }))).toBeVisible();
      const submit = () =>
        page.getByRole("button", { name: t("pricing:form.submit"), exact: true }).click();
      const field = (key: string) => t(`pricing:form.fields.${key}`);

      await submit();
      await expect(
        summaryLink(page, t("pricing:errors.required", { field: field("priceType") })),
      ).toBeVisible();
      await page.getByLabel(t("pricing:priceType.paid"), { exact: true }).check();
      await submit();
      await expect(
        summaryLink(page, t("pricing:errors.required", { field: field("pricingModelType") })),
      ).toBeVisible();
      await expect(
        summaryLink(page, t("pricing:errors.required", { field: field("amount") })),
      ).toBeVisible();
      if (!isNoJs()) await expectAccessible(page);
      await page.getByLabel(t("pricing:model.1"), { exact: true }).check();
      const amount = page.getByLabel(field("amount"), { exact: true });
      for (const [value, code] of [
        ["0", "amountMustBeGreater0"],
        ["-5", "noNegatives"],
        ["1.234", "twoDecimals"],
        ["ten", "invalidAmount"],
        ["1000000", "tooLarge"],
      ] as const) {
        await amount.fill(value);
        await submit();
        const message = t(`pricing:errors.${code}`, {
          field: field("amount"),
          max: new Intl.NumberFormat(lang, { minimumFractionDigits: 2 }).format(999_999.99),
        });
        await expect(summaryLink(page, message)).toBeVisible();
        await expect(page.getByLabel(field("amount"), { exact: true })).toHaveAttribute(
          "aria-invalid",
          "true",
        );
      }
      await page
        .getByLabel(field("amount"), { exact: true })
        .fill(lang === "nl-NL" ? "12,50" : "12.50");
      await submit();
      await toast(page, t, "submittedSuccessfully");

      // Submitted: the schedule and the history show it, waiting for the provider.
      const schedule = page.locator("#price-schedule");
      await expect(
        schedule.getByRole("row").filter({ hasText: formatMoney(12.5, "GBP", lang) }),
      ).toContainText(t("pricing:status.1"));
      await expect(schedule).toContainText(t("pricing:model.1"));
      await expect(page.locator("#price-history").getByRole("row")).toHaveCount(2);
      await expect(page.getByText(t("pricing:awaitingFirst"))).toBeVisible();
      await expect(page.getByRole("link", { name: t("pricing:change.open") })).toHaveCount(0);
    });

    test("a free app approved by the reviewer is free for ever", async ({ page, company, t }) => {
      const token = await tokenOf(company);
      const groupId = await newApp(token, "AU", "Free App");
      await signIn(page, company, lang);
      await page.goto(pricingPage(lang, groupId));
      await page.getByLabel(t("pricing:priceType.free"), { exact: true }).check();
      await page.getByRole("button", { name: t("pricing:form.submit"), exact: true }).click();
      await toast(page, t, "submittedSuccessfully");

      await reviewNewest(token, groupId, "approve");
      await page.goto(pricingPage(lang, groupId));
      await expect(page.getByText(t("pricing:freeForever"))).toBeVisible();
      await expect(
        page
          .locator("#price-schedule")
          .getByRole("row")
          .filter({ hasText: t("pricing:status.5") }),
      ).toContainText(t("pricing:free"));
      await expect(page.getByRole("link", { name: t("pricing:change.open") })).toHaveCount(0);
      await page.goto(`${pricingPage(lang, groupId)}?change=1`);
      await expect(page.getByRole("dialog")).toHaveCount(0);
      if (!isNoJs()) await expectAccessible(page);
    });

    test("prices the provider cannot answer: the page says so, and shows them once it can", async ({
      page,
      company,
      t,
    }) => {
      const token = await tokenOf(company);
      const groupId = await newApp(token, "AU", "Unreadable Prices App");
      // The reviewer makes the provider fail this app's price list only; the rest of the API answers.
      const fault = { method: "GET", path: `/api/${pricesPath(groupId)}` };
      await ok(
        await provider.admin("faults", {
          method: "PUT",
          body: JSON.stringify({ ...fault, status: 503 }),
        }),
        "set fault",
      );
      await signIn(page, company, lang, { at: `/${lang}/apps/group/${groupId}` });
      await page
        .getByRole("link", { name: t("appGroup:sidebar.pages.pricing"), exact: true })
        .click();
      await expect(page).toHaveURL(consoleUrl(pricingPage(lang, groupId)));
      await expect(
        page.getByRole("alert").getByText(t("pricing:loadFailed"), { exact: true }),
      ).toBeVisible();
      await expect(page.getByRole("button", { name: t("pricing:form.submit") })).toHaveCount(0);
      if (!isNoJs()) await expectAccessible(page);

      await ok(
        await provider.admin(`faults?${new URLSearchParams(fault)}`, { method: "DELETE" }),
        "clear fault",
      );
      await page.reload();
      await expect(page.getByText(t("pricing:loadFailed"))).toHaveCount(0);
      await expect(page.getByRole("heading", { name: t("pricing:form.title") })).toBeVisible();
    });

    test("a price change approved by the reviewer shows in the schedule and the history", async ({
      page,
      company,
      t,
    }) => {
      const token = await tokenOf(company);
      const groupId = await newApp(token, "AU", "Paid App");
      await ok(
        await provider.apiFetch(
          pricesPath(groupId),
          { method: "POST", body: JSON.stringify({ pricingModelType: 2, amount: 10 }) },
          token,
        ),
        "POST prices",
      );
      await reviewNewest(token, groupId, "approve");
      await signIn(page, company, lang);
      await page.goto(pricingPage(lang, groupId));
      const current = formatMoney(10, "AUD", lang);
      await expect(
        page.getByText(t("pricing:current", { price: current, model: t("pricing:model.2") })),
      ).toBeVisible();

      await page.getByRole("link", { name: t("pricing:change.open"), exact: true }).click();
      await expect(page).toHaveURL(consoleUrl(pricingPage(lang, groupId), "\\?change=1"));
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByText(t("pricing:change.current", { price: current }))).toBeVisible();
      const label = t("pricing:change.fields.amount");
      const send = () =>
        page
          .getByRole("dialog")
          .getByRole("button", { name: t("pricing:change.submit"), exact: true })
          .click();
      for (const [value, code] of [
        ["", "required"],
        ["0", "amountMustBeGreater0"],
        ["-1", "noNegatives"],
        ["2.999", "twoDecimals"],
        ["10", "samePrice"],
      ] as const) {
        await page.getByRole("dialog").getByLabel(label, { exact: true }).fill(value);
        await send();
        await expect(
          page
            .getByRole("dialog")
            .getByRole("alert")
            .getByRole("link", {
              name: t(`pricing:errors.${code}`, { field: label }),
              exact: true,
            }),
        ).toBeVisible();
      }
      if (!isNoJs()) await expectAccessible(page);
      await page
        .getByRole("dialog")
        .getByLabel(label, { exact: true })
        .fill(lang === "nl-NL" ? "15,25" : "15.25");
      await send();
      await toast(page, t, "submittedSuccessfully");
      await expect(page).toHaveURL(consoleUrl(pricingPage(lang, groupId)));
      await expect(page.getByText(t("pricing:change.pending"))).toBeVisible();
      await expect(page.getByRole("link", { name: t("pricing:change.open") })).toHaveCount(0);

      await reviewNewest(token, groupId, "approve");
      await page.reload();
      const next = formatMoney(15.25, "AUD", lang);
      const start = formatDate(changeStartDate(new Date()).toISOString()) as string;
      const scheduled = page.locator("#price-schedule").getByRole("row").filter({ hasText: next });
      await expect(scheduled).toContainText(t("pricing:status.2"));
      await expect(scheduled).toContainText(start);
      await expect(
        page.locator("#price-schedule").getByRole("row").filter({ hasText: current }),
      ).toContainText(start);
      await expect(page.locator("#price-history").getByRole("row").nth(1)).toContainText(next);
      await expect(page.locator("#price-history").getByRole("row").nth(2)).toContainText(current);
    });
  });
}
