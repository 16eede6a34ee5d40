import { describe, expect, it } from "vitest";
import {
  consoleUrl,
  expectErrorShape,
  latestMail,
  newCompany,
  sandboxUrl,
  signIn,
} from "./support";

const ask = (body: unknown) =>
  fetch(`${sandboxUrl()}/password/forgot`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

const setPassword = (link: string, password: string, confirmPassword = password) =>
  fetch(link, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ password, confirmPassword }),
  });

describe("password reset", () => {
  it("answers the same whether or not the address has an account", async () => {
    const company = await newCompany();
    const known = await ask({ email: company.email });
    const unknown = await ask({ email: "nobody-here@example.test" });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await known.json()).toEqual(await unknown.json());
    expect(await latestMail("nobody-here@example.test", "reset-password")).toBeUndefined();
  });

  it("asks for a valid email address", async () => {
    for (const email of ["", "not-an-email"]) {
      const res = await ask({ email });
      expect(res.status).toBe(400);
      expect((await expectErrorShape(res)).field).toBe("email");
    }
  });

  it("mails a single-use link whose page sets a new password and returns to sign-in", async () => {
    const company = await newCompany();
    await ask({ email: company.email, lang: "nl-NL" });
    const mail = await latestMail(company.email, "reset-password");
    expect(mail?.subject).toBe("Herstel uw wachtwoord");
    expect(mail?.text).toContain("1 uur");
    const link = mail!.link!;

    const page = await fetch(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="nl-NL">');
    expect(html).toContain('name="password"');
    expect(page.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
    expect(html).not.toMatch(/<script/i);

    const done = await setPassword(link, "Brand-new-pass-2");
    expect(done.status).toBe(303);
    const location = new URL(done.headers.get("location")!);
    expect(location.origin + location.pathname).toBe(`${consoleUrl()}/nl-NL/auth/signin`);
    expect(location.searchParams.get("message")).toBe("password_reset");
    expect(location.searchParams.get("email")).toBe(company.email);

    await expect(signIn(company.email, company.password)).rejects.toThrow(/invalid_credentials/);
    await expect(signIn(company.email, "Brand-new-pass-2")).resolves.toMatchObject({
      access_token: expect.any(String),
    });

    // Single use: the link is spent.
    expect((await fetch(link)).status).toBe(410);
    expect((await setPassword(link, "Third-pass-3")).status).toBe(410);
    await expect(signIn(company.email, "Third-pass-3")).rejects.toThrow();
  });

  it("spends older links when one is used", async () => {
    const company = await newCompany();
    await ask({ email: company.email });
    const first = (await latestMail(company.email, "reset-password"))!.link!;
    await ask({ email: company.email });
    const second = (await latestMail(company.email, "reset-password"))!.link!;
    expect(second).not.toBe(first);
    expect((await setPassword(second, "Newer-pass-4")).status).toBe(303);
    expect((await setPassword(first, "Older-pass-5")).status).toBe(410);
  });

  it.each([
    ["empty", "", "", "Enter a new password"],
    ["too short", "Ab1", "Ab1", "at least 8 characters"],
    ["without a digit", "No-digits-here", "No-digits-here", "at least 8 characters"],
    ["not confirmed", "Valid-pass-9", "Valid-pass-8", "do not match"],
  ])(
    "refuses a password %s and keeps the link usable",
    async (_name, password, confirm, message) => {
      const company = await newCompany();
      await ask({ email: company.email });
      const link = (await latestMail(company.email, "reset-password"))!.link!;
      const res = await setPassword(link, password, confirm);
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain(message);
      expect(html).toContain('aria-invalid="true"');
      expect(html).toContain("There is a problem");
      expect((await setPassword(link, "Fine-pass-10")).status).toBe(303);
    },
  );

  it("refuses a made-up link", async () => {
    expect((await fetch(`${sandboxUrl()}/password/reset/${"a".repeat(43)}`)).status).toBe(410);
  });
});
