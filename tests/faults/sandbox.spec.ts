/**
 * The console while its provider sandbox is away (issue 11), with JavaScript on and off:
 *
 * - the sandbox stops while a person edits an app's details and saves: the console shows its
 *   error dialog over the page (no crash, no blank or error page), the typed values are still
 *   in the form, and nothing was stored; once the sandbox is back, the same save succeeds, once:
 *   one new entry in the version's history, not two;
 * - the sandbox is ended at once (a crash) and started again: what was saved before is all
 *   there, and the person's session goes on (or they are asked to sign in, cleanly).
 */
import type { Page } from "@playwright/test";
import { createApp, getVersion, tokenOf } from "../e2e/apps-api";
import {
  type Company,
  expect,
  hydrated,
  type Lang,
  provider,
  signInForm,
  signInPageUrl,
  test,
  translate,
} from "../e2e/fixtures";
import { sandbox } from "./control";

// A test that fails while the sandbox is away must not leave the next one without it.
test.afterEach(async () => {
  await sandbox.start();
});

const lang: Lang = "en-AU";
const t = (key: string) => translate(lang, key);
const required = (key: string) => `${t(key)} ${t("appEditor:required")}`;

/** Signs in through the console's sign-in page and opens the version's details page. */
async function openDetails(page: Page, company: Company, versionId: string) {
  await page.goto(`/${lang}/auth/signin`);
  const signIn = signInForm(page, lang);
  await signIn.email.fill(company.email);
  await signIn.password.fill(company.password);
  await signIn.submit.click();
  await page.waitForURL(new RegExp(`/${lang}/apps(?:[/?#]|$)`));
  await page.goto(`/${lang}/apps/${versionId}/details`);
  await hydrated(page);
}

function detailsForm(page: Page) {
  return {
    name: page.getByLabel(required("appEditor:fields.name.label"), { exact: true }),
    description: page.getByLabel(required("appEditor:fields.description.label"), { exact: true }),
    save: page.getByRole("button", { name: t("appEditor:actions.save"), exact: true }),
  };
}

const errorDialog = (page: Page) =>
  page.getByRole("alertdialog", { name: t("errors.dialogTitle"), exact: true });
const savedToast = (page: Page) =>
  page.getByRole("status").filter({ hasText: t("toast.savedSuccessfully") });

/** How many saves the version's history holds. */
async function savesOf(versionId: string) {
  return (await provider.changes(versionId)).filter((change) => change.action === "updated").length;
}

test("a save while the sandbox is stopped shows the error dialog and keeps the input; once back, the same save succeeds once", async ({
  page,
  company,
}) => {
  const token = await tokenOf(company);
  const versionId = await createApp(token, { name: "Before the outage" });
  const before = await savesOf(versionId);
  await openDetails(page, company, versionId);
  const form = detailsForm(page);
  await expect(form.name).toHaveValue("Before the outage");

  await sandbox.stop();
  await form.name.fill("Typed during the outage");
  await form.description.fill("Written while the provider was away.");
  await form.save.click();

  const dialog = errorDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(t("errors.fallback.unreachable"), { exact: true })).toBeVisible();
  // The page around the form, not an error page.
  await expect(page.getByRole("heading", { level: 1, name: /Before the outage/ })).toBeVisible();
  await dialog.getByRole("button", { name: t("errors.close"), exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(form.name).toHaveValue("Typed during the outage");
  await expect(form.description).toHaveValue("Written while the provider was away.");

  await sandbox.start();
  expect(await savesOf(versionId), "saves stored while the sandbox was away").toBe(before);
  await form.save.click();
  await expect(savedToast(page)).toBeVisible();
  await expect(form.name).toHaveValue("Typed during the outage");
  const stored = await getVersion(token, versionId);
  expect(stored.details.name).toBe("Typed during the outage");
  expect(stored.details.description).toBe("Written while the provider was away.");
  expect(await savesOf(versionId), "saves stored once the sandbox was back").toBe(before + 1);
});

test("after the sandbox crashes and restarts, nothing saved is lost and the session goes on or asks to sign in", async ({
  page,
  company,
}) => {
  const token = await tokenOf(company);
  const versionId = await createApp(token, { name: "Saved before the crash" });
  await openDetails(page, company, versionId);
  const form = detailsForm(page);
  await form.name.fill("Committed before the crash");
  await form.save.click();
  await expect(savedToast(page)).toBeVisible();

  await sandbox.stop("SIGKILL");
  await sandbox.start();

  const stored = await getVersion(token, versionId);
  expect(stored.details.name, "the save committed before the crash").toBe(
    "Committed before the crash",
  );

  await page.goto(`/${lang}/apps/${versionId}/details`);
  await expect(page).toHaveURL(
    new RegExp(`/${lang}/apps/${versionId}/details$|${signInPageUrl(lang).source}`),
  );
  if (page.url().includes("/auth/signin")) {
    await expect(
      page.getByRole("heading", { level: 1, name: t("auth:signin.title"), exact: true }),
    ).toBeVisible();
  } else {
    await expect(detailsForm(page).name).toHaveValue("Committed before the crash");
  }
});
