/**
 * The settings screen: its tabs are links in the URL; the
 * user settings tab saves the user's language, switching the console to it at once (the URL's
 * language segment included) and keeping it for the next sign-in; the bank account tab
 * (admins only) holds every rule of the form, saves and then updates the details and shows
 * the number on file masked, each save redirecting with its toast; the users tab shows a card
 * per user, and an admin adds, edits and deletes users in dialogs addressed by the URL (every
 * rule of the dialog, the provider's refusals worded, not oneself, not the last admin); a user
 * who is not an admin is offered no bank tab and no user controls and is refused by the API;
 * another company sees nothing of them; the user's saved language opens the console at
 * sign-in in a new browser. Users are added through the provider API
 * (`provider.apiFetch`); what is tested goes through the page. Written per language.
 */
import type { Page } from "@playwright/test";
import { uniqueEmail } from "../support/provider";
import { tokenOf } from "./apps-api";
import {
  acceptTerms,
  consoleUrl,
  createCompany,
  expect,
  expectAccessible,
  hydrated,
  isNoJs,
  LANGS,
  type Lang,
  otherLang,
  provider,
  signIn,
  signInForm,
  signOutFromMenu,
  test,
  translate,
} from "./fixtures";

type T = (key: string, values?: Record<string, string | number>) => string;

const settingsPage = (lang: string, tab?: string) => `/${lang}/settings${tab ? `?tab=${tab}` : ""}`;
const tabLink = (page: Page, t: T, tab: string) =>
  page
    .getByRole("navigation", { name: t("settings:tabs.label") })
    .getByRole("link", { name: t(`settings:tabs.${tab}`), exact: true });
const summaryLink = (page: Page, message: string) =>
  page.getByRole("alert").getByRole("link", { name: message, exact: true });

const bankGet = async (token: string) => provider.apiFetch("settings/bank-details", {}, token);

/** Signs in on the sign-in page of `lang`, as a person does, and leaves the page where the console sends them. */
async function signInOnPage(page: Page, lang: Lang, company: { email: string; password: string }) {
  await page.goto(`/${lang}/auth/signin`);
  const form = signInForm(page, lang);
  await form.email.fill(company.email);
  await form.password.fill(company.password);
  await form.submit.click();
}

for (const lang of LANGS) {
  test.describe(lang, () => {
    test.use({ lang });

    test("user settings: the language saved switches the console at once and stays for the next sign-in", async ({
      page,
      company,
      t,
    }) => {
      await signIn(page, company, lang, { at: settingsPage(lang) });
      await expect(tabLink(page, t, "user")).toHaveAttribute("aria-current", "page");
      await expect(
        page.getByRole("heading", { name: t("settings:user.title"), level: 2 }),
      ).toBeVisible();
      await expectAccessible(page);
      const other = otherLang(lang);
      await hydrated(page);
      await page.getByLabel(t("settings:user.language"), { exact: true }).selectOption(other);
      await page.getByRole("button", { name: t("settings:user.save"), exact: true }).click();
      await expect(page).toHaveURL(consoleUrl(`/${other}/settings`, "\\?tab=user"));
      await expect(
        page.getByRole("heading", { name: translate(other, "settings:user.title"), level: 2 }),
      ).toBeVisible();
      await expect(
        page.getByLabel(translate(other, "settings:user.language"), { exact: true }),
      ).toHaveValue(other);
      await expect(
        page
          .getByRole("status")
          .filter({ hasText: translate(other, "common:toast.savedSuccessfully") }),
      ).toBeVisible();
      const token = await tokenOf(company);
      const preference = (await (await provider.apiFetch("user/preference", {}, token)).json()) as {
        localeCode: string;
      };
      expect(preference.localeCode).toBe(other);
      const me = (await (await provider.apiFetch("user", {}, token)).json()) as {
        localeCode: string;
      };
      expect(me.localeCode).toBe(other);

      // The next sign-in, even one started in the former language, opens the console in the chosen one.
      await signOutFromMenu(page, company, other);
      await signInOnPage(page, lang, company);
      await expect(page).toHaveURL(consoleUrl(`/${other}/apps`));
    });

    test("bank account: every rule, saved, then updated with the number on file masked", async ({
      page,
      company,
      t,
    }) => {
      await signIn(page, company, lang, { at: settingsPage(lang) });
      await tabLink(page, t, "bank").click();
      await expect(page).toHaveURL(consoleUrl(`/${lang}/settings`, "\\?tab=bank"));
      await expect(tabLink(page, t, "bank")).toHaveAttribute("aria-current", "page");
      const field = (name: string) =>
        page.getByLabel(t(`settings:bank.fields.${name}`), { exact: true });
      const label = (name: string) => t(`settings:bank.fields.${name}`);
      const save = page.getByRole("button", { name: t("settings:bank.save"), exact: true });
      // The BSB and the account number are capped (6 and 30) on a numeric keyboard, with or without JavaScript.
      for (const [name, max] of [
        ["bsb", 6],
        ["accountNumber", 30],
      ] as const) {
        await expect(field(name)).toHaveAttribute("inputmode", "numeric");
        await expect(field(name)).toHaveAttribute("maxlength", String(max));
      }
      await expectAccessible(page);
      await hydrated(page);
      await field("accountNumber").fill("1234567890".repeat(3));
      await field("accountNumber").press("End");
      await field("accountNumber").pressSequentially("12a");
      await expect(field("accountNumber")).toHaveValue("1234567890".repeat(3));
      if (!isNoJs()) {
        // With JavaScript each keeps digits only, at most its cap.
        await field("bsb").pressSequentially("06-20a001");
        await expect(field("bsb")).toHaveValue("062000");
        await field("bsb").fill("");
        await field("accountNumber").fill("");
        await field("accountNumber").pressSequentially("12-34 ab56");
        await expect(field("accountNumber")).toHaveValue("123456");
      }
      await field("accountNumber").fill("");

      await save.click();
      for (const name of ["accountName", "bsb", "accountNumber"]) {
        await expect(
          summaryLink(page, t("settings:errors.required", { field: label(name) })),
        ).toBeVisible();
      }
      await expectAccessible(page);
      if (!isNoJs()) {
        // The failed submit took focus to the summary; typing that changes it leaves focus in the field.
        await expect(
          page.getByRole("alert").filter({
            has: page.getByRole("link", {
              name: t("settings:errors.required", { field: label("bsb") }),
              exact: true,
            }),
          }),
        ).toBeFocused();
        await field("accountName").pressSequentially("Acme");
        await expect(
          summaryLink(page, t("settings:errors.required", { field: label("accountName") })),
        ).toHaveCount(0);
        await expect(field("accountName")).toBeFocused();
        await field("accountName").fill("");
      }

      await field("accountName").fill("Acme Pty Ltd");
      await field("bsb").fill("12345");
      await field("accountNumber").fill("12a45");
      await save.click();
      await expect(summaryLink(page, t("settings:errors.bsbMustBe6Digits"))).toBeVisible();
      // A failed save keeps what was typed (with JavaScript the letter never got in).
      await expect(field("accountName")).toHaveValue("Acme Pty Ltd");
      if (isNoJs()) {
        await expect(
          summaryLink(page, t("settings:errors.mustBeDigits", { field: label("accountNumber") })),
        ).toBeVisible();
        await expect(field("accountNumber")).toHaveValue("12a45");
      } else {
        await expect(field("accountNumber")).toHaveValue("1245");
      }

      // Past the cap (a browser that ignores it), the console refuses the number next to the field, keeping it.
      const posted = await page.request.post(settingsPage(lang, "bank"), {
        form: {
          intent: "bank",
          accountName: "Acme Pty Ltd",
          bsb: "062000",
          accountNumber: "1".repeat(31),
        },
      });
      expect(posted.status()).toBe(400);
      const refused = await posted.text();
      expect(refused).toContain(
        t("settings:errors.atMost30Digits", { field: label("accountNumber") }),
      );
      expect(refused).toContain(`value="${"1".repeat(31)}"`);

      await field("accountName").fill("  Acme Pty Ltd  ");
      await field("bsb").fill("062000");
      await field("accountNumber").fill(" 12345678 ");
      await save.click();
      // Post/redirect/get: the saved details are the page's, with the toast.
      await expect(
        page.getByRole("status").filter({ hasText: t("common:toast.bankDetailsSaved") }),
      ).toBeVisible();
      await expect(page).toHaveURL(consoleUrl(`/${lang}/settings`, "\\?tab=bank"));
      await expect(page.getByText(t("settings:bank.onFile", { masked: "*****678" }))).toBeVisible();
      await expect(field("accountName")).toHaveValue("Acme Pty Ltd");
      await expect(field("accountNumber")).toHaveValue("");
      const update = page.getByRole("button", { name: t("settings:bank.update"), exact: true });
      await expect(update).toBeVisible();
      await expect(save).toHaveCount(0);

      // The number on file is masked, so an update asks for it again.
      await update.click();
      await expect(
        summaryLink(page, t("settings:errors.required", { field: label("accountNumber") })),
      ).toBeVisible();
      await field("accountNumber").fill("987654321");
      await update.click();
      await expect(
        page.getByRole("status").filter({ hasText: t("common:toast.bankDetailsUpdated") }),
      ).toBeVisible();
      await expect(
        page.getByText(t("settings:bank.onFile", { masked: "******321" })),
      ).toBeVisible();
      await expectAccessible(page);

      const saved = (await (await bankGet(await tokenOf(company))).json()) as {
        accountName: string;
        bsb: string;
        accountNumber: string;
      }[];
      expect(saved).toEqual([
        expect.objectContaining({
          accountName: "Acme Pty Ltd",
          bsb: "062000",
          accountNumber: "******321",
        }),
      ]);
    });

    test("a user who is not an admin has no bank tab and no user controls and is refused; another company sees nothing", async ({
      page,
      company,
      t,
    }) => {
      const adminToken = await tokenOf(company);
      const saved = await provider.apiFetch(
        "settings/bank-details",
        {
          method: "POST",
          body: JSON.stringify({ accountName: "Acme", bsb: "062000", accountNumber: "12345678" }),
        },
        adminToken,
      );
      expect(saved.status).toBe(201);
      const { id } = (await saved.json()) as { id: string };
      const member = { email: uniqueEmail("member"), password: "Valid-pass-2" };
      const created = await provider.apiFetch(
        "user",
        {
          method: "POST",
          body: JSON.stringify({
            title: "mr",
            firstName: "Sam",
            lastName: "Member",
            ...member,
            confirmPassword: member.password,
            admin: false,
          }),
        },
        adminToken,
      );
      expect(created.status).toBe(201);
      await acceptTerms(member);

      await signIn(page, member, lang);
      await page.goto(settingsPage(lang, "bank"));
      await expect(tabLink(page, t, "user")).toHaveAttribute("aria-current", "page");
      await expect(tabLink(page, t, "bank")).toHaveCount(0);
      await expect(page.getByLabel(t("settings:bank.fields.bsb"), { exact: true })).toHaveCount(0);
      await expect(page.getByText("*****678")).toHaveCount(0);
      await expectAccessible(page);

      // The users tab: a card per user, the admin marked, the member's own card marked as theirs.
      await tabLink(page, t, "users").click();
      await expect(page).toHaveURL(consoleUrl(`/${lang}/settings`, "\\?tab=users"));
      const cards = page
        .getByRole("region", { name: t("settings:users.title") })
        .getByRole("listitem");
      await expect(cards).toHaveCount(2);
      const adminCard = cards.filter({ hasText: company.email });
      await expect(
        adminCard.getByRole("heading", { name: `${company.firstName} ${company.lastName}` }),
      ).toBeVisible();
      await expect(adminCard.getByText(t("settings:users.admin"), { exact: true })).toBeVisible();
      const ownCard = cards.filter({ hasText: member.email });
      await expect(
        ownCard.getByRole("heading", { name: `Sam Member ${t("settings:users.you")}` }),
      ).toBeVisible();
      await expect(ownCard.getByText(t("settings:users.admin"), { exact: true })).toHaveCount(0);
      // No user controls, and the dialogs' addresses open nothing.
      await expect(
        page.getByRole("link", { name: t("settings:users.new"), exact: true }),
      ).toHaveCount(0);
      await expect(cards.getByRole("link")).toHaveCount(0);
      await expectAccessible(page);
      const { userId: memberId } = (await created.json()) as { userId: string };
      for (const dialog of [
        "user=new",
        `edit=${company.userId}`,
        `delete=${company.userId}`,
        `edit=${memberId}`,
      ]) {
        await page.goto(`${settingsPage(lang, "users")}&${dialog}`);
        await expect(cards).toHaveCount(2);
        await expect(page.getByRole("dialog")).toHaveCount(0);
        await expect(page.getByRole("alertdialog")).toHaveCount(0);
      }
      // A post of the dialogs' forms is refused by the console, in words, and changes nothing.
      const posted = await page.request.post(settingsPage(lang, "users"), {
        form: { intent: "user-delete", userId: company.userId },
        maxRedirects: 0,
      });
      expect(posted.status()).toBe(302);
      await page.goto(posted.headers().location);
      await expect(
        page.getByRole("alertdialog").getByText(t("settings:errors.adminOnly")),
      ).toBeVisible();

      const memberToken = await tokenOf(member);
      // The provider refuses a user who is not an admin every change of the company's users.
      const asMember = [
        await provider.apiFetch(
          "user",
          {
            method: "POST",
            body: JSON.stringify({
              title: "mr",
              firstName: "A",
              lastName: "B",
              email: uniqueEmail("x"),
              password: "Valid-pass-3",
              confirmPassword: "Valid-pass-3",
            }),
          },
          memberToken,
        ),
        await provider.apiFetch(
          "user",
          {
            method: "PUT",
            body: JSON.stringify({
              userId: memberId,
              title: "mr",
              firstName: "Sam",
              lastName: "Member",
              email: member.email,
              admin: true,
            }),
          },
          memberToken,
        ),
        await provider.apiFetch(`user/${company.userId}`, { method: "DELETE" }, memberToken),
      ];
      for (const res of asMember) {
        expect(res.status).toBe(403);
        expect(((await res.json()) as { errors: unknown }).errors).toEqual({ body: "adminOnly" });
      }
      expect((await bankGet(memberToken)).status).toBe(403);
      const body = JSON.stringify({ accountName: "Mine", bsb: "111111", accountNumber: "999" });
      expect(
        (
          await provider.apiFetch(
            `settings/bank-details/${id}`,
            { method: "PUT", body },
            memberToken,
          )
        ).status,
      ).toBe(403);

      const other = await createCompany();
      const otherToken = await tokenOf(other);
      expect(await (await bankGet(otherToken)).json()).toEqual([]);
      const theirUsers = (await (await provider.apiFetch("user/list", {}, otherToken)).json()) as {
        email: string;
      }[];
      expect(theirUsers.map((user) => user.email)).toEqual([other.email]);
      expect(
        (
          await provider.apiFetch(
            `settings/bank-details/${id}`,
            { method: "PUT", body },
            otherToken,
          )
        ).status,
      ).toBe(404);
      // Another company's admin can neither change nor delete this company's users.
      expect(
        (await provider.apiFetch(`user/${memberId}`, { method: "DELETE" }, otherToken)).status,
      ).toBe(404);
      const change = JSON.stringify({
        userId: memberId,
        title: "mr",
        firstName: "Taken",
        lastName: "Over",
        email: member.email,
        admin: true,
      });
      expect(
        (await provider.apiFetch("user", { method: "PUT", body: change }, otherToken)).status,
      ).toBe(404);
      expect(
        (
          (await (await provider.apiFetch("user/list", {}, adminToken)).json()) as {
            email: string;
            firstName: string;
          }[]
        ).map((user) => user.firstName),
      ).toEqual([company.firstName, "Sam"]);
      expect(
        ((await (await bankGet(adminToken)).json()) as { accountName: string }[])[0].accountName,
      ).toBe("Acme");
    });

    test("users: an admin adds, edits and deletes users in dialogs by the URL, with every rule; not themself, not the last admin", async ({
      page,
      company,
      t,
    }) => {
      await signIn(page, company, lang);
      await page.goto(settingsPage(lang, "users"));
      const cards = page
        .getByRole("region", { name: t("settings:users.title") })
        .getByRole("listitem");
      await expect(cards).toHaveCount(1);
      await expectAccessible(page);
      await hydrated(page);

      await page.getByRole("link", { name: t("settings:users.new"), exact: true }).click();
      await expect(page).toHaveURL(consoleUrl(`/${lang}/settings`, "\\?tab=users&user=new"));
      const dialog = page.getByRole("dialog", { name: t("settings:userDialog.newTitle") });
      await expect(dialog).toBeVisible();
      const label = (name: string) => t(`settings:userDialog.fields.${name}`);
      const field = (name: string) => dialog.getByLabel(label(name), { exact: true });
      const add = dialog.getByRole("button", {
        name: t("settings:userDialog.create"),
        exact: true,
      });
      await add.click();
      await expect(summaryLink(page, t("settings:userDialog.errors.title"))).toBeVisible();
      for (const name of ["firstName", "lastName", "email", "password", "confirmPassword"]) {
        await expect(
          summaryLink(page, t("settings:errors.required", { field: label(name) })),
        ).toBeVisible();
      }
      await expectAccessible(page);

      await field("title").selectOption("dr");
      await field("firstName").fill("Jo");
      await field("lastName").fill("L".repeat(101));
      await field("email").fill("jo@");
      await field("password").fill("nouppercase1");
      await field("confirmPassword").fill("Other-pass-1");
      await add.click();
      await expect(
        summaryLink(page, t("settings:errors.tooLong", { field: label("lastName"), max: 100 })),
      ).toBeVisible();
      await expect(summaryLink(page, t("settings:userDialog.errors.invalidEmail"))).toBeVisible();
      await expect(summaryLink(page, t("settings:userDialog.errors.passwordPolicy"))).toBeVisible();
      await expect(summaryLink(page, t("settings:errors.passwordMismatch"))).toBeVisible();

      // The provider's refusal (an address in use), worded next to its field; what was typed is kept.
      await field("lastName").fill("Lee");
      await field("email").fill(company.email);
      await field("password").fill("Member-pass-1");
      await field("confirmPassword").fill("Member-pass-1");
      await add.click();
      await expect(summaryLink(page, t("settings:errors.taken"))).toBeVisible();
      await expect(field("firstName")).toHaveValue("Jo");
      await expect(field("title")).toHaveValue("dr");
      const email = uniqueEmail("member");
      await field("email").fill(email);
      await field("password").fill("Member-pass-1");
      await field("confirmPassword").fill("Member-pass-1");
      await add.click();
      await expect(
        page.getByRole("status").filter({ hasText: t("common:toast.savedSuccessfully") }),
      ).toBeVisible();
      await expect(page).toHaveURL(consoleUrl(`/${lang}/settings`, "\\?tab=users"));
      await expect(cards).toHaveCount(2);
      const card = cards.filter({ hasText: email });
      await expect(card.getByRole("heading", { name: "Jo Lee" })).toBeVisible();
      await expect(card.getByText(t("settings:users.admin"), { exact: true })).toHaveCount(0);
      const token = await tokenOf(company);
      const listed = async () =>
        (await (await provider.apiFetch("user/list", {}, token)).json()) as {
          userId: string;
          email: string;
          firstName: string;
          title: string;
          admin: boolean;
        }[];
      expect((await listed()).find((user) => user.email === email)).toMatchObject({
        title: "dr",
        firstName: "Jo",
        admin: false,
      });
      // The new user signs in with the password given.
      expect(await tokenOf({ email, password: "Member-pass-1" })).toBeTruthy();

      // The company's only admin keeps the flag.
      const ownCard = cards.filter({ hasText: company.email });
      const ownName = `${company.firstName} ${company.lastName}`;
      await expect(
        ownCard.getByRole("link", { name: t("settings:users.deleteLabel", { name: ownName }) }),
      ).toHaveCount(0);
      await ownCard
        .getByRole("link", { name: t("settings:users.editLabel", { name: ownName }) })
        .click();
      const edit = page.getByRole("dialog", { name: t("settings:userDialog.editTitle") });
      const editField = (name: string) => edit.getByLabel(label(name), { exact: true });
      await expect(editField("email")).toHaveValue(company.email);
      await expect(editField("admin")).toBeChecked();
      await editField("admin").uncheck();
      await edit.getByRole("button", { name: t("settings:userDialog.save"), exact: true }).click();
      await expect(summaryLink(page, t("settings:errors.lastAdmin"))).toBeVisible();
      await expectAccessible(page);
      await edit.getByRole("link", { name: t("settings:userDialog.cancel"), exact: true }).click();
      await expect(edit).toHaveCount(0);
      await expect(page).toHaveURL(consoleUrl(`/${lang}/settings`, "\\?tab=users"));

      // Edit: the password is kept when none is given; the user becomes an admin.
      await card
        .getByRole("link", { name: t("settings:users.editLabel", { name: "Jo Lee" }) })
        .click();
      await expect(editField("firstName")).toHaveValue("Jo");
      await expect(editField("password")).toHaveValue("");
      await editField("firstName").fill("Joanne");
      await editField("admin").check();
      await edit.getByRole("button", { name: t("settings:userDialog.save"), exact: true }).click();
      await expect(
        page.getByRole("status").filter({ hasText: t("common:toast.savedSuccessfully") }),
      ).toBeVisible();
      await expect(edit).toHaveCount(0);
      const changed = cards.filter({ hasText: email });
      await expect(changed.getByRole("heading", { name: "Joanne Lee" })).toBeVisible();
      await expect(changed.getByText(t("settings:users.admin"), { exact: true })).toBeVisible();
      expect((await listed()).find((user) => user.email === email)).toMatchObject({
        firstName: "Joanne",
        admin: true,
      });
      expect(await tokenOf({ email, password: "Member-pass-1" })).toBeTruthy();

      // Nobody deletes themself: the dialog's address says why, with no way to confirm.
      await page.goto(`${settingsPage(lang, "users")}&delete=${company.userId}`);
      const refusal = page.getByRole("alertdialog", { name: t("settings:users.deleteTitle") });
      await expect(refusal.getByText(t("settings:errors.cannotDeleteSelf"))).toBeVisible();
      await expect(refusal.getByRole("button", { name: t("common:confirm.yes") })).toHaveCount(0);
      await expectAccessible(page);
      await refusal.getByRole("link", { name: t("settings:users.close"), exact: true }).click();
      await expect(refusal).toHaveCount(0);

      // Delete, with confirmation.
      await changed
        .getByRole("link", { name: t("settings:users.deleteLabel", { name: "Joanne Lee" }) })
        .click();
      await expect(page).toHaveURL(consoleUrl(`/${lang}/settings`, "\\?tab=users&delete=.*"));
      const confirm = page.getByRole("alertdialog", { name: t("settings:users.deleteTitle") });
      await expect(
        confirm.getByText(t("settings:users.deleteBody", { name: "Joanne Lee", email })),
      ).toBeVisible();
      await expectAccessible(page);
      await confirm.getByRole("button", { name: t("common:confirm.yes"), exact: true }).click();
      await expect(
        page.getByRole("status").filter({ hasText: t("common:toast.deletedSuccessfully") }),
      ).toBeVisible();
      await expect(cards).toHaveCount(1);
      expect((await listed()).map((user) => user.email)).toEqual([company.email]);
    });

    test("the saved language opens the console at sign-in in a browser that chose none", async ({
      page,
      company,
    }) => {
      const other = otherLang(lang);
      const saved = await provider.apiFetch(
        "user/preference",
        { method: "PUT", body: JSON.stringify({ localeCode: other }) },
        await tokenOf(company),
      );
      expect(saved.status).toBe(200);
      // A new browser: no language chosen in it; the sign-in starts in the other language.
      await signInOnPage(page, lang, company);
      await expect(page).toHaveURL(consoleUrl(`/${other}/apps`));
      await expect(page.locator("html")).toHaveAttribute("lang", other);
      // Remembered in this browser: a path without a language opens in it.
      await page.goto("/settings");
      await expect(page).toHaveURL(consoleUrl(`/${other}/settings`));
      await expect(
        page.getByLabel(translate(other, "settings:user.language"), { exact: true }),
      ).toHaveValue(other);
    });
  });
}
