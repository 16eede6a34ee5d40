/**
 * The data attestation page (issue 13): the tab and the page
 * only where data attestation is enabled for the app's country (AU on; US off: the page sends
 * the person to /apps); an empty form while none is saved; every rule with its message (each
 * text required and at most 2,000 characters, the diagram required, 'must be PDF' by type and
 * by content, 'file must be less than 9MB'); a failed save keeps what was typed; a save comes
 * back with `savedData=true` and 'Saved successfully' and reads back; read-only with the
 * reason once the version cannot be edited; with JavaScript, leaving with unsaved changes asks.
 * Written per language: one language per project.
 */
import type { Page } from "@playwright/test";
import { ATTESTATION_TEXT_FIELDS } from "~/api/data-attestation/schemas";
import { createApp, tokenOf } from "./apps-api";
import {
  CONSOLE_URL,
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

type T = (key: string, values?: Record<string, string | number>) => string;

const MB = 1024 * 1024;
const dataPage = (lang: Lang, id: string) => `/${lang}/apps/${id}/data`;

const texts: Record<(typeof ATTESTATION_TEXT_FIELDS)[number], string> = {
  purposeOfDataUsage: "To list a matter's documents in the app.",
  outlineDataUsage: "Document titles and dates are read.",
  dataSubjects: "Clients of the firm.",
  frequencyOfSync: "Every hour.",
  thirdPartyDisclosure: "None.",
  dataRetention: "Thirty days.",
};

const pdf = (name: string, size = 2048) => {
  const head = Buffer.from(
    "%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj << /Type /Catalog >> endobj\n",
    "latin1",
  );
  const tail = Buffer.from("\n%%EOF\n", "latin1");
  return {
    name,
    mimeType: "application/pdf",
    buffer: Buffer.concat([
      head,
      Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20),
      tail,
    ]),
  };
};

const labelOf = (t: T, field: string) =>
  `${t(`dataAttestation:fields.${field}.label`)} ${t("appEditor:required")}`;
const field = (page: Page, t: T, name: string) =>
  page.getByLabel(labelOf(t, name), { exact: true });
const save = (page: Page, t: T) =>
  page.getByRole("button", { name: t("appEditor:actions.save"), exact: true }).click();
const summaryLink = (page: Page, message: string) =>
  page.getByRole("alert").getByRole("link", { name: message, exact: true });
const message = (t: T, code: string, name = "diagram", max = "") =>
  t(`dataAttestation:errors.${code}`, { field: t(`dataAttestation:fields.${name}.label`), max });
const tabs = (page: Page, t: T) =>
  page.getByRole("navigation", { name: t("appEditor:tabs.label"), exact: true });

for (const lang of LANGS) {
  test.describe(lang, () => {
    test.use({ lang });

    test("the tab and the page only where data attestation is enabled for the country", async ({
      page,
      company,
      t,
    }) => {
      const token = await tokenOf(company);
      const [us, au] = await Promise.all([
        createApp(token, { countryCode: "US", name: "Unattested App" }),
        createApp(token, { countryCode: "AU", name: "Attested App" }),
      ]);
      await signIn(page, company, lang);

      // US: off. No tab; the page sends the person to /apps.
      await page.goto(`/${lang}/apps/${us}/details`);
      await expect(
        tabs(page, t).getByText(t("appEditor:tabs.marketplace"), { exact: true }),
      ).toBeVisible();
      await expect(tabs(page, t).getByText(t("appEditor:tabs.data"), { exact: true })).toHaveCount(
        0,
      );
      await page.goto(dataPage(lang, us));
      await expect(page).toHaveURL(`${CONSOLE_URL}/${lang}/apps`);

      // AU: on. The tab opens an empty form (the API's 404).
      await page.goto(`/${lang}/apps/${au}/details`);
      await hydrated(page);
      await tabs(page, t)
        .getByRole("link", { name: t("appEditor:tabs.data"), exact: true })
        .click();
      await expect(page).toHaveURL(`${CONSOLE_URL}${dataPage(lang, au)}`);
      await expect(
        page.getByRole("heading", { level: 2, name: t("dataAttestation:title"), exact: true }),
      ).toBeVisible();
      for (const name of ATTESTATION_TEXT_FIELDS)
        await expect(field(page, t, name)).toHaveValue("");
      await expect(page.getByText(t("dataAttestation:fields.diagram.none"))).toBeVisible();
      await expectAccessible(page);
    });

    test("every rule and message; a failed save keeps what was typed; saved and read back", async ({
      page,
      company,
      t,
    }) => {
      const max = new Intl.NumberFormat(lang).format(2000);
      const id = await createApp(await tokenOf(company), { countryCode: "AU" });
      await signIn(page, company, lang);
      await page.goto(dataPage(lang, id));
      await hydrated(page);

      // Nothing filled in: every field is required.
      await save(page, t);
      for (const name of ATTESTATION_TEXT_FIELDS)
        await expect(summaryLink(page, message(t, "required", name))).toBeVisible();
      await expect(summaryLink(page, message(t, "required"))).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${t("common:form.errorTitlePrefix")}`));
      await expectAccessible(page);

      // Too long (2,001 characters), and not a PDF by its type.
      for (const [name, value] of Object.entries(texts)) await field(page, t, name).fill(value);
      await field(page, t, "dataRetention").fill("x".repeat(2001));
      await field(page, t, "diagram").setInputFiles({
        name: "flow.png",
        mimeType: "image/png",
        buffer: Buffer.from("\u0089PNG\r\n\u001a\n", "latin1"),
      });
      await save(page, t);
      await expect(summaryLink(page, message(t, "tooLong", "dataRetention", max))).toBeVisible();
      await expect(summaryLink(page, message(t, "mustBePdf"))).toBeVisible();
      await expect(field(page, t, "purposeOfDataUsage")).toHaveValue(texts.purposeOfDataUsage);

      // Named .pdf but not a PDF by its content: the page reads its first bytes.
      await field(page, t, "dataRetention").fill(texts.dataRetention);
      await field(page, t, "diagram").setInputFiles({
        name: "fake.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("Not a PDF at all."),
      });
      await save(page, t);
      await expect(summaryLink(page, message(t, "mustBePdf"))).toBeVisible();
      await expect(field(page, t, "dataRetention")).toHaveValue(texts.dataRetention);

      // 9 MB: 'file must be less than 9MB'.
      await field(page, t, "diagram").setInputFiles(pdf("big.pdf", 9 * MB));
      await save(page, t);
      await expect(summaryLink(page, message(t, "tooBig"))).toBeVisible();

      // A good diagram with a text too long: refused, the diagram kept (no need to pick it again).
      await field(page, t, "diagram").setInputFiles(pdf("Data flow.pdf"));
      await field(page, t, "dataSubjects").fill("y".repeat(2001));
      await save(page, t);
      await expect(summaryLink(page, message(t, "tooLong", "dataSubjects", max))).toBeVisible();
      await expect(field(page, t, "outlineDataUsage")).toHaveValue(texts.outlineDataUsage);
      await field(page, t, "dataSubjects").fill(texts.dataSubjects);
      await save(page, t);

      // Saved: back with savedData=true and the toast; every value read back.
      await expect(page).toHaveURL(`${CONSOLE_URL}${dataPage(lang, id)}?savedData=true`);
      await expect(
        page.getByRole("status").filter({ hasText: t("common:toast.savedSuccessfully") }),
      ).toBeVisible();
      await page.goto(dataPage(lang, id));
      for (const [name, value] of Object.entries(texts))
        await expect(field(page, t, name)).toHaveValue(value);
      await expect(
        page.getByText(t("dataAttestation:fields.diagram.current", { name: "Data flow.pdf" })),
      ).toBeVisible();

      // Changed without a new diagram: the saved one stays.
      await hydrated(page);
      await field(page, t, "frequencyOfSync").fill("Once a day.");
      await save(page, t);
      await expect(page).toHaveURL(/savedData=true$/);
      await page.goto(dataPage(lang, id));
      await expect(field(page, t, "frequencyOfSync")).toHaveValue("Once a day.");
      await expect(
        page.getByText(t("dataAttestation:fields.diagram.current", { name: "Data flow.pdf" })),
      ).toBeVisible();
      await expectAccessible(page);
    });

    test("read-only with the reason once the version cannot be edited", async ({
      page,
      company,
      t,
    }) => {
      const id = await createApp(await tokenOf(company), { countryCode: "UK" });
      const res = await provider.admin(`versions/${id}/status`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ statusCode: 100 }),
      });
      expect(res.status).toBe(200);
      await signIn(page, company, lang);
      await page.goto(dataPage(lang, id));
      await expect(
        page.getByText(
          t("appEditor:notEditable.status", { status: t("apps:status.AwaitingReview") }),
        ),
      ).toBeVisible();
      await expect(
        page.getByRole("button", { name: t("appEditor:actions.save"), exact: true }),
      ).toHaveCount(0);
      await expect(field(page, t, "purposeOfDataUsage")).toBeDisabled();
      await expect(field(page, t, "diagram")).toBeDisabled();
      await expectAccessible(page);
    });
  });
}

test("leaving the page with unsaved changes asks first", async ({ page, company, t }) => {
  // biome-ignore lint/suspicious/noSkippedTests: the no-JS project has no beforeunload question to test
  test.skip(isNoJs(), "the question needs JavaScript");
  const lang: Lang = "en-AU";
  const id = await createApp(await tokenOf(company), { countryCode: "AU" });
  await signIn(page, company, lang);
  await page.goto(dataPage(lang, id));
  await hydrated(page);
  const question = page.getByRole("alertdialog", { name: t("appEditor:unsaved.title") });
  await field(page, t, "dataSubjects").fill("Clients.");
  await tabs(page, t)
    .getByRole("link", { name: t("appEditor:tabs.details"), exact: true })
    .click();
  await expect(question).toContainText(t("appEditor:unsaved.message"));
  await question.getByRole("button", { name: t("appEditor:unsaved.no") }).click();
  await expect(page).toHaveURL(`${CONSOLE_URL}${dataPage(lang, id)}`);
  await expect(field(page, t, "dataSubjects")).toHaveValue("Clients.");
  await tabs(page, t)
    .getByRole("link", { name: t("appEditor:tabs.details"), exact: true })
    .click();
  await question.getByRole("button", { name: t("appEditor:unsaved.yes") }).click();
  await expect(page).toHaveURL(`${CONSOLE_URL}/${lang}/apps/${id}/details`);
});

test("another company's version, an unknown one and a malformed id are 'page not found'; a save of theirs changes nothing", async ({
  page,
  company,
  t,
}) => {
  const lang: Lang = "en-AU";
  const other = await createCompany();
  const otherToken = await tokenOf(other);
  const theirs = await createApp(otherToken, { countryCode: "AU", name: "Their Secret App" });
  const diagram = await provider.apiFetch(
    "files?fileType=1",
    {
      method: "POST",
      body: (() => {
        const form = new FormData();
        form.append("file", new Blob([pdf("flow.pdf").buffer]), "flow.pdf");
        return form;
      })(),
    },
    otherToken,
  );
  const saved = await provider.apiFetch(
    `app-data-attestation/${theirs}`,
    {
      method: "PUT",
      body: JSON.stringify({
        ...texts,
        dataFlowDiagramId: ((await diagram.json()) as { id: string }).id,
      }),
    },
    otherToken,
  );
  expect(saved.status).toBe(200);
  await signIn(page, company, lang);
  for (const path of [
    dataPage(lang, theirs),
    dataPage(lang, crypto.randomUUID()),
    `/${lang}/apps/not-an-id/data`,
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(
      page.getByRole("heading", { level: 1, name: t("common:errors.notFoundTitle") }),
    ).toBeVisible();
    expect(await page.content()).not.toContain(texts.dataSubjects);
  }
  // A save posted to their page is refused the same way.
  const post = await page.request.post(`${CONSOLE_URL}${dataPage(lang, theirs)}`, {
    headers: { origin: CONSOLE_URL },
    multipart: { intent: "save", ...texts, dataRetention: "Taken over." },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(404);
  const stored = (await (
    await provider.apiFetch(`app-data-attestation/${theirs}`, {}, otherToken)
  ).json()) as { dataRetention: string };
  expect(stored.dataRetention).toBe(texts.dataRetention);
});
