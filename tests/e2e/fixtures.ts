/**
 * The e2e suite's `test`: Playwright's, extended with
 *
 * - `guard` (automatic): fails the test when any page of it throws an uncaught error or
 *   reports a Content-Security-Policy violation (browser console messages in both projects,
 *   plus a `securitypolicyviolation` listener in the js project), or shows a translation key
 *   instead of its text at any moment (js project);
 * - `company`: a fresh company with a verified admin user, registered through the sandbox,
 *   terms accepted unless `test.use({ acceptedTerms: false })`;
 * - `lang` (option, default en-AU) and `t`, the console's texts in that language.
 *
 * and helpers: `signIn(page, company, lang)` (by HTTP, then the apps page; `signInThroughForm`
 * for the tests of signing in), `mailLink(email, kind)`, `createCompany()`,
 * `acceptTerms(company)`, `translate(lang, key)`, `lookupName(lang, english)` (a location,
 * product variant or matter type as the sandbox names it in that language), `expectAccessible(page)`.
 *
 *   import { test, expect, signIn, expectAccessible, LANGS } from "./fixtures";
 *
 *   for (const lang of LANGS) {
 *     test.describe(lang, () => {
 *       test.use({ lang });
 *       test("shows the apps", async ({ page, company, lang, t }) => {
 *         await signIn(page, company, lang);
 *         await expect(page.getByRole("heading", { name: t("apps:title") })).toBeVisible();
 *         await expectAccessible(page);
 *       });
 *     });
 *   }
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type Locator, type Page, type Response } from "@playwright/test";
import type { RegistrationRequest } from "~/api/registration/schemas";
import { DUTCH_NAMES } from "../../server/sandbox/seed/lookup-names";
import {
  consoleClientSecretIn,
  createProviderClient,
  type OutboxMail,
  type ProviderClient,
  type Target,
  validRegistration,
} from "../support/provider";
import { trackDocuments } from "./axe";
import {
  ADMIN_TOKEN,
  CONSOLE_CLIENT_ID,
  CONSOLE_URL,
  type Lang,
  OTHER_CONSOLE_URL,
  OTHER_SANDBOX_URL,
  SANDBOX_URL,
} from "./env";
import { runsInThisProject } from "./languages";

export { expect } from "@playwright/test";
export { AXE_TAGS, expectAccessible, formatViolations } from "./axe";
export {
  CONSOLE_URL,
  LANGS,
  type Lang,
  OTHER_API_URL,
  OTHER_CONSOLE_URL,
  RESERVED_NAME,
  SANDBOX_URL,
} from "./env";
export { runsInThisProject } from "./languages";

const root = path.resolve(import.meta.dirname, "../..");

// ---------------------------------------------------------------------------------------
// The sandbox

/** The data folder of the run's sandbox (set by playwright.config.ts, inherited by workers). */
export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir)
    throw new Error("E2E_DATA_DIR is not set: run the e2e tests with `npx playwright test`");
  return dir;
}

let clientSecret: string | undefined;
function consoleClientSecret(): string {
  if (process.env.E2E_CLIENT_SECRET) return process.env.E2E_CLIENT_SECRET;
  if (!clientSecret) {
    const file = path.join(dataDir(), "secrets.json");
    if (!existsSync(file))
      throw new Error(`${file} does not exist: is the sandbox running on this DATA_DIR?`);
    clientSecret = consoleClientSecretIn(dataDir());
  }
  return clientSecret;
}

const target = (): Target => ({
  sandboxUrl: SANDBOX_URL,
  consoleUrl: CONSOLE_URL,
  adminToken: ADMIN_TOKEN,
  clientId: CONSOLE_CLIENT_ID,
  clientSecret: consoleClientSecret(),
});

/** The sandbox's API, reviewer endpoints and OIDC client, bound to the e2e run. */
export const provider = createProviderClient(target);

/** The same of the other provider (another-provider.ts), once its sandbox has written its secrets. */
export const otherProvider = createProviderClient(() => ({
  sandboxUrl: OTHER_SANDBOX_URL,
  consoleUrl: OTHER_CONSOLE_URL,
  adminToken: ADMIN_TOKEN,
  clientId: CONSOLE_CLIENT_ID,
  clientSecret: consoleClientSecretIn(
    path.join(process.env.E2E_OTHER_DATA_DIR as string, "provider"),
  ),
}));

export interface Company {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  companyName: string;
  userId: string;
  companyId: string;
}

export interface CompanyOptions {
  /** Mark the address verified (default true); false leaves the verification mail unused. */
  verified?: boolean;
  /** Accept the terms through the API (default true). */
  acceptedTerms?: boolean;
  /** Fields of the registration request. */
  registration?: Partial<RegistrationRequest>;
}

/** Registers a fresh company and its admin user through the sandbox (the run's, unless `at`). */
export async function createCompany(
  options: CompanyOptions = {},
  at: ProviderClient = provider,
): Promise<Company> {
  const body = validRegistration(options.registration);
  const created = await at.registerOk(body);
  const company: Company = {
    email: created.email,
    password: body.password,
    firstName: body.firstName,
    lastName: body.lastName,
    companyName: body.companyName,
    userId: created.userId,
    companyId: created.companyId,
  };
  if (options.verified !== false) await at.verifyUser(created.userId);
  if (options.acceptedTerms !== false && options.verified !== false) await acceptTerms(company, at);
  return company;
}

/** Accepts the terms for the user, as the console's terms dialog does (`PUT user/accept-terms`). */
export async function acceptTerms(
  company: Pick<Company, "email" | "password">,
  at: ProviderClient = provider,
) {
  const tokens = await at.signIn(company.email, company.password);
  await at.acceptTerms(tokens.access_token);
}

/**
 * The link of the newest mail of a kind (`verify-email`, `reset-password`) sent to an
 * address; waits a few seconds for it to arrive.
 */
export async function mailLink(email: string, kind: string, timeoutMs = 5_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let mails: OutboxMail[] = [];
  for (;;) {
    mails = await provider.outbox(email);
    const mail = mails.find((m) => m.kind === kind);
    if (mail?.link) return mail.link;
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `no ${kind} mail with a link for ${email}; outbox: ${JSON.stringify(mails.map((m) => m.kind))}`,
  );
}

// ---------------------------------------------------------------------------------------
// Languages

const bundles = new Map<string, Record<string, unknown>>();

function bundle(lang: Lang, ns: string): Record<string, unknown> | undefined {
  const key = `${lang}/${ns}`;
  if (!bundles.has(key)) {
    const file = path.join(root, "locales", lang, `${ns}.json`);
    if (!existsSync(file)) return undefined;
    bundles.set(key, JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>);
  }
  return bundles.get(key);
}

function lookup(lang: Lang, ns: string, key: string): string | undefined {
  let node: unknown = bundle(lang, ns);
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/**
 * A text of the console: `translate("nl-NL", "auth:signin.submit")`, with `{{name}}`
 * interpolation. Throws when the key is missing, so a test never looks for a wrong text.
 */
export function translate(
  lang: Lang,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const [ns, k] = key.includes(":") ? key.split(/:(.*)/s, 2) : ["common", key];
  const text = lookup(lang, ns, k);
  if (text === undefined) throw new Error(`no text ${key} in locales/${lang}/${ns}.json`);
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
    String(values[name] ?? `{{${name}}}`),
  );
}

/** The name the console shows for a country of the sandbox, in each language. */
const COUNTRY_NAMES: Record<Lang, Record<string, string>> = {
  "en-AU": {
    AU: "Australia",
    AUB: "Australia (Beta)",
    UK: "United Kingdom",
    US: "United States",
    CA: "Canada",
    NZ: "New Zealand",
  },
  "nl-NL": {
    AU: "Australië",
    AUB: "Australië (bèta)",
    UK: "Verenigd Koninkrijk",
    US: "Verenigde Staten",
    CA: "Canada",
    NZ: "Nieuw-Zeeland",
  },
};

export function countryName(lang: Lang, code: string): string {
  const name = COUNTRY_NAMES[lang][code];
  if (!name) throw new Error(`no name of country ${code} in ${lang}`);
  return name;
}

/**
 * The name the sandbox gives a lookup (a location or grid, a product variant, a matter type) in
 * each language, by its English name: the console shows it as the provider answers it.
 */
export function lookupName(lang: Lang, english: string): string {
  if (lang === "en-AU") return english;
  const name = DUTCH_NAMES[english];
  if (!name) throw new Error(`no Dutch name of ${english} in server/sandbox/seed/lookup-names.ts`);
  return name;
}

// ---------------------------------------------------------------------------------------
// Signing in through the console

function signInField(page: Page, lang: Lang, field: "email" | "password"): Locator {
  return page.getByLabel(translate(lang, `auth:signin.${field}`), { exact: true });
}

function signInButton(page: Page, lang: Lang): Locator {
  return page.getByRole("button", { name: translate(lang, "auth:signin.submit"), exact: true });
}

/**
 * Signs in through the console's sign-in page, as a user does, and waits for `/{lang}/apps`.
 * For the tests of signing in itself; the others use `signIn`.
 */
export async function signInThroughForm(
  page: Page,
  company: Pick<Company, "email" | "password">,
  lang: Lang = "en-AU",
) {
  await base.step(
    `sign in through the form as ${company.email} (${lang})`,
    async () => {
      await chooseLanguageBeforeSignIn(page, lang);
      await page.goto(`/${lang}/auth/signin`);
      await signInField(page, lang, "email").fill(company.email);
      await signInField(page, lang, "password").fill(company.password);
      await signInButton(page, lang).click();
      await page.waitForURL(appsUrl(lang));
    },
    { box: true },
  );
}

/**
 * Chooses `lang` in the browser as the sign-in page's language selector does (its cookie), so
 * that the console opens in it after signing in, whatever language the user saved.
 */
async function chooseLanguageBeforeSignIn(page: Page, lang: Lang) {
  const res = await page.context().request.post(`/${lang}/language`, {
    form: { lang, redirectTo: `/${lang}/auth/signin` },
    maxRedirects: 0,
  });
  if (res.status() !== 302)
    throw new Error(`choosing ${lang} before signing in answered ${res.status()}`);
}

const appsUrl = (lang: Lang, consoleUrl = CONSOLE_URL) =>
  new RegExp(`^${escapeRegExp(consoleUrl)}/${lang}/apps(?:[/?#]|$)`);

/**
 * Signs in by the same requests the sign-in form makes, in the page's own cookie jar (the
 * console's sign-in start, the provider's form post, the redirects back to the console's
 * callback), then opens `/{lang}/apps` in the page, or the page `at` instead. The browser
 * renders only that page: a test whose subject is not signing in saves the sign-in page's
 * load and hydration (and with `at`, the apps page's).
 */
export async function signIn(
  page: Page,
  company: Pick<Company, "email" | "password">,
  lang: Lang = "en-AU",
  { at, consoleUrl = CONSOLE_URL }: { at?: string; consoleUrl?: string } = {},
) {
  await base.step(
    `sign in as ${company.email} (${lang})`,
    async () => {
      const request = page.context().request;
      await chooseLanguageBeforeSignIn(page, lang);
      const form = await request.get(`/${lang}/auth/signin`);
      const action = /<form method="post" action="([^"]*\/interaction\/[^"]+)"/
        .exec(await form.text())?.[1]
        ?.replaceAll("&amp;", "&");
      if (!form.ok() || !action)
        throw new Error(`no sign-in form at ${form.url()} (${form.status()})`);
      // Followed by hand up to the console's callback, whose redirect the page itself opens.
      let response = await request.post(action, {
        form: { email: company.email, password: company.password },
        maxRedirects: 0,
      });
      for (let hops = 0; hops < 10; hops++) {
        const location = response.headers().location;
        if (response.status() < 300 || response.status() >= 400 || !location) break;
        const next = new URL(location, response.url()).href;
        if (appsUrl(lang, consoleUrl).test(next)) {
          await page.goto(at ?? next);
          return;
        }
        response = await request.get(next, { maxRedirects: 0 });
      }
      throw new Error(
        `signing in as ${company.email} ended at ${response.url()} (${response.status()}), not at the apps`,
      );
    },
    { box: true },
  );
}

/** The sign-in page's form fields and button in a language. */
export function signInForm(page: Page, lang: Lang) {
  return {
    email: signInField(page, lang, "email"),
    password: signInField(page, lang, "password"),
    submit: signInButton(page, lang),
  };
}

// ---------------------------------------------------------------------------------------
// Small helpers for the specs

/** True in the `no-js` project. */
export const isNoJs = () => base.info().project.use.javaScriptEnabled === false;

/**
 * With JS, waits until React has hydrated the page (root.tsx then marks <html> with the
 * `js` class): before that, forms submit natively and menus are the no-JS fallbacks.
 * Without JS, returns at once.
 */
export async function hydrated(page: Page) {
  if (isNoJs()) return;
  await base.step(
    "wait for hydration",
    () => page.waitForFunction(() => document.documentElement.classList.contains("js")),
    { box: true },
  );
}

/** The language that is not `lang`. */
export const otherLang = (lang: Lang): Lang => (lang === "en-AU" ? "nl-NL" : "en-AU");

/** Every address a navigation went through, first to last (redirects included). */
export function redirectChain(response: Response | null): string[] {
  const chain: string[] = [];
  for (let request = response?.request() ?? null; request; request = request.redirectedFrom())
    chain.unshift(request.url());
  return chain;
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A URL of the console (path, then an optional query), for toHaveURL. */
export const consoleUrl = (path: string, query = "(?:[?#].*)?") =>
  new RegExp(`^${escapeRegExp(`${CONSOLE_URL}${path}`)}${query}$`);

/** The sign-in page of a language, with its provider interaction. */
export const signInPageUrl = (lang: Lang) =>
  consoleUrl(`/${lang}/auth/signin`, "\\?(?:.*&)?interaction=.*");

/**
 * Picks a language in the language selector of the page (shown in `from`): with JS the
 * change submits the form; without, the Change button does. Waits for the page in `to`.
 */
export async function chooseLanguage(page: Page, from: Lang, to: Lang) {
  await base.step(`choose ${to} in the language selector`, async () => {
    await hydrated(page);
    const select = page.getByRole("combobox", {
      name: translate(from, "language.label"),
      exact: true,
    });
    await select.selectOption(to);
    if (isNoJs())
      await page
        .getByRole("button", { name: translate(from, "language.change"), exact: true })
        .click();
    await page.waitForURL(new RegExp(`^${escapeRegExp(CONSOLE_URL)}/${to}(?:[/?#]|$)`));
  });
}

/**
 * The avatar menu's trigger: the menu button with JS, the <details> disclosure's summary
 * without (named by the user's name either way).
 */
export function avatarMenuTrigger(page: Page, userName: string): Locator {
  return isNoJs()
    ? page.getByRole("group").getByText(userName, { exact: true })
    : page.getByRole("button", { name: userName, exact: true });
}

/**
 * Signs out through the avatar menu and waits for the sign-in page: with JS from the keyboard
 * (Enter opens the menu on its first item, Enter activates it) or with the mouse; without JS
 * the <details> disclosure is clicked open and its Sign out button clicked.
 */
export async function signOutFromMenu(
  page: Page,
  company: Pick<Company, "firstName" | "lastName">,
  lang: Lang,
  how: "keyboard" | "mouse" = "keyboard",
) {
  await base.step(`sign out from the avatar menu (${isNoJs() ? "no JS" : how})`, async () => {
    await hydrated(page);
    const trigger = avatarMenuTrigger(page, `${company.firstName} ${company.lastName}`);
    const name = translate(lang, "nav.signOut");
    if (isNoJs()) {
      await trigger.click();
      await page.getByRole("button", { name, exact: true }).click();
    } else if (how === "keyboard") {
      await trigger.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("menuitem", { name, exact: true })).toBeVisible();
      await page.keyboard.press("Enter");
    } else {
      await trigger.click();
      await page.getByRole("menuitem", { name, exact: true }).click();
    }
    await page.waitForURL(signInPageUrl(lang));
  });
}

// ---------------------------------------------------------------------------------------
// Fixtures

/** What the guard saw; `take()` hands the entries to a test that expects them. */
export interface Guard {
  readonly problems: readonly string[];
  take(): string[];
}

const CSP_MARKER = "[securitypolicyviolation]";

const KEY_MARKER = "[untranslated]";

/** Every translation key of the console (`apps.title`, `appList:apps.title`), as a missing translation renders it. */
function translationKeys(): string[] {
  const dir = path.join(root, "locales", "en-AU");
  const keys = new Set<string>();
  const walk = (ns: string, node: unknown, prefix: string) => {
    if (typeof node === "string") {
      const key = prefix.replace(/_(zero|one|two|few|many|other)$/, "");
      keys.add(key);
      keys.add(`${ns}:${key}`);
      return;
    }
    if (node && typeof node === "object") {
      for (const [name, child] of Object.entries(node))
        walk(ns, child, prefix ? `${prefix}.${name}` : name);
    }
  };
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".json"))) {
    walk(
      file.slice(0, -".json".length),
      JSON.parse(readFileSync(path.join(dir, file), "utf8")),
      "",
    );
  }
  return [...keys].filter((key) => key.includes("."));
}

/**
 * Runs in every page before its own scripts (devtools injection: not subject to the CSP):
 * reports CSP violations, and any text or accessible-name attribute that shows a translation
 * key instead of its text (a namespace not loaded yet on a client navigation), at any moment.
 */
function watchPage({
  cspMarker,
  keyMarker,
  keys,
}: {
  cspMarker: string;
  keyMarker: string;
  keys: string[];
}) {
  document.addEventListener("securitypolicyviolation", (event) => {
    const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : "";
    const reportOnly = event.disposition === "report" ? " (report-only)" : "";
    console.error(
      `${cspMarker} ${event.effectiveDirective} blocked ${event.blockedURI || "inline"}${where}${reportOnly}`,
    );
  });
  const known = new Set(keys);
  const attributes = ["aria-label", "title", "placeholder", "alt"];
  const check = (value: string | null | undefined, where: string) => {
    const text = value?.trim();
    if (text && known.has(text))
      console.error(`${keyMarker} "${text}" shown as ${where} on ${location.pathname}`);
  };
  const scan = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) return check(node.nodeValue, "text");
    if (!(node instanceof Element)) return;
    for (const name of attributes) check(node.getAttribute(name), name);
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let next = walker.nextNode(); next; next = walker.nextNode()) {
      if (next.nodeType === Node.TEXT_NODE) check(next.nodeValue, "text");
      else for (const name of attributes) check((next as Element).getAttribute(name), name);
    }
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === "childList") record.addedNodes.forEach(scan);
      else if (record.type === "characterData") check(record.target.nodeValue, "text");
      else if (record.target instanceof Element && record.attributeName)
        check(record.target.getAttribute(record.attributeName), record.attributeName);
    }
  });
  observer.observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: attributes,
  });
}

interface Options {
  lang: Lang;
  acceptedTerms: boolean;
}

interface Fixtures {
  languageTurn: undefined;
  guard: Guard;
  company: Company;
  t: (key: string, values?: Record<string, string | number>) => string;
}

export const test = base.extend<Options & Fixtures>({
  lang: ["en-AU", { option: true }],
  acceptedTerms: [true, { option: true }],

  languageTurn: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern, and this one has none
    async ({}, use, testInfo) => {
      const project = testInfo.project.use.javaScriptEnabled === false ? "no-js" : "js";
      const { runs, lang } = runsInThisProject(testInfo.titlePath, project);
      testInfo.skip(
        !runs,
        `${lang} runs this test in the other project, the other language in this one (E2E_EVERY_LANGUAGE=1 runs both)`,
      );
      await use(undefined);
    },
    { auto: true },
  ],

  guard: [
    async ({ context }, use) => {
      let problems: string[] = [];
      context.on("weberror", (error) => {
        problems.push(
          `uncaught page error on ${error.page()?.url() ?? "?"}: ${error.error().stack ?? error.error().message}`,
        );
      });
      context.on("console", (message) => {
        const text = message.text();
        if (text.startsWith(CSP_MARKER) || /Content[- ]Security[- ]Policy/i.test(text)) {
          problems.push(`CSP violation on ${message.page()?.url() ?? "?"}: ${text}`);
        } else if (text.startsWith(KEY_MARKER)) {
          problems.push(`translation key shown instead of its text: ${text}`);
        }
      });
      await context.addInitScript(watchPage, {
        cspMarker: CSP_MARKER,
        keyMarker: KEY_MARKER,
        keys: translationKeys(),
      });
      for (const page of context.pages()) trackDocuments(page);
      context.on("page", trackDocuments);

      await use({
        get problems() {
          return problems;
        },
        take() {
          const taken = problems;
          problems = [];
          return taken;
        },
      });

      if (problems.length > 0) {
        throw new Error(
          `The browser reported ${problems.length} problem(s):\n${problems.map((p) => `- ${p}`).join("\n")}`,
        );
      }
    },
    { auto: true },
  ],

  // Registered in the test's language, as through the console's registration page: the
  // user's saved language, in which the console opens at sign-in.
  company: async ({ acceptedTerms, lang }, use) => {
    await use(await createCompany({ acceptedTerms, registration: { localeCode: lang } }));
  },

  t: async ({ lang }, use) => {
    await use((key, values) => translate(lang, key, values));
  },
});

export type { OutboxMail };
