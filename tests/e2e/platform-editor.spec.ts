/**
 * The platform schema editor: the platform tabs of a public app with a dot on a
 * configured platform, none for a connector; the editor page of each platform. Apps are made through the provider API
 * (apps-api.ts); what is tested goes through the page. Written per language: one language
 * per project.
 */
import type { Page } from "@playwright/test";
import { png } from "../../server/conformance/files";
import { rawHeaderLines } from "../support/raw-headers";
import { createApp, type Details, saveSchema, tokenOf } from "./apps-api";
import {
  CONSOLE_URL,
  type Company,
  consoleUrl,
  createCompany,
  escapeRegExp,
  expect,
  expectAccessible,
  hydrated,
  isNoJs,
  LANGS,
  type Lang,
  lookupName,
  signIn,
  test,
  translate,
} from "./fixtures";
import { admin, api, failForCompany, ok, setStatus } from "./review-api";

type T = (key: string, values?: Record<string, string | number>) => string;

const tabs = (page: Page, t: T) =>
  page.getByRole("navigation", { name: t("appEditor:tabs.label"), exact: true });
const editorPage = (lang: Lang, id: string, platform: string) => `/${lang}/apps/${id}/${platform}`;
const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
const link = (page: Page, name: string) => page.getByRole("link", { name, exact: true });
const dialog = (page: Page) => page.getByRole("dialog");
const toast = (page: Page, t: T, key: string) =>
  expect(page.getByRole("status").filter({ hasText: t(`common:toast.${key}`) })).toBeVisible();

/** Opens a page and, with JS, waits until it runs. */
async function open(page: Page, path: string) {
  await page.goto(path);
  if (!isNoJs()) await hydrated(page);
}

/**
 * A new app of the company (through the provider API), signed in and its editor of `platform`
 * open; with `schema`, the version that holds it as saved (also through the API).
 */
async function editorOfNewApp(
  page: Page,
  company: Company,
  lang: Lang,
  details: Partial<Details>,
  platform: string,
  schema?: { platforms: unknown[] },
) {
  const token = await tokenOf(company);
  const created = await createApp(token, details);
  const id = schema ? await saveSchema(token, created, schema) : created;
  await signIn(page, company, lang);
  await open(page, editorPage(lang, id, platform));
  return { token, id };
}

/** The four environments' URLs of an item of the schema document, ending in `name`. */
const envUrls = (name: string) =>
  ["dev", "test", "beta", "live"].map((env) => ({
    env,
    url: `https://${env}.example.com/${name}`,
  }));

/** A menu item of the schema document as `addMenuItem` makes it through the page. */
const menuItem = (name: string) => ({
  actionType: "menu-item",
  name,
  label: `${name} text`,
  description: `What ${name} does.`,
  urls: envUrls(name.toLowerCase()),
});

/** Adds a location through the Add location dialog. */
async function addLocation(page: Page, t: T, name: string) {
  await link(page, t("platform:actions.addLocation")).click();
  await expect(dialog(page)).toBeVisible();
  await dialog(page)
    .getByLabel(t("platform:fields.location"), { exact: true })
    .selectOption({ label: name });
  await button(page, t("platform:addLocation.submit")).click();
  await expect(dialog(page)).toHaveCount(0);
}

/**
 * A tab's panel of the open item dialog: with JavaScript its tab is chosen and its panel is a
 * tab panel; without, every panel is a region under its heading.
 */
async function itemTab(page: Page, t: T, tab: string) {
  const name = t(`platform:itemTabs.${tab}`);
  if (!isNoJs()) await dialog(page).getByRole("tab", { name, exact: true }).click();
  return dialog(page).getByRole(isNoJs() ? "region" : "tabpanel", { name, exact: true });
}

interface NewItem {
  /** The action type chosen in the dialog; the list's first when left out. */
  type?: string;
  /** Its description and four endpoints (every item but a grouping one: headers, folders, dropdowns). */
  runs?: boolean;
  headerLabel?: string;
  /** Visibility's form names (a context-menu entry). */
  formNames?: string;
  /** A system window of this size (Window tab). */
  window?: { width: string; height: string };
}

/**
 * Adds an item through the item dialog of the list named `list` (its breadcrumb), with only
 * the fields its type requires: name and text; a description and the four environments' URLs
 * unless it only groups others.
 */
async function addItem(page: Page, t: T, list: string, name: string, item: NewItem = {}) {
  const { type, runs = true, headerLabel, formNames, window } = item;
  await link(page, t("platform:a11y.addItem", { list })).click();
  const form = dialog(page);
  await expect(form.getByRole("heading", { name: t("platform:item.newTitle") })).toBeVisible();
  if (type)
    await form.getByLabel(t("platform:fields.actionType"), { exact: true }).selectOption(type);
  await form.getByLabel(t("platform:fields.name"), { exact: true }).fill(name);
  await form.getByLabel(t("platform:fields.label"), { exact: true }).fill(`${name} text`);
  if (headerLabel)
    await form.getByLabel(t("platform:fields.headerLabel"), { exact: true }).fill(headerLabel);
  if (runs)
    await form
      .getByLabel(t("platform:fields.description"), { exact: true })
      .fill(`What ${name} does.`);
  if (window) {
    // The Window tab is for a system window only: with JavaScript it is disabled until one is chosen; without, its panel says so.
    const tab = form.getByRole("tab", { name: t("platform:itemTabs.window"), exact: true });
    if (isNoJs())
      await expect(await itemTab(page, t, "window")).toContainText(t("platform:windowOnlySystem"));
    else await expect(tab).toBeDisabled();
    await form.getByLabel(t("platform:fields.windowType"), { exact: true }).selectOption("system");
    if (!isNoJs()) await expect(tab).toBeEnabled();
    const panel = await itemTab(page, t, "window");
    await panel.getByLabel(t("platform:fields.window.width"), { exact: true }).fill(window.width);
    await panel.getByLabel(t("platform:fields.window.height"), { exact: true }).fill(window.height);
  }
  if (runs) {
    const endpoints = await itemTab(page, t, "endpoints");
    for (const env of ["dev", "test", "beta", "live"]) {
      await endpoints
        .getByLabel(t(`platform:fields.urls.${env}`), { exact: true })
        .fill(`https://${env}.example.com/${name.toLowerCase()}`);
    }
  }
  // Visibility and Advanced both have a 'Form names' field: Visibility's.
  if (formNames)
    await (await itemTab(page, t, "visibility"))
      .getByLabel(t("platform:fields.visibility.formNames"), { exact: true })
      .fill(formNames);
  await button(page, t("platform:item.submit")).click();
  await expect(dialog(page)).toHaveCount(0);
}

/** Adds a menu item (or a button, as the list offers) with every field it needs. */
const addMenuItem = (page: Page, t: T, list: string, name: string) => addItem(page, t, list, name);

/** The id of the version the page shows (after a save, the new one). */
const versionOf = (page: Page) => /\/apps\/([^/]+)\//.exec(new URL(page.url()).pathname)![1];

/** The item dialog's matter-type picker and precedent picker. */
const matterTypes = (page: Page, t: T) =>
  dialog(page).getByRole("group", {
    name: t("platform:fields.visibility.matterTypes"),
    exact: true,
  });
const precedents = (page: Page, t: T) =>
  dialog(page).getByRole("group", { name: t("platform:fields.visibility.location"), exact: true });

/**
 * A click on a folder or shortcut of the matter-type picker: its checkbox with JavaScript, its
 * Select all / Clear all button without (a post of the dialog).
 */
async function toggleFolder(page: Page, t: T, name: string, select: boolean) {
  if (isNoJs())
    await matterTypes(page, t)
      .getByRole("button", {
        name: t(`platform:picker.${select ? "selectAll" : "clearAll"}`, { name }),
        exact: true,
      })
      .click();
  // A click: one that asks first leaves the box as it is.
  else await matterTypes(page, t).getByLabel(name, { exact: true }).click();
}

/** The picker's search: typed (JavaScript, 500 ms later) or with its Search button (without). */
async function searchMatterTypes(page: Page, t: T, text: string) {
  await matterTypes(page, t)
    .getByLabel(t("platform:picker.searchMatterTypes"), { exact: true })
    .fill(text);
  if (isNoJs())
    await matterTypes(page, t)
      .getByRole("button", { name: t("platform:picker.search"), exact: true })
      .click();
}

/**
 * With JavaScript: the answer of the next post to the editor page is held once the server has
 * it (`saved`), until `release`; the page meanwhile shows what it had. `done` (once the page
 * has settled) stops looking at its requests.
 */
async function holdNextPost(page: Page, path: string) {
  let saved!: () => void;
  let release!: () => void;
  const savedNow = new Promise<void>((resolve) => (saved = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  const matches = (url: URL) => url.pathname === path;
  await page.route(matches, async (route) => {
    if (held || route.request().method() !== "POST") return route.continue();
    held = true;
    const response = await route.fetch();
    saved();
    await released;
    await route.fulfill({ response });
  });
  return { saved: savedNow, release, done: () => page.unroute(matches) };
}

/** While a move is being saved: the items' controls are disabled, none a link to an old place. */
async function expectControlsWait(page: Page, t: T, names: string[]) {
  for (const name of names) {
    await expect(link(page, t("platform:a11y.edit", { name }))).toHaveCount(0);
    for (const control of ["edit", "clone", "moveUp", "moveDown", "delete"])
      await expect(button(page, t(`platform:a11y.${control}`, { name }))).toBeDisabled();
  }
}

/** Edit of an item opens that item; Cancel closes it. */
async function expectEditOpens(page: Page, t: T, name: string) {
  await link(page, t("platform:a11y.edit", { name })).click();
  await expect(dialog(page).getByLabel(t("platform:fields.name"), { exact: true })).toHaveValue(
    name,
  );
  await link(page, t("platform:actions.cancel")).click();
  await expect(dialog(page)).toHaveCount(0);
}

/** A 10x10 GIF: an image, but not a PNG. */
const GIF_10 = Buffer.from([
  0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 10, 0, 10, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0x2c, 0,
  0, 0, 0, 10, 0, 10, 0, 0, 2, 2, 0x44, 1, 0, 0x3b,
]);

/** The names of the items of a list, in order. */
const itemNames = (page: Page, list: string) =>
  page
    .getByRole("region", { name: list, exact: true })
    .locator(":scope > ol > li > div > p > span:first-child");

for (const lang of LANGS) {
  test.describe(lang, () => {
    test.use({ lang });
    /** A location, product variant or matter type as the sandbox names it in the page's language. */
    const n = (english: string) => lookupName(lang, english);

    test("a location and its items: add, reorder, delete, discard, and save as a new version", async ({
      page,
      company,
      t,
    }) => {
      test.slow();
      const { id } = await editorOfNewApp(
        page,
        company,
        lang,
        { name: "Menu App", appType: 0, countryCode: "AU" },
        "web",
      );

      // Add location: one must be chosen; the dialog is modal with JS, a page of its own without.
      await link(page, t("platform:actions.addLocation")).click();
      await expect(dialog(page)).toBeVisible();
      await expectAccessible(page);
      await button(page, t("platform:addLocation.submit")).click();
      await expect(
        dialog(page).getByText(t("platform:errors.mustSelectLocation")).first(),
      ).toBeVisible();
      await link(page, t("platform:actions.cancel")).click();
      await expect(dialog(page)).toHaveCount(0);
      await addLocation(page, t, n("Tools Menu"));
      await addLocation(page, t, n("Apps Menu"));
      // Sorted by name: Apps Menu before Tools Menu.
      await expect(page.locator("details > summary h2")).toHaveText([
        n("Apps Menu"),
        n("Tools Menu"),
      ]);
      await expect(page.getByText(t("platform:draftNotice"))).toBeVisible();

      // Items: the dialog's rules, then three items.
      const list = `${n("Tools Menu")}: ${t("platform:lists.items")}`;
      await link(page, t("platform:a11y.addItem", { list })).click();
      await expect(dialog(page)).toBeVisible();
      await expectAccessible(page);
      await dialog(page).getByLabel(t("platform:fields.label"), { exact: true }).fill("Kept text");
      await button(page, t("platform:item.submit")).click();
      await expect(dialog(page).getByRole("alert")).toContainText(
        t("platform:errors.required", { field: t("platform:fields.name") }),
      );
      await expect(
        dialog(page).getByLabel(t("platform:fields.label"), { exact: true }),
      ).toHaveValue("Kept text");
      if (!isNoJs())
        await expect(
          dialog(page).getByRole("tab", { name: `${t("platform:itemTabs.endpoints")} !` }),
        ).toBeVisible();
      await link(page, t("platform:actions.cancel")).click();
      for (const name of ["Alpha", "Bravo", "Charlie"]) await addMenuItem(page, t, list, name);
      await expect(itemNames(page, list)).toHaveText(["Alpha", "Bravo", "Charlie"]);
      await expectAccessible(page);

      // Reorder with the buttons.
      await button(page, t("platform:a11y.moveUp", { name: "Charlie" })).click();
      await expect(itemNames(page, list)).toHaveText(["Alpha", "Charlie", "Bravo"]);
      await button(page, t("platform:a11y.moveDown", { name: "Alpha" })).click();
      await expect(itemNames(page, list)).toHaveText(["Charlie", "Alpha", "Bravo"]);
      await expect(button(page, t("platform:a11y.moveUp", { name: "Charlie" }))).toBeDisabled();
      if (!isNoJs()) {
        // With JavaScript, dragging does the same: Bravo dropped on Charlie takes its place.
        const rows = page
          .getByRole("region", { name: list, exact: true })
          .locator(":scope > ol > li");
        // The list is busy while a move is saved: the next drag waits for it.
        const saved = () =>
          expect(
            page.getByRole("region", { name: list, exact: true }).locator(":scope > ol"),
          ).not.toHaveAttribute("aria-busy", "true");
        await rows.filter({ hasText: "Bravo" }).dragTo(rows.filter({ hasText: "Charlie" }));
        await expect(itemNames(page, list)).toHaveText(["Bravo", "Charlie", "Alpha"]);
        await saved();
        await rows.filter({ hasText: "Bravo" }).dragTo(rows.filter({ hasText: "Alpha" }));
        await expect(itemNames(page, list)).toHaveText(["Charlie", "Alpha", "Bravo"]);
        await saved();
      }

      // Delete, after a confirmation (No keeps it).
      await link(page, t("platform:a11y.delete", { name: "Alpha" })).click();
      await expect(page.getByRole("alertdialog")).toContainText(
        t("platform:confirm.deleteItemBody", { name: "Alpha" }),
      );
      await expectAccessible(page);
      await link(page, t("common:confirm.no")).click();
      await expect(itemNames(page, list)).toHaveText(["Charlie", "Alpha", "Bravo"]);
      await link(page, t("platform:a11y.delete", { name: "Alpha" })).click();
      await button(page, t("common:confirm.yes")).click();
      await expect(itemNames(page, list)).toHaveText(["Charlie", "Bravo"]);

      // The changes before save; the draft survives a reload.
      await link(page, t("platform:actions.changes")).click();
      await expect(dialog(page)).toContainText(n("Tools Menu"));
      await expectAccessible(page);
      await link(page, t("platform:actions.close")).click();
      await open(page, editorPage(lang, id, "web"));
      await expect(itemNames(page, list)).toHaveText(["Charlie", "Bravo"]);

      // Save: a new version holding the schema, with its web tab marked configured.
      await button(page, t("platform:actions.save")).click();
      await toast(page, t, "savedSuccessfully");
      await expect(page).not.toHaveURL(consoleUrl(editorPage(lang, id, "web")));
      await expect(page).toHaveURL(/\/web$/);
      await expect(itemNames(page, list)).toHaveText(["Charlie", "Bravo"]);
      await expect(page.getByText(t("platform:draftNotice"))).toHaveCount(0);
      await expect(
        tabs(page, t).getByRole("link", {
          name: `${t("appEditor:tabs.web")} ${t("appEditor:tabs.configured")}`,
          exact: true,
        }),
      ).toBeVisible();
      await expect(
        tabs(page, t).getByRole("link", { name: t("appEditor:tabs.desktop"), exact: true }),
      ).toBeVisible();

      // Discard: a change dropped after a confirmation.
      await addLocation(page, t, n("Matter"));
      await expect(page.locator("details > summary h2")).toHaveText([
        n("Apps Menu"),
        n("Matter"),
        n("Tools Menu"),
      ]);
      await link(page, t("platform:actions.discard")).click();
      await expect(page.getByRole("alertdialog")).toContainText(t("platform:confirm.discardBody"));
      await expectAccessible(page);
      await button(page, t("common:confirm.yes")).click();
      await expect(page.locator("details > summary h2")).toHaveText([
        n("Apps Menu"),
        n("Tools Menu"),
      ]);
      await expect(button(page, t("platform:actions.save"))).toBeDisabled();
    });

    test("desktop: the app's product variants, exception URLs and a location's desktop versions", async ({
      page,
      company,
      t,
    }) => {
      test.slow();
      const { token } = await editorOfNewApp(
        page,
        company,
        lang,
        { name: "Desktop App", appType: 0, countryCode: "AU" },
        "desktop",
      );

      // Without the app's product variants, nor a location's, it cannot be saved: the whole-schema check says so.
      await addLocation(page, t, n("Matter"));
      await button(page, t("platform:actions.save")).click();
      const errorDialog = page.getByRole("alertdialog", { name: t("common:errors.dialogTitle") });
      await expect(errorDialog).toContainText(
        t("platform:errors.required", { field: t("platform:fields.productVariants") }),
      );
      await expect(errorDialog).toContainText(
        `${t("platform:errors.missingProductVariants")}: ${n("Matter")}`,
      );
      await button(page, t("common:errors.close")).click();

      // The app's product variants: one is required; applied to every location on request.
      const variants = page.getByRole("region", { name: t("platform:variants.title") });
      await variants.getByRole("button", { name: t("platform:variants.submit") }).click();
      await expect(
        variants.getByText(
          t("platform:errors.required", { field: t("platform:fields.productVariants") }),
        ),
      ).toBeVisible();
      const all = variants.getByLabel(t("platform:variants.all"), { exact: true });
      if (!isNoJs()) {
        // With JavaScript the rule applies as the boxes are ticked: 'All' clears the others, a specific one removes 'All'.
        await variants.getByLabel(n("Conveyancer"), { exact: true }).check();
        await all.check();
        await expect(variants.getByLabel(n("Conveyancer"), { exact: true })).not.toBeChecked();
        await variants.getByLabel(n("Law Firm"), { exact: true }).check();
        await expect(all).not.toBeChecked();
      } else await variants.getByLabel(n("Law Firm"), { exact: true }).check();
      await expect(variants.getByRole("checkbox", { checked: true })).toHaveCount(1);
      await variants.getByRole("button", { name: t("platform:variants.submit") }).click();
      // The product-variant updates dialog: what is added, and whether it goes to every location.
      await expect(
        dialog(page).getByRole("heading", { name: t("platform:variants.updatesTitle") }),
      ).toBeVisible();
      await expect(dialog(page).getByRole("listitem")).toHaveText([n("Law Firm")]);
      await expectAccessible(page);
      await dialog(page)
        .getByLabel(t("platform:fields.addToAllLocations"), { exact: true })
        .check();
      await button(page, t("platform:setting.submit")).click();
      await expect(dialog(page)).toHaveCount(0);
      await expect(variants.getByLabel(n("Law Firm"), { exact: true })).toBeChecked();
      await expectAccessible(page);

      // Exception URLs: a row refused until it is one.
      await link(page, t("platform:exceptions.open", { number: 0 })).click();
      await expect(dialog(page)).toBeVisible();
      await button(page, t("platform:exceptions.addRow")).click();
      const url = dialog(page).getByLabel(t("platform:exceptions.rowUrl", { number: 1 }), {
        exact: true,
      });
      await url.fill("not a url");
      await button(page, t("platform:exceptions.submit")).click();
      await expect(dialog(page).getByRole("alert")).toContainText(
        t("platform:errors.invalidUrl", { field: t("platform:fields.exceptions.url") }),
      );
      await expectAccessible(page);
      await dialog(page)
        .getByLabel(t("platform:exceptions.rowUrl", { number: 1 }), { exact: true })
        .fill("*.example.com/*");
      await dialog(page)
        .getByLabel(t("platform:fields.exceptions.isInternal"), { exact: true })
        .check();
      await button(page, t("platform:exceptions.submit")).click();
      await expect(dialog(page)).toHaveCount(0);
      await expect(link(page, t("platform:exceptions.open", { number: 1 }))).toBeVisible();

      // A location's settings: its desktop versions, by the rules.
      await link(page, t("platform:setting.open", { name: n("Matter") })).click();
      await expect(dialog(page)).toBeVisible();
      // Tabs Desktop versions and Visibility (AU has product variants).
      if (!isNoJs())
        await expect(dialog(page).getByRole("tab")).toHaveText([
          t("platform:setting.versionsTab"),
          t("platform:itemTabs.visibility"),
        ]);
      await expect(dialog(page).getByLabel(n("Law Firm"), { exact: true })).toBeChecked();
      // The root's own settings: no note that they are edited elsewhere.
      await expect(dialog(page).getByText(t("platform:thisCanOnlyBeUpdatedAtRoot"))).toHaveCount(0);
      const versionsLabel = t("platform:fields.visibility.supportedDesktopVersions");
      for (const [min, max, message] of [
        ["1.2", "", t("platform:errors.invalidVersion", { field: versionsLabel })],
        [
          "2.0.0.1",
          "",
          t("platform:errors.minimumVersionIs", { field: versionsLabel, minimum: "2.4.0.88" }),
        ],
        [
          "2.5.0.0",
          "2.4.9.9",
          t("platform:errors.maxVerCannotBeLessMinVer", { field: versionsLabel }),
        ],
      ]) {
        await dialog(page).getByLabel(t("platform:setting.minimum"), { exact: true }).fill(min);
        await dialog(page).getByLabel(t("platform:setting.maximum"), { exact: true }).fill(max);
        await button(page, t("platform:setting.submit")).click();
        await expect(dialog(page).getByRole("alert")).toContainText(message);
      }
      await expectAccessible(page);
      await dialog(page)
        .getByLabel(t("platform:setting.minimum"), { exact: true })
        .fill("2.4.0.88");
      await dialog(page)
        .getByLabel(t("platform:setting.maximum"), { exact: true })
        .fill("2.5.2.17");
      await button(page, t("platform:setting.submit")).click();
      await expect(dialog(page)).toHaveCount(0);

      // Below the root, an item's Visibility says where the root settings are edited and has no fields of them.
      await link(
        page,
        t("platform:a11y.addItem", { list: `${n("Matter")}: ${t("platform:lists.buttons")}` }),
      ).click();
      await expect(
        dialog(page).getByRole("heading", { name: t("platform:item.newTitle") }),
      ).toBeVisible();
      if (!isNoJs())
        await dialog(page)
          .getByRole("tab", { name: t("platform:itemTabs.visibility") })
          .click();
      await expect(dialog(page).getByText(t("platform:thisCanOnlyBeUpdatedAtRoot"))).toBeVisible();
      await expect(dialog(page).getByLabel(n("Law Firm"), { exact: true })).toHaveCount(0);
      await expectAccessible(page);
      await expect(
        dialog(page).getByLabel(t("platform:setting.minimum"), { exact: true }),
      ).toHaveCount(0);
      await link(page, t("platform:actions.cancel")).click();
      await expect(dialog(page)).toHaveCount(0);

      await button(page, t("platform:actions.save")).click();
      await toast(page, t, "savedSuccessfully");
      await expect(
        tabs(page, t).getByRole("link", {
          name: `${t("appEditor:tabs.desktop")} ${t("appEditor:tabs.configured")}`,
          exact: true,
        }),
      ).toBeVisible();
      await link(page, t("platform:setting.open", { name: n("Matter") })).click();
      await expect(
        dialog(page).getByLabel(t("platform:setting.maximum"), { exact: true }),
      ).toHaveValue("2.5.2.17");
      await link(page, t("platform:actions.cancel")).click();
      await expect(dialog(page)).toHaveCount(0);

      // 'All' for the app, added to every location: each location holds All (every variant, now and later), not today's variants.
      await all.check();
      if (!isNoJs())
        await expect(variants.getByLabel(n("Law Firm"), { exact: true })).not.toBeChecked();
      await variants.getByRole("button", { name: t("platform:variants.submit") }).click();
      await expect(
        dialog(page).getByRole("heading", { name: t("platform:variants.updatesTitle") }),
      ).toBeVisible();
      await expect(dialog(page).getByRole("listitem")).toHaveText([t("platform:variants.all")]);
      await dialog(page)
        .getByLabel(t("platform:fields.addToAllLocations"), { exact: true })
        .check();
      await button(page, t("platform:setting.submit")).click();
      await expect(dialog(page)).toHaveCount(0);
      await expect(all).toBeChecked();
      await link(page, t("platform:setting.open", { name: n("Matter") })).click();
      await expect(
        dialog(page).getByLabel(t("platform:variants.all"), { exact: true }),
      ).toBeChecked();
      for (const name of ["Law Firm", "Conveyancer", "Barrister"])
        await expect(dialog(page).getByLabel(n(name), { exact: true })).not.toBeChecked();
      await link(page, t("platform:actions.cancel")).click();
      await button(page, t("platform:actions.save")).click();
      await toast(page, t, "savedSuccessfully");
      const saved = await ok<{
        schema: {
          productVariants?: number[] | null;
          views?: { id: string; visibility?: { productVariants?: number[] | null } }[];
        };
      }>(await api(token, `app-schema/${versionOf(page)}?platform=desktop`), "GET app-schema");
      expect(saved.schema.productVariants).toBeNull();
      expect(
        saved.schema.views?.find((view) => view.id === "matter")?.visibility?.productVariants,
      ).toBeNull();
    });

    test("the platform tabs, none for a connector; every list kind and action type built through the page, saved as a new version and read back from the provider", async ({
      page,
      company,
      t,
    }) => {
      test.slow();
      const token = await tokenOf(company);
      const [id, connector] = await Promise.all([
        // A country without product variants: the desktop draft is saved without choosing them.
        createApp(token, { name: "Lists App", appType: 0, countryCode: "UK" }),
        createApp(token, { name: "Connector App", appType: 1 }),
      ]);
      await signIn(page, company, lang);

      // A connector has no platform tabs; a public app has them, with no dot while nothing is configured.
      await page.goto(`/${lang}/apps/${connector}/details`);
      // The Marketplace tab of an editable version's details is a button of the page's form.
      await expect(
        tabs(page, t).getByText(t("appEditor:tabs.marketplace"), { exact: true }),
      ).toBeVisible();
      for (const platform of ["desktop", "web", "reporting"]) {
        await expect(
          tabs(page, t).getByRole("link", {
            name: new RegExp(`^${t(`appEditor:tabs.${platform}`)}`),
          }),
        ).toHaveCount(0);
      }
      await page.goto(`/${lang}/apps/${id}/details`);
      for (const platform of ["desktop", "web", "reporting"]) {
        await expect(
          tabs(page, t).getByRole("link", { name: t(`appEditor:tabs.${platform}`), exact: true }),
        ).toBeVisible();
      }
      await expectAccessible(page);
      await tabs(page, t)
        .getByRole("link", { name: t("appEditor:tabs.desktop"), exact: true })
        .click();
      await expect(page).toHaveURL(consoleUrl(editorPage(lang, id, "desktop")));
      await expect(
        page.getByRole("heading", {
          name: t("platform:title", { platform: t("appEditor:tabs.desktop") }),
        }),
      ).toBeVisible();
      await expect(page.getByText(t("platform:empty.locations"))).toBeVisible();
      await hydrated(page);
      await expectAccessible(page);
      // Another platform name, and a connector's platform pages, are not found.
      for (const path of [editorPage(lang, id, "mobile"), editorPage(lang, connector, "web")])
        expect((await page.request.get(path)).status(), path).toBe(404);

      await addLocation(page, t, n("Matter"));
      await addLocation(page, t, n("Matter List"));
      const matter = (list: string) => `${n("Matter")}: ${t(`platform:lists.${list}`)}`;
      const inside = (location: string, item: string) =>
        `${location}: ${item}: ${t("platform:lists.nestedItems")}`;

      // The root context: a header holding an entry, and an entry of its own.
      await addItem(page, t, matter("context"), "Header", { type: "context-header", runs: false });
      await addItem(page, t, inside(n("Matter"), "Header"), "Lookup");
      await addItem(page, t, matter("context"), "Open");
      // The context menu: a header holding an entry, which needs its form names.
      await addItem(page, t, matter("contextMenu"), "Forms", {
        type: "context-menu-header",
        runs: false,
      });
      await addItem(page, t, inside(n("Matter"), "Forms"), "Fill", { formNames: "Letter, Memo" });
      // A layout item in a system window: the Window tab applies to that window type only.
      await addItem(page, t, matter("layouts"), "Table", {
        window: { width: "800", height: "600" },
      });

      // The secondary tab: a dropdown needs its header label; then a sub-item inside it.
      await link(page, t("platform:a11y.addItem", { list: matter("secondaryTab") })).click();
      await dialog(page).getByLabel(t("platform:fields.name"), { exact: true }).fill("Tabs");
      await dialog(page).getByLabel(t("platform:fields.label"), { exact: true }).fill("Tabs text");
      await dialog(page)
        .getByLabel(t("platform:fields.description"), { exact: true })
        .fill("More tabs.");
      await button(page, t("platform:item.submit")).click();
      await expect(dialog(page).getByRole("alert")).toContainText(
        t("platform:errors.required", { field: t("platform:fields.headerLabel") }),
      );
      await dialog(page).getByLabel(t("platform:fields.headerLabel"), { exact: true }).fill("More");
      await button(page, t("platform:item.submit")).click();
      await expect(dialog(page)).toHaveCount(0);
      await addItem(page, t, inside(n("Matter"), "Tabs"), "Notes");

      // A grid's click and context lists.
      await addItem(
        page,
        t,
        `${n("Matter List")}: ${n("Matter List")}: ${t("platform:lists.click")}`,
        "Row",
      );
      await addItem(
        page,
        t,
        `${n("Matter List")}: ${n("Matter List")}: ${t("platform:lists.gridContext")}`,
        "Menu",
      );
      await expectAccessible(page);

      // Saved as a new version: the provider holds each item in its place.
      await button(page, t("platform:actions.save")).click();
      await toast(page, t, "savedSuccessfully");
      const first = versionOf(page);
      expect(first).not.toBe(id);
      await expect(
        tabs(page, t).getByRole("link", {
          name: `${t("appEditor:tabs.desktop")} ${t("appEditor:tabs.configured")}`,
          exact: true,
        }),
      ).toBeVisible();
      type Schema = {
        views?: ({ id: string; grids?: unknown[] } & Record<string, unknown>)[];
      } | null;
      const read = async (version: string, platform: string) =>
        (
          await ok<{ schema: Schema }>(
            await api(token, `app-schema/${version}?platform=${platform}`),
            `GET app-schema/${version}`,
          )
        ).schema;
      const desktop = await read(first, "desktop");
      const view = (schema: Schema, viewId: string) =>
        schema?.views?.find((entry) => entry.id === viewId);
      expect(view(desktop, "matter")).toMatchObject({
        context: [
          {
            actionType: "context-header",
            name: "Header",
            label: "Header text",
            items: [{ actionType: "context", name: "Lookup", urls: envUrls("lookup") }],
          },
          { actionType: "context", name: "Open", description: "What Open does." },
        ],
        contextMenu: [
          {
            actionType: "context-menu-header",
            name: "Forms",
            items: [
              {
                actionType: "context-menu",
                name: "Fill",
                visibility: { formNames: ["Letter", "Memo"] },
              },
            ],
          },
        ],
        layouts: [
          {
            actionType: "layout-item",
            name: "Table",
            windowType: "system",
            window: { width: 800, height: 600 },
          },
        ],
        secondaryTab: [
          {
            actionType: "secondary-tab-dropdown",
            name: "Tabs",
            headerLabel: "More",
            items: [{ actionType: "sub-item", name: "Notes" }],
          },
        ],
      });
      expect(view(desktop, "matter-list")?.grids).toMatchObject([
        {
          gridId: "matter-list-grid",
          click: [{ actionType: "click", name: "Row" }],
          context: [{ actionType: "context", name: "Menu" }],
        },
      ]);

      // Reporting: a report folder holding a report item.
      await tabs(page, t)
        .getByRole("link", { name: t("appEditor:tabs.reporting"), exact: true })
        .click();
      await expect(page).toHaveURL(consoleUrl(editorPage(lang, first, "reporting")));
      await hydrated(page);
      await addLocation(page, t, n("Matter Reports"));
      await addItem(page, t, `${n("Matter Reports")}: ${t("platform:lists.reports")}`, "Firm", {
        type: "report-folder",
        runs: false,
      });
      await addItem(page, t, inside(n("Matter Reports"), "Firm"), "Ledger");
      await button(page, t("platform:actions.save")).click();
      await toast(page, t, "savedSuccessfully");
      const second = versionOf(page);
      expect(view(await read(second, "reporting"), "matter-reports")).toMatchObject({
        reports: [
          {
            actionType: "report-folder",
            name: "Firm",
            items: [{ actionType: "report-item", name: "Ledger", urls: envUrls("ledger") }],
          },
        ],
      });
      // The desktop schema goes on into the newer version.
      expect(await read(second, "desktop")).toEqual(desktop);
    });

    test("a save the provider refuses keeps the draft and shows its error with the trace ID; an item is edited", async ({
      page,
      company,
      t,
    }) => {
      test.slow();
      // A saved report menu holding Ledger (set up through the API).
      const { id } = await editorOfNewApp(
        page,
        company,
        lang,
        { name: "Refused App", appType: 0, countryCode: "AU" },
        "reporting",
        {
          platforms: [
            {
              type: "reporting",
              menus: [
                { id: "menu-firm-reports", name: "Firm Reports", items: [menuItem("Ledger")] },
              ],
            },
          ],
        },
      );
      const list = `${n("Firm Reports")}: ${t("platform:lists.items")}`;

      // Edit: the dialog holds the item's values.
      await link(page, t("platform:a11y.edit", { name: "Ledger" })).click();
      await expect(
        dialog(page).getByRole("heading", { name: t("platform:item.updateTitle") }),
      ).toBeVisible();
      await expect(
        dialog(page).getByLabel(t("platform:fields.label"), { exact: true }),
      ).toHaveValue("Ledger text");
      await dialog(page)
        .getByLabel(t("platform:fields.name"), { exact: true })
        .fill("Ledger Report");
      // Visibility: the country's matter types. The dialog's tabs are reached with the arrow keys too.
      if (!isNoJs()) {
        const tab = (name: string) =>
          dialog(page).getByRole("tab", { name: t(`platform:itemTabs.${name}`), exact: true });
        await tab("details").focus();
        await page.keyboard.press("ArrowRight");
        await expect(tab("visibility")).toBeFocused();
        await expect(tab("visibility")).toHaveAttribute("aria-selected", "true");
        await page.keyboard.press("ArrowLeft");
        await expect(tab("details")).toHaveAttribute("aria-selected", "true");
        await tab("visibility").click();
      }
      await matterTypes(page, t).getByLabel(n("Sale"), { exact: true }).check();
      await expectAccessible(page);
      await button(page, t("platform:item.submit")).click();
      await expect(itemNames(page, list)).toHaveText(["Ledger Report"]);
      await link(page, t("platform:a11y.edit", { name: "Ledger Report" })).click();
      if (!isNoJs())
        await dialog(page)
          .getByRole("tab", { name: t("platform:itemTabs.visibility") })
          .click();
      await expect(matterTypes(page, t).getByLabel(n("Sale"), { exact: true })).toBeChecked();
      await expect(
        matterTypes(page, t).getByLabel(n("Purchase"), { exact: true }),
      ).not.toBeChecked();
      await link(page, t("platform:actions.cancel")).click();
      await expect(dialog(page)).toHaveCount(0);

      // The version leaves Sandbox before Save: the provider refuses, the draft stays.
      await setStatus(id, 100);
      await button(page, t("platform:actions.save")).click();
      const errorDialog = page.getByRole("alertdialog", { name: t("common:errors.dialogTitle") });
      await expect(errorDialog).toBeVisible();
      const [before, after] = translate(lang, "common:errors.traceId", { traceId: "\u0000" }).split(
        "\u0000",
      );
      await expect(
        errorDialog.getByText(new RegExp(`^${escapeRegExp(before)}\\S+${escapeRegExp(after)}$`)),
      ).toBeVisible();
      await button(page, t("common:errors.close")).click();
      await expect(itemNames(page, list)).toHaveText(["Ledger Report"]);
      await expect(page.getByText(t("platform:readOnly"))).toBeVisible();
      await expect(button(page, t("platform:actions.save"))).toHaveCount(0);
    });

    test("visibility: matter types by state with tri-state folders, the precedents of the chosen ones, and the deselect confirmation", async ({
      page,
      company,
      t,
    }) => {
      test.slow();
      // A saved empty precedent list (through the API); its item is made through the page.
      await editorOfNewApp(
        page,
        company,
        lang,
        { name: "Precedent App", appType: 0, countryCode: "AU" },
        "web",
        {
          platforms: [
            {
              type: "web",
              views: [{ id: "precedent-list", name: "Precedent List", type: "precedent" }],
            },
          ],
        },
      );
      const list = `${n("Precedent List")}: ${t("platform:lists.listItems")}`;
      await link(page, t("platform:a11y.addItem", { list })).click();
      const form = dialog(page);
      await form.getByLabel(t("platform:fields.name"), { exact: true }).fill("Letters");
      await form.getByLabel(t("platform:fields.label"), { exact: true }).fill("Letters app");
      if (!isNoJs())
        await form.getByRole("tab", { name: t("platform:itemTabs.endpoints") }).click();
      for (const env of ["dev", "test", "beta", "live"])
        await form
          .getByLabel(t(`platform:fields.urls.${env}`), { exact: true })
          .fill(`https://${env}.example.com/letters`);
      if (!isNoJs())
        await form.getByRole("tab", { name: t("platform:itemTabs.visibility") }).click();

      // A tab per matter state: Off the Plan Purchase exists in NSW, not in WA.
      const types = matterTypes(page, t);
      await expect(types.getByLabel(n("Off the Plan Purchase"), { exact: true })).toBeVisible();
      if (isNoJs()) await types.getByRole("button", { name: "WA", exact: true }).click();
      else await types.getByRole("tab", { name: "WA", exact: true }).click();
      await expect(types.getByLabel(n("Off the Plan Purchase"), { exact: true })).toHaveCount(0);
      await expect(types.getByLabel(n("Purchase"), { exact: true })).toBeVisible();
      if (!isNoJs()) {
        // The state tabs follow the arrow keys.
        await types.getByRole("tab", { name: "WA", exact: true }).press("ArrowLeft");
        await expect(types.getByRole("tab", { name: "QLD", exact: true })).toBeFocused();
        await expect(types.getByRole("tab", { name: "QLD", exact: true })).toHaveAttribute(
          "aria-selected",
          "true",
        );
      }

      // A folder selects all its matter types; a folder with some of them is mixed.
      await toggleFolder(page, t, n("Family Law"), true);
      for (const name of [
        n("Divorce"),
        n("Property Settlement"),
        n("Parenting Orders"),
        n("Consent Orders"),
      ])
        await expect(types.getByLabel(name, { exact: true })).toBeChecked();
      await toggleFolder(page, t, n("Commercial"), true);
      // Its shortcut stands for Commercial Lease, under Conveyancing: Conveyancing is now mixed.
      if (isNoJs()) {
        await expect(types.getByText(`(${t("platform:picker.states.partial")})`)).toHaveCount(2);
        await expect(types.getByLabel(n("Commercial Lease"), { exact: true })).toBeChecked();
      } else {
        await expect(types.getByLabel(n("Commercial Lease"), { exact: true })).toBeChecked();
        await expect(types.getByLabel(n("Conveyancing"), { exact: true })).toBeChecked({
          indeterminate: true,
        });
        await expect(types.getByLabel(n("Commercial Property"), { exact: true })).toBeChecked({
          indeterminate: true,
        });
      }
      await toggleFolder(page, t, n("Commercial"), false);
      await expect(types.getByLabel(n("Commercial Lease"), { exact: true })).not.toBeChecked();
      await expectAccessible(page);

      // The search narrows the tree; a matter type ticked in it stays chosen.
      await searchMatterTypes(page, t, n("Will").toLowerCase());
      await expect(types.getByLabel(n("Divorce"), { exact: true })).toHaveCount(0);
      await types.getByLabel(n("Will"), { exact: true }).check();
      await searchMatterTypes(page, t, "");
      await expect(types.getByLabel(n("Divorce"), { exact: true })).toBeChecked();

      // The precedents of the chosen matter types.
      if (isNoJs())
        await precedents(page, t)
          .getByRole("button", { name: t("platform:picker.showPrecedents"), exact: true })
          .click();
      const divorce = precedents(page, t).getByRole("group", { name: n("Divorce"), exact: true });
      await divorce.getByLabel("Application for Divorce", { exact: true }).check();
      await precedents(page, t)
        .getByRole("group", { name: n("Will"), exact: true })
        .getByLabel("Simple Will", { exact: true })
        .check();
      await expectAccessible(page);

      // Deselecting a matter type with chosen precedents asks first: Cancel keeps both.
      const ask = () =>
        isNoJs()
          ? form.getByRole("alert").filter({ hasText: t("platform:picker.confirmDeselect") })
          : page.getByRole("alertdialog", { name: t("platform:picker.confirmTitle") });
      await toggleFolder(page, t, n("Family Law"), false);
      await expect(ask()).toContainText(t("platform:picker.confirmDeselect"));
      await expect(ask()).toContainText(n("Divorce"));
      await expectAccessible(page);
      await ask()
        .getByRole("button", { name: t("platform:picker.cancel"), exact: true })
        .click();
      await expect(ask()).toHaveCount(0);
      await expect(types.getByLabel(n("Divorce"), { exact: true })).toBeChecked();
      await expect(divorce.getByLabel("Application for Divorce", { exact: true })).toBeChecked();
      // Proceed: the folder's matter types and their precedents go.
      await toggleFolder(page, t, n("Family Law"), false);
      await ask()
        .getByRole("button", { name: t("platform:picker.proceed"), exact: true })
        .click();
      await expect(types.getByLabel(n("Divorce"), { exact: true })).not.toBeChecked();
      await expect(divorce).toHaveCount(0);
      await button(page, t("platform:item.submit")).click();
      await expect(dialog(page)).toHaveCount(0);
      await expect(itemNames(page, list)).toHaveText(["Letters"]);

      // Kept in the draft: the matter type and its precedent.
      await link(page, t("platform:a11y.edit", { name: "Letters" })).click();
      if (!isNoJs())
        await form.getByRole("tab", { name: t("platform:itemTabs.visibility") }).click();
      await expect(types.getByLabel(n("Will"), { exact: true })).toBeChecked();
      const will = precedents(page, t).getByRole("group", { name: n("Will"), exact: true });
      await expect(will.getByLabel("Simple Will", { exact: true })).toBeChecked();

      // Unticking a matter type with a chosen precedent asks too (without JavaScript when the dialog is saved).
      if (isNoJs()) {
        await types.getByLabel(n("Will"), { exact: true }).uncheck();
        await button(page, t("platform:item.submit")).click();
        await expect(form.getByRole("alert").first()).toContainText(
          t("platform:picker.confirmDeselect"),
        );
        await expectAccessible(page);
        await form.getByRole("button", { name: t("platform:picker.proceed"), exact: true }).click();
        // A list item needs a matter type and a precedent: refused, as typed.
        await expect(form.getByRole("alert").first()).toContainText(
          t("platform:errors.required", { field: t("platform:fields.visibility.matterTypes") }),
        );
      } else {
        await types.getByLabel(n("Will"), { exact: true }).click();
        await expect(ask()).toContainText(t("platform:picker.confirmDeselect"));
        await ask()
          .getByRole("button", { name: t("platform:picker.proceed"), exact: true })
          .click();
        await expect(will).toHaveCount(0);
        await button(page, t("platform:item.submit")).click();
        await expect(form.getByRole("alert").first()).toContainText(
          t("platform:errors.required", { field: t("platform:fields.visibility.matterTypes") }),
        );
      }
      await link(page, t("platform:actions.cancel")).click();
      await expect(dialog(page)).toHaveCount(0);
    });

    test("desktop: a custom view's matter types", async ({ page, company, t }) => {
      await editorOfNewApp(
        page,
        company,
        lang,
        { name: "Custom View App", appType: 0, countryCode: "AU" },
        "desktop",
      );
      await addLocation(page, t, n("Custom View"));
      await link(page, t("platform:customView.open", { name: n("Custom View") })).click();
      const form = dialog(page);
      await form.getByLabel(t("platform:fields.label"), { exact: true }).fill("Family view");
      if (!isNoJs())
        await form.getByRole("tab", { name: t("platform:itemTabs.endpoints") }).click();
      for (const env of ["dev", "test", "beta", "live"])
        await form
          .getByLabel(t(`platform:fields.urls.${env}`), { exact: true })
          .fill(`https://${env}.example.com/family`);
      if (!isNoJs())
        await form.getByRole("tab", { name: t("platform:itemTabs.visibility") }).click();
      // The Visibility tab holds the matter-type picker beside the view's product variants (its root: no note); no precedents.
      await expect(form.getByText(t("platform:thisCanOnlyBeUpdatedAtRoot"))).toHaveCount(0);
      await toggleFolder(page, t, n("Family Law"), true);
      await expect(matterTypes(page, t).getByLabel(n("Divorce"), { exact: true })).toBeChecked();
      await expect(precedents(page, t)).toHaveCount(0);
      await form.getByLabel(n("Law Firm"), { exact: true }).check();
      await expect(form.getByLabel(t("platform:fields.label"), { exact: true })).toHaveValue(
        "Family view",
      );
      await expectAccessible(page);
      // Enter in a field saves the dialog (without JavaScript too: the picker's buttons are not the form's default).
      await form.getByLabel(t("platform:fields.label"), { exact: true }).press("Enter");
      await expect(dialog(page)).toHaveCount(0);
      await link(page, t("platform:customView.open", { name: n("Custom View") })).click();
      if (!isNoJs())
        await form.getByRole("tab", { name: t("platform:itemTabs.visibility") }).click();
      await expect(matterTypes(page, t).getByLabel(n("Divorce"), { exact: true })).toBeChecked();
      await expect(matterTypes(page, t).getByLabel(n("Will"), { exact: true })).not.toBeChecked();
      await expect(form.getByLabel(n("Law Firm"), { exact: true })).toBeChecked();
      // A matter type the country does not have (a post no page sends) is refused next to the picker.
      const fields = {
        intent: "custom-view",
        location: "custom-view",
        label: "Family view",
        "visibility.productVariants": "1",
        "visibility.matterTypes": "au-mt-nowhere",
      };
      const urls = Object.fromEntries(
        ["dev", "test", "beta", "live"].map((env) => [
          `urls.${env}`,
          `https://${env}.example.com/family`,
        ]),
      );
      const refused = await page.request.post(`${CONSOLE_URL}${new URL(page.url()).pathname}`, {
        form: { ...fields, ...urls },
        headers: { origin: CONSOLE_URL },
        maxRedirects: 0,
      });
      expect(refused.status()).toBe(400);
      expect((await refused.text()).replaceAll("&#x27;", "'")).toContain(
        t("platform:errors.unknownMatterType", {
          field: t("platform:fields.visibility.matterTypes"),
        }),
      );
    });

    test("leaving a draft that differs asks first (with JavaScript)", async ({
      page,
      company,
      t,
    }) => {
      // biome-ignore lint/suspicious/noSkippedTests: a journey of the js project only
      test.skip(isNoJs(), "without JavaScript the draft is kept on the server and nothing asks");
      const { id } = await editorOfNewApp(
        page,
        company,
        lang,
        { name: "Leaving App", appType: 0, countryCode: "AU" },
        "web",
      );
      await addLocation(page, t, n("Help"));
      // A configuration file downloaded meanwhile: the page stays, so nothing asks (a prompt would be refused here).
      const asked: string[] = [];
      page.on("dialog", (prompt) => {
        asked.push(prompt.type());
        void prompt.dismiss();
      });
      const menu = page
        .locator("details")
        .filter({ has: page.getByText(t("platform:download.menu"), { exact: true }) });
      await menu.locator("summary").click();
      const dev = t("platform:download.entry", {
        env: t("platform:download.envs.dev"),
        variant: t("platform:download.live"),
      });
      await Promise.all([
        page.waitForEvent("download"),
        menu.getByRole("link", { name: dev, exact: true }).click(),
      ]);
      expect(asked).toEqual([]);
      await tabs(page, t)
        .getByRole("link", { name: t("appEditor:tabs.details"), exact: true })
        .click();
      const ask = page.getByRole("alertdialog", { name: t("appEditor:unsaved.title") });
      await expect(ask).toContainText(t("appEditor:unsaved.message"));
      await expectAccessible(page);
      await ask.getByRole("button", { name: t("appEditor:unsaved.no") }).click();
      await expect(page).toHaveURL(consoleUrl(editorPage(lang, id, "web")));
      await tabs(page, t)
        .getByRole("link", { name: t("appEditor:tabs.details"), exact: true })
        .click();
      await page
        .getByRole("alertdialog")
        .getByRole("button", { name: t("appEditor:unsaved.yes") })
        .click();
      await expect(page).toHaveURL(consoleUrl(`/${lang}/apps/${id}/details`));
    });

    test("an item cloned to other locations; a custom view's settings", async ({
      page,
      company,
      t,
    }) => {
      test.slow();
      // Saved through the API: Timer in the Tools Menu, an empty Apps Menu. The custom view is
      // added through the page: without its settings the provider would refuse it.
      await editorOfNewApp(
        page,
        company,
        lang,
        { name: "Clone App", appType: 0, countryCode: "AU" },
        "web",
        {
          platforms: [
            {
              type: "web",
              menus: [
                { id: "menu-tools", name: "Tools Menu", items: [menuItem("Timer")] },
                { id: "menu-apps", name: "Apps Menu" },
              ],
            },
          ],
        },
      );
      await addLocation(page, t, n("Custom View"));
      const tools = `${n("Tools Menu")}: ${t("platform:lists.items")}`;

      // Clone: at least one location; a menu item becomes a button of a view.
      await link(page, t("platform:a11y.clone", { name: "Timer" })).click();
      await expect(dialog(page)).toBeVisible();
      await button(page, t("platform:clone.submit")).click();
      await expect(dialog(page).getByRole("alert")).toContainText(
        t("platform:errors.mustSelectLocation", { field: t("platform:fields.locations") }),
      );
      await expectAccessible(page);
      await dialog(page).getByLabel(n("Apps Menu"), { exact: true }).check();
      await dialog(page).getByLabel(n("Custom View"), { exact: true }).check();
      await button(page, t("platform:clone.submit")).click();
      await expect(dialog(page)).toHaveCount(0);
      await expect(itemNames(page, `${n("Apps Menu")}: ${t("platform:lists.items")}`)).toHaveText([
        "Timer",
      ]);
      await expect(
        itemNames(page, `${n("Custom View")}: ${t("platform:lists.buttons")}`),
      ).toHaveText(["Timer"]);

      // The custom view needs its settings: marked until they are given.
      await expect(
        page.getByText(t("platform:errors.updateRequired"), { exact: true }),
      ).toBeVisible();
      await link(page, t("platform:customView.open", { name: n("Custom View") })).click();
      await expect(dialog(page)).toBeVisible();
      // A matter view's window type and fullscreen are integratorType 1's: not offered to this company (0).
      await expect(
        dialog(page).getByLabel(t("platform:fields.windowType"), { exact: true }),
      ).toHaveCount(0);
      await expect(
        dialog(page).getByLabel(t("platform:fields.isFullScreen"), { exact: true }),
      ).toHaveCount(0);
      await expectAccessible(page);
      await button(page, t("platform:setting.submit")).click();
      await expect(dialog(page).getByRole("alert")).toContainText(
        t("platform:errors.required", { field: t("platform:fields.label") }),
      );
      if (!isNoJs()) {
        await expect(
          dialog(page).getByRole("tab", { name: `${t("platform:itemTabs.details")} !` }),
        ).toBeVisible();
        await expect(
          dialog(page).getByRole("tab", { name: `${t("platform:itemTabs.endpoints")} !` }),
        ).toBeVisible();
        await dialog(page)
          .getByRole("tab", { name: `${t("platform:itemTabs.details")} !` })
          .click();
      }
      await dialog(page)
        .getByLabel(t("platform:fields.label"), { exact: true })
        .fill("Billing view");
      if (!isNoJs())
        await dialog(page)
          .getByRole("tab", { name: `${t("platform:itemTabs.endpoints")} !` })
          .click();
      for (const env of ["dev", "test", "beta", "live"]) {
        await dialog(page)
          .getByLabel(t(`platform:fields.urls.${env}`), { exact: true })
          .fill(`https://${env}.example.com/view`);
      }
      await button(page, t("platform:setting.submit")).click();
      await expect(dialog(page)).toHaveCount(0);
      await expect(
        page.getByText(t("platform:errors.updateRequired"), { exact: true }),
      ).toHaveCount(0);
      await button(page, t("platform:actions.save")).click();
      await toast(page, t, "savedSuccessfully");

      // A new dropdown saved with a copy of itself as its first item.
      const apps = `${n("Apps Menu")}: ${t("platform:lists.items")}`;
      await link(page, t("platform:a11y.addItem", { list: apps })).click();
      const form = dialog(page);
      if (!isNoJs())
        await form
          .getByLabel(t("platform:fields.actionType"), { exact: true })
          .selectOption("dropdown");
      else
        await form
          .getByLabel(t("platform:fields.actionType"), { exact: true })
          .selectOption({ label: t("platform:actionTypes.dropdown") });
      await form.getByLabel(t("platform:fields.name"), { exact: true }).fill("More");
      await form.getByLabel(t("platform:fields.label"), { exact: true }).fill("More tools");
      await form
        .getByLabel(t("platform:fields.description"), { exact: true })
        .fill("More of the app.");
      await button(page, t("platform:item.submitWithFirstItem")).click();
      await expect(dialog(page)).toHaveCount(0);
      await expect(itemNames(page, apps)).toHaveText(["Timer", "More"]);
      await expect(
        itemNames(page, `${n("Apps Menu")}: More: ${t("platform:lists.nestedItems")}`),
      ).toHaveText(["More"]);

      // Once the provider makes the company an integrator, they are offered: a window type on the (matter) custom view clears its buttons, after a confirmation.
      await ok(
        await admin(`companies/${company.companyId}/integrator-type`, "PUT", { integratorType: 1 }),
        "integrator type",
      );
      await link(page, t("platform:customView.open", { name: n("Custom View") })).click();
      await dialog(page)
        .getByLabel(t("platform:fields.windowType"), { exact: true })
        .selectOption({ label: t("platform:windowTypes.web") });
      await button(page, t("platform:setting.submit")).click();
      await expect(dialog(page).getByRole("alert")).toContainText(
        t("platform:customView.confirmClear_one"),
      );
      await expectAccessible(page);
      await dialog(page)
        .getByLabel(t("platform:customView.confirmClearBox"), { exact: true })
        .check();
      await button(page, t("platform:setting.submit")).click();
      await expect(dialog(page)).toHaveCount(0);
      const viewButtons = `${n("Custom View")}: ${t("platform:lists.buttons")}`;
      await expect(page.getByRole("region", { name: viewButtons, exact: true })).toContainText(
        t("platform:empty.list"),
      );

      // Fullscreen clears the window type and the buttons, after the same confirmation.
      await page
        .getByRole("region", { name: tools, exact: true })
        .getByRole("link", { name: t("platform:a11y.clone", { name: "Timer" }), exact: true })
        .click();
      await dialog(page).getByLabel(n("Custom View"), { exact: true }).check();
      await button(page, t("platform:clone.submit")).click();
      await expect(dialog(page)).toHaveCount(0);
      await expect(itemNames(page, viewButtons)).toHaveText(["Timer"]);
      await link(page, t("platform:customView.open", { name: n("Custom View") })).click();
      await expect(
        dialog(page).getByLabel(t("platform:fields.windowType"), { exact: true }),
      ).toHaveValue("web");
      await dialog(page).getByLabel(t("platform:fields.isFullScreen"), { exact: true }).check();
      await button(page, t("platform:setting.submit")).click();
      await expect(dialog(page).getByRole("alert")).toContainText(
        t("platform:customView.confirmClear_one"),
      );
      await dialog(page)
        .getByLabel(t("platform:customView.confirmClearBox"), { exact: true })
        .check();
      await button(page, t("platform:setting.submit")).click();
      await expect(dialog(page)).toHaveCount(0);
      await expect(page.getByRole("region", { name: viewButtons, exact: true })).toContainText(
        t("platform:empty.list"),
      );
      await link(page, t("platform:customView.open", { name: n("Custom View") })).click();
      await expect(
        dialog(page).getByLabel(t("platform:fields.isFullScreen"), { exact: true }),
      ).toBeChecked();
      await expect(
        dialog(page).getByLabel(t("platform:fields.windowType"), { exact: true }),
      ).toHaveValue("");
    });

    test("a JSON schema arranged, validated and imported; each environment's file downloaded", async ({
      page,
      company,
      t,
    }) => {
      test.slow();
      await editorOfNewApp(
        page,
        company,
        lang,
        { name: "Import App", appType: 0, countryCode: "AU" },
        "web",
      );
      const urls = envUrls("sync");
      const item = {
        actionType: "menu-item",
        name: "Sync",
        label: "Sync now",
        description: "Syncs the matter.",
        urls,
      };
      const good = {
        platforms: [
          { type: "web", menus: [{ id: "menu-tools", name: "Tools Menu", items: [item] }] },
        ],
      };
      const broken = {
        platforms: [
          {
            type: "web",
            menus: [{ id: "menu-tools", name: "Tools Menu", items: [{ ...item, name: "" }] }],
          },
        ],
      };

      await link(page, t("platform:import.open")).click();
      await expect(dialog(page)).toBeVisible();
      const field = () => dialog(page).getByLabel(t("platform:fields.json"), { exact: true });
      await field().fill(JSON.stringify(good));
      await button(page, t("platform:import.arrange")).click();
      await expect(field()).toHaveValue(JSON.stringify(good, null, 2));
      await expectAccessible(page);

      // A broken schema: the provider's problems, by path.
      await field().fill(JSON.stringify(broken));
      await button(page, t("platform:import.validate")).click();
      await expect(dialog(page).getByRole("status")).toContainText(t("platform:import.invalid"));
      await expect(dialog(page).getByRole("status")).toContainText(
        "platforms.0.menus.0.items.0.name",
      );
      await field().fill(JSON.stringify({ platforms: [{ type: "desktop", menus: [] }] }));
      await button(page, t("platform:import.submit")).click();
      await expect(dialog(page).getByText(t("platform:errors.validatingSchema"))).toBeVisible();

      // A valid one is imported into the draft and saved.
      await field().fill(JSON.stringify(good));
      await button(page, t("platform:import.validate")).click();
      await expect(dialog(page).getByRole("status")).toContainText(t("platform:import.valid"));
      await button(page, t("platform:import.submit")).click();
      await expect(dialog(page)).toHaveCount(0);
      await expect(itemNames(page, `${n("Tools Menu")}: ${t("platform:lists.items")}`)).toHaveText([
        "Sync",
      ]);
      await button(page, t("platform:actions.save")).click();
      await toast(page, t, "savedSuccessfully");

      // Download: each environment's live file (no staging without test access), with that environment's URL.
      const menu = page
        .locator("details")
        .filter({ has: page.getByText(t("platform:download.menu"), { exact: true }) });
      await menu.locator("summary").click();
      await expect(menu.getByRole("link")).toHaveCount(4);
      await expectAccessible(page);
      for (const env of ["dev", "test", "beta", "live"]) {
        const name = t("platform:download.entry", {
          env: t(`platform:download.envs.${env}`),
          variant: t("platform:download.live"),
        });
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          menu.getByRole("link", { name, exact: true }).click(),
        ]);
        const content = await (await download.createReadStream()).toArray();
        const text = Buffer.concat(content).toString("utf8");
        expect(text).toContain(`https://${env}.example.com/sync`);
        for (const other of ["dev", "test", "beta", "live"].filter((entry) => entry !== env))
          expect(text).not.toContain(`https://${other}.example.com/sync`);
      }
      // Each header of the file's answer is sent once: the console server's own (nosniff) and the route's are one line.
      const cookie = (await page.context().cookies(CONSOLE_URL))
        .map((c) => `${c.name}=${c.value}`)
        .join("; ");
      const lines = await rawHeaderLines(
        `${CONSOLE_URL}${editorPage(lang, versionOf(page), "web")}/download/dev?live=true`,
        { cookie },
      );
      expect(
        lines.find(([name]) => name === "content-disposition"),
        "the file's answer",
      ).toBeDefined();
      const names = lines.map(([name]) => name).filter((name) => name !== "set-cookie");
      expect(
        names.filter((name, i) => names.indexOf(name) !== i),
        "headers sent more than once",
      ).toEqual([]);
      expect(lines.filter(([name]) => name === "x-content-type-options")).toEqual([
        ["x-content-type-options", "nosniff"],
      ]);

      // A download the provider fails (for this company only): the editor says so.
      const fault = await failForCompany(
        company.companyId,
        "GET",
        `/api/app-schema/download/${versionOf(page)}/dev`,
      );
      const dev = t("platform:download.entry", {
        env: t("platform:download.envs.dev"),
        variant: t("platform:download.live"),
      });
      await menu.getByRole("link", { name: dev, exact: true }).click();
      const failed = page.getByRole("alertdialog", { name: t("common:errors.dialogTitle") });
      await expect(failed).toContainText(t("platform:errors.downloadingSchema"));
      await expectAccessible(page);
      await fault.clear();
      await button(page, t("common:errors.close")).click();

      // With test access, each environment's staging variant is offered too.
      await ok(
        await admin(`users/${company.userId}/access-to-test`, "PUT", { hasAccessToTest: true }),
        "test access",
      );
      await open(page, page.url());
      await menu.locator("summary").click();
      await expect(menu.getByRole("link")).toHaveCount(8);
      const staging = t("platform:download.entry", {
        env: t("platform:download.envs.test"),
        variant: t("platform:download.staging"),
      });
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        menu.getByRole("link", { name: staging, exact: true }).click(),
      ]);
      expect(
        Buffer.concat(await (await download.createReadStream()).toArray()).toString("utf8"),
      ).toContain("https://test.example.com/sync");
    });

    test("a refused save lists each part it names; a location removed; an item's window type and icon; dragging", async ({
      page,
      company,
      t,
    }) => {
      test.slow();
      const { id } = await editorOfNewApp(
        page,
        company,
        lang,
        { name: "Icon App", appType: 0, countryCode: "AU" },
        "web",
      );
      const urls = envUrls("open");
      const fn = (name: string, extra: Record<string, unknown> = {}) => ({
        actionType: "button",
        name,
        label: `${name} text`,
        description: `What ${name} does.`,
        urls,
        ...extra,
      });
      const schema = {
        platforms: [
          {
            type: "web",
            views: [
              {
                id: "matter",
                name: "Matter",
                type: "matter",
                buttons: [fn("Open", { buttons: [fn("Inner")] })],
              },
            ],
            menus: [
              {
                id: "menu-tools",
                name: "Tools Menu",
                items: [
                  fn("", { actionType: "menu-item", label: "Nameless" }),
                  fn("Beta", { actionType: "menu-item" }),
                ],
              },
              { id: "menu-apps", name: "Apps Menu" },
            ],
          },
        ],
      };
      await link(page, t("platform:import.open")).click();
      await dialog(page)
        .getByLabel(t("platform:fields.json"), { exact: true })
        .fill(JSON.stringify(schema));
      await button(page, t("platform:import.submit")).click();
      await expect(dialog(page)).toHaveCount(0);
      const tools = `${n("Tools Menu")}: ${t("platform:lists.items")}`;
      await expect(itemNames(page, tools)).toHaveText(["Nameless", "Beta"]);

      // The provider refuses the save: each part it names is listed, linking to the dialog that edits it.
      await button(page, t("platform:actions.save")).click();
      const nameRequired = t("platform:errors.required", { field: t("platform:fields.name") });
      const entry = page
        .getByRole("alert")
        .getByRole("link", { name: `${n("Tools Menu")}: Nameless: ${nameRequired}`, exact: true });
      await expect(entry).toBeVisible();
      await expectAccessible(page);
      await entry.click();
      await expect(
        dialog(page).getByRole("heading", { name: t("platform:item.updateTitle") }),
      ).toBeVisible();
      await dialog(page).getByLabel(t("platform:fields.name"), { exact: true }).fill("Sync");
      await button(page, t("platform:item.submit")).click();
      await expect(dialog(page)).toHaveCount(0);
      await expect(itemNames(page, tools)).toHaveText(["Sync", "Beta"]);

      // Remove a location, after a confirmation (No keeps it).
      await link(page, t("platform:a11y.removeLocation", { name: n("Apps Menu") })).click();
      await expect(page.getByRole("alertdialog")).toContainText(
        t("platform:confirm.removeLocationBody", { name: n("Apps Menu") }),
      );
      await expectAccessible(page);
      await link(page, t("common:confirm.no")).click();
      await expect(page.locator("details > summary h2")).toHaveText([
        n("Apps Menu"),
        n("Matter"),
        n("Tools Menu"),
      ]);
      await link(page, t("platform:a11y.removeLocation", { name: n("Apps Menu") })).click();
      await button(page, t("common:confirm.yes")).click();
      await expect(page.locator("details > summary h2")).toHaveText([n("Matter"), n("Tools Menu")]);

      // A window type chosen for an item of a matter view clears its buttons, after a confirmation.
      const inner = page.getByRole("region", {
        name: `${n("Matter")}: Open: ${t("platform:lists.nestedButtons")}`,
        exact: true,
      });
      await expect(inner).toBeVisible();
      await link(page, t("platform:a11y.edit", { name: "Open" })).click();
      await dialog(page)
        .getByLabel(t("platform:fields.windowType"), { exact: true })
        .selectOption({ label: t("platform:windowTypes.web") });
      await button(page, t("platform:item.submit")).click();
      await expect(dialog(page).getByRole("alert")).toContainText(
        t("platform:item.confirmClear_one"),
      );
      await expectAccessible(page);
      await dialog(page).getByLabel(t("platform:item.confirmClearBox"), { exact: true }).check();
      await button(page, t("platform:item.submit")).click();
      await expect(dialog(page)).toHaveCount(0);
      await expect(inner).toHaveCount(0);

      // The icon: checked by its content (28 to 65 px), uploaded with the item, kept when the item is refused.
      await link(page, t("platform:a11y.edit", { name: "Open" })).click();
      const form = dialog(page);
      const width = form.locator('input[name="width"]');
      await expect(width).toHaveAttribute("type", isNoJs() ? "number" : "range");
      await expect(width).toHaveValue("75");
      const iconInput = form.getByLabel(t("platform:item.iconChoose"), { exact: true });
      const iconError = form.locator("#platform-item-iconFile-error");
      const invalidSize = t("platform:errors.invalidSize", {
        field: t("platform:fields.iconFile"),
      });
      const invalidType = t("platform:errors.invalidType", {
        field: t("platform:fields.iconFile"),
      });
      // A refused file is never dropped silently: Save is refused again, with its message, until another file is chosen or it is left out.
      await iconInput.setInputFiles({ name: "icon.gif", mimeType: "image/gif", buffer: GIF_10 });
      if (isNoJs()) await button(page, t("platform:item.submit")).click();
      await expect(iconError).toHaveText(invalidType);
      await button(page, t("platform:item.submit")).click();
      await expect(
        form.getByRole("heading", { name: t("platform:item.updateTitle") }),
      ).toBeVisible();
      await expect(iconError).toHaveText(invalidType);
      await expect(
        form.getByLabel(t("platform:item.iconDropRefused"), { exact: true }),
      ).not.toBeChecked();
      await iconInput.setInputFiles({
        name: "big.png",
        mimeType: "image/png",
        buffer: Buffer.from(png(100, 100)),
      });
      if (isNoJs()) await button(page, t("platform:item.submit")).click();
      await expect(iconError).toHaveText(invalidSize);
      await expectAccessible(page);
      await form.getByLabel(t("platform:item.iconChoose"), { exact: true }).setInputFiles({
        name: "icon.png",
        mimeType: "image/png",
        buffer: Buffer.from(png(32, 32)),
      });
      if (!isNoJs())
        await expect(form.getByRole("img", { name: t("platform:item.iconPreview") })).toBeVisible();
      await form.getByLabel(t("platform:fields.name"), { exact: true }).fill("");
      await button(page, t("platform:item.submit")).click();
      await expect(form.getByRole("alert")).toContainText(nameRequired);
      await expect(form.getByRole("img", { name: t("platform:item.iconPreview") })).toBeVisible();
      await form.getByLabel(t("platform:fields.name"), { exact: true }).fill("Open");
      await button(page, t("platform:item.submit")).click();
      await expect(dialog(page)).toHaveCount(0);
      // A refused replacement left out on purpose: the item is saved with the icon it had.
      await link(page, t("platform:a11y.edit", { name: "Open" })).click();
      await expect(
        dialog(page).getByRole("img", { name: t("platform:item.iconPreview") }),
      ).toBeVisible();
      await form
        .getByLabel(t("platform:item.iconReplace"), { exact: true })
        .setInputFiles({ name: "icon.gif", mimeType: "image/gif", buffer: GIF_10 });
      if (isNoJs()) await button(page, t("platform:item.submit")).click();
      await expect(iconError).toHaveText(invalidType);
      await form.getByLabel(t("platform:item.iconDropRefused"), { exact: true }).check();
      await button(page, t("platform:item.submit")).click();
      await expect(dialog(page)).toHaveCount(0);
      await link(page, t("platform:a11y.edit", { name: "Open" })).click();
      await expect(
        dialog(page).getByRole("img", { name: t("platform:item.iconPreview") }),
      ).toBeVisible();
      await expectAccessible(page);
      await link(page, t("platform:actions.cancel")).click();
      await expect(dialog(page)).toHaveCount(0);

      if (!isNoJs()) {
        // Dragging: an item takes another's place only inside the middle 65% of it, sliding in 300 ms.
        await page.evaluate(() => {
          const animate = Element.prototype.animate;
          const slides: unknown[] = [];
          Object.assign(window, { slides });
          Element.prototype.animate = function (
            this: Element,
            keyframes: Keyframe[] | PropertyIndexedKeyframes | null,
            options?: number | KeyframeAnimationOptions,
          ) {
            slides.push(typeof options === "number" ? options : options?.duration);
            return animate.call(this, keyframes, options);
          };
        });
        const rows = page
          .getByRole("region", { name: tools, exact: true })
          .locator(":scope > ol > li");
        const target = (await rows.nth(0).boundingBox())!;
        await rows.nth(1).dragTo(rows.nth(0), {
          sourcePosition: { x: 8, y: 8 },
          targetPosition: { x: 8, y: target.height - 3 },
        });
        await expect(itemNames(page, tools)).toHaveText(["Sync", "Beta"]);
        expect(
          await page.evaluate(() => (window as unknown as { slides: unknown[] }).slides),
        ).toEqual([]);
        // The drop is saved; until the page has it, no control of the list addresses the old places (Edit: Beta would open Sync).
        const held = await holdNextPost(page, editorPage(lang, id, "web"));
        await rows.nth(1).dragTo(rows.nth(0), {
          sourcePosition: { x: 8, y: 8 },
          targetPosition: { x: 8, y: target.height / 2 },
        });
        await expect(itemNames(page, tools)).toHaveText(["Beta", "Sync"]);
        await held.saved;
        await expectControlsWait(page, t, ["Beta", "Sync"]);
        held.release();
        expect(
          await page.evaluate(() => (window as unknown as { slides: unknown[] }).slides),
        ).toContain(300);
        await expect(
          page.getByRole("region", { name: tools, exact: true }).locator(":scope > ol"),
        ).not.toHaveAttribute("aria-busy", "true");
        await expect(link(page, t("platform:a11y.edit", { name: "Beta" }))).toBeVisible();
        await held.done();
        await expectEditOpens(page, t, "Beta");
        await open(page, editorPage(lang, id, "web"));
        await expect(itemNames(page, tools)).toHaveText(["Beta", "Sync"]);
      }

      // Move down, the twin of a drop: with JavaScript the list's controls wait for it to be saved, then each opens its own item.
      const [first, second] = isNoJs() ? ["Sync", "Beta"] : ["Beta", "Sync"];
      const moved = isNoJs() ? undefined : await holdNextPost(page, editorPage(lang, id, "web"));
      await button(page, t("platform:a11y.moveDown", { name: first })).click();
      if (moved) {
        await moved.saved;
        await expectControlsWait(page, t, [first, second]);
        moved.release();
      }
      await expect(itemNames(page, tools)).toHaveText([second, first]);
      await expect(link(page, t("platform:a11y.edit", { name: first }))).toBeVisible();
      await moved?.done();
      await expectEditOpens(page, t, first);

      // Saved now: the provider takes the uploaded icon.
      await button(page, t("platform:actions.save")).click();
      await toast(page, t, "savedSuccessfully");
    });

    test("hostile posts to the editor are refused, never a 5xx, and another company's version is not found", async ({
      page,
      company,
      t,
    }) => {
      // biome-ignore lint/suspicious/noSkippedTests: runs once, in the js project: it sends requests, not pages
      test.skip(isNoJs(), "it sends requests, not pages");
      const token = await tokenOf(company);
      const id = await createApp(token, { name: "Hostile App", appType: 0, countryCode: "AU" });
      const other = await createCompany();
      const foreign = await createApp(await tokenOf(other), {
        name: "Foreign App",
        appType: 0,
        countryCode: "AU",
      });
      await signIn(page, company, lang);
      await open(page, editorPage(lang, id, "web"));
      await addLocation(page, t, n("Tools Menu"));
      const path = editorPage(lang, id, "web");
      const headers = { Origin: new URL(CONSOLE_URL).origin };
      const post = (form: Record<string, string | string[]>, to = path) => {
        const body = new URLSearchParams();
        for (const [name, value] of Object.entries(form))
          for (const entry of [value].flat()) body.append(name, entry);
        return page.request.post(to, {
          headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
          data: body.toString(),
          maxRedirects: 0,
        });
      };
      const cases: [string, Record<string, string | string[]>][] = [
        ["unknown intent", { intent: "drop-tables" }],
        ["intent twice", { intent: ["up", "down"], location: "menu-tools", path: "items.0" }],
        [
          "a path out of the location",
          { intent: "up", location: "menu-tools", path: "../../items.0" },
        ],
        ["a path to no item", { intent: "delete-item", location: "menu-tools", path: "items.99" }],
        [
          "a drag to no place",
          { intent: "move", location: "menu-tools", path: "items.0", to: "-1e9" },
        ],
        [
          "an unknown location",
          { intent: "item", location: "menu-nowhere", list: "items", name: "X" },
        ],
        ["a NUL in a location id", { intent: "add-location", location: "menu\u0000apps" }],
        [
          "a lone surrogate in a name",
          {
            intent: "item",
            location: "menu-tools",
            list: "items",
            name: "\ud800",
            label: "x",
            description: "x",
          },
        ],
        [
          "a name twice",
          { intent: "item", location: "menu-tools", list: "items", name: ["a", "b"] },
        ],
        [
          "clone to an unknown location",
          { intent: "clone", location: "menu-tools", path: "items.0", locations: "menu-nowhere" },
        ],
        ["settings of a web location", { intent: "setting", location: "menu-tools" }],
        ["an import that is not JSON", { intent: "import", json: "{not json" }],
        ["a huge import", { intent: "import-validate", json: "[".repeat(200_000) }],
      ];
      for (const [what, form] of cases) {
        const res = await post(form);
        expect(res.status(), what).toBeLessThan(500);
        expect([200, 302, 303, 400, 404, 413], what).toContain(res.status());
      }
      // Another company's version: not found, nothing changed there.
      expect(
        (
          await post(
            { intent: "add-location", location: "menu-apps" },
            editorPage(lang, foreign, "web"),
          )
        ).status(),
      ).toBe(404);
      expect((await page.request.get(editorPage(lang, foreign, "web"))).status()).toBe(404);
      expect(
        (
          await page.request.get(`${editorPage(lang, foreign, "web")}/download/live?live=true`, {
            maxRedirects: 0,
          })
        ).status(),
      ).toBeLessThan(500);
      expect(
        (await page.request.get(`${editorPage(lang, id, "web")}/download/prod`)).status(),
      ).toBe(404);
      // The draft holds only what the page added.
      await open(page, path);
      await expect(page.locator("details > summary h2")).toHaveText([n("Tools Menu")]);
      await expect(page.getByText(t("platform:empty.list"))).toBeVisible();
    });
  });
}
