/**
 * Registering a company: the form's required fields,
 * each of its rules with its message next to the field and in the error summary, the entity
 * type choice (only for a country with the lower-level entity flag: UK), the captcha (the
 * ALTCHA widget with JS, a sum to answer without), the company icon, a duplicate email, what a
 * failed submit keeps, and the whole journey: confirmation, the verification mail, its link,
 * and signing in.
 */
import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { jpeg, png } from "../../server/conformance/files";
import { validRegistration } from "../support/provider";
import {
  consoleUrl,
  countryName,
  escapeRegExp,
  expect,
  expectAccessible,
  hydrated,
  isNoJs,
  LANGS,
  type Lang,
  mailLink,
  provider,
  signInForm,
  signInPageUrl,
  signInThroughForm,
  test,
  translate,
} from "./fixtures";

const uniqueEmail = () => `reg-${randomUUID()}@example.test`;

/** A text of the registration page (`auth:register.*`). */
const tr = (lang: Lang, key: string, values?: Record<string, string | number>) =>
  translate(lang, `auth:register.${key}`, values);

const registerUrl = (lang: Lang) => consoleUrl(`/${lang}/auth/register`);

/** The registration form's controls, found by their labels in `lang`. */
function registerForm(page: Page, lang: Lang) {
  const label = (text: string) => page.getByLabel(text, { exact: true });
  const optional = (key: string) => label(`${tr(lang, key)} ${tr(lang, "optional")}`);
  // The state field's label follows the chosen country (State, Country, Province, or all three).
  const stateLabels = ["any", "state", "country", "province"].map((kind) =>
    escapeRegExp(tr(lang, `fields.stateCounty.${kind}`)),
  );
  const captcha = page.getByRole("group", { name: tr(lang, "captcha.legend"), exact: true });
  return {
    title: label(tr(lang, "fields.title.label")),
    firstName: label(tr(lang, "fields.firstName")),
    lastName: label(tr(lang, "fields.lastName")),
    email: label(tr(lang, "fields.email.label")),
    password: label(tr(lang, "fields.password.label")),
    confirmPassword: label(tr(lang, "fields.confirmPassword")),
    companyName: label(tr(lang, "fields.companyName")),
    country: label(tr(lang, "fields.countryId.label")),
    phoneNumber: label(tr(lang, "fields.phoneNumber.label")),
    addressLine1: label(tr(lang, "fields.addressLine1")),
    addressLine2: optional("fields.addressLine2"),
    addressLine3: optional("fields.addressLine3"),
    cityTown: label(tr(lang, "fields.cityTown")),
    zipPostCode: label(tr(lang, "fields.zipPostCode")),
    stateCounty: page.getByLabel(new RegExp(`^(?:${stateLabels.join("|")})$`)),
    // A textbox: 'About your company' is also the legend of the company's fieldset.
    profile: page.getByRole("textbox", { name: tr(lang, "fields.profile.label"), exact: true }),
    website: optional("fields.website"),
    socialPresence: optional("fields.socialPresence.label"),
    supportUrl: optional("fields.supportUrl"),
    termsUrl: optional("fields.termsUrl"),
    companyIcon: optional("fields.companyIcon.label"),
    entityType: page.getByRole("group", { name: tr(lang, "entityType.legend"), exact: true }),
    entityOption: (key: "standard" | "advanced" | "entry") =>
      page.getByRole("radio", { name: tr(lang, `entityType.options.${key}`), exact: true }),
    captcha,
    /** The ALTCHA widget's checkbox (JS), named by its state. */
    widgetCheckbox: (state: "label" | "verified") =>
      captcha.getByRole("checkbox", { name: tr(lang, `captcha.widget.${state}`), exact: true }),
    /** The answer to the question (no JS), labelled by the question. */
    captchaAnswer: captcha.getByRole("textbox"),
    terms: page.getByRole("checkbox", { name: tr(lang, "terms.checkbox"), exact: true }),
    submit: page.getByRole("button", { name: tr(lang, "submit"), exact: true }),
  };
}
type RegisterForm = ReturnType<typeof registerForm>;

/** About-text of `length` characters. */
const aboutText = (length: number) =>
  "We build practice-management add-ons for law firms. "
    .repeat(Math.ceil(length / 52) + 1)
    .slice(0, length)
    .replace(/ $/, ".");

interface Values {
  title: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  companyName: string;
  country: string;
  phoneNumber: string;
  addressLine1: string;
  addressLine2: string;
  addressLine3: string;
  cityTown: string;
  zipPostCode: string;
  stateCounty: string;
  profile: string;
  website: string;
  socialPresence: string;
  supportUrl: string;
  termsUrl: string;
}

function validValues(overrides: Partial<Values> = {}): Values {
  return {
    title: "dr",
    firstName: "Robin",
    lastName: `Register-${randomUUID().slice(0, 6)}`,
    email: uniqueEmail(),
    password: "Valid-pass-1",
    confirmPassword: "Valid-pass-1",
    companyName: `Registered Co ${randomUUID().slice(0, 8)}`,
    country: "AU",
    phoneNumber: "+61 2 9000 0001",
    addressLine1: "1 Test Street",
    addressLine2: "Level 2",
    addressLine3: "",
    cityTown: "Sydney",
    zipPostCode: "2000",
    stateCounty: "NSW",
    profile: aboutText(260),
    website: "https://www.example.com",
    socialPresence: "https://social.example.com/registered-co",
    supportUrl: "https://www.example.com/support",
    termsUrl: "",
    ...overrides,
  };
}

const TEXT_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "companyName",
  "phoneNumber",
  "addressLine1",
  "addressLine2",
  "addressLine3",
  "cityTown",
  "zipPostCode",
  "stateCounty",
  "profile",
  "website",
  "socialPresence",
  "supportUrl",
  "termsUrl",
] as const;

/** Fills every field of the form (not the icon, the entity type, the captcha or the terms). */
async function fillForm(form: RegisterForm, values: Values) {
  await test.step(
    "fill the form",
    async () => {
      await form.title.selectOption(values.title);
      // The country first: with JS it changes the state field's label.
      await form.country.selectOption(values.country);
      for (const name of TEXT_FIELDS) await form[name].fill(values[name]);
      await form.password.fill(values.password);
      await form.confirmPassword.fill(values.confirmPassword);
    },
    { box: true },
  );
}

/** What a failed submit keeps: every value typed or chosen; never the passwords or (without JS) the file. */
async function expectKept(form: RegisterForm, values: Values) {
  await test.step(
    "the form kept what was typed",
    async () => {
      await expect(form.title).toHaveValue(values.title);
      await expect(form.country).toHaveValue(values.country);
      for (const name of TEXT_FIELDS) await expect(form[name], name).toHaveValue(values[name]);
      if (isNoJs()) {
        // A new page from the server: the secrets and the file are not sent back.
        await expect(form.password).toHaveValue("");
        await expect(form.confirmPassword).toHaveValue("");
        expect(
          await form.companyIcon.evaluate((input: HTMLInputElement) => input.files?.length ?? 0),
        ).toBe(0);
      }
    },
    { box: true },
  );
}

/** The question's numbers (no JS), read from the page: 'What is 7 plus 4?'. */
async function readQuestion(form: RegisterForm, lang: Lang): Promise<{ a: number; b: number }> {
  const pattern = escapeRegExp(tr(lang, "captcha.question", { a: "\u0000", b: "\u0001" }))
    .replace("\u0000", "(\\d+)")
    .replace("\u0001", "(\\d+)");
  const text = (await form.captcha.textContent()) ?? "";
  const match = new RegExp(pattern).exec(text);
  if (!match) throw new Error(`no question in the captcha: ${text}`);
  return { a: Number(match[1]), b: Number(match[2]) };
}

/** Does the captcha: ticks the ALTCHA widget and waits for it (JS), or answers the sum (no JS). */
async function solveCaptcha(page: Page, form: RegisterForm, lang: Lang) {
  await test.step(
    "confirm not a robot",
    async () => {
      if (isNoJs()) {
        const { a, b } = await readQuestion(form, lang);
        await expect(form.captchaAnswer).toHaveAccessibleName(
          tr(lang, "captcha.question", { a, b }),
        );
        await form.captchaAnswer.fill(String(a + b));
        return;
      }
      // The label's text: the checkbox itself is covered by the widget's graphic.
      await expect(form.widgetCheckbox("label")).toBeVisible();
      await page.locator("altcha-widget label").click();
      await expect(page.locator("altcha-widget .altcha")).toHaveAttribute(
        "data-state",
        "verified",
        { timeout: 30_000 },
      );
      await expect(form.widgetCheckbox("verified")).toBeChecked();
    },
    { box: true },
  );
}

/** Answers the question wrong (no JS). */
async function answerWrong(form: RegisterForm, lang: Lang) {
  const { a, b } = await readQuestion(form, lang);
  await form.captchaAnswer.fill(String(a + b + 1));
}

const errorSummary = (page: Page, lang: Lang) =>
  page.getByRole("alert", { name: translate(lang, "form.errorSummaryTitle"), exact: true });

/** The summary lists exactly these messages, in page order. */
async function expectSummary(page: Page, lang: Lang, messages: string[]) {
  await expect(errorSummary(page, lang)).toBeVisible();
  await expect(errorSummary(page, lang).getByRole("link")).toHaveText(messages);
}

/**
 * A control shows `message`: marked invalid, the message first in its description (before
 * its hint), and the summary's link to it (to `target`, by default the control's own id).
 */
async function expectFieldError(
  page: Page,
  lang: Lang,
  field: Locator,
  message: string,
  target?: string,
) {
  await test.step(
    `error: ${message}`,
    async () => {
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(
        new RegExp(`^${escapeRegExp(message)}(?:\\s|$)`),
      );
      const id = target ?? (await field.getAttribute("id"));
      await expect(
        errorSummary(page, lang).getByRole("link", { name: message, exact: true }),
      ).toHaveAttribute("href", `#${id}`);
    },
    { box: true },
  );
}

/** The captcha's message: next to the widget (JS) or the question's answer (no JS). */
async function expectCaptchaError(page: Page, form: RegisterForm, lang: Lang, message: string) {
  if (isNoJs()) await expectFieldError(page, lang, form.captchaAnswer, message);
  else await expectFieldError(page, lang, form.widgetCheckbox("label"), message, "captcha-widget");
}

/** Submits; without JS waits for the server's page. */
async function submit(page: Page, form: RegisterForm) {
  if (isNoJs()) {
    await Promise.all([page.waitForEvent("load"), form.submit.click()]);
  } else {
    await form.submit.click();
  }
}

async function openRegister(page: Page, lang: Lang) {
  await page.goto(`/${lang}/auth/register`);
  await expect(
    page.getByRole("heading", { level: 1, name: tr(lang, "title"), exact: true }),
  ).toBeVisible();
  await hydrated(page);
  return registerForm(page, lang);
}

/** A file for the icon input, sent as image/png whatever its bytes are. */
const iconFile = (name: string, bytes: Uint8Array) => ({
  name,
  mimeType: "image/png",
  buffer: Buffer.from(bytes),
});

for (const lang of LANGS) {
  test.describe(lang, () => {
    test.use({ lang });

    test("an empty submit shows every required message next to its field and in the error summary", async ({
      page,
      t,
    }) => {
      const form = await openRegister(page, lang);
      await expect(errorSummary(page, lang)).toHaveCount(0);
      await expectAccessible(page);

      await submit(page, form);
      const e = (key: string) => t(`auth:register.errors.${key}`);
      const captchaMessage = isNoJs() ? e("captchaAnswerRequired") : e("captchaWidgetRequired");
      await expectSummary(page, lang, [
        e("titleRequired"),
        e("firstNameRequired"),
        e("lastNameRequired"),
        e("emailRequired"),
        e("passwordRequired"),
        e("confirmPasswordRequired"),
        e("companyNameRequired"),
        e("countryRequired"),
        e("phoneNumberRequired"),
        e("addressLine1Required"),
        e("cityTownRequired"),
        e("zipPostCodeRequired"),
        e("stateCountyRequired.any"),
        e("profileRequired"),
        captchaMessage,
        e("termsRequired"),
      ]);
      await expectFieldError(page, lang, form.title, e("titleRequired"));
      await expectFieldError(page, lang, form.firstName, e("firstNameRequired"));
      await expectFieldError(page, lang, form.lastName, e("lastNameRequired"));
      await expectFieldError(page, lang, form.email, e("emailRequired"));
      await expectFieldError(page, lang, form.password, e("passwordRequired"));
      await expectFieldError(page, lang, form.confirmPassword, e("confirmPasswordRequired"));
      await expectFieldError(page, lang, form.companyName, e("companyNameRequired"));
      await expectFieldError(page, lang, form.country, e("countryRequired"));
      await expectFieldError(page, lang, form.phoneNumber, e("phoneNumberRequired"));
      await expectFieldError(page, lang, form.addressLine1, e("addressLine1Required"));
      await expectFieldError(page, lang, form.cityTown, e("cityTownRequired"));
      await expectFieldError(page, lang, form.zipPostCode, e("zipPostCodeRequired"));
      await expectFieldError(page, lang, form.stateCounty, e("stateCountyRequired.any"));
      await expectFieldError(page, lang, form.profile, e("profileRequired"));
      await expectCaptchaError(page, form, lang, captchaMessage);
      await expectFieldError(page, lang, form.terms, e("termsRequired"));
      // The optional fields are not in error.
      for (const field of [
        form.addressLine2,
        form.addressLine3,
        form.website,
        form.socialPresence,
        form.supportUrl,
        form.termsUrl,
        form.companyIcon,
      ]) {
        await expect(field).toHaveAttribute("aria-invalid", "false");
      }
      await expect(page).toHaveURL(registerUrl(lang));
      // With JS the browser checked it and the first problem has focus.
      if (!isNoJs()) await expect(form.title).toBeFocused();
      await expectAccessible(page);
    });

    test("each rule shows its message: email, password policy and match, about, social presence, website, terms, captcha", async ({
      page,
      t,
    }) => {
      test.slow(); // three submits, each checked with axe
      const e = (key: string, values?: Record<string, string | number>) =>
        t(`auth:register.errors.${key}`, values);
      const form = await openRegister(page, lang);
      const captchaToken = () => form.captcha.locator("input[name=captchaToken]").inputValue();
      // With JS the widget is left alone here: its message stays in each summary.
      const widgetMessage = isNoJs() ? [] : [e("captchaWidgetRequired")];

      // 1. Invalid email, a password too short and not confirmed, about under 200, social
      //    presence over 1000, a website without its scheme, terms not ticked, the captcha
      //    not done (JS) or answered wrong (no JS).
      const first = validValues({
        email: "not-an-email",
        password: "Sh0rt",
        confirmPassword: "Sh0rt-not-the-same",
        profile: aboutText(199),
        socialPresence: "s".repeat(1001),
        website: "www.example.com",
      });
      await fillForm(form, first);
      const wrongToken = isNoJs() ? await captchaToken() : undefined;
      if (isNoJs()) await answerWrong(form, lang);
      await submit(page, form);

      const captchaMessage = isNoJs() ? e("captcha.question.wrong") : e("captchaWidgetRequired");
      await expectSummary(page, lang, [
        e("emailInvalid"),
        e("passwordPolicy"),
        e("passwordMismatch"),
        e("profileTooShort", { min: 200, count: 199 }),
        e("websiteInvalid"),
        e("socialPresenceTooLong"),
        captchaMessage,
        e("termsRequired"),
      ]);
      await expectFieldError(page, lang, form.email, e("emailInvalid"));
      await expectFieldError(page, lang, form.password, e("passwordPolicy"));
      await expectFieldError(page, lang, form.confirmPassword, e("passwordMismatch"));
      await expectFieldError(
        page,
        lang,
        form.profile,
        e("profileTooShort", { min: 200, count: 199 }),
      );
      await expectFieldError(page, lang, form.website, e("websiteInvalid"));
      await expectFieldError(page, lang, form.socialPresence, e("socialPresenceTooLong"));
      await expectCaptchaError(page, form, lang, captchaMessage);
      await expectFieldError(page, lang, form.terms, e("termsRequired"));
      await expect(form.firstName).toHaveAttribute("aria-invalid", "false");
      await expectKept(form, first);
      await expect(form.terms).not.toBeChecked();
      if (isNoJs()) {
        // A wrong answer spends the question: a new one, its answer empty.
        expect(await captchaToken()).not.toBe(wrongToken);
        await expect(form.captchaAnswer).toHaveValue("");
      } else {
        await expect(form.email).toBeFocused();
      }
      await expectAccessible(page);

      // 2. A password without an uppercase letter; about over 10,000 characters. Without JS
      //    the new question is answered right.
      const second = validValues({
        email: uniqueEmail(),
        password: "nouppercase1",
        confirmPassword: "nouppercase1",
        profile: aboutText(10_001),
      });
      await fillForm(form, second);
      await form.terms.check();
      if (isNoJs()) await solveCaptcha(page, form, lang);
      const rightToken = isNoJs() ? await captchaToken() : undefined;
      const rightAnswer = isNoJs() ? await form.captchaAnswer.inputValue() : undefined;
      await submit(page, form);
      await expectSummary(page, lang, [
        e("passwordPolicy"),
        e("profileTooLong", { max: 10_000, count: 10_001 }),
        ...widgetMessage,
      ]);
      await expectFieldError(page, lang, form.password, e("passwordPolicy"));
      await expectFieldError(
        page,
        lang,
        form.profile,
        e("profileTooLong", { max: 10_000, count: 10_001 }),
      );
      await expect(form.confirmPassword).toHaveAttribute("aria-invalid", "false");
      await expectKept(form, second);
      await expect(form.terms).toBeChecked();
      if (isNoJs()) {
        // A right answer on a form that failed for other reasons is kept, with its question.
        expect(await captchaToken()).toBe(rightToken);
        await expect(form.captchaAnswer).toHaveValue(rightAnswer ?? "");
        await expect(form.captchaAnswer).toHaveAttribute("aria-invalid", "false");
      } else {
        await expect(form.password).toBeFocused();
      }
      await expectAccessible(page);

      // 3. A password without a digit.
      const third = {
        ...second,
        password: "NoDigitsHere",
        confirmPassword: "NoDigitsHere",
        profile: aboutText(300),
      };
      await fillForm(form, third);
      await submit(page, form);
      await expectSummary(page, lang, [e("passwordPolicy"), ...widgetMessage]);
      await expectFieldError(page, lang, form.password, e("passwordPolicy"));
      await expect(form.profile).toHaveAttribute("aria-invalid", "false");
      await expectKept(form, third);
      await expectAccessible(page);
    });

    test("the company icon must be a square PNG of at least 256 × 256 and at most 400 KB", async ({
      page,
      t,
    }) => {
      test.slow(); // four submits, each checked with axe
      const e = (key: string) => t(`auth:register.errors.${key}`);
      const form = await openRegister(page, lang);
      const values = validValues();
      await fillForm(form, values);
      await form.terms.check();
      await solveCaptcha(page, form, lang);

      const cases = [
        {
          what: "not square",
          file: iconFile("wide.png", png(300, 256)),
          message: e("iconInvalidSize"),
        },
        {
          what: "too small",
          file: iconFile("small.png", png(255, 255)),
          message: e("iconInvalidSize"),
        },
        {
          what: "over 400 KB",
          file: iconFile("big.png", png(256, 256, { minBytes: 400 * 1024 + 1 })),
          message: e("iconTooBig"),
        },
        // Judged by its bytes, not by its name or type.
        {
          what: "not a PNG",
          file: iconFile("photo.png", jpeg(256, 256)),
          message: e("iconInvalidType"),
        },
      ];
      let previous = "";
      for (const { what, file, message } of cases) {
        await test.step(`an icon ${what}`, async () => {
          // Without JS the passwords come back empty after each try.
          await form.password.fill(values.password);
          await form.confirmPassword.fill(values.confirmPassword);
          await form.companyIcon.setInputFiles(file);
          await submit(page, form);
          await expectSummary(page, lang, [message]);
          await expectFieldError(page, lang, form.companyIcon, message);
          await expectKept(form, values);
          if (!isNoJs()) await expect(form.companyIcon).toBeFocused();
          // axe once per state: a second icon with the same message renders the same page.
          if (message !== previous) await expectAccessible(page);
          previous = message;
        });
      }
    });

    test("the entity type is offered only for a country with the lower-level entity flag (UK)", async ({
      page,
      t,
    }) => {
      const form = await openRegister(page, lang);
      const uk = countryName(lang, "UK");
      if (!isNoJs()) {
        // With JS the choice appears with the country that offers it, and goes with another.
        await expect(form.entityType).toHaveCount(0);
        await form.country.selectOption("UK");
        await expect(form.entityType).toBeVisible();
        await expect(form.entityOption("standard")).toBeChecked();
        await expect(form.entityOption("advanced")).not.toBeChecked();
        await expect(form.entityOption("entry")).not.toBeChecked();
        await expect(
          page.getByLabel(tr(lang, "fields.stateCounty.country"), { exact: true }),
        ).toBeVisible();
        await expectAccessible(page);
        await form.country.selectOption("AU");
        await expect(form.entityType).toHaveCount(0);
        await form.country.selectOption("US");
        await expect(form.entityType).toHaveCount(0);
        await form.country.selectOption("UK");
        await expect(form.entityType).toBeVisible();
        return;
      }

      // Without JS the choice is always there, saying which countries it is for, and the
      // server refuses Advanced or Entry for any other country.
      await expect(form.entityType).toBeVisible();
      await expect(form.entityType).toHaveAccessibleDescription(
        tr(lang, "entityType.onlyFor", { countries: uk }),
      );
      await expect(form.entityOption("standard")).toBeChecked();
      const values = validValues({ country: "AU" });
      await fillForm(form, values);
      await form.entityOption("advanced").check();
      await form.terms.check();
      await solveCaptcha(page, form, lang);
      await submit(page, form);
      const message = t("auth:register.errors.entityTypeNotOffered", { countries: uk });
      await expectSummary(page, lang, [message]);
      const firstOption = await form.entityOption("standard").getAttribute("id");
      await expect(form.entityType).toHaveAccessibleDescription(
        new RegExp(`^${escapeRegExp(message)}(?:\\s|$)`),
      );
      await expect(form.entityOption("advanced")).toHaveAttribute("aria-invalid", "true");
      await expect(
        errorSummary(page, lang).getByRole("link", { name: message, exact: true }),
      ).toHaveAttribute("href", `#${firstOption}`);
      await expect(form.entityOption("advanced")).toBeChecked();
      await expectKept(form, values);
      await expectAccessible(page);
    });

    test("a duplicate email shows its message next to the email field and keeps the form", async ({
      page,
      company,
      t,
    }) => {
      test.slow(); // the captcha's proof of work (JS)
      const form = await openRegister(page, lang);
      const values = validValues({ email: company.email });
      await fillForm(form, values);
      await form.companyIcon.setInputFiles(iconFile("icon.png", png(256, 256)));
      await form.terms.check();
      await solveCaptcha(page, form, lang);
      await submit(page, form);

      const message = t("auth:register.errors.emailTaken");
      await expectSummary(page, lang, [message]);
      await expectFieldError(page, lang, form.email, message);
      await expect(page).toHaveURL(registerUrl(lang));
      await expectKept(form, values);
      await expect(form.terms).toBeChecked();
      // The registration was sent, so the captcha was used: it must be done again.
      if (isNoJs()) await expect(form.captchaAnswer).toHaveValue("");
      else {
        await expect(form.email).toBeFocused();
        await expect(form.widgetCheckbox("label")).not.toBeChecked();
      }
      await expectAccessible(page);
    });

    test("an email address that had its registrations for the hour: the provider's limit in the page's language, the form kept", async ({
      page,
      t,
    }) => {
      test.slow(); // the captcha's proof of work (JS)
      const email = uniqueEmail();
      // The provider's limit of registrations for one email address (3 an hour), used up through its API.
      for (let i = 0; i < 3; i++) await provider.register(validRegistration({ email }));
      const form = await openRegister(page, lang);
      const values = validValues({ email });
      await fillForm(form, values);
      await form.terms.check();
      await solveCaptcha(page, form, lang);
      await submit(page, form);
      await expect(
        page.getByRole("alert").filter({ hasText: t("auth:register.errors.tooManyAttempts") }),
      ).toBeVisible();
      await expect(page).toHaveURL(registerUrl(lang));
      await expectKept(form, values);
      await expectAccessible(page);
    });

    test("a valid registration confirms, mails the verification link, which verifies the email; then signing in works", async ({
      page,
      t,
    }) => {
      test.slow(); // the whole journey: register, verify, sign in
      const form = await openRegister(page, lang);
      const values = validValues({
        country: "UK",
        phoneNumber: "+44 20 7946 0000",
        cityTown: "London",
        zipPostCode: "SW1A 1AA",
        stateCounty: "Greater London",
        termsUrl: "https://www.example.com/terms",
      });
      await fillForm(form, values);
      await expect(form.entityType).toBeVisible();
      await form.entityOption("advanced").check();
      await form.companyIcon.setInputFiles(iconFile("company-icon.png", png(256, 256)));
      await form.terms.check();
      await solveCaptcha(page, form, lang);
      if (isNoJs()) {
        await submit(page, form);
      } else {
        // While the registration is under way the button says so and cannot be pressed again.
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        let posts = 0;
        await page.route(
          (url) => url.pathname === `/${lang}/auth/register`,
          async (route) => {
            if (route.request().method() === "POST") {
              posts += 1;
              await held;
            }
            await route.fallback();
          },
        );
        await form.submit.click();
        await expect(
          page.getByRole("button", { name: t("auth:register.submitting"), exact: true }),
        ).toBeDisabled();
        await expect.poll(() => posts).toBe(1);
        release();
      }

      await expect(page).toHaveURL(consoleUrl(`/${lang}/auth/register-confirmation`));
      await expect(
        page.getByRole("heading", { level: 1, name: t("auth:confirmation.title"), exact: true }),
      ).toBeVisible();
      await expect(page.getByRole("status")).toHaveText(t("auth:confirmation.body"));
      await expectAccessible(page);

      await page.goto(await mailLink(values.email, "verify-email"));
      await expect(page).toHaveURL(signInPageUrl(lang));
      await expect(
        page.getByRole("status").filter({ hasText: t("auth:signin.messages.emailVerified") }),
      ).toBeVisible();
      await expect(signInForm(page, lang).email).toHaveValue(values.email);
      await expectAccessible(page);

      await signInThroughForm(page, values, lang);
      // A new user: the terms come first.
      await expect(
        page.getByRole("alertdialog", { name: t("terms.title"), exact: true }),
      ).toBeVisible();
    });
  });
}
