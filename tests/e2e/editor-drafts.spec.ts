/**
 * Unsaved changes travel between a version's Details and Marketplace pages (issue 10,
 * point 1): what is typed on one page is there again after a visit to the other and after a reload, the pages say which of them hold unsaved changes, Discard goes back to
 * what is saved, Save stores it, and nothing is stored before Save. A platform editor's
 * draft kept before the JSON limits, nested past them, shows the saved schema with why and a
 * Discard of its own instead of breaking the page. Both projects, both languages; axe on the
 * states.
 */
import path from "node:path";
import type { Page } from "@playwright/test";
import { createStorage } from "unstorage";
import fsDriver from "unstorage/drivers/fs";
import { JSON_LIMITS } from "~/api/json-limits";
import { createDraftStore } from "~/lib/drafts.server";
import { createApp, DETAILS, getVersion, tokenOf } from "./apps-api";
import {
  CONSOLE_URL,
  dataDir,
  expect,
  expectAccessible,
  hydrated,
  isNoJs,
  LANGS,
  type Lang,
  provider,
  signIn,
  test,
  translate,
} from "./fixtures";

function pageParts(page: Page, lang: Lang) {
  const t = (key: string, values?: Record<string, string | number>) => translate(lang, key, values);
  const required = (key: string) => `${t(key)} ${t("appEditor:required")}`;
  const tabs = page.getByRole("navigation", { name: t("appEditor:tabs.label"), exact: true });
  return {
    t,
    name: page.getByLabel(required("appEditor:fields.name.label"), { exact: true }),
    description: page.getByLabel(required("appEditor:fields.description.label"), { exact: true }),
    keywords: page.getByLabel(t("appEditor:fields.detail.keywords.label"), { exact: true }),
    copyright: page.getByLabel(t("appEditor:fields.legal.copyright.label"), { exact: true }),
    /** The other page's tab: a button that carries what the form holds. */
    tabButton: (tab: "details" | "marketplace") =>
      tabs.getByRole("button", { name: t(`appEditor:tabs.${tab}`), exact: true }),
    discard: page.getByRole("button", { name: t("appEditor:actions.discard"), exact: true }),
    save: page.getByRole("button", { name: t("appEditor:actions.save"), exact: true }),
    hereNotice: page.getByText(t("appEditor:draft.here"), { exact: true }),
    otherNotice: (tab: "details" | "marketplace") =>
      page.getByText(t("appEditor:draft.other", { page: t(`appEditor:tabs.${tab}`) }), {
        exact: true,
      }),
    unsaved: page.getByRole("status").filter({ hasText: t("appEditor:saveBar.unsaved") }),
  };
}

for (const lang of LANGS) {
  test.describe(lang, () => {
    test.use({ lang });

    test("what is typed on Details and Marketplace stays when moving between them, until Save or Discard", async ({
      page,
      company,
    }) => {
      test.slow();
      const token = await tokenOf(company);
      const id = await createApp(token);
      const p = pageParts(page, lang);
      await signIn(page, company, lang, { at: `/${lang}/apps/${id}/details` });
      await hydrated(page);

      // Details typed, then Marketplace: the other page says Details holds unsaved changes.
      await p.name.fill("Ledger Link Draft");
      await p.description.fill("A description typed but not saved.");
      await p.tabButton("marketplace").click();
      await expect(page).toHaveURL(`${CONSOLE_URL}/${lang}/apps/${id}/marketplace`);
      await expect(p.otherNotice("details")).toBeVisible();
      await expect(p.hereNotice).toBeHidden();
      await p.keywords.fill("ledger, trust");
      await p.copyright.fill("© 2026 Ledger Link");

      // Back on Details: as typed, with the notice and the save bar saying so.
      await p.tabButton("details").click();
      await expect(page).toHaveURL(`${CONSOLE_URL}/${lang}/apps/${id}/details`);
      await expect(p.name).toHaveValue("Ledger Link Draft");
      await expect(p.description).toHaveValue("A description typed but not saved.");
      await expect(p.hereNotice).toBeVisible();
      await expect(p.otherNotice("marketplace")).toBeVisible();
      await expect(p.unsaved).toBeVisible();
      await expectAccessible(page);

      // Nothing is stored before Save.
      let stored = await getVersion(token, id);
      expect(stored.details.name).toBe(DETAILS.name);
      expect(stored.marketplace.detail.keywords).toBe("");

      // A reload keeps both pages' changes.
      await page.reload();
      await expect(p.name).toHaveValue("Ledger Link Draft");
      await p.tabButton("marketplace").click();
      await expect(p.keywords).toHaveValue("ledger, trust");
      await expect(p.copyright).toHaveValue("© 2026 Ledger Link");
      await expectAccessible(page);

      // Discard on Marketplace: back to what is saved there; Details keeps its changes.
      await p.discard.click();
      await expect(p.keywords).toHaveValue("");
      await expect(p.copyright).toHaveValue("");
      await expect(p.hereNotice).toBeHidden();
      await expect(p.otherNotice("details")).toBeVisible();

      // Save on Details stores them; no notice is left.
      await p.tabButton("details").click();
      await expect(p.name).toHaveValue("Ledger Link Draft");
      await p.save.click();
      await expect(
        page.getByRole("status").filter({ hasText: p.t("toast.savedSuccessfully") }),
      ).toBeVisible();
      await expect(p.hereNotice).toBeHidden();
      await expect(p.otherNotice("marketplace")).toBeHidden();
      stored = await getVersion(token, id);
      expect(stored.details.name).toBe("Ledger Link Draft");
      expect(stored.details.description).toBe("A description typed but not saved.");
      expect(stored.marketplace.detail.keywords).toBe("");
    });

    test("a form that fails its checks still moves to the other page with what was typed, unchecked", async ({
      page,
      company,
    }) => {
      const token = await tokenOf(company);
      const id = await createApp(token);
      const p = pageParts(page, lang);
      await signIn(page, company, lang, { at: `/${lang}/apps/${id}/marketplace` });
      await hydrated(page);

      // The error summary names the field of each message that does not (issue 10, point 7).
      const website = page.getByLabel(
        `${p.t("appEditor:fields.detail.websiteUrl.label")} ${p.t("appEditor:required")}`,
        { exact: true },
      );
      await website.fill("javascript:alert(1)");
      await p.save.click();
      const entry = p.t("form.summaryEntry", {
        field: p.t("appEditor:fields.detail.websiteUrl.label"),
        message: p.t("appEditor:errors.invalidUrl"),
      });
      await expect(
        page.getByRole("alert").getByRole("link", { name: entry, exact: true }),
      ).toHaveAttribute("href", `#${await website.getAttribute("id")}`);

      await p.tabButton("details").click();
      await expect(page).toHaveURL(`${CONSOLE_URL}/${lang}/apps/${id}/details`);
      await p.name.fill("");
      await p.tabButton("marketplace").click();
      await expect(page).toHaveURL(`${CONSOLE_URL}/${lang}/apps/${id}/marketplace`);
      await expect(website).toHaveValue("javascript:alert(1)");
      await p.tabButton("details").click();
      await expect(p.name).toHaveValue("");
      await expect(p.hereNotice).toBeVisible();
      if (!isNoJs()) {
        // Discard of a page's own edits needs no server: the saved values come back.
        await p.discard.click();
        await expect(p.name).toHaveValue(DETAILS.name);
        await expect(p.hereNotice).toBeHidden();
        await p.description.fill("Changed in the page only");
        await expect(p.unsaved).toBeVisible();
        await p.discard.click();
        await expect(p.description).toHaveValue(DETAILS.description);
        await expect(p.unsaved).toBeHidden();
      }
    });
  });
}

test.describe("an archived app", () => {
  for (const lang of LANGS) {
    test(`shows its version read-only with the reason, and nothing to save (${lang})`, async ({
      page,
      company,
    }) => {
      test.slow(); // two pages, each checked with axe
      const token = await tokenOf(company);
      const id = await createApp(token);
      const { groupId } = await getVersion(token, id);
      const archived = await provider.apiFetch(
        `apps/group/${groupId}/setArchived?flag=true`,
        { method: "PUT" },
        token,
      );
      expect(archived.status).toBe(200);
      const p = pageParts(page, lang);
      await signIn(page, company, lang);
      for (const tab of ["details", "marketplace"] as const) {
        await page.goto(`/${lang}/apps/${id}/${tab}`);
        await expect(
          page.getByText(p.t("appEditor:notEditable.archived"), { exact: true }),
        ).toBeVisible();
        await expect(page.getByText(p.t("appEditor:requiredNote"), { exact: true })).toHaveCount(0);
        await expect(p.save).toHaveCount(0);
        await expect(p.discard).toHaveCount(0);
        const field =
          tab === "details"
            ? page.getByLabel(p.t("appEditor:fields.name.label"), { exact: false })
            : p.keywords;
        await expect(field).not.toBeEditable();
        // The tabs are plain links: there is nothing to carry.
        const tabs = page.getByRole("navigation", {
          name: p.t("appEditor:tabs.label"),
          exact: true,
        });
        await expect(tabs.getByRole("button")).toHaveCount(0);
        await expectAccessible(page);
      }
    });
  }
});

/** The console's draft store (DATA_DIR/console/drafts on disk), written as the console writes it. */
const consoleDrafts = () =>
  createDraftStore(
    createStorage({ driver: fsDriver({ base: path.join(dataDir(), "console", "drafts") }) }),
  );

for (const lang of LANGS) {
  test.describe(`${lang}: a platform draft that cannot be shown`, () => {
    test.use({ lang });

    test("a draft nested past the JSON limit (kept by an import before the limit) shows the saved schema, why, and Discard, which drops it", async ({
      page,
      company,
    }) => {
      const t = (key: string, values?: Record<string, string | number>) =>
        translate(lang, key, values);
      const id = await createApp(await tokenOf(company));
      // The attack's import: a menu's items nested 1,000 dropdowns deep, kept as the web platform's draft of the user.
      let items: unknown[] = [];
      for (let i = 0; i < 1_000; i++)
        items = [{ actionType: "dropdown", name: "Deep", label: "Deep", items }];
      await consoleDrafts().write(company.userId, `${id}-web`, "schema", {
        type: "web",
        menus: [{ id: "menu-tools", items }],
      });

      await signIn(page, company, lang, { at: `/${lang}/apps/${id}/web` });
      if (!isNoJs()) await hydrated(page);
      const notice = page
        .getByRole("alert")
        .filter({ hasText: t("platform:draftUnreadable.tooDeep", { max: JSON_LIMITS.depthMax }) });
      await expect(notice).toBeVisible();
      // The saved schema is shown: nothing to save, no draft notice.
      await expect(
        page.getByRole("heading", {
          name: t("platform:title", { platform: t("appEditor:tabs.web") }),
        }),
      ).toBeVisible();
      await expect(page.getByText(t("platform:draftNotice"), { exact: true })).toHaveCount(0);
      await expectAccessible(page);

      await notice
        .getByRole("button", { name: t("platform:draftUnreadable.discard"), exact: true })
        .click();
      await expect(notice).toHaveCount(0);
      expect(await consoleDrafts().read(company.userId, `${id}-web`)).toEqual({});
      await page.reload();
      await expect(
        page.getByRole("heading", {
          name: t("platform:title", { platform: t("appEditor:tabs.web") }),
        }),
      ).toBeVisible();
      await expect(
        page.getByRole("alert").filter({
          hasText: t("platform:draftUnreadable.tooDeep", { max: JSON_LIMITS.depthMax }),
        }),
      ).toHaveCount(0);
    });
  });
}
