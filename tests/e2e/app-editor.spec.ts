/**
 * The app version editor (issue 4): creating an app
 * (/apps/new/details, then its listing), the details and marketplace pages of a version with
 * every rule of the details, the listing and the images (each shows its message and nothing
 * is stored: checked through the API), the Other warning, type and country locked, no Save
 * and no Actions on a version that cannot be edited, the marketplace preview, a stored-XSS
 * corpus that comes back inert everywhere, the unsaved-changes question (JS) and 'page not
 * found' for another company's version. Both projects (JS and no JS); axe on every state.
 */
import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { jpeg, png, svg } from "../../server/conformance/files";
import { createApp, DETAILS, getVersion, tokenOf } from "./apps-api";
import {
  CONSOLE_URL,
  createCompany,
  escapeRegExp,
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

// ---------------------------------------------------------------------------------------
// Set-up and checks through the API

async function appCount(token: string): Promise<number> {
  const res = await provider.apiFetch("apps", {}, token);
  return ((await res.json()) as unknown[]).length;
}

async function setStatus(versionId: string, statusCode: number) {
  const res = await provider.admin(`versions/${versionId}/status`, {
    method: "PUT",
    body: JSON.stringify({ statusCode }),
  });
  if (!res.ok) throw new Error(`status ${statusCode}: ${res.status} ${await res.text()}`);
}

async function setAppLevel(groupId: string, appLevel: number) {
  const res = await provider.admin(`app-groups/${groupId}/flags`, {
    method: "PUT",
    body: JSON.stringify({ appLevel }),
  });
  if (!res.ok) throw new Error(`appLevel ${appLevel}: ${res.status} ${await res.text()}`);
}

// ---------------------------------------------------------------------------------------
// Files built in the test

const file = (name: string, bytes: Uint8Array | string, mimeType: string) => ({
  name,
  mimeType,
  buffer: Buffer.from(typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes),
});
const ICON = () => file("icon.png", png(256, 256), "image/png");
const BANNER = (n: number) => file(`banner-${n}.png`, png(1410, 480), "image/png");
const SCREENSHOT = (n: number) => file(`screenshot-${n}.png`, png(1200, 480), "image/png");

// ---------------------------------------------------------------------------------------
// Page helpers

const OVERVIEW_TEXT =
  "Ledger Link keeps the firm's trust ledger and the practice software in step. Every receipt, payment and transfer " +
  "recorded in the practice is posted to the ledger within a minute, and every reconciliation is ready for the auditor.";

function labels(lang: Lang) {
  const t = (key: string, values?: Record<string, string | number>) => translate(lang, key, values);
  const required = (key: string) => `${t(key)} ${t("appEditor:required")}`;
  return { t, required };
}

/** The error summary ('There is a problem'). */
const summary = (page: Page, lang: Lang) =>
  page.getByRole("alert", { name: translate(lang, "form.errorSummaryTitle"), exact: true });

/**
 * A field shows `message` in its description and the summary links to it (with the field's
 * label in front when the message does not name the field).
 */
async function expectFieldError(page: Page, lang: Lang, field: Locator, message: string) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
  const id = await field.getAttribute("id");
  await expect(
    summary(page, lang).getByRole("link", {
      name: new RegExp(`^(?:[^:]+: )?${escapeRegExp(message)}$`),
    }),
  ).toHaveAttribute("href", `#${id}`);
}

/** An image field: the group named by its legend. */
const imageGroup = (page: Page, legend: string) =>
  page.getByRole("group", { name: legend, exact: true });

/** Fails the test on any dialog the page opens (alert(), confirm()...): the XSS guard. */
function failOnDialogs(page: Page) {
  const seen: string[] = [];
  page.on("dialog", async (dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    await dialog.dismiss().catch(() => undefined);
  });
  return seen;
}

async function save(page: Page, lang: Lang) {
  await page
    .getByRole("button", { name: translate(lang, "appEditor:actions.save"), exact: true })
    .click();
}

/** Types the overview: with JS in the editor (with its toolbar), without JS as HTML in the textarea. */
async function writeOverview(
  page: Page,
  lang: Lang,
  parts: { heading: string; bold: string; text: string; items: string[] },
) {
  const { t, required } = labels(lang);
  const overview = page.getByRole("textbox", {
    name: required("appEditor:fields.detail.description.label"),
    exact: true,
  });
  if (isNoJs()) {
    await overview.fill(
      `<h2>${parts.heading}</h2><p><strong>${parts.bold}</strong> ${parts.text}</p><ul>${parts.items.map((i) => `<li>${i}</li>`).join("")}</ul>`,
    );
    return;
  }
  const toolbar = page.getByRole("toolbar", { name: t("appEditor:editor.toolbar") });
  // The editor's chunk loads after hydration.
  await expect(toolbar).toBeVisible();
  await overview.click();
  await toolbar.getByRole("button", { name: t("appEditor:editor.h2") }).click();
  await expect(toolbar.getByRole("button", { name: t("appEditor:editor.h2") })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.keyboard.type(parts.heading);
  await page.keyboard.press("Enter");
  await toolbar.getByRole("button", { name: t("appEditor:editor.normal") }).click();
  await page.keyboard.press("Control+B");
  await page.keyboard.type(parts.bold);
  await page.keyboard.press("Control+B");
  await page.keyboard.insertText(` ${parts.text}`);
  await page.keyboard.press("Enter");
  await toolbar.getByRole("button", { name: t("appEditor:editor.ul") }).click();
  await expect(toolbar.getByRole("button", { name: t("appEditor:editor.ul") })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  for (const [i, item] of parts.items.entries()) {
    if (i > 0) await page.keyboard.press("Enter");
    await page.keyboard.type(item);
  }
}

// ---------------------------------------------------------------------------------------

test.describe("app editor", () => {
  test.use({ lang: "en-AU" });

  test("creates an app end to end with a full listing and images, and shows it in the preview", async ({
    page,
    company,
    lang,
  }) => {
    test.slow();
    const { t, required } = labels(lang);
    const token = await tokenOf(company);
    await signIn(page, company, lang);

    // The new app's details; its listing waits for the app.
    await page.goto(`/${lang}/apps/new/details`);
    await expect(
      page.getByRole("heading", { level: 1, name: t("appEditor:title.newApp") }),
    ).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(t("appEditor:title.newApp"))}`));
    await expect(page.getByRole("link", { name: t("appEditor:back") })).toHaveAttribute(
      "href",
      `/${lang}/apps`,
    );
    // No app group yet: no group sidebar.
    await expect(page.getByRole("complementary")).toHaveCount(0);
    await hydrated(page);
    await expectAccessible(page);

    await page
      .getByLabel(required("appEditor:fields.categoryId.label"))
      .selectOption({ label: "Productivity" });
    await page.getByLabel(required("appEditor:fields.name.label")).fill("  Ledger Link  ");
    await page.getByRole("radio", { name: t("apps:appType.0") }).check();
    const description = page.getByLabel(required("appEditor:fields.description.label"));
    const descriptionText = "Links the trust ledger to the practice software.";
    await description.fill(descriptionText);
    if (!isNoJs())
      await expect(
        page.getByText(t("appEditor:count.within", { chars: descriptionText.length, max: 450 })),
      ).toBeVisible();
    await page.getByLabel(required("appEditor:fields.countryCode.label")).selectOption("AU");
    await save(page, lang);

    // Saved: the app's own listing page replaces the new app's page.
    await expect(page).toHaveURL(
      new RegExp(`^${escapeRegExp(CONSOLE_URL)}/${lang}/apps/[0-9a-f-]{36}/marketplace$`),
    );
    const versionId = page.url().split("/").at(-2)!;
    await expect(
      page.getByRole("status").filter({ hasText: t("toast.savedSuccessfully") }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Ledger Link");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(
      t("appEditor:title.version", { version: "1.000" }),
    );
    await expect(page.getByRole("heading", { level: 1 })).toContainText(t("apps:status.Sandbox"));
    await expect(
      page.getByRole("complementary", {
        name: t("appGroup:sidebar.label", { name: "Ledger Link" }),
      }),
    ).toBeVisible();
    const created = await getVersion(token, versionId);
    expect(created.details).toMatchObject({
      name: "Ledger Link",
      categoryId: 8,
      appType: 0,
      countryCode: "AU",
    });
    if (!isNoJs()) {
      await page.goBack();
      await expect(page).toHaveURL(`${CONSOLE_URL}/${lang}/apps`);
      await page.goForward();
      await expect(page).toHaveURL(`${CONSOLE_URL}/${lang}/apps/${versionId}/marketplace`);
    }
    await hydrated(page);
    await expectAccessible(page);

    // The whole listing.
    await page
      .getByLabel(t("appEditor:fields.detail.shortDescription.label"), { exact: true })
      .fill("Trust ledger, always in step.");
    await writeOverview(page, lang, {
      heading: "Why firms use it",
      bold: "No double entry.",
      text: OVERVIEW_TEXT,
      items: ["Receipts", "Payments"],
    });
    await page
      .getByLabel(t("appEditor:fields.detail.features.label"), { exact: true })
      .fill("Posting within a minute\nAudit-ready reconciliations");
    await page
      .getByLabel(t("appEditor:fields.detail.keywords.label"), { exact: true })
      .fill("trust, ledger");
    await page
      .getByLabel(t("appEditor:fields.detail.contactEmail.label"), { exact: true })
      .fill("support@ledger.example");
    await page
      .getByLabel(t("appEditor:fields.detail.appURL.label"), { exact: true })
      .fill("https://app.ledger.example");
    await page
      .getByLabel(required("appEditor:fields.detail.websiteUrl.label"), { exact: true })
      .fill("https://ledger.example");
    await page
      .getByLabel(required("appEditor:fields.detail.supportUrl.label"), { exact: true })
      .fill("https://ledger.example/support");
    await page
      .getByLabel(t("appEditor:fields.detail.documentationUrl.label"), { exact: true })
      .fill("https://ledger.example/docs");
    await page
      .getByLabel(t("appEditor:fields.legal.copyright.label"), { exact: true })
      .fill("© 2025 Ledger Link Pty Ltd");
    await page
      .getByLabel(t("appEditor:fields.legal.privacyPolicy.label"), { exact: true })
      .fill("We keep only what the ledger needs.");
    await page
      .getByLabel(required("appEditor:fields.legal.privacyPolicyUrl.label"), { exact: true })
      .fill("https://ledger.example/privacy");
    await page
      .getByLabel(t("appEditor:fields.legal.termsOfService.label"), { exact: true })
      .fill("Use it for your own firm.");
    await page
      .getByLabel(required("appEditor:fields.legal.termsOfServiceUrl.label"), { exact: true })
      .fill("https://ledger.example/terms");
    await page
      .getByLabel(t("appEditor:fields.promo.youtubeUrl.label"), { exact: true })
      .fill("https://www.youtube.com/watch?v=ledger");

    // Images: an icon, two banners, three screenshots (uploaded on choice with JS, with the form without).
    const icon = imageGroup(page, required("appEditor:fields.promo.appIcon.label"));
    const banners = imageGroup(page, t("appEditor:fields.promo.banners.label"));
    const screenshots = imageGroup(page, t("appEditor:fields.promo.screenshots.label"));
    await icon.getByLabel(t("appEditor:images.chooseFile")).setInputFiles(ICON());
    await banners
      .getByLabel(t("appEditor:images.chooseFiles"))
      .setInputFiles([BANNER(1), BANNER(2)]);
    await screenshots
      .getByLabel(t("appEditor:images.chooseFiles"))
      .setInputFiles([SCREENSHOT(1), SCREENSHOT(2), SCREENSHOT(3)]);
    if (isNoJs()) {
      // Without JS, Upload shows them before saving.
      await screenshots
        .getByRole("button", { name: t("appEditor:images.screenshot.upload") })
        .click();
    }
    await expect(icon.getByRole("img", { name: t("appEditor:images.icon.item") })).toBeVisible();
    await expect(banners.getByRole("img")).toHaveCount(2);
    await expect(screenshots.getByRole("img")).toHaveCount(3);
    await expectAccessible(page);

    // Reordering (buttons, the alternative to dragging) and removing, then Save.
    const firstBanner = await banners.locator('input[name="promo.banners[0].id"]').inputValue();
    await banners
      .getByRole("button", {
        name: `${t("appEditor:images.moveDown")} ${t("appEditor:images.banner.item", { number: 1, total: 2 })}`,
      })
      .click();
    await expect(banners.locator('input[name="promo.banners[1].id"]')).toHaveValue(firstBanner);
    await screenshots
      .getByRole("button", {
        name: `${t("appEditor:images.remove")} ${t("appEditor:images.screenshot.item", { number: 3, total: 3 })}`,
      })
      .click();
    await expect(screenshots.getByRole("img")).toHaveCount(2);
    const shots = [0, 1].map((index) =>
      screenshots.locator(`input[name="promo.screenshots[${index}].id"]`),
    );
    const shotIds = [await shots[0].inputValue(), await shots[1].inputValue()];
    if (!isNoJs()) {
      // With JS an image can also be dragged to another place.
      await screenshots
        .getByRole("listitem")
        .nth(1)
        .dragTo(screenshots.getByRole("listitem").nth(0));
      shotIds.reverse();
      await expect(shots[0]).toHaveValue(shotIds[0]);
      await expect(shots[1]).toHaveValue(shotIds[1]);
    }
    await save(page, lang);
    await expect(
      page.getByRole("status").filter({ hasText: t("toast.savedSuccessfully") }),
    ).toBeVisible();

    const stored = await getVersion(token, versionId);
    expect(stored.marketplace.detail).toMatchObject({
      shortDescription: "Trust ledger, always in step.",
      features: "Posting within a minute\nAudit-ready reconciliations",
      contactEmail: "support@ledger.example",
      websiteUrl: "https://ledger.example",
    });
    expect(stored.marketplace.detail.description).toContain("<h2>Why firms use it</h2>");
    expect(stored.marketplace.detail.description).toContain("<strong>No double entry.</strong>");
    expect(stored.marketplace.detail.description).toMatch(
      /<ul><li>Receipts<\/li><li>Payments<\/li><\/ul>/,
    );
    expect(stored.marketplace.promo.appIcon).not.toBeNull();
    expect(stored.marketplace.promo.banners.map((b) => b.id)[1]).toBe(firstBanner);
    expect(stored.marketplace.promo.screenshots.map((shot) => shot.id)).toEqual(shotIds);
    expect(stored.marketplace.legal.termsOfServiceUrl).toBe("https://ledger.example/terms");

    // The preview, in a new tab.
    const previewLink = page.getByRole("link", {
      name: new RegExp(`^${escapeRegExp(t("appEditor:actions.preview"))}`),
    });
    await expect(previewLink).toHaveAttribute(
      "href",
      `/${lang}/preview?app-id=${versionId}&preview=true`,
    );
    await expect(previewLink).toHaveAttribute("target", "_blank");
    const [preview] = await Promise.all([page.context().waitForEvent("page"), previewLink.click()]);
    await preview.waitForLoadState();
    await expect(preview.getByRole("heading", { level: 1, name: "Ledger Link" })).toBeVisible();
    await expect(preview.getByText("Trust ledger, always in step.")).toBeVisible();
    await expect(
      preview.getByRole("img", { name: t("appEditor:preview.iconOf", { name: "Ledger Link" }) }),
    ).toBeVisible();
    const overview = preview.getByRole("region", { name: t("appEditor:preview.overview") });
    await expect(overview.getByRole("heading", { name: "Why firms use it" })).toBeVisible();
    await expect(overview.locator("strong")).toHaveText("No double entry.");
    await expect(overview.getByRole("listitem")).toHaveText(["Receipts", "Payments"]);
    await expect(
      preview.getByRole("region", { name: t("appEditor:preview.screenshots") }).getByRole("img"),
    ).toHaveCount(2);
    await expect(
      preview.getByRole("link", { name: new RegExp(`^${t("appEditor:preview.link.websiteUrl")}`) }),
    ).toHaveAttribute("href", "https://ledger.example");
    await expect(preview.getByRole("link", { name: "support@ledger.example" })).toHaveAttribute(
      "href",
      "mailto:support@ledger.example",
    );
    await expect(preview.getByText("© 2025 Ledger Link Pty Ltd")).toBeVisible();
    const slider = preview.getByRole("region", { name: t("appEditor:preview.banners") });
    if (!isNoJs()) {
      await hydrated(preview);
      await expect(
        slider.getByText(t("appEditor:images.banner.item", { number: 1, total: 2 })),
      ).toBeVisible();
      await slider.getByRole("button", { name: t("appEditor:preview.nextBanner") }).click();
      await expect(
        slider.getByText(t("appEditor:images.banner.item", { number: 2, total: 2 })),
      ).toBeVisible();
      await expect(
        slider.getByRole("button", { name: t("appEditor:preview.nextBanner") }),
      ).toBeDisabled();
    } else {
      await expect(slider.getByRole("img")).toHaveCount(2);
    }
    await expectAccessible(preview);
    await preview.close();

    // An image that cannot be displayed says so (with JS; without, the browser shows its text).
    if (!isNoJs()) {
      await page.route("**/api/images/**", (route) => route.abort());
      await page.reload();
      await hydrated(page);
      await expect(
        icon.getByRole("img", {
          name: `${t("appEditor:images.icon.item")}: ${t("apps:image.cannotDisplay")}`,
        }),
      ).toBeVisible();
      await expect(banners.getByText(t("apps:image.cannotDisplay"))).toHaveCount(2);
    }
  });

  test("listing: every rule shows its message and nothing is stored", async ({
    page,
    company,
    lang,
  }) => {
    test.slow();
    const { t, required } = labels(lang);
    const token = await tokenOf(company);
    const id = await createApp(token, { appType: 1, countryCode: "CA" });
    const before = await getVersion(token, id);
    await signIn(page, company, lang, { at: `/${lang}/apps/${id}/marketplace` });
    await hydrated(page);

    const label = (key: string) => t(`appEditor:fields.${key}.label`);
    const requiredMessage = (key: string) => t("appEditor:errors.required", { field: label(key) });
    const input = (key: string, isRequired = false) =>
      page.getByLabel(isRequired ? required(`appEditor:fields.${key}.label`) : label(key), {
        exact: true,
      });
    const overview = page.getByRole("textbox", {
      name: required("appEditor:fields.detail.description.label"),
      exact: true,
    });

    // Empty: the required fields (a connector needs its contact email).
    await save(page, lang);
    await expect(summary(page, lang)).toBeVisible();
    await expectFieldError(page, lang, overview, requiredMessage("detail.description"));
    await expectFieldError(
      page,
      lang,
      input("detail.contactEmail", true),
      requiredMessage("detail.contactEmail"),
    );
    for (const key of [
      "detail.websiteUrl",
      "detail.supportUrl",
      "legal.privacyPolicyUrl",
      "legal.termsOfServiceUrl",
    ]) {
      await expectFieldError(page, lang, input(key, true), requiredMessage(key));
    }
    await expect(
      summary(page, lang).getByRole("link", { name: requiredMessage("promo.appIcon") }),
    ).toBeVisible();
    await expectAccessible(page);

    // Wrong values: every other rule.
    await input("detail.shortDescription").fill("S".repeat(116));
    if (isNoJs()) await overview.fill(`<p>${"Too short. ".repeat(10)}</p>`);
    else {
      await expect(
        page.getByRole("toolbar", { name: t("appEditor:editor.toolbar") }),
      ).toBeVisible();
      await overview.click();
      await page.keyboard.insertText("Too short. ".repeat(10));
    }
    await input("detail.contactEmail", true).fill("not-an-email");
    await input("detail.appURL").fill("app.example");
    await input("detail.websiteUrl", true).fill("javascript:alert(1)");
    await input("detail.supportUrl", true).fill("ftp://support.example");
    await input("detail.documentationUrl").fill("www.example.com/docs");
    await input("legal.privacyPolicyUrl", true).fill("https://privacy.example");
    await input("legal.termsOfServiceUrl", true).fill("https://terms.example");
    await input("promo.youtubeUrl").fill("youtube");
    await save(page, lang);
    const invalidUrl = t("appEditor:errors.invalidUrl");
    await expectFieldError(
      page,
      lang,
      input("detail.shortDescription"),
      t("appEditor:errors.tooLong", { field: label("detail.shortDescription"), max: 115 }),
    );
    await expectFieldError(
      page,
      lang,
      overview,
      t("appEditor:errors.overviewLength", {
        field: label("detail.description"),
        min: 200,
        max: "10,000",
      }),
    );
    await expectFieldError(
      page,
      lang,
      input("detail.contactEmail", true),
      t("appEditor:errors.invalidEmail"),
    );
    for (const [key, isRequired] of [
      ["detail.appURL", false],
      ["detail.websiteUrl", true],
      ["detail.supportUrl", true],
      ["detail.documentationUrl", false],
      ["promo.youtubeUrl", false],
    ] as const) {
      const field = input(key, isRequired);
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp(invalidUrl)));
      // The summary says which field each of the same messages belongs to.
      const entry = summary(page, lang).getByRole("link", {
        name: t("form.summaryEntry", { field: label(key), message: invalidUrl }),
        exact: true,
      });
      await expect(entry).toHaveAttribute("href", `#${await field.getAttribute("id")}`);
    }
    await expect(input("legal.privacyPolicyUrl", true)).toHaveAttribute("aria-invalid", "false");
    await expectAccessible(page);

    // An overview over 10,000 characters of text.
    if (isNoJs()) await overview.fill(`<p>${"x".repeat(10_001)}</p>`);
    else {
      await overview.fill("x".repeat(10_001));
    }
    await save(page, lang);
    await expectFieldError(
      page,
      lang,
      overview,
      t("appEditor:errors.overviewLength", {
        field: label("detail.description"),
        min: 200,
        max: "10,000",
      }),
    );

    // Nothing changed.
    const after = await getVersion(token, id);
    expect(after.modifiedDateTime).toBe(before.modifiedDateTime);
    expect(after.marketplace).toEqual(before.marketplace);
  });

  test("images: every rule shows the spec's message and nothing is stored", async ({
    page,
    company,
    lang,
  }) => {
    test.slow();
    const { t, required } = labels(lang);
    const token = await tokenOf(company);
    // Canada: SVG is not allowed there.
    const id = await createApp(token, { countryCode: "CA" });
    const before = await getVersion(token, id);
    await signIn(page, company, lang, { at: `/${lang}/apps/${id}/marketplace` });
    await hydrated(page);

    const icon = imageGroup(page, required("appEditor:fields.promo.appIcon.label"));
    const banners = imageGroup(page, t("appEditor:fields.promo.banners.label"));
    const screenshots = imageGroup(page, t("appEditor:fields.promo.screenshots.label"));
    const refused = (name: string, key: string, field = "") =>
      t("appEditor:images.fileRefused", {
        file: name,
        message: t(`appEditor:errors.${key}`, { field, max: 8 }),
      });

    /** Chooses files; without JS, Upload sends them. Then each refusal shows in the field. */
    async function choose(
      group: Locator,
      picker: string,
      files: ReturnType<typeof file>[],
      upload: string,
      messages: string[],
    ) {
      await group.getByLabel(picker).setInputFiles(files);
      if (isNoJs()) await group.getByRole("button", { name: upload }).click();
      for (const message of messages)
        await expect(group.getByText(message, { exact: true })).toBeVisible();
      await expect(group.getByRole("img")).toHaveCount(0);
    }

    const iconCases: [ReturnType<typeof file>, string][] = [
      [file("small.png", png(255, 256), "image/png"), "imageSizeInvalid"],
      [file("photo.jpg", jpeg(256, 256), "image/jpeg"), "imageTypeInvalid"],
      [file("icon.svg", svg(), "image/svg+xml"), "imageTypeInvalid"],
      [
        file("named.png", new TextEncoder().encode("not an image"), "image/png"),
        "imageTypeInvalid",
      ],
      [
        file("big.png", png(256, 256, { minBytes: 400 * 1024 + 1 }), "image/png"),
        "sizeGreater400KB",
      ],
    ];
    for (const [chosen, key] of iconCases) {
      await choose(
        icon,
        t("appEditor:images.chooseFile"),
        [chosen],
        t("appEditor:images.icon.upload"),
        [refused(chosen.name, key)],
      );
    }
    await expectAccessible(page);

    await choose(
      banners,
      t("appEditor:images.chooseFiles"),
      [
        file("wide.png", png(1200, 480), "image/png"),
        file("heavy.png", png(1410, 480, { minBytes: 800 * 1024 + 1 }), "image/png"),
      ],
      t("appEditor:images.banner.upload"),
      [refused("wide.png", "imageSizeInvalid"), refused("heavy.png", "sizeGreater800KB")],
    );
    await choose(
      screenshots,
      t("appEditor:images.chooseFiles"),
      [
        file("heavy.jpg", jpeg(1200, 480, { minBytes: 800 * 1024 + 1 }), "image/jpeg"),
        file("vector.svg", svg(), "image/svg+xml"),
      ],
      t("appEditor:images.screenshot.upload"),
      [refused("heavy.jpg", "sizeGreater800KB"), refused("vector.svg", "imageTypeInvalid")],
    );

    // Nine screenshots: eight are taken, the ninth is refused.
    const nine = Array.from({ length: 9 }, (_, i) =>
      file(`shot-${i + 1}.png`, png(120, 48), "image/png"),
    );
    await screenshots.getByLabel(t("appEditor:images.chooseFiles")).setInputFiles(nine);
    if (isNoJs())
      await screenshots
        .getByRole("button", { name: t("appEditor:images.screenshot.upload") })
        .click();
    await expect(
      screenshots.getByText(
        refused("shot-9.png", "tooMany", t("appEditor:fields.promo.screenshots.label")),
        { exact: true },
      ),
    ).toBeVisible();
    await expect(screenshots.getByRole("img")).toHaveCount(8);
    await expect(screenshots.getByLabel(t("appEditor:images.chooseFiles"))).toBeDisabled();
    await expectAccessible(page);

    // Saving without an icon stores nothing either.
    await save(page, lang);
    await expect(
      summary(page, lang).getByRole("link", {
        name: t("appEditor:errors.required", { field: t("appEditor:fields.promo.appIcon.label") }),
      }),
    ).toBeVisible();
    const after = await getVersion(token, id);
    expect(after.modifiedDateTime).toBe(before.modifiedDateTime);
    expect(after.marketplace.promo).toEqual(before.marketplace.promo);
  });

  test("type and country are locked; a version that cannot be edited has no Save and no Actions", async ({
    page,
    company,
    lang,
  }) => {
    test.slow();
    const { t, required } = labels(lang);
    const token = await tokenOf(company);
    const id = await createApp(token);
    await signIn(page, company, lang);

    await page.goto(`/${lang}/apps/${id}/details`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(DETAILS.name);
    await expect(page.getByText(t("appEditor:fields.appType.locked"))).toBeVisible();
    await expect(page.getByText(t("appEditor:fields.countryCode.locked"))).toBeVisible();
    await expect(
      page.locator("#app-details").getByText("Australia", { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole("radio")).toHaveCount(0);
    await expect(page.getByLabel(required("appEditor:fields.countryCode.label"))).toHaveCount(0);
    const menu = t("appList:versionMenu.label", { name: DETAILS.name, version: "1.000" });
    const actions = isNoJs()
      ? page.locator(`summary[aria-label="${menu}"]`)
      : page.getByRole("button", { name: menu });
    await hydrated(page);
    await expect(actions).toBeVisible();
    await expectAccessible(page);

    // The Actions menu: Duplicate opens its dialog on this page, which posts to this page.
    await actions.click();
    const duplicateItem = t("appList:versionMenu.duplicate");
    await (isNoJs()
      ? page.getByRole("link", { name: duplicateItem })
      : page.getByRole("menuitem", { name: duplicateItem })
    ).click();
    const duplicate = page.getByRole("dialog", {
      name: t("appList:duplicate.title", { name: DETAILS.name, version: "1.000" }),
    });
    await expect(duplicate).toBeVisible();
    await expect(page).toHaveURL(`${CONSOLE_URL}/${lang}/apps/${id}/details?duplicate=${id}`);
    await expectAccessible(page);
    await duplicate.getByLabel(t("appList:duplicate.appName")).fill("Ledger Link UK");
    await duplicate.getByLabel(t("appList:duplicate.country")).selectOption("UK");
    await duplicate.getByRole("button", { name: t("appList:duplicate.submit") }).click();
    await expect(page).toHaveURL(`${CONSOLE_URL}/${lang}/apps`);
    await expect(
      page.getByRole("status").filter({ hasText: t("toast.duplicatedSuccessfully") }),
    ).toBeVisible();
    expect(await appCount(token)).toBe(2);
    await page.goto(`/${lang}/apps/${id}/details`);
    await hydrated(page);

    // Save: the details only, the type and country as created.
    await page.getByLabel(required("appEditor:fields.name.label")).fill("Ledger Link Pro");
    await save(page, lang);
    await expect(
      page.getByRole("status").filter({ hasText: t("toast.savedSuccessfully") }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Ledger Link Pro");
    expect((await getVersion(token, id)).details).toMatchObject({
      name: "Ledger Link Pro",
      appType: 0,
      countryCode: "AU",
    });

    // The version went to review while the page was open: Save is refused, in the error dialog, and the typed name stays.
    await setStatus(id, 100);
    await page.getByLabel(required("appEditor:fields.name.label")).fill("Too late");
    await save(page, lang);
    const problem = page.getByRole("alertdialog", { name: t("errors.dialogTitle") });
    await expect(problem).toBeVisible();
    await expect(problem).toContainText(t("appEditor:notEditable.saveRefused"));
    await expect(page.getByLabel(required("appEditor:fields.name.label"))).toHaveValue("Too late");
    await expectAccessible(page);
    expect((await getVersion(token, id)).details.name).toBe("Ledger Link Pro");

    // The provider moves a version only the way the status table allows: on to Live.
    for (const [statusCode, status, tabs] of [
      [100, "AwaitingReview", ["details"]],
      [200, "Live", ["details", "marketplace"]],
    ] as const) {
      await setStatus(id, statusCode);
      for (const tab of tabs) {
        await page.goto(`/${lang}/apps/${id}/${tab}`);
        await expect(page.getByRole("heading", { level: 1 })).toContainText(
          t(`apps:status.${status}`),
        );
        await expect(
          page.getByText(t("appEditor:notEditable.status", { status: t(`apps:status.${status}`) })),
        ).toBeVisible();
        await expect(
          page.getByRole("button", { name: t("appEditor:actions.save"), exact: true }),
        ).toHaveCount(0);
        await hydrated(page);
        await expect(actions).toHaveCount(0);
      }
      if (tabs.length > 1) {
        // The preview stays.
        await expect(
          page.getByRole("link", {
            name: new RegExp(`^${escapeRegExp(t("appEditor:actions.preview"))}`),
          }),
        ).toBeVisible();
      }
    }
    await expectAccessible(page);

    // App level 3: no marketplace preview.
    await setAppLevel((await getVersion(token, id)).groupId, 3);
    await page.goto(`/${lang}/apps/${id}/marketplace`);
    await expect(
      page.getByRole("link", {
        name: new RegExp(`^${escapeRegExp(t("appEditor:actions.preview"))}`),
      }),
    ).toHaveCount(0);
    expect((await page.goto(`/${lang}/preview?app-id=${id}&preview=true`))?.status()).toBe(404);
  });

  test("a stored-XSS corpus in every text field and the overview comes back inert", async ({
    page,
    company,
    lang,
  }) => {
    test.slow();
    const { t, required } = labels(lang);
    const dialogs = failOnDialogs(page);
    const token = await tokenOf(company);
    const corpus = [
      "<script>alert(1)</script>",
      "<img src=x onerror=alert(1)>",
      "javascript:alert(1)",
      '<p style="background:url(javascript:alert(1))">styled</p>',
      "<svg onload=alert(1)>",
    ];
    const text = corpus.join(" ");
    await signIn(page, company, lang);

    // The details: name and description.
    await page.goto(`/${lang}/apps/new/details`);
    await hydrated(page);
    await page
      .getByLabel(required("appEditor:fields.categoryId.label"))
      .selectOption({ label: "Productivity" });
    await page.getByLabel(required("appEditor:fields.name.label")).fill(corpus[1]);
    await page.getByRole("radio", { name: t("apps:appType.0") }).check();
    await page.getByLabel(required("appEditor:fields.description.label")).fill(text);
    await page.getByLabel(required("appEditor:fields.countryCode.label")).selectOption("AU");
    await save(page, lang);
    await expect(page).toHaveURL(/\/marketplace$/);
    const id = page.url().split("/").at(-2)!;
    await hydrated(page);

    // Every text field of the listing; the overview as typed text (JS) or as HTML (no JS).
    for (const key of [
      "detail.shortDescription",
      "detail.features",
      "detail.keywords",
      "legal.copyright",
      "legal.privacyPolicy",
      "legal.termsOfService",
    ]) {
      await page
        .getByLabel(t(`appEditor:fields.${key}.label`), { exact: true })
        .fill(key === "detail.shortDescription" ? corpus[1] : text);
    }
    const overview = page.getByRole("textbox", {
      name: required("appEditor:fields.detail.description.label"),
      exact: true,
    });
    if (isNoJs()) await overview.fill(`${text}<p>${OVERVIEW_TEXT}</p>`);
    else {
      await expect(
        page.getByRole("toolbar", { name: t("appEditor:editor.toolbar") }),
      ).toBeVisible();
      await overview.click();
      await page.keyboard.insertText(`${text} ${OVERVIEW_TEXT}`);
    }
    await page
      .getByLabel(t("appEditor:fields.detail.contactEmail.label"), { exact: true })
      .fill("xss@ledger.example");
    // A javascript: URL is refused; URLs carrying markup are plain URLs.
    const website = page.getByLabel(required("appEditor:fields.detail.websiteUrl.label"), {
      exact: true,
    });
    await website.fill("javascript:alert(1)");
    await page
      .getByLabel(required("appEditor:fields.detail.supportUrl.label"), { exact: true })
      .fill('https://ledger.example/?q="><script>alert(1)</script>');
    await page
      .getByLabel(required("appEditor:fields.legal.privacyPolicyUrl.label"), { exact: true })
      .fill("https://ledger.example/privacy");
    await page
      .getByLabel(required("appEditor:fields.legal.termsOfServiceUrl.label"), { exact: true })
      .fill("https://ledger.example/terms");
    await imageGroup(page, required("appEditor:fields.promo.appIcon.label"))
      .getByLabel(t("appEditor:images.chooseFile"))
      .setInputFiles(ICON());
    if (!isNoJs())
      await expect(page.getByRole("img", { name: t("appEditor:images.icon.item") })).toBeVisible();
    await save(page, lang);
    await expect(website).toHaveAccessibleDescription(
      new RegExp(escapeRegExp(t("appEditor:errors.invalidUrl"))),
    );
    await website.fill("https://ledger.example");
    await save(page, lang);
    await expect(
      page.getByRole("status").filter({ hasText: t("toast.savedSuccessfully") }),
    ).toBeVisible();

    // Stored: the overview holds no markup of the corpus, only the allowed tags.
    const stored = await getVersion(token, id);
    expect(stored.marketplace.detail.description).not.toMatch(
      /<(script|img|svg)\b|<[^>]*\s(onerror|onload|style)=/i,
    );
    expect(stored.marketplace.detail.description).toContain(OVERVIEW_TEXT);

    // Back in the editor: the texts as typed, as text; nothing of them in the page's markup.
    await page.reload();
    await hydrated(page);
    await expect(
      page.getByLabel(t("appEditor:fields.legal.copyright.label"), { exact: true }),
    ).toHaveValue(text);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(corpus[1]);
    const editorBox = page.locator("#app-listing-detail\\.description");
    await expect(editorBox.locator("script, img, svg, [onerror], [onload], [style]")).toHaveCount(
      0,
    );
    await expect(page.locator("main img[src='x'], main svg[onload], main [onerror]")).toHaveCount(
      0,
    );

    // The preview: the same texts, shown as text.
    await page.goto(`/${lang}/preview?app-id=${id}&preview=true`);
    await expect(page.getByRole("heading", { level: 1, name: corpus[1] })).toBeVisible();
    const region = page.getByRole("region", { name: t("appEditor:preview.overview") });
    await expect(region).toContainText(OVERVIEW_TEXT);
    await expect(region.locator("script, img, svg, [onerror], [onload], [style]")).toHaveCount(0);
    await expect(page.getByText(text).first()).toBeVisible();
    await expect(
      page.locator(
        "main img[src='x'], main svg[onload], main [onerror], main a[href^='javascript']",
      ),
    ).toHaveCount(0);
    await expectAccessible(page);
    expect(dialogs).toEqual([]);
  });

  test("another company's version, an unknown one and a malformed id are 'page not found'", async ({
    page,
    company,
    lang,
  }) => {
    const { t } = labels(lang);
    const other = await createCompany();
    const theirs = await createApp(await tokenOf(other), { name: "Their Secret App" });
    await signIn(page, company, lang);
    for (const path of [
      `/${lang}/apps/${theirs}/details`,
      `/${lang}/apps/${theirs}/marketplace`,
      `/${lang}/preview?app-id=${theirs}&preview=true`,
      `/${lang}/apps/${randomUUID()}/details`,
      `/${lang}/apps/not-an-id/marketplace`,
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(
        page.getByRole("heading", { level: 1, name: t("errors.notFoundTitle") }),
      ).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(escapeRegExp(t("errors.notFoundTitle"))));
      expect(await page.content()).not.toContain("Their Secret App");
    }
    await expectAccessible(page);
  });

  test("unsaved changes ask before leaving, not between the app's own pages, never after a save", async ({
    page,
    company,
    lang,
  }) => {
    // biome-ignore lint/suspicious/noSkippedTests: the no-JS project has no beforeunload question to test
    test.skip(isNoJs(), "the question needs JavaScript");
    const { t, required } = labels(lang);
    const id = await createApp(await tokenOf(company));
    await signIn(page, company, lang, { at: `/${lang}/apps/${id}/details` });
    await hydrated(page);
    const name = page.getByLabel(required("appEditor:fields.name.label"));
    const back = page.getByRole("link", { name: t("appEditor:back") });
    const question = page.getByRole("alertdialog", { name: t("appEditor:unsaved.title") });

    // Unchanged: no question (the other page's tab is a button that carries the form).
    const tab = (name: "details" | "marketplace") =>
      page
        .getByRole("navigation", { name: t("appEditor:tabs.label"), exact: true })
        .getByRole("button", { name: t(`appEditor:tabs.${name}`), exact: true });
    await tab("marketplace").click();
    await expect(page).toHaveURL(`${CONSOLE_URL}/${lang}/apps/${id}/marketplace`);
    await tab("details").click();

    // Changed, then Back: the question; No stays, with the change.
    await name.fill("Changed name");
    await back.click();
    await expect(question).toBeVisible();
    await expect(question).toContainText(t("appEditor:unsaved.message"));
    await expectAccessible(page);
    await question.getByRole("button", { name: t("appEditor:unsaved.no") }).click();
    await expect(question).toBeHidden();
    await expect(page).toHaveURL(`${CONSOLE_URL}/${lang}/apps/${id}/details`);
    await expect(name).toHaveValue("Changed name");

    // Undoing the change makes the form clean again.
    await name.fill(DETAILS.name);
    await page.getByRole("link", { name: t("nav.instances") }).click();
    await expect(page).toHaveURL(`${CONSOLE_URL}/${lang}/instances`);
    await page.goBack();
    await hydrated(page);

    // The app's own pages: no question.
    await name.fill("Changed again");
    await tab("marketplace").click();
    await expect(page).toHaveURL(`${CONSOLE_URL}/${lang}/apps/${id}/marketplace`);
    await expect(question).toBeHidden();

    // Changed and saved: no question; Yes leaves.
    await page
      .getByLabel(t("appEditor:fields.detail.keywords.label"), { exact: true })
      .fill("ledger");
    await back.click();
    await question.getByRole("button", { name: t("appEditor:unsaved.yes") }).click();
    await expect(page).toHaveURL(`${CONSOLE_URL}/${lang}/apps`);
    await page.goto(`/${lang}/apps/${id}/details`);
    await hydrated(page);
    await name.fill("Saved name");
    await save(page, lang);
    await expect(
      page.getByRole("status").filter({ hasText: t("toast.savedSuccessfully") }),
    ).toBeVisible();
    await back.click();
    await expect(page).toHaveURL(`${CONSOLE_URL}/${lang}/apps`);
    await expect(question).toBeHidden();
  });
});

// The details' rules in Dutch: every message comes from the Dutch texts.
test.describe("app editor in Dutch", () => {
  test.use({ lang: "nl-NL" });

  test("details: every rule shows its message and nothing is stored; Other shows its warning", async ({
    page,
    company,
    lang,
  }) => {
    test.slow(); // two pages sent back, each checked with axe
    const { t, required } = labels(lang);
    const token = await tokenOf(company);
    await signIn(page, company, lang, { at: `/${lang}/apps/new/details` });
    await hydrated(page);

    await save(page, lang);
    const field = {
      category: page.getByLabel(required("appEditor:fields.categoryId.label")),
      name: page.getByLabel(required("appEditor:fields.name.label")),
      description: page.getByLabel(required("appEditor:fields.description.label")),
      country: page.getByLabel(required("appEditor:fields.countryCode.label")),
    };
    const requiredMessage = (key: string) =>
      t("appEditor:errors.required", { field: t(`appEditor:fields.${key}.label`) });
    await expect(summary(page, lang)).toBeVisible();
    await expectFieldError(page, lang, field.category, requiredMessage("categoryId"));
    await expectFieldError(page, lang, field.name, requiredMessage("name"));
    await expectFieldError(page, lang, field.description, requiredMessage("description"));
    await expectFieldError(page, lang, field.country, requiredMessage("countryCode"));
    await expect(
      summary(page, lang).getByRole("link", { name: requiredMessage("appType") }),
    ).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(t("form.errorTitlePrefix"))}`));
    await expectAccessible(page);

    // Too long; and the category named Other (in Dutch, Overig) with its warning.
    await field.category.selectOption({ label: "Overig" });
    const warning = page.getByText(
      t("appEditor:fields.categoryId.otherWarning", { category: "Overig" }),
    );
    if (!isNoJs()) await expect(warning).toBeVisible();
    await field.name.fill("N".repeat(101));
    await field.description.fill("D".repeat(451));
    if (!isNoJs())
      await expect(
        page.getByText(t("appEditor:count.over", { chars: 451, over: 1, max: 450 })),
      ).toBeVisible();
    await save(page, lang);
    await expectFieldError(
      page,
      lang,
      field.name,
      t("appEditor:errors.tooLong", { field: t("appEditor:fields.name.label"), max: 100 }),
    );
    await expectFieldError(
      page,
      lang,
      field.description,
      t("appEditor:errors.tooLong", { field: t("appEditor:fields.description.label"), max: 450 }),
    );
    // What was typed stays.
    await expect(field.description).toHaveValue("D".repeat(451));
    await expect(warning).toBeVisible();
    await expect(field.category).toHaveAccessibleDescription(
      new RegExp(
        escapeRegExp(t("appEditor:fields.categoryId.otherWarning", { category: "Overig" })),
      ),
    );
    await expectAccessible(page);

    expect(await appCount(token)).toBe(0);
  });
});

// Categories come from the provider, named in the page's language (issue 10, point 2): the
// console shows the provider's answer to that language, which for Dutch is Dutch.
async function categoryNames(lang: Lang): Promise<string[]> {
  const res = await provider.apiFetch("resources/app-categories", {
    headers: { "accept-language": lang },
  });
  if (!res.ok) throw new Error(`GET resources/app-categories: ${res.status}`);
  return ((await res.json()) as { name: string }[]).map((category) => category.name);
}
const IN_LANGUAGE: Record<Lang, { first: string; other: string }> = {
  "en-AU": { first: "Accounting", other: "Other" },
  "nl-NL": { first: "Boekhouding", other: "Overig" },
};

for (const lang of LANGS) {
  test.describe(`app categories (${lang})`, () => {
    test.use({ lang });

    test("are named in the page's language, Other last with its warning, also in the preview", async ({
      page,
      company,
    }) => {
      test.slow(); // two pages, one checked with axe
      const { t, required } = labels(lang);
      const names = await categoryNames(lang);
      const { first, other } = IN_LANGUAGE[lang];
      expect([names[0], names.at(-1)]).toEqual([first, other]);
      await signIn(page, company, lang, { at: `/${lang}/apps/new/details` });
      await hydrated(page);

      const category = page.getByLabel(required("appEditor:fields.categoryId.label"));
      await expect(category.locator("option")).toHaveText([
        t("appEditor:fields.categoryId.choose"),
        ...names,
      ]);
      // Other, as the provider names it: its warning names it the same way (without JS once the page is sent back).
      await category.selectOption({ label: other });
      if (isNoJs()) await save(page, lang);
      const warning = page.getByText(
        t("appEditor:fields.categoryId.otherWarning", { category: other }),
        { exact: true },
      );
      await expect(warning).toBeVisible();
      await expect(category).toHaveAccessibleDescription(
        new RegExp(
          escapeRegExp(t("appEditor:fields.categoryId.otherWarning", { category: other })),
        ),
      );
      await expect(category).toHaveValue("99");
      await expectAccessible(page);

      // A saved app's category, in the preview of its listing.
      const id = await createApp(await tokenOf(company), { categoryId: 1 });
      await page.goto(`/${lang}/preview?app-id=${id}&preview=true`);
      await expect(page.getByRole("heading", { level: 1, name: DETAILS.name })).toBeVisible();
      await expect(page.getByText(first, { exact: true })).toBeVisible();
    });
  });
}
