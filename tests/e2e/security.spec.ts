/**
 * The security page in the console: the gate before pre-approval; the Live tab without test
 * access and the Staging tab with it (the reviewer's test-access switch on and off);
 * generating clients, their secrets shown once with copy buttons (JS); the permissions dialog
 * saved and read back, its permission groups and descriptions in the page's language; the
 * live-app's empty until the reviewer grants it the sandbox-app's, then read-only; callback
 * URLs valid and invalid, Save only when changed (JS) and an unchanged save a no-op with its
 * message (no JS); the debug password. Apps are set up through the API and the reviewer's
 * endpoints. Written per language: one language per project.
 */
import type { Locator, Page } from "@playwright/test";
import { SECRET_ISSUES_PER_HOUR } from "~/api/security/rules";
import { tokenOf } from "./apps-api";
import {
  expect,
  expectAccessible,
  hydrated,
  isNoJs,
  LANGS,
  type Lang,
  signIn,
  test,
} from "./fixtures";
import { admin, api, createReviewApp, ok, type ReviewApp } from "./review-api";

type T = (key: string, values?: Record<string, string | number>) => string;

const securityPage = (lang: Lang, app: ReviewApp) => `/${lang}/apps/group/${app.groupId}/security`;

/** A permission group and description as the provider names them in each language. */
const PROVIDER_NAMES: Record<Lang, { matters: string; getMatters: string }> = {
  "en-AU": { matters: "Matters", getMatters: "List the firm's matters." },
  "nl-NL": { matters: "Dossiers", getMatters: "De dossiers van het kantoor opvragen." },
};

/** The reviewer grants the live-app clients the sandbox-app's permissions. */
const grantLivePermissions = async (app: ReviewApp) =>
  ok(await admin(`app-groups/${app.groupId}/live-permissions`, "PUT"), "grant live permissions");

async function preApprove(token: string, app: ReviewApp) {
  const created = await ok<{ id: string }>(
    await api(token, "app-approvals", "POST", {
      groupId: app.groupId,
      versionMajorId: app.versionId,
      submissionNotes: "Reads matters.",
    }),
    "POST app-approvals",
  );
  await ok(
    await admin(`pre-approvals/${created.id}/review`, "PUT", { decision: "approve" }),
    "approve",
  );
}

const testAccess = async (userId: string, on: boolean) =>
  ok(await admin(`users/${userId}/access-to-test`, "PUT", { hasAccessToTest: on }), "test access");

const toast = (page: Page, t: T, key: string) =>
  expect(page.getByRole("status").filter({ hasText: t(`common:toast.${key}`) })).toBeVisible();
const card = (page: Page, t: T, variant: "sandboxApp" | "liveApp") =>
  page.getByRole("article", { name: t(`security:clients.${variant}`), exact: true });

async function saveCallbacks(t: T, client: Locator, value: string) {
  await client.getByLabel(t("security:callbacks.label"), { exact: true }).fill(value);
  await client.getByRole("button", { name: t("security:callbacks.save"), exact: true }).click();
}

for (const lang of LANGS) {
  test.describe(lang, () => {
    test.use({ lang });

    test("the gate, then Live clients generated, permissions saved and read back, callback URLs valid and invalid, the debug password", async ({
      page,
      company,
      t,
    }) => {
      const token = await tokenOf(company);
      const app = await createReviewApp(token, { ready: false });
      await signIn(page, company, lang);

      // Before pre-approval: the warning with its link, nothing else.
      await page.goto(securityPage(lang, app));
      await expect(page.getByRole("alert").getByText(t("security:needsPreApproval"))).toBeVisible();
      await expect(page.getByRole("link", { name: t("security:goToApproval") })).toHaveAttribute(
        "href",
        `/${lang}/apps/group/${app.groupId}/approval`,
      );
      await expect(page.getByRole("button", { name: t("security:clients.generate") })).toHaveCount(
        0,
      );

      // Pre-approved, without test access: the Live tab only, and no clients yet.
      await preApprove(token, app);
      await page.reload();
      const tabs = page.getByRole("navigation", { name: t("security:tabs.label") });
      await expect(
        tabs.getByRole("link", { name: t("security:tabs.live"), exact: true }),
      ).toHaveAttribute("aria-current", "page");
      await expect(
        tabs.getByRole("link", { name: t("security:tabs.staging"), exact: true }),
      ).toHaveCount(0);
      await expect(page.getByText(t("security:clients.none"))).toBeVisible();
      const day = new Date().getUTCDate();
      await expect(page.getByText(`sandbox-${day}`, { exact: true })).toBeVisible();

      // Generate: both clients with their secrets, shown this once.
      await page.getByRole("button", { name: t("security:clients.generate"), exact: true }).click();
      await toast(page, t, "clientsGenerated");
      await expect(
        page.getByRole("alert").filter({ hasText: t("security:clients.shownOnce") }),
      ).toBeVisible();
      const sandboxApp = card(page, t, "sandboxApp");
      const liveApp = card(page, t, "liveApp");
      await expect(sandboxApp.getByText(/^sk_[A-Za-z0-9_-]{43}$/)).toBeVisible();
      await expect(liveApp.getByText(/^pk_[0-9a-f]{32}$/)).toBeVisible();
      const copySecret = sandboxApp.getByRole("button", {
        name: t("common:copy.label", {
          name: `${t("security:clients.sandboxApp")}: ${t("security:clients.secret")}`,
        }),
        exact: true,
      });
      if (isNoJs()) await expect(copySecret).toHaveCount(0);
      else {
        await hydrated(page);
        await expect(copySecret).toBeVisible();
        await expectAccessible(page);
      }
      await page.reload();
      await expect(sandboxApp.getByText(t("security:clients.hidden"))).toHaveCount(2);
      await expect(sandboxApp.getByText(/^sk_/)).toHaveCount(0);

      // Permissions of the sandbox app: saved, then read back in the dialog.
      await sandboxApp
        .getByRole("link", {
          name: t("security:permissions.editLabel", { client: t("security:clients.sandboxApp") }),
          exact: true,
        })
        .click();
      let dialog = page.getByRole("dialog");
      await expect(
        dialog.getByRole("heading", {
          name: t("security:permissions.dialogTitle", { client: t("security:clients.sandboxApp") }),
        }),
      ).toBeVisible();
      const matters = dialog.getByRole("table", {
        name: PROVIDER_NAMES[lang].matters,
        exact: true,
      });
      await expect(matters).toBeVisible();
      await expect(matters.getByText(PROVIDER_NAMES[lang].getMatters)).toBeVisible();
      await dialog.getByRole("checkbox", { name: "GET /api/v1/matters", exact: true }).check();
      await dialog.getByRole("checkbox", { name: "POST /api/v1/cards", exact: true }).check();
      await dialog.getByRole("switch", { name: t("security:permissions.offlineAccess") }).check();
      if (!isNoJs()) await expectAccessible(page);
      await dialog
        .getByRole("button", { name: t("security:permissions.save"), exact: true })
        .click();
      await toast(page, t, "savedSuccessfully");
      await expect(
        sandboxApp.getByText(
          `${t("security:permissions.summary_other", { count: 2 })} · ${t("security:permissions.offlineOn")}`,
        ),
      ).toBeVisible();
      await sandboxApp
        .getByRole("link", {
          name: t("security:permissions.editLabel", { client: t("security:clients.sandboxApp") }),
          exact: true,
        })
        .click();
      dialog = page.getByRole("dialog");
      await expect(
        dialog.getByRole("checkbox", { name: "GET /api/v1/matters", exact: true }),
      ).toBeChecked();
      await expect(
        dialog.getByRole("checkbox", { name: "POST /api/v1/cards", exact: true }),
      ).toBeChecked();
      await expect(
        dialog.getByRole("checkbox", { name: "GET /api/v1/cards", exact: true }),
      ).not.toBeChecked();
      await expect(
        dialog.getByRole("switch", { name: t("security:permissions.offlineAccess") }),
      ).toBeChecked();
      await dialog
        .getByRole("link", { name: t("security:permissions.cancel"), exact: true })
        .click();
      await expect(page.getByRole("dialog")).toHaveCount(0);

      // The live app's permissions: none until the provider grants them, then the reviewed ones, read only.
      const liveSummary = (count: number, offline: boolean) =>
        liveApp.getByText(
          `${t(`security:permissions.summary_${count === 1 ? "one" : "other"}`, { count })} · ${t(offline ? "security:permissions.offlineOn" : "security:permissions.offlineOff")}`,
        );
      await expect(liveSummary(0, false)).toBeVisible();
      await grantLivePermissions(app);
      await page.reload();
      await expect(liveSummary(2, true)).toBeVisible();
      await liveApp
        .getByRole("link", {
          name: t("security:permissions.viewLabel", { client: t("security:clients.liveApp") }),
          exact: true,
        })
        .click();
      dialog = page.getByRole("dialog");
      await expect(dialog.getByText(t("security:permissions.readOnly"))).toBeVisible();
      for (const name of ["GET /api/v1/matters", "POST /api/v1/cards"]) {
        await expect(dialog.getByRole("checkbox", { name, exact: true })).toBeChecked();
        await expect(dialog.getByRole("checkbox", { name, exact: true })).toBeDisabled();
      }
      await expect(
        dialog.getByRole("checkbox", { name: "GET /api/v1/cards", exact: true }),
      ).not.toBeChecked();
      await expect(
        dialog.getByRole("switch", { name: t("security:permissions.offlineAccess") }),
      ).toBeChecked();
      await expect(
        dialog.getByRole("switch", { name: t("security:permissions.offlineAccess") }),
      ).toBeDisabled();
      await expect(
        dialog.getByRole("button", { name: t("security:permissions.save") }),
      ).toHaveCount(0);
      if (!isNoJs()) await expectAccessible(page);
      await dialog
        .getByRole("link", { name: t("security:permissions.close"), exact: true })
        .click();
      await expect(page.getByRole("dialog")).toHaveCount(0);

      // Callback URLs: invalid, valid, required; Save only when changed (JS), an unchanged save says so (no JS).
      const save = sandboxApp.getByRole("button", {
        name: t("security:callbacks.save"),
        exact: true,
      });
      if (!isNoJs()) {
        await hydrated(page);
        await expect(save).toBeDisabled();
      }
      await saveCallbacks(t, sandboxApp, "https://app.example/cb, app.example/x");
      await expect(
        sandboxApp.getByText(t("security:errors.callbacksMustBeValidURI")),
      ).toBeVisible();
      await saveCallbacks(t, sandboxApp, " https://app.example/cb ,\t/http://localhost:4100/x ");
      await toast(page, t, "savedSuccessfully");
      const field = sandboxApp.getByLabel(t("security:callbacks.label"), { exact: true });
      await expect(field).toHaveValue("https://app.example/cb, /http://localhost:4100/x");
      if (isNoJs()) {
        await save.click();
        await toast(page, t, "noChanges");
      } else {
        await expect(save).toBeDisabled();
        await field.fill("https://app.example/cb ,  /http://localhost:4100/x");
        await expect(save).toBeDisabled();
      }
      await saveCallbacks(t, sandboxApp, " ");
      await expect(sandboxApp.getByText(t("security:errors.required"))).toBeVisible();
      await page.goto(securityPage(lang, app));
      await expect(
        sandboxApp.getByLabel(t("security:callbacks.label"), { exact: true }),
      ).toHaveValue("https://app.example/cb, /http://localhost:4100/x");
    });

    test("test access on: the Staging tab with its own clients and new secrets; off: the Live tab only", async ({
      page,
      company,
      t,
    }) => {
      const token = await tokenOf(company);
      const app = await createReviewApp(token, { ready: false });
      await preApprove(token, app);
      await testAccess(company.userId, true);
      await signIn(page, company, lang);

      await page.goto(securityPage(lang, app));
      const tabs = page.getByRole("navigation", { name: t("security:tabs.label") });
      await tabs.getByRole("link", { name: t("security:tabs.staging"), exact: true }).click();
      await expect(
        tabs.getByRole("link", { name: t("security:tabs.staging"), exact: true }),
      ).toHaveAttribute("aria-current", "page");
      await expect(
        page.getByRole("heading", { name: t("security:clients.title.staging") }),
      ).toBeVisible();
      await page.getByRole("button", { name: t("security:clients.generate"), exact: true }).click();
      await toast(page, t, "clientsGenerated");
      const first = await card(page, t, "sandboxApp").getByText(/^sk_/).textContent();

      // New secrets, confirmed: different ones, shown once.
      await page.getByRole("link", { name: t("security:clients.reissue"), exact: true }).click();
      await page
        .getByRole("alertdialog")
        .getByRole("button", { name: t("common:confirm.yes"), exact: true })
        .click();
      await toast(page, t, "clientsGenerated");
      await expect(page).toHaveURL(/\?tab=staging$/);
      const second = await card(page, t, "sandboxApp").getByText(/^sk_/).textContent();
      expect(second).not.toBe(first);

      // The Live tab has none of them.
      await tabs.getByRole("link", { name: t("security:tabs.live"), exact: true }).click();
      await expect(page.getByText(t("security:clients.none"))).toBeVisible();

      // Test access off: no Staging tab, and its URL shows the Live tab.
      await testAccess(company.userId, false);
      await page.goto(`${securityPage(lang, app)}?tab=staging`);
      await expect(
        tabs.getByRole("link", { name: t("security:tabs.staging"), exact: true }),
      ).toHaveCount(0);
      await expect(
        page.getByRole("heading", { name: t("security:clients.title.live") }),
      ).toBeVisible();
      if (!isNoJs()) await expectAccessible(page);
    });

    test("past the hour's new secrets, the page says when to try again next to the control that asked, and issues nothing", async ({
      page,
      company,
      t,
    }) => {
      const token = await tokenOf(company);
      const app = await createReviewApp(token, { ready: false });
      await preApprove(token, app);
      for (let i = 0; i < SECRET_ISSUES_PER_HOUR; i++)
        await ok(
          await api(token, `apps-auth/${app.groupId}/clients?isLive=true`, "POST"),
          "POST apps-auth clients",
        );
      await signIn(page, company, lang);

      await page.goto(securityPage(lang, app));
      await page.getByRole("link", { name: t("security:clients.reissue"), exact: true }).click();
      await page
        .getByRole("alertdialog")
        .getByRole("button", { name: t("common:confirm.yes"), exact: true })
        .click();
      // "Try again in 60 minutes": the wait is the provider's Retry-After, worded in the page's language.
      const [before, after] = t("security:errors.tooManySecretIssues", {
        max: SECRET_ISSUES_PER_HOUR,
        when: "\u0000",
      }).split("\u0000");
      const note = page.getByRole("alert").filter({ hasText: before });
      await expect(note).toHaveText(
        new RegExp(`^${escapeRegExp(before)}\\S+ \\d+ \\S+${escapeRegExp(after)}$`),
      );
      await expect(page.getByRole("alertdialog")).toHaveCount(0);
      await expect(
        page.getByRole("link", { name: t("security:clients.reissue"), exact: true }),
      ).toHaveAttribute("aria-describedby", (await note.getAttribute("id"))!);
      await expect(card(page, t, "sandboxApp").getByText(/^sk_/)).toHaveCount(0);
      if (!isNoJs()) await expectAccessible(page);
    });
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
