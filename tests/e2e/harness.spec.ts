/**
 * The harness itself: the product is up, the sandbox fixtures make what they promise, the
 * axe helper can fail (in both projects) and checks a page state once per run, and the guard catches CSP violations and page
 * errors.
 */

import { pageState } from "./axe";
import {
  CONSOLE_URL,
  createCompany,
  expect,
  expectAccessible,
  LANGS,
  mailLink,
  provider,
  runsInThisProject,
  SANDBOX_URL,
  signIn,
  test,
} from "./fixtures";

const isNoJs = () => test.info().project.use.javaScriptEnabled === false;

interface AdminUser {
  id: string;
  email: string;
  isAdmin: boolean;
  emailVerified: boolean;
  termsAccepted: boolean;
}

async function adminUser(companyId: string, userId: string): Promise<AdminUser | undefined> {
  const res = await provider.admin(`users?companyId=${companyId}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as AdminUser[]).find((u) => u.id === userId);
}

/** A page at a console address, answered by the test itself with these headers. */
async function servePage(
  page: import("@playwright/test").Page,
  html: string,
  headers: Record<string, string> = {},
) {
  const url = `${CONSOLE_URL}/__harness__/page`;
  await page.route(url, (route) =>
    route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", headers, body: html }),
  );
  await page.goto(url);
}

const doc = (body: string, head = "") =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harness</title>${head}</head><body><main><h1>Harness</h1>${body}</main></body></html>`;

test.describe("servers", () => {
  test("the console and the sandbox answer their health checks", async ({ request }) => {
    for (const url of [`${CONSOLE_URL}/healthz`, `${SANDBOX_URL}/healthz`]) {
      const res = await request.get(url);
      expect(res.status(), url).toBe(200);
      expect(await res.json()).toEqual({ status: "ok" });
    }
  });
});

test.describe("sandbox fixtures", () => {
  test("company is a fresh, verified company whose admin has accepted the terms", async ({
    company,
  }) => {
    expect(company.email).toMatch(/@example\.test$/);
    expect(company).toMatchObject({
      firstName: "Alex",
      lastName: "Tester",
      password: "Valid-pass-1",
    });
    expect(company.companyName).toMatch(/^Test Company /);

    const mails = await provider.outbox(company.email);
    expect(mails.map((m) => m.kind)).toContain("verify-email");
    expect(await mailLink(company.email, "verify-email")).toMatch(
      new RegExp(`^${SANDBOX_URL}/verify-email`),
    );

    expect(await adminUser(company.companyId, company.userId)).toMatchObject({
      email: company.email,
      isAdmin: true,
      emailVerified: true,
      termsAccepted: true,
    });
  });

  test.describe("with acceptedTerms false", () => {
    test.use({ acceptedTerms: false });
    test("the admin has not accepted the terms", async ({ company }) => {
      expect(await adminUser(company.companyId, company.userId)).toMatchObject({
        emailVerified: true,
        termsAccepted: false,
      });
    });
  });

  test("createCompany({ verified: false }) leaves the verification to the mailed link", async () => {
    const company = await createCompany({ verified: false, registration: { firstName: "Uma" } });
    expect(company.firstName).toBe("Uma");
    expect(await adminUser(company.companyId, company.userId)).toMatchObject({
      emailVerified: false,
      termsAccepted: false,
    });
    const res = await fetch(await mailLink(company.email, "verify-email"), { redirect: "manual" });
    expect(res.status).toBe(303);
    expect(await adminUser(company.companyId, company.userId)).toMatchObject({
      emailVerified: true,
    });
  });
});

test.describe("axe helper", () => {
  test("fails on a page with violations, with a readable list", async ({ page }) => {
    await page.setContent(
      doc(`<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><form><input name="q"></form>`),
    );
    let message = "";
    try {
      await expectAccessible(page);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("accessibility violation(s)");
    expect(message).toMatch(/image-alt \[critical\]/);
    expect(message).toMatch(/label \[critical\]/);
    expect(message).toContain('["img"]');
    expect(message).toContain("https://dequeuniversity.com/rules/axe/");
  });

  test("passes on a clean page", async ({ page }) => {
    await page.setContent(
      doc(
        `<img alt="Logo" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><form><label for="q">Search</label><input id="q" name="q"></form>`,
      ),
    );
    await expectAccessible(page);
  });

  test("checks the page with its stylesheets applied", async ({ page }) => {
    // Grey on white fails colour contrast only when the stylesheet is applied. (A data: URL:
    // the test's own page.route() mocks do not reach the no-JS snapshot's context.)
    const css = encodeURIComponent("p { color: #bbb; background: #fff; }");
    await servePage(
      page,
      doc(`<p>Hard to read</p>`, `<link rel="stylesheet" href="data:text/css,${css}">`),
    );
    await expect(expectAccessible(page)).rejects.toThrow(/color-contrast \[serious\]/);
  });

  test("sees what a no-JS user sees: noscript content shown, scripts not run", async ({ page }) => {
    // Without JS the <noscript> image (no alt) is shown; with JS the script adds one.
    const html = doc(
      `<noscript><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></noscript>` +
        `<script>document.querySelector("main").insertAdjacentHTML("beforeend", '<input name="x">')</script>`,
    );
    await servePage(page, html, { "content-security-policy": "script-src 'unsafe-inline'" });
    const failure = await expectAccessible(page).then(
      () => "",
      (error: Error) => error.message,
    );
    if (isNoJs()) {
      expect(failure).toContain("image-alt");
      expect(failure).not.toContain("label [");
    } else {
      expect(failure).toContain("label [");
      expect(failure).not.toContain("image-alt");
    }
  });

  test("looks inside frames", async ({ page }) => {
    const inner = `<!doctype html><html lang="en"><head><title>Inner</title></head><body><main><img src="data:,"></main></body></html>`;
    await servePage(page, doc(`<iframe title="Inner" srcdoc='${inner}'></iframe>`));
    await expect(expectAccessible(page)).rejects.toThrow(/image-alt \[critical\][\s\S]*"iframe"/);
  });

  test("a page state is checked once per run: pages that differ only in words or numbers are one state", () => {
    const page = (name: string, id: string, href: string) =>
      `<main><h1 title="${name}">${name}</h1><a href="${href}" aria-label="Open ${name}">${name}</a><label for="${id}">Name</label><input id="${id}" value="${name}"><script nonce="${name}">${name}</script></main>`;
    const state = pageState(page("Acme", "f1", "/en-AU/apps/12?x=1"));
    expect(pageState(page("Bolt & Co", "f1", "/en-AU/apps/345?x=2"))).toBe(state);
    // Structure, empty text, ids, classes and inline stylesheets are part of the state.
    expect(pageState(page("", "f1", "/en-AU/apps/12"))).not.toBe(state);
    expect(pageState(page("Acme", "f2", "/en-AU/apps/12"))).not.toBe(state);
    expect(
      pageState(page("Acme", "f1", "/en-AU/apps/12").replace("<main>", '<main class="dark">')),
    ).not.toBe(state);
    expect(pageState(`<link href="data:text/css,p{color:%23bbb}">`)).not.toBe(
      pageState(`<link href="data:text/css,p{color:%23000}">`),
    );
  });

  test("runs in a page with a strict CSP without causing a violation", async ({ page }) => {
    // The guard fails this test if injecting axe trips the page's policy.
    await servePage(page, doc(`<p>Strict</p>`), {
      "content-security-policy":
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    });
    await expectAccessible(page);
  });
});

test.describe("guard", () => {
  test("records a CSP violation (the browser's report, and the listener's with JS)", async ({
    page,
    guard,
  }) => {
    await servePage(
      page,
      doc(`<img alt="blocked" src="${SANDBOX_URL}/healthz"><script>window.ran = true</script>`),
      {
        "content-security-policy": "default-src 'self'; img-src 'self'; script-src 'none'",
      },
    );
    await expect.poll(() => guard.problems.length).toBeGreaterThan(0);
    if (!isNoJs())
      await expect
        .poll(() => guard.problems.filter((p) => p.includes("[securitypolicyviolation]")).length)
        .toBe(2);
    const problems = guard.take();
    expect(problems.join("\n")).toMatch(/CSP violation on .*__harness__.*img-src/s);
    if (!isNoJs()) {
      expect(problems.join("\n")).toContain("[securitypolicyviolation] img-src blocked");
      expect(problems.join("\n")).toContain(
        "[securitypolicyviolation] script-src-elem blocked inline",
      );
    }
  });

  test("records an uncaught page error", async ({ page, guard }) => {
    // biome-ignore lint/suspicious/noSkippedTests: the no-JS project runs no page scripts to throw
    test.skip(isNoJs(), "no scripts run without JS");
    await page.setContent(
      doc(`<script>setTimeout(() => { throw new Error("harness boom") })</script>`),
    );
    await expect.poll(() => guard.problems.join("\n")).toContain("harness boom");
    guard.take();
  });

  test("fails the test when a problem is left (an expected failure)", async ({ page, guard }) => {
    test.fail(true, "the guard must fail this test in its teardown");
    await servePage(page, doc(`<img alt="blocked" src="${SANDBOX_URL}/healthz">`), {
      "content-security-policy": "img-src 'none'",
    });
    await expect.poll(() => guard.problems.length).toBeGreaterThan(0);
  });
});

test.describe("languages and projects", () => {
  test("a test written per language runs in one language per project, the pair covering both; others run everywhere", () => {
    // biome-ignore lint/suspicious/noSkippedTests: checks the split of languages, which E2E_EVERY_LANGUAGE=1 turns off
    test.skip(process.env.E2E_EVERY_LANGUAGE === "1", "every language runs in every project");
    const withJs = new Set<string>();
    for (const title of ["shows the apps", "saves the details", "signs out", "archives an app"]) {
      for (const path of [
        (lang: string) => ["a.spec.ts", lang, title],
        (lang: string) => ["a.spec.ts", "at 390 px", `${title} (${lang})`],
      ]) {
        const turns = LANGS.map((lang) => ({
          lang,
          js: runsInThisProject(path(lang), "js"),
          noJs: runsInThisProject(path(lang), "no-js"),
        }));
        for (const { lang, js, noJs } of turns) {
          expect(js.lang).toBe(lang);
          expect(js.runs).not.toBe(noJs.runs);
        }
        expect(turns.filter((turn) => turn.js.runs)).toHaveLength(1);
        withJs.add(turns.find((turn) => turn.js.runs)!.lang);
      }
    }
    expect([...withJs].sort()).toEqual([...LANGS].sort());
    expect(runsInThisProject(["a.spec.ts", "guard", "records an error"], "no-js")).toEqual({
      runs: true,
      lang: undefined,
    });
  });
});

test.describe("console sign-in helper", () => {
  for (const lang of LANGS) {
    test(`signIn reaches /${lang}/apps`, async ({ page, company }) => {
      await signIn(page, company, lang);
      await expect(page).toHaveURL(new RegExp(`/${lang}/apps`));
      await expectAccessible(page);
    });
  }
});
