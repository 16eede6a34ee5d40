/**
 * The overview editor and the image fields of a listing as a new user finds them (issue 10:
 * point 4 and the look and feel): a paste of formatted text keeps the overview's tags (p, h1,
 * h2, strong, ul, ol, li, br) and nothing else, Undo takes it back, Save stores it; the
 * toolbar is icon buttons with names, states, tooltips and arrow keys; an image field is a
 * drop zone with its rules beside the file input, and a dropped file is taken as a chosen one.
 * Without JavaScript the overview is a textarea (a paste is text there) and an image field
 * the plain file input with its rules and Upload. Both languages where words are checked;
 * axe on every state.
 */
import type { Locator, Page } from "@playwright/test";
import { jpeg, png } from "../../server/conformance/files";
import { createApp, getVersion, tokenOf } from "./apps-api";
import {
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
// Set-up through the API: an app whose listing is complete, so that Save stores at once

const OVERVIEW_TEXT =
  "Ledger Link keeps the firm's trust ledger and the practice software in step. Every receipt, payment and transfer " +
  "recorded in the practice is posted to the ledger within a minute, and every reconciliation is ready for the auditor.";

async function uploadImage(token: string, bytes: Uint8Array, purpose: string, name: string) {
  const form = new FormData();
  form.append("file", new Blob([bytes as BlobPart], { type: "image/png" }), name);
  const res = await provider.apiFetch(
    `images?purpose=${purpose}`,
    { method: "POST", body: form },
    token,
  );
  if (!res.ok) throw new Error(`POST images: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string; url: string };
}

/** A new app with a complete listing (an icon, no banners); answers its version id. */
async function listedApp(token: string): Promise<string> {
  const id = await createApp(token);
  const { details } = await getVersion(token, id);
  const marketplace = {
    detail: {
      appURL: "",
      description: `<p>${OVERVIEW_TEXT}</p>`,
      shortDescription: "Trust ledger, always in step.",
      contactEmail: "support@ledger.example",
      features: "",
      keywords: "",
      supportUrl: "https://ledger.example/support",
      websiteUrl: "https://ledger.example",
      documentationUrl: "",
    },
    legal: {
      copyright: "",
      privacyPolicy: "",
      privacyPolicyUrl: "https://ledger.example/privacy",
      termsOfService: "",
      termsOfServiceUrl: "https://ledger.example/terms",
    },
    promo: {
      appIcon: await uploadImage(token, png(256, 256), "icon", "first.png"),
      banners: [],
      screenshots: [],
      youtubeUrl: "",
    },
    visibility: true,
  };
  const res = await provider.apiFetch(
    `apps/${id}`,
    { method: "PUT", body: JSON.stringify({ details, marketplace }) },
    token,
  );
  if (!res.ok) throw new Error(`PUT apps/${id}: ${res.status} ${await res.text()}`);
  return id;
}

// ---------------------------------------------------------------------------------------
// Page helpers

function parts(page: Page, lang: Lang) {
  const t = (key: string, values?: Record<string, string | number>) => translate(lang, key, values);
  const required = (key: string) => `${t(key)} ${t("appEditor:required")}`;
  return {
    t,
    overview: page.getByRole("textbox", {
      name: required("appEditor:fields.detail.description.label"),
      exact: true,
    }),
    toolbar: page.getByRole("toolbar", { name: t("appEditor:editor.toolbar") }),
    tool: (command: string) =>
      page
        .getByRole("toolbar", { name: t("appEditor:editor.toolbar") })
        .getByRole("button", { name: t(`appEditor:editor.${command}`), exact: true }),
    icon: page.getByRole("group", {
      name: required("appEditor:fields.promo.appIcon.label"),
      exact: true,
    }),
    banners: page.getByRole("group", {
      name: t("appEditor:fields.promo.banners.label"),
      exact: true,
    }),
    save: () =>
      page
        .getByRole("button", { name: t("appEditor:actions.save"), exact: true })
        .first()
        .click(),
    saved: page.getByRole("status").filter({ hasText: t("toast.savedSuccessfully") }),
  };
}

async function openListing(
  page: Page,
  lang: Lang,
  token: string,
  company: Parameters<typeof signIn>[1],
) {
  const id = await listedApp(token);
  await signIn(page, company, lang, { at: `/${lang}/apps/${id}/marketplace` });
  await hydrated(page);
  return id;
}

/** Dispatches a paste of `html` (and its text) on the overview, as the browser does for Ctrl+V. */
async function paste(overview: Locator, html: string, text: string) {
  await overview.evaluate(
    (element, data) => {
      const clipboard = new DataTransfer();
      clipboard.setData("text/html", data.html);
      clipboard.setData("text/plain", data.text);
      element.dispatchEvent(
        new ClipboardEvent("paste", { clipboardData: clipboard, bubbles: true, cancelable: true }),
      );
    },
    { html, text },
  );
}

/** Drags files onto `target` and drops them there (dragenter, dragover, drop), as a person does from the desktop. */
async function drop(target: Locator, files: { name: string; type: string; bytes: Uint8Array }[]) {
  await target.evaluate(
    (element, list) => {
      const data = new DataTransfer();
      for (const file of list)
        data.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
      for (const type of ["dragenter", "dragover", "drop"])
        element.dispatchEvent(
          new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }),
        );
    },
    files.map((file) => ({ ...file, bytes: Array.from(file.bytes) })),
  );
}

// Google Docs' clipboard, trimmed: one normal-weight `b` around everything, weights in styles.
const GOOGLE_DOCS =
  `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-4c1e2a7f-7fff-3b2d-91aa-0d6a8e5f2c11">` +
  `<h1 dir="ltr" style="line-height:1.38;margin-top:20pt;margin-bottom:6pt;"><span style="font-size:20pt;font-family:Arial,sans-serif;font-weight:400;">Why firms use it</span></h1>` +
  `<p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-weight:700;">No double entry.</span><span style="font-size:11pt;font-weight:400;"> ${OVERVIEW_TEXT}</span></p>` +
  `<ul style="margin-top:0;margin-bottom:0;"><li dir="ltr" style="list-style-type:disc;" aria-level="1"><p dir="ltr" role="presentation"><span style="font-weight:400;">Receipts</span></p></li>` +
  `<li dir="ltr" style="list-style-type:disc;" aria-level="1"><p dir="ltr" role="presentation"><span style="font-weight:700;">Payments</span></p></li></ul>` +
  `<h2 dir="ltr"><span style="font-size:16pt;font-weight:400;">Getting started</span></h2>` +
  `<ol><li dir="ltr" style="list-style-type:decimal;" aria-level="1"><p dir="ltr" role="presentation"><a href="https://example.com/help"><span style="color:#1155cc;text-decoration:underline;">Connect</span></a><span> the ledger.</span></p></li></ol>` +
  `<p dir="ltr"><span><img src="https://example.com/logo.png" width="64" height="64" onerror="alert(1)"></span><script>alert(2)</script></p>` +
  `<table><tr><td>Plan</td><td>Basic</td></tr></table>` +
  `</b><br class="Apple-interchange-newline">`;
const GOOGLE_DOCS_TEXT = `Why firms use it\nNo double entry. ${OVERVIEW_TEXT}\nReceipts\nPayments\nGetting started\nConnect the ledger.\nPlan\tBasic`;
const GOOGLE_DOCS_KEPT =
  "<h1>Why firms use it</h1>" +
  `<p><strong>No double entry.</strong> ${OVERVIEW_TEXT}</p>` +
  "<ul><li>Receipts</li><li><strong>Payments</strong></li></ul>" +
  "<h2>Getting started</h2>" +
  "<ol><li>Connect the ledger.</li></ol>" +
  "<p>Plan</p><p>Basic</p>";

// ---------------------------------------------------------------------------------------

test.describe("overview paste", () => {
  test.use({ lang: "en-AU" });
  test.slow();

  test("formatted text pasted from Google Docs keeps its headings, bold and lists, Undo takes it back, Save stores only the allowed tags", async ({
    page,
    company,
    lang,
    guard,
  }) => {
    // biome-ignore lint/suspicious/noSkippedTests: paste into the rich text editor needs JavaScript
    test.skip(
      isNoJs(),
      "without JavaScript the overview is a textarea of HTML: a paste there is text, and the server's allowlist applies on save (app-editor.spec.ts)",
    );
    const { overview, toolbar, tool, save, saved } = parts(page, lang);
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const token = await tokenOf(company);
    const id = await openListing(page, lang, token, company);
    await expect(toolbar).toBeVisible();
    await expect(overview).toContainText(OVERVIEW_TEXT);

    // Select everything in the editor and paste over it.
    await overview.click();
    await page.keyboard.press("ControlOrMeta+A");
    await paste(overview, GOOGLE_DOCS, GOOGLE_DOCS_TEXT);
    await expect(
      overview.getByRole("heading", { level: 1, name: "Why firms use it" }),
    ).toBeVisible();
    await expect(
      overview.getByRole("heading", { level: 2, name: "Getting started" }),
    ).toBeVisible();
    // The clipboard's inline handler (onerror) was read in an inert document: the browser
    // reports it refused by the page's policy (nothing else), and nothing ran.
    const onlyRefusedHandlers = () =>
      expect(
        guard.take().filter((problem) => !/script-src-attr|inline event handler/.test(problem)),
      ).toEqual([]);
    onlyRefusedHandlers();
    await expect(overview.locator("strong")).toHaveText(["No double entry.", "Payments"]);
    await expect(overview.locator("ul > li")).toHaveText(["Receipts", "Payments"]);
    await expect(overview.locator("ol > li")).toHaveText(["Connect the ledger."]);
    // Nothing else of the clipboard reached the page: no image, link, script, table or style.
    await expect(
      overview.locator("img, a, script, table, b, span, [style], [class], [id]"),
    ).toHaveCount(0);
    await expectAccessible(page);

    // Undo takes the whole paste back, in one step.
    await tool("undo").click();
    await expect(overview.getByRole("heading")).toHaveCount(0);
    await expect(overview).toContainText(OVERVIEW_TEXT);

    await overview.click();
    await page.keyboard.press("ControlOrMeta+A");
    await paste(overview, GOOGLE_DOCS, GOOGLE_DOCS_TEXT);
    await expect(
      overview.getByRole("heading", { level: 1, name: "Why firms use it" }),
    ).toBeVisible();
    await save();
    await expect(saved).toBeVisible();
    const stored = await getVersion(token, id);
    expect(stored.marketplace.detail.description).toBe(GOOGLE_DOCS_KEPT);
    onlyRefusedHandlers();
    expect(dialogs).toEqual([]);
  });

  test("text without HTML is pasted as text", async ({ page, company, lang }) => {
    // biome-ignore lint/suspicious/noSkippedTests: the rich text editor exists only with JavaScript
    test.skip(isNoJs(), "the editor exists only with JavaScript");
    const { overview, toolbar } = parts(page, lang);
    const token = await tokenOf(company);
    await openListing(page, lang, token, company);
    await expect(toolbar).toBeVisible();
    await overview.click();
    await page.keyboard.press("ControlOrMeta+End");
    await paste(overview, "", " <b>Not bold</b>, typed as it reads.");
    await expect(overview).toContainText("<b>Not bold</b>, typed as it reads.");
    await expect(overview.locator("strong, b")).toHaveCount(0);
  });
});

for (const lang of LANGS) {
  test.describe(`overview toolbar and image drop zones (${lang})`, () => {
    test.use({ lang });
    test.slow();

    test("the toolbar: icon buttons with names, the current format pressed, tooltips, arrow keys", async ({
      page,
      company,
    }) => {
      // biome-ignore lint/suspicious/noSkippedTests: the editor's toolbar exists only with JavaScript
      test.skip(
        isNoJs(),
        "the toolbar exists only with JavaScript; without it the overview is a textarea",
      );
      const { t, overview, toolbar, tool } = parts(page, lang);
      await openListing(page, lang, await tokenOf(company), company);
      await expect(toolbar).toBeVisible();

      // Each command is an icon button named in the page's language, with its shortcut.
      const commands = ["bold", "normal", "h1", "h2", "ul", "ol", "undo"];
      await expect(toolbar.getByRole("button")).toHaveCount(commands.length);
      for (const command of commands) {
        await expect(tool(command)).toBeVisible();
        await expect(tool(command).locator("svg")).toHaveCount(1);
        await expect(tool(command)).toHaveAttribute("aria-keyshortcuts", /^Control\+/);
      }
      // No text pills: the names are not written in the bar.
      await expect(toolbar).not.toContainText(t("appEditor:editor.normal"), { useInnerText: true });

      // The current block's format is the pressed one.
      await overview.click();
      await expect(tool("normal")).toHaveAttribute("aria-pressed", "true");
      await expect(tool("h1")).toHaveAttribute("aria-pressed", "false");
      await tool("h1").click();
      await expect(tool("h1")).toHaveAttribute("aria-pressed", "true");
      await expect(tool("normal")).toHaveAttribute("aria-pressed", "false");
      await expect(overview.locator("h1")).toHaveCount(1);

      // A tooltip with the name and the shortcut on hover; Escape hides it.
      await tool("bold").hover();
      const tip = toolbar.getByText(t("appEditor:editor.bold"));
      await expect(tip).toBeVisible();
      await expect(tip).toContainText(/Ctrl\+B|⌘B/);
      await expectAccessible(page);
      await page.keyboard.press("Escape");
      await expect(tip).toBeHidden();

      // One tab stop: Alt+F10 from the text, arrows, Home and End inside, Escape back to the text.
      await overview.click();
      await page.keyboard.press("Alt+F10");
      await expect(tool("bold")).toBeFocused();
      await page.keyboard.press("ArrowRight");
      await expect(tool("normal")).toBeFocused();
      await page.keyboard.press("End");
      await expect(tool("undo")).toBeFocused();
      await page.keyboard.press("ArrowRight");
      await expect(tool("bold")).toBeFocused();
      await page.keyboard.press("ArrowLeft");
      await expect(tool("undo")).toBeFocused();
      await page.keyboard.press("Home");
      await expect(tool("bold")).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(overview).toBeFocused();
    });

    test("an image field is a drop zone with its rules beside the file input; a dropped file is taken as chosen and saved", async ({
      page,
      company,
    }) => {
      const { t, icon, banners, save } = parts(page, lang);
      const token = await tokenOf(company);
      const id = await openListing(page, lang, token, company);
      const before = await getVersion(token, id);
      const iconInput = icon.getByLabel(t("appEditor:images.replaceFile"), { exact: true });
      const bannerInput = banners.getByLabel(t("appEditor:images.chooseFiles"), { exact: true });

      // The rules stand beside the input and describe it; the native input is there, named.
      // (An Australian app: SVG icons and banners are allowed there.)
      await expect(
        icon.getByText(t("appEditor:fields.promo.appIcon.hintSvg"), { exact: true }),
      ).toBeVisible();
      await expect(iconInput).toHaveAttribute("type", "file");
      await expect(iconInput).toHaveAccessibleDescription(
        t("appEditor:fields.promo.appIcon.hintSvg"),
      );
      await expect(bannerInput).toHaveAccessibleDescription(
        t("appEditor:fields.promo.banners.hintSvg", { max: 8 }),
      );
      await expect(icon.getByRole("img", { name: t("appEditor:images.icon.item") })).toBeVisible();
      await expectAccessible(page);

      if (isNoJs()) {
        // Without JavaScript: the plain input with its label, no drop zone words; Upload, then Save.
        await expect(iconInput).toBeVisible();
        await expect(icon.getByText(t("appEditor:images.dropOne"))).toHaveCount(0);
        await bannerInput.setInputFiles(
          [1, 2].map((n) => ({
            name: `banner-${n}.png`,
            mimeType: "image/png",
            buffer: Buffer.from(png(1410, 480)),
          })),
        );
        await banners.getByRole("button", { name: t("appEditor:images.banner.upload") }).click();
      } else {
        // The input stays focusable (visually hidden, not removed); its label is the button.
        await iconInput.focus();
        await expect(iconInput).toBeFocused();
        await expect(
          icon.getByText(t("appEditor:images.replaceFile"), { exact: true }),
        ).toBeVisible();

        // A file the field refuses, dropped: the same message as when chosen, nothing added.
        await drop(icon.getByText(t("appEditor:images.dropOne"), { exact: true }), [
          { name: "photo.jpg", type: "image/jpeg", bytes: jpeg(256, 256) },
        ]);
        await expect(
          icon.getByText(
            t("appEditor:images.fileRefused", {
              file: "photo.jpg",
              message: t("appEditor:errors.imageTypeInvalid", { field: "" }),
            }),
            { exact: true },
          ),
        ).toBeVisible();

        // A good icon replaces the one there; two banners dropped at once are both added.
        await drop(icon.getByText(t("appEditor:images.dropOne"), { exact: true }), [
          { name: "second.png", type: "image/png", bytes: png(256, 256) },
        ]);
        await expect(icon.getByRole("status")).toHaveText(t("appEditor:images.uploaded_one"));
        await drop(
          banners.getByText(t("appEditor:images.dropMany"), { exact: true }),
          [1, 2].map((n) => ({
            name: `banner-${n}.png`,
            type: "image/png",
            bytes: png(1410, 480),
          })),
        );
      }
      await expect(banners.getByRole("img")).toHaveCount(2);
      // Ordering keeps its buttons.
      await expect(
        banners.getByRole("button", {
          name: `${t("appEditor:images.moveDown")} ${t("appEditor:images.banner.item", { number: 1, total: 2 })}`,
        }),
      ).toBeVisible();
      await expectAccessible(page);

      await save();
      await expect(page).toHaveURL(new RegExp(`/${lang}/apps/${id}/marketplace$`));
      await expect
        .poll(async () => (await getVersion(token, id)).marketplace.promo.banners.length)
        .toBe(2);
      const stored = await getVersion(token, id);
      if (!isNoJs())
        expect(stored.marketplace.promo.appIcon?.id).not.toBe(before.marketplace.promo.appIcon?.id);
    });
  });
}
