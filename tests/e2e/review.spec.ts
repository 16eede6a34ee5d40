/**
 * The review lifecycle in the console (issue 12): the version menu's actions with their
 * dialogs, the submit dialog's readiness checklist and blockers, the submissions page with
 * its timeline, the pre-approval page with its documents, and the security page's gate.
 * Apps are set up through the API and the reviewer's endpoints (`provider.admin`); only what
 * is tested goes through the pages. Written per language: one language per project.
 */
import type { Page } from "@playwright/test";
import { pdf, png } from "../../server/conformance/files";
import { tokenOf } from "./apps-api";
import {
  CONSOLE_URL,
  consoleUrl,
  createCompany,
  expect,
  expectAccessible,
  hydrated,
  isNoJs,
  LANGS,
  type Lang,
  signIn,
  test,
} from "./fixtures";
import {
  admin,
  api,
  createReviewApp,
  ok,
  openSubmission,
  preApprovalsOf,
  type ReviewApp,
  review,
  setStatus,
  statusOf,
  submissionsOf,
} from "./review-api";

type App = ReviewApp;
const createApp = createReviewApp;

// ---------------------------------------------------------------------------------------
// Through the pages

const versionsPage = (lang: Lang, app: App) => `/${lang}/apps/group/${app.groupId}`;

/** Opens the version's menu and follows one of its entries (the <details> disclosure without JS). */
async function menuAction(
  page: Page,
  t: (key: string, values?: Record<string, string | number>) => string,
  app: App,
  version: string,
  action: string,
) {
  await hydrated(page);
  const label = t("appList:versionMenu.label", { name: app.name, version });
  const name = t(`appList:versionMenu.${action}`);
  if (isNoJs()) {
    await page.getByLabel(label, { exact: true }).click();
    await page.getByRole("link", { name, exact: true }).click();
  } else {
    await page.getByRole("button", { name: label, exact: true }).click();
    await page.getByRole("menuitem", { name, exact: true }).click();
  }
}

async function fillSubmit(page: Page, t: (key: string) => string, notes = "Please review.") {
  const dialog = page.getByRole("dialog");
  await dialog
    .getByLabel(t("review:submit.fields.contactName"), { exact: true })
    .fill("Ada Lovelace");
  await dialog
    .getByLabel(t("review:submit.fields.contactEmail"), { exact: true })
    .fill("ada@example.com");
  await dialog
    .getByLabel(t("review:submit.fields.contactPhoneNumber"), { exact: true })
    .fill("+61 2 9999 0000");
  await dialog.getByLabel(t("review:submit.fields.submissionNotes"), { exact: true }).fill(notes);
}

async function confirmYes(page: Page, t: (key: string) => string) {
  await page
    .getByRole("alertdialog")
    .getByRole("button", { name: t("common:confirm.yes"), exact: true })
    .click();
}

const toast = (page: Page, t: (key: string) => string, key: string) =>
  expect(page.getByRole("status").filter({ hasText: t(`common:toast.${key}`) })).toBeVisible();

const badge = (page: Page, t: (key: string) => string, status: string) =>
  page.getByRole("table").getByText(t(`apps:status.${status}`), { exact: true });

for (const lang of LANGS) {
  test.describe(lang, () => {
    test.use({ lang });

    test("one app through submit, reject, resubmit, approve and push live; then a pause request", async ({
      page,
      company,
      t,
    }) => {
      const token = await tokenOf(company);
      const app = await createApp(token);
      await signIn(page, company, lang);
      await page.goto(versionsPage(lang, app));

      // Submit: the checklist is complete, the form is offered; its rules speak first.
      await menuAction(page, t, app, "1.000", "submit");
      await expect(page).toHaveURL(
        consoleUrl(versionsPage(lang, app), `\\?submit=${app.versionId}`),
      );
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByText(t("review:submit.readiness.ready"))).toBeVisible();
      await expect(dialog.getByLabel(t("review:submit.fields.isBeta"))).toBeVisible();
      await dialog
        .getByLabel(t("review:submit.fields.releaseDate"), { exact: true })
        .fill("31 February 2020");
      await dialog.getByRole("button", { name: t("review:submit.send"), exact: true }).click();
      await expect(
        page
          .getByRole("alert")
          .filter({ hasText: t("review:errors.invalidDate", { example: "" }).replace(/\s*$/, "") }),
      ).toBeVisible();
      await dialog
        .getByLabel(t("review:submit.fields.releaseDate"), { exact: true })
        .fill("1 January 2020");
      await dialog.getByLabel(t("review:submit.fields.contactName"), { exact: true }).fill("");
      await dialog.getByRole("button", { name: t("review:submit.send"), exact: true }).click();
      await expect(
        page.getByRole("alert").getByRole("link", {
          name: t("review:errors.required", { field: t("review:submit.fields.contactName") }),
        }),
      ).toBeVisible();
      if (!isNoJs()) await expectAccessible(page);
      await fillSubmit(page, t);
      await page
        .getByRole("dialog")
        .getByLabel(t("review:submit.fields.releaseDate"), { exact: true })
        .fill("");
      await page
        .getByRole("dialog")
        .getByRole("button", { name: t("review:submit.send"), exact: true })
        .click();
      await toast(page, t, "submittedSuccessfully");
      await expect(badge(page, t, "AwaitingReview")).toBeVisible();

      // The reviewer rejects it; the developer resubmits.
      await review(await openSubmission(token, app), "reject", "The icon is blurry.");
      await page.reload();
      await expect(badge(page, t, "Rejected")).toBeVisible();
      await menuAction(page, t, app, "1.000", "resubmit");
      await expect(page.getByRole("dialog").getByText(t("review:submit.liveKept"))).toBeVisible();
      await fillSubmit(page, t, "Fixed the icon.");
      await page
        .getByRole("dialog")
        .getByRole("button", { name: t("review:submit.send"), exact: true })
        .click();
      await toast(page, t, "submittedSuccessfully");

      // Approved: the developer pushes it live.
      await review(await openSubmission(token, app), "approve", "Looks good.");
      await page.reload();
      await expect(badge(page, t, "QueuedForLive")).toBeVisible();
      await menuAction(page, t, app, "1.000", "pushToLive");
      await confirmYes(page, t);
      await toast(page, t, "pushedToLive");
      await expect(badge(page, t, "Live")).toBeVisible();

      // A pause request: its rules, then 'request received'; the version stays Live.
      await menuAction(page, t, app, "1.000", "pause");
      const request = page.getByRole("dialog");
      await request.getByRole("button", { name: t("review:pause.send"), exact: true }).click();
      await expect(
        page
          .getByRole("dialog")
          .getByText(t("review:errors.required", { field: t("review:pause.fields.reason") }))
          .first(),
      ).toBeVisible();
      await page
        .getByRole("dialog")
        .getByLabel(t("review:pause.fields.name"), { exact: true })
        .fill("Grace Hopper");
      await page
        .getByRole("dialog")
        .getByLabel(t("review:pause.fields.email"), { exact: true })
        .fill("grace@example.com");
      await page
        .getByRole("dialog")
        .getByLabel(t("review:pause.fields.phone"), { exact: true })
        .fill("0400 000 000");
      await page
        .getByRole("dialog")
        .getByLabel(t("review:pause.fields.reason"), { exact: true })
        .fill("Maintenance.");
      await page
        .getByRole("dialog")
        .getByRole("button", { name: t("review:pause.send"), exact: true })
        .click();
      await toast(page, t, "requestReceived");
      expect(await statusOf(token, app.versionId)).toBe(200);

      // The submissions page: history with the review notes, and the timeline.
      await page.goto(`${versionsPage(lang, app)}/submissions`);
      await expect(page.getByText("The icon is blurry.").first()).toBeVisible();
      await expect(page.getByText(t("review:submissions.active.empty"))).toBeVisible();
      // A version's timeline is read when it is opened (a link, with or without JavaScript), and closes again.
      const timeline = page.getByRole("link", {
        name: t("review:submissions.timeline.show", { version: "1.000" }),
      });
      await expect(timeline).toHaveAttribute("aria-expanded", "false");
      await expect(timeline).not.toHaveAttribute("aria-controls", /./);
      await timeline.click();
      await expect(timeline).toHaveAttribute("aria-expanded", "true");
      const panel = page.locator(`#${await timeline.getAttribute("aria-controls")}`);
      await expect(
        panel.getByText(t("review:submissions.timeline.actions.reject")).first(),
      ).toBeVisible();
      if (!isNoJs()) await expectAccessible(page);
      await timeline.click();
      await expect(timeline).toHaveAttribute("aria-expanded", "false");
      await expect(panel).toHaveCount(0);
    });

    test("beta path: submit as beta, push to beta, submit to live rejected, then withdraw and archive", async ({
      page,
      company,
      t,
    }) => {
      const token = await tokenOf(company);
      const app = await createApp(token);
      await signIn(page, company, lang);
      await page.goto(versionsPage(lang, app));
      await menuAction(page, t, app, "1.000", "submit");
      await fillSubmit(page, t);
      await page.getByRole("dialog").getByLabel(t("review:submit.fields.isBeta")).check();
      await page
        .getByRole("dialog")
        .getByRole("button", { name: t("review:submit.send"), exact: true })
        .click();
      await toast(page, t, "submittedSuccessfully");
      await expect(badge(page, t, "BetaAwaitingReview")).toBeVisible();
      await review(await openSubmission(token, app), "approve");
      await page.reload();
      await menuAction(page, t, app, "1.000", "pushToBeta");
      await confirmYes(page, t);
      await toast(page, t, "pushedToBeta");
      await expect(badge(page, t, "Beta")).toBeVisible();

      // Submit to live, rejected: 'submission to live rejected' on the Beta version.
      await menuAction(page, t, app, "1.000", "submitToLive");
      await expect(
        page.getByRole("dialog").getByLabel(t("review:submit.fields.isBeta")),
      ).toHaveCount(0);
      await fillSubmit(page, t);
      await page
        .getByRole("dialog")
        .getByRole("button", { name: t("review:submit.send"), exact: true })
        .click();
      await toast(page, t, "submittedSuccessfully");
      await review(await openSubmission(token, app), "reject", "Not yet.");
      await page.reload();
      await expect(
        page.getByRole("table").getByText(t("apps:status.liveSubmissionRejected")),
      ).toBeVisible();

      // Submit to live again and withdraw it: back to Beta.
      await menuAction(page, t, app, "1.000", "submitToLive");
      await fillSubmit(page, t);
      await page
        .getByRole("dialog")
        .getByRole("button", { name: t("review:submit.send"), exact: true })
        .click();
      await toast(page, t, "submittedSuccessfully");
      await menuAction(page, t, app, "1.000", "withdraw");
      await confirmYes(page, t);
      await toast(page, t, "submissionWithdrawn");
      await expect(badge(page, t, "Beta")).toBeVisible();
      await page.goto(`${versionsPage(lang, app)}/submissions`);
      // The withdrawn submission is history, its status 'withdrew', not the waiting it was withdrawn from.
      await expect(page.getByText(t("review:submissions.active.empty"))).toBeVisible();
      const history = page.getByRole("region", {
        name: t("review:submissions.history.title"),
        exact: true,
      });
      const withdrawn = history
        .getByRole("article")
        .filter({ has: page.getByText(t("review:submissions.withdrew"), { exact: true }) });
      await expect(withdrawn).toHaveCount(1);
      for (const key of ["awaitingReview", "betaAwaitingReview", "betaToLiveAwaitingReview"]) {
        await expect(
          history.getByText(t(`review:submissions.statusTexts.${key}`), { exact: true }),
        ).toHaveCount(0);
      }
      await expectAccessible(page);
    });

    test("the submit dialog lists what is missing and the blockers, each linked; an archived app asks to unarchive first", async ({
      page,
      company,
      t,
    }) => {
      const token = await tokenOf(company);
      const app = await createApp(token, { ready: false, listing: false });
      await ok(
        await admin(`app-groups/${app.groupId}/flags`, "PUT", {
          isPreApprovalRequired: true,
          isPriceRequired: true,
        }),
        "flags",
      );
      await signIn(page, company, lang, {
        at: `${versionsPage(lang, app)}?submit=${app.versionId}`,
      });
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByText(t("review:submit.blockers.price"))).toBeVisible();
      await expect(dialog.getByText(t("review:submit.blockers.preApproval"))).toBeVisible();
      await expect(
        dialog.getByRole("link", { name: t("review:submit.readiness.fix.listing") }),
      ).toHaveAttribute("href", `/${lang}/apps/${app.versionId}/marketplace`);
      await expect(
        dialog.getByRole("link", { name: t("review:submit.blockers.preApprovalLink") }),
      ).toHaveAttribute("href", `/${lang}/apps/group/${app.groupId}/approval`);
      await expect(dialog.getByRole("button", { name: t("review:submit.send") })).toHaveCount(0);
      if (!isNoJs()) await expectAccessible(page);

      // A standard app without platform configuration.
      const standard = await createApp(token, { ready: true, appType: 0 });
      await page.goto(`${versionsPage(lang, standard)}?submit=${standard.versionId}`);
      await expect(
        page.getByRole("dialog").getByText(t("review:submit.blockers.platform")),
      ).toBeVisible();

      // Archived: unarchive first, then the dialog again.
      const archived = await createApp(token);
      await ok(
        await api(token, `apps/group/${archived.groupId}/setArchived?flag=true`, "PUT"),
        "archive",
      );
      await page.goto(`${versionsPage(lang, archived)}?submit=${archived.versionId}`);
      await expect(
        page.getByRole("alertdialog").getByText(t("review:confirm.unarchiveFirst.body")),
      ).toBeVisible();
      await confirmYes(page, t);
      await toast(page, t, "unarchived");
      await expect(page).toHaveURL(
        consoleUrl(versionsPage(lang, archived), `\\?submit=${archived.versionId}`),
      );
      await expect(
        page.getByRole("dialog").getByLabel(t("review:submit.fields.contactName"), { exact: true }),
      ).toBeVisible();
    });

    test("pre-approval: the form's rules and document rules, create, withdraw, then rejected and approved; the security page's gate", async ({
      page,
      company,
      t,
    }) => {
      const token = await tokenOf(company);
      const app = await createApp(token, { ready: false });
      await signIn(page, company, lang, { at: `${versionsPage(lang, app)}/security` });
      await expect(page.getByText(t("security:needsPreApproval"))).toBeVisible();
      await page.getByRole("link", { name: t("security:goToApproval") }).click();
      await page.getByRole("link", { name: t("review:preApproval.new"), exact: true }).click();
      const send = page.getByRole("button", {
        name: t("review:preApproval.form.send"),
        exact: true,
      });

      // Mandatory fields, and every document rule.
      await send.click();
      await expect(page.getByText(t("review:errors.mandatory")).first()).toBeVisible();
      const files = page.getByLabel(t("review:preApproval.fields.documents"), { exact: true });
      await page
        .getByLabel(t("review:preApproval.fields.versionMajorId"), { exact: true })
        .selectOption({ label: t("review:preApproval.versionOption", { version: 1 }) });
      // The additional information is capped at 3,000 characters, with JavaScript with a live count.
      const notes = page.getByLabel(t("review:preApproval.fields.submissionNotes"), {
        exact: true,
      });
      const number = new Intl.NumberFormat(lang).format;
      await expect(notes).toHaveAttribute("maxlength", "3000");
      await notes.fill("x".repeat(3000));
      await notes.press("End");
      await notes.pressSequentially("yz");
      await expect(notes).toHaveValue("x".repeat(3000));
      if (!isNoJs())
        await expect(
          page
            .getByText(t("appEditor:count.within", { chars: number(3000), max: number(3000) }), {
              exact: true,
            })
            .first(),
        ).toBeVisible();
      // Past the cap (a browser that ignores it), the console refuses it next to the field, keeping it.
      const refused = await page.request.post(page.url(), {
        multipart: {
          intent: "create",
          versionMajorId: await page
            .getByLabel(t("review:preApproval.fields.versionMajorId"), { exact: true })
            .inputValue(),
          submissionNotes: "x".repeat(3001),
        },
      });
      expect(refused.status()).toBe(400);
      const refusedPage = await refused.text();
      expect(refusedPage).toContain(
        t("review:errors.tooLong", {
          field: t("review:preApproval.fields.submissionNotes"),
          max: number(3000),
        }),
      );
      expect(refusedPage).toContain(
        t("appEditor:count.over", { chars: number(3001), over: number(1), max: number(3000) }),
      );
      await notes.fill("Our app reads matters.");
      await files.setInputFiles([
        { name: "empty.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(0) },
        { name: "picture.pdf", mimeType: "application/pdf", buffer: Buffer.from(png(10, 10)) },
        {
          name: "huge.pdf",
          mimeType: "application/pdf",
          buffer: Buffer.from(pdf({ minBytes: 9 * 1024 * 1024 + 10 })),
        },
      ]);
      await page
        .getByRole("button", { name: t("review:preApproval.form.send"), exact: true })
        .click();
      await expect(
        page.getByText(t("review:documents.errors.noContent_one", { names: "empty.pdf" })).first(),
      ).toBeVisible();
      await expect(
        page.getByText(`picture.pdf: ${t("review:documents.errors.mustBePdf")}`).first(),
      ).toBeVisible();
      await expect(
        page.getByText(t("review:documents.errors.tooBig", { name: "huge.pdf" })).first(),
      ).toBeVisible();
      if (!isNoJs()) await expectAccessible(page);

      // Eleven files are too many.
      await page
        .getByLabel(t("review:preApproval.fields.versionMajorId"), { exact: true })
        .selectOption({ label: t("review:preApproval.versionOption", { version: 1 }) });
      await page
        .getByLabel(t("review:preApproval.fields.submissionNotes"), { exact: true })
        .fill("Our app reads matters.");
      await page
        .getByLabel(t("review:preApproval.fields.documents"), { exact: true })
        .setInputFiles(
          Array.from({ length: 11 }, (_, i) => ({
            name: `d${i}.pdf`,
            mimeType: "application/pdf",
            buffer: Buffer.from(pdf()),
          })),
        );
      await page
        .getByRole("button", { name: t("review:preApproval.form.send"), exact: true })
        .click();
      await expect(
        page.getByText(t("review:documents.errors.tooMany", { count: 10 })).first(),
      ).toBeVisible();

      // Two documents: created, pending; New is hidden.
      await page
        .getByLabel(t("review:preApproval.fields.versionMajorId"), { exact: true })
        .selectOption({ label: t("review:preApproval.versionOption", { version: 1 }) });
      await page
        .getByLabel(t("review:preApproval.fields.submissionNotes"), { exact: true })
        .fill("Our app reads matters.");
      await page
        .getByLabel(t("review:preApproval.fields.documents"), { exact: true })
        .setInputFiles([
          { name: "one.pdf", mimeType: "application/pdf", buffer: Buffer.from(pdf()) },
          { name: "two.pdf", mimeType: "application/pdf", buffer: Buffer.from(pdf()) },
        ]);
      await page
        .getByRole("button", { name: t("review:preApproval.form.send"), exact: true })
        .click();
      await toast(page, t, "submittedSuccessfully");
      await expect(
        page.getByText(t("review:preApproval.status.10"), { exact: true }),
      ).toBeVisible();
      await expect(page.getByText("one.pdf, two.pdf")).toBeVisible();
      await expect(
        page.getByRole("link", { name: t("review:preApproval.new"), exact: true }),
      ).toHaveCount(0);

      // Withdrawn.
      await page
        .getByRole("link", { name: t("review:preApproval.withdrawLabel", { version: 1 }) })
        .click();
      await confirmYes(page, t);
      await toast(page, t, "preApprovalWithdrawn");
      await expect(page.getByText(t("review:preApproval.list.empty"))).toBeVisible();

      // Rejected by the reviewer (New shows again), then approved.
      const create = () =>
        api(token, "app-approvals", "POST", {
          groupId: app.groupId,
          versionMajorId: app.versionId,
          submissionNotes: "Our app reads matters.",
          documents: [],
        });
      const first = await ok<{ id: string }>(await create(), "POST app-approvals");
      await ok(
        await admin(`pre-approvals/${first.id}/review`, "PUT", {
          decision: "reject",
          notes: "Tell us more.",
        }),
        "reject",
      );
      await page.reload();
      await expect(page.getByText("Tell us more.")).toBeVisible();
      await expect(
        page.getByRole("link", { name: t("review:preApproval.new"), exact: true }),
      ).toBeVisible();
      const second = await ok<{ id: string }>(await create(), "POST app-approvals");
      await ok(
        await admin(`pre-approvals/${second.id}/review`, "PUT", { decision: "approve" }),
        "approve",
      );
      await page.goto(`${versionsPage(lang, app)}/security`);
      await expect(
        page.getByRole("button", { name: t("security:clients.generate"), exact: true }),
      ).toBeVisible();
      if (!isNoJs()) await expectAccessible(page);
    });

    test("another company's submissions, approval and security pages are not found, and none of its versions, pre-approvals or apps can be acted on", async ({
      page,
      company,
      t,
    }) => {
      // The other company's versions, each in a status where the action posted would apply.
      const other = await createCompany();
      const theirToken = await tokenOf(other);
      const statuses = {
        submit: 0,
        pushToLive: 102,
        archiveVersion: 102,
        pushToBeta: 112,
        withdraw: 100,
        rollbackToBeta: 114,
        pause: 200,
        unpause: 300,
      } as const;
      const theirs = Object.fromEntries(
        await Promise.all(
          Object.entries(statuses).map(async ([intent, statusCode]) => {
            const app = await createApp(theirToken, { ready: false, listing: false });
            if (statusCode !== 0) await setStatus(app.versionId, statusCode);
            return [intent, app] as const;
          }),
        ),
      ) as Record<keyof typeof statuses, App>;
      const archived = await createApp(theirToken, { ready: false, listing: false });
      await ok(
        await api(theirToken, `apps/group/${archived.groupId}/setArchived?flag=true`, "PUT"),
        "archive",
      );
      const pending = await ok<{ id: string }>(
        await api(theirToken, "app-approvals", "POST", {
          groupId: theirs.submit.groupId,
          versionMajorId: theirs.submit.versionId,
          submissionNotes: "Ours.",
          documents: [],
        }),
        "POST app-approvals",
      );
      const groups = [...Object.values(theirs), archived].map((app) => app.groupId);
      const state = async () => ({
        apps: await ok<unknown>(await api(theirToken, "apps"), "GET apps"),
        submissions: await Promise.all(groups.map((id) => submissionsOf(theirToken, id))),
        preApprovals: await Promise.all(groups.map((id) => preApprovalsOf(theirToken, id))),
      });
      const before = await state();

      await signIn(page, company, lang);
      for (const view of [
        "submissions",
        "approval",
        "approval?new=1",
        `approval?withdraw=${pending.id}`,
        "security",
      ]) {
        const response = await page.goto(`${versionsPage(lang, theirs.submit)}/${view}`);
        expect(response?.status(), view).toBe(404);
        await expect(
          page.getByRole("heading", { level: 1, name: t("common:errors.notFoundTitle") }),
        ).toBeVisible();
        await expect(page.getByText(theirs.submit.name)).toHaveCount(0);
      }

      // Each action posted with their ids: from this company's app list, and to their pages.
      const post = (path: string, form: Record<string, string>) =>
        page.request.post(`${CONSOLE_URL}${path}`, {
          form,
          headers: { origin: new URL(CONSOLE_URL).origin },
          maxRedirects: 0,
          failOnStatusCode: false,
        });
      const request = {
        name: "Mallory",
        email: "mallory@example.com",
        phone: "0400 000 000",
        reason: "Theirs.",
      };
      const submit = {
        contactName: "Mallory",
        contactEmail: "mallory@example.com",
        contactPhoneNumber: "0400 000 000",
        submissionNotes: "Theirs.",
        releaseDate: "",
      };
      const answers: [string, number][] = [];
      for (const [intent, app] of Object.entries(theirs)) {
        const fields = {
          intent,
          versionId: app.versionId,
          ...(intent === "submit"
            ? submit
            : intent === "pause" || intent === "unpause"
              ? request
              : {}),
        };
        for (const path of [`/${lang}/apps`, `${versionsPage(lang, app)}?index`])
          answers.push([`${intent} to ${path}`, (await post(path, fields)).status()]);
      }
      answers.push([
        `unarchiveFirst`,
        (
          await post(`/${lang}/apps`, {
            intent: "unarchiveFirst",
            appGroupId: archived.groupId,
            // biome-ignore lint/suspicious/noThenProperty: the form field the action reads is named then
            then: `submit:${archived.versionId}`,
          })
        ).status(),
      ]);
      for (const [intent, fields] of [
        ["create", { versionMajorId: theirs.submit.versionId, submissionNotes: "Theirs." }],
        ["withdraw", { id: pending.id }],
        ["unarchive", {}],
      ] as const) {
        for (const app of [theirs.submit, archived])
          answers.push([
            `${intent} to their approval page`,
            (
              await post(`${versionsPage(lang, app)}/approval?new=1`, { intent, ...fields })
            ).status(),
          ]);
      }
      // A refusal: the error dialog of this company's page (a redirect to it), or 'not found'.
      for (const [what, status] of answers) expect([302, 303, 404], what).toContain(status);
      expect(
        await state(),
        "the other company's apps, submissions and pre-approvals are as they were",
      ).toEqual(before);

      // As the refusal reads, from the menu's confirmation of this company's list.
      await page.goto(`/${lang}/apps`);
      await post(`/${lang}/apps`, { intent: "pushToLive", versionId: theirs.pushToLive.versionId });
      await page.goto(`/${lang}/apps`);
      await expect(
        page.getByRole("alertdialog").getByText(t("review:errors.unknownVersionAction")),
      ).toBeVisible();
    });

    test("from the app list's card: push to beta; the version then shows Beta", async ({
      page,
      company,
      t,
    }) => {
      const token = await tokenOf(company);
      const app = await createApp(token, { listing: false });
      await setStatus(app.versionId, 112);
      await signIn(page, company, lang, { at: `/${lang}/apps` });
      await menuAction(page, t, app, "1.000", "pushToBeta");
      await expect(page).toHaveURL(
        consoleUrl(`/${lang}/apps`, `\\?confirm=pushToBeta(?::|%3A)${app.versionId}`),
      );
      await confirmYes(page, t);
      await toast(page, t, "pushedToBeta");
      await expect(page).toHaveURL(consoleUrl(`/${lang}/apps`, ""));
      expect(await statusOf(token, app.versionId)).toBe(210);
      await expect(page.getByText(t("apps:status.Beta"), { exact: true }).first()).toBeVisible();
    });

    test("an archived app: roll back to beta asks to unarchive first and then continues; archiving a version goes ahead without the question", async ({
      page,
      company,
      t,
    }) => {
      const token = await tokenOf(company);
      const [rollback, archive] = await Promise.all([
        createApp(token, { listing: false }),
        createApp(token, { listing: false }),
      ]);
      await Promise.all([setStatus(rollback.versionId, 114), setStatus(archive.versionId, 102)]);
      for (const app of [rollback, archive])
        await ok(
          await api(token, `apps/group/${app.groupId}/setArchived?flag=true`, "PUT"),
          "archive",
        );
      await signIn(page, company, lang);

      // A post that skips the question is refused: the app stays archived, the version queued.
      const skipped = await page.request.post(
        `${CONSOLE_URL}${versionsPage(lang, rollback)}?index`,
        {
          form: { intent: "rollbackToBeta", versionId: rollback.versionId },
          headers: { origin: new URL(CONSOLE_URL).origin },
          maxRedirects: 0,
        },
      );
      expect(skipped.status()).toBe(302);
      expect(await statusOf(token, rollback.versionId)).toBe(114);
      await page.goto(versionsPage(lang, rollback));
      await expect(
        page.getByRole("alertdialog").getByText(t("review:errors.appArchived")),
      ).toBeVisible();

      // BetaQueuedForLive, rolled back: first the question, then the confirmation it interrupted.
      await page.goto(versionsPage(lang, rollback));
      await menuAction(page, t, rollback, "1.000", "rollbackToBeta");
      await expect(
        page.getByRole("alertdialog").getByText(t("review:confirm.unarchiveFirst.body")),
      ).toBeVisible();
      if (!isNoJs()) await expectAccessible(page);
      await confirmYes(page, t);
      await toast(page, t, "unarchived");
      await expect(page).toHaveURL(
        consoleUrl(
          versionsPage(lang, rollback),
          `\\?confirm=rollbackToBeta(?::|%3A)${rollback.versionId}`,
        ),
      );
      await expect(
        page.getByRole("alertdialog").getByText(t("review:confirm.rollbackToBeta.body")),
      ).toBeVisible();
      await confirmYes(page, t);
      await toast(page, t, "rolledBackToBeta");
      await expect(badge(page, t, "Beta")).toBeVisible();
      expect(await statusOf(token, rollback.versionId)).toBe(210);

      // Archiving a version takes nothing to the market: no question, the app stays archived.
      await page.goto(versionsPage(lang, archive));
      await menuAction(page, t, archive, "1.000", "archive");
      await expect(
        page.getByRole("alertdialog").getByText(t("review:confirm.archive.body")),
      ).toBeVisible();
      await confirmYes(page, t);
      await toast(page, t, "archived");
      expect(await statusOf(token, archive.versionId)).toBe(201);
      expect(
        (
          await ok<{ isArchived: boolean }>(
            await api(token, `apps/group/${archive.groupId}`),
            "GET group",
          )
        ).isArchived,
      ).toBe(true);
    });

    test("pause and unpause requests: declined, the version stays as it was; approved, it is Paused and then Live again", async ({
      page,
      company,
      t,
    }) => {
      const token = await tokenOf(company);
      const [live, paused] = await Promise.all([
        createApp(token, { listing: false }),
        createApp(token, { listing: false }),
      ]);
      await Promise.all([setStatus(live.versionId, 200), setStatus(paused.versionId, 300)]);
      const contact = {
        name: "Grace Hopper",
        email: "grace@example.com",
        phone: "0400 000 000",
        reason: "Maintenance.",
      };
      const asked = await ok<{ id: string }>(
        await api(token, `app-submissions/pause/${live.versionId}`, "PUT", contact),
        "pause request",
      );
      await ok(
        await admin(`status-requests/${asked.id}/decision`, "PUT", {
          decision: "decline",
          notes: "Not now.",
        }),
        "decline",
      );
      // An unpause request of the paused one declined too.
      const unpauseAsked = await ok<{ id: string }>(
        await api(token, `app-submissions/resume/${paused.versionId}`, "PUT", contact),
        "unpause request",
      );
      await ok(
        await admin(`status-requests/${unpauseAsked.id}/decision`, "PUT", {
          decision: "decline",
          notes: "Not yet.",
        }),
        "decline",
      );
      await signIn(page, company, lang);
      await page.goto(versionsPage(lang, live));
      await expect(badge(page, t, "Live")).toBeVisible();
      expect(await statusOf(token, live.versionId)).toBe(200);

      // A second pause request, approved: Paused.
      const again = await ok<{ id: string }>(
        await api(token, `app-submissions/pause/${live.versionId}`, "PUT", contact),
        "pause request",
      );
      await ok(
        await admin(`status-requests/${again.id}/decision`, "PUT", { decision: "approve" }),
        "approve",
      );
      await page.reload();
      await expect(badge(page, t, "Paused")).toBeVisible();

      await page.goto(versionsPage(lang, paused));
      await expect(badge(page, t, "Paused")).toBeVisible();
      expect(await statusOf(token, paused.versionId)).toBe(300);
      await menuAction(page, t, paused, "1.000", "unpause");
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel(t("review:pause.fields.name"), { exact: true }).fill(contact.name);
      await dialog.getByLabel(t("review:pause.fields.email"), { exact: true }).fill(contact.email);
      await dialog.getByLabel(t("review:pause.fields.phone"), { exact: true }).fill(contact.phone);
      await dialog.getByLabel(t("review:pause.fields.reason"), { exact: true }).fill("Back again.");
      await dialog.getByRole("button", { name: t("review:pause.send"), exact: true }).click();
      await toast(page, t, "requestReceived");
      await expect(badge(page, t, "Paused")).toBeVisible();
      const { requests } = await ok<{
        requests: { id: string; versionId: string; kind: string }[];
      }>(await admin("pending", "GET"), "pending");
      const unpause = requests.find(
        (r) => r.versionId === paused.versionId && r.kind === "unpause",
      );
      expect(unpause, "the unpause request waits for the provider").toBeTruthy();
      await ok(
        await admin(`status-requests/${unpause!.id}/decision`, "PUT", { decision: "approve" }),
        "approve",
      );
      await page.reload();
      await expect(badge(page, t, "Live")).toBeVisible();
    });
  });
}
