/**
 * Failed sign-ins slow an attacker without locking the owner out (issue 9, item 6), with the
 * production limits of the run's sandbox. Each test signs in from loopback addresses of its
 * own (127.0.1.x), so the sandbox sees other clients than the rest of the suite.
 */
import { describe, expect, it } from "vitest";
import { fetchFrom, postLoginFrom } from "./addresses";
import { follow, latestMail, newCompany, sandboxUrl, startAuthorization } from "./support";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fresh authorization request, at the console's sign-in page: its cookies and interaction. */
async function signInPage() {
  const flow = await startAuthorization();
  const atSignIn = await follow(flow.jar, flow.response);
  const uid = new URL(atSignIn.headers.get("location")!).searchParams.get("interaction")!;
  return { ...flow, uid };
}

/** Signs in with the form from `address`; answers the sandbox's answer to the post. */
async function tryPassword(address: string, email: string, password: string) {
  const page = await signInPage();
  const res = await postLoginFrom(address, sandboxUrl(), page.jar, page.uid, email, password);
  return { res, page };
}

/** True when the post signed in: the browser goes on to the console's callback with a code. */
async function signedIn(attempt: Awaited<ReturnType<typeof tryPassword>>) {
  if (attempt.res.status !== 303) return false;
  const after = await follow(attempt.page.jar, attempt.res);
  return Boolean(
    new URL(after.headers.get("location") ?? "", sandboxUrl()).searchParams.get("code"),
  );
}

describe("failed sign-ins", () => {
  it("do not lock the owner out: after an attacker's failures the owner signs in from another address", async () => {
    const company = await newCompany();
    for (let i = 0; i < 8; i++) await tryPassword("127.0.1.1", company.email, `Wrong-pass-${i}`);
    expect(await signedIn(await tryPassword("127.0.1.2", company.email, company.password))).toBe(
      true,
    );
  });

  it("slow one account from one address more with each failure; once the wait is over the right password works", async () => {
    const company = await newCompany();
    const from = "127.0.1.3";
    // The first failures cost nothing.
    for (let i = 0; i < 3; i++)
      expect((await tryPassword(from, company.email, `Wrong-pass-${i}`)).res.status).toBe(303);
    // The next makes the following try wait a second, whatever its password.
    expect((await tryPassword(from, company.email, "Wrong-pass-3")).res.status).toBe(303);
    const waiting = (await tryPassword(from, company.email, company.password)).res;
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get("retry-after"))).toBe(1);
    const page = await waiting.text();
    expect(page).toContain("Too many sign-in attempts");
    expect(page).toContain("/en-AU/auth/reset-password");
    // After it, one more failure doubles the wait.
    await sleep(1100);
    expect((await tryPassword(from, company.email, "Wrong-pass-4")).res.status).toBe(303);
    const longer = (await tryPassword(from, company.email, company.password)).res;
    expect(longer.status).toBe(429);
    expect(Number(longer.headers.get("retry-after"))).toBe(2);
    await sleep(2100);
    expect(await signedIn(await tryPassword(from, company.email, company.password))).toBe(true);
  });

  it("from one address stop it only far above 50, so the people behind a proxy are not all locked out", async () => {
    const company = await newCompany();
    const from = "127.0.1.4";
    // One sign-in page, as a shared terminal would keep open: 60 accounts tried and failed.
    const page = await signInPage();
    for (let i = 0; i < 60; i++) {
      expect(
        (
          await postLoginFrom(
            from,
            sandboxUrl(),
            page.jar,
            page.uid,
            `nobody-${i}@example.test`,
            "Wrong-pass-1",
          )
        ).status,
      ).toBe(303);
    }
    expect(await signedIn(await tryPassword(from, company.email, company.password))).toBe(true);
  }, 60_000);

  it("never stop a password reset, which ends the waits of the owner's address: the new password works at once", async () => {
    const company = await newCompany();
    const from = "127.0.1.5";
    let status = 0;
    for (let i = 0; i < 10 && status !== 429; i++)
      status = (await tryPassword(from, company.email, `Wrong-pass-${i}`)).res.status;
    expect(status).toBe(429);

    const asked = await fetchFrom(from, `${sandboxUrl()}/password/forgot`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: company.email }),
    });
    expect(asked.status).toBe(202);
    const link = (await latestMail(company.email, "reset-password"))!.link!;
    const reset = await fetchFrom(from, link, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        password: "Brand-new-pass-7",
        confirmPassword: "Brand-new-pass-7",
      }).toString(),
    });
    expect(reset.status).toBe(303);
    expect(await signedIn(await tryPassword(from, company.email, "Brand-new-pass-7"))).toBe(true);
  });
});
