import { describe, expect, it } from "vitest";
import { currentUser } from "~/api/user/schemas";
import { admin, expectErrorShape, newCompany, signIn } from "./support";

describe("user calls", () => {
  it("GET user answers the signed-in user from the token", async () => {
    const company = await newCompany({ firstName: "Robin", lastName: "Park" });
    const res = await company.api("user");
    expect(res.status).toBe(200);
    const me = currentUser.parse(await res.json());
    expect(me).toMatchObject({
      userId: company.userId,
      companyId: company.companyId,
      email: company.email,
      userName: "Robin Park",
      userInitials: "RP",
      admin: true,
      isTermsAccepted: false,
      hasAccessToTest: false,
      integratorType: 0,
    });
  });

  it("PUT user/accept-terms records the acceptance once", async () => {
    const company = await newCompany();
    expect((await company.api("user/accept-terms", { method: "PUT" })).status).toBe(204);
    expect((await company.api("user/accept-terms", { method: "PUT" })).status).toBe(204);
    expect((await (await company.api("user")).json()).isTermsAccepted).toBe(true);
  });

  it("GET/PUT user/preference keeps the language", async () => {
    const company = await newCompany();
    expect(await (await company.api("user/preference")).json()).toEqual({ localeCode: "en-AU" });
    const put = await company.api("user/preference", {
      method: "PUT",
      body: JSON.stringify({ localeCode: "nl-NL" }),
    });
    expect(put.status).toBe(200);
    expect(await (await company.api("user/preference")).json()).toEqual({ localeCode: "nl-NL" });
  });

  it("refuses an unknown language naming the field", async () => {
    const company = await newCompany();
    const res = await company.api("user/preference", {
      method: "PUT",
      body: JSON.stringify({ localeCode: "fr-FR" }),
    });
    expect(res.status).toBe(400);
    expect((await expectErrorShape(res)).field).toBe("localeCode");
  });

  it("the reviewer can give a user test access", async () => {
    const company = await newCompany();
    const res = await admin(`users/${company.userId}/access-to-test`, {
      method: "PUT",
      body: JSON.stringify({ hasAccessToTest: true }),
    });
    expect(res.status).toBe(200);
    expect((await (await company.api("user")).json()).hasAccessToTest).toBe(true);
  });
});

describe("suspension by the provider", () => {
  it("refuses every API call with 403 and the sign-in with a clear error, until reinstated", async () => {
    const company = await newCompany();
    const suspend = (suspended: boolean) =>
      admin(`users/${company.userId}/suspended`, {
        method: "PUT",
        body: JSON.stringify({ suspended }),
      });
    expect((await suspend(true)).status).toBe(200);
    const res = await company.api("user/accept-terms", { method: "PUT" });
    expect(res.status).toBe(403);
    expect((await expectErrorShape(res)).detail).toMatch(/suspended/);
    await expect(signIn(company.email, company.password)).rejects.toThrow(/account_suspended/);
    expect((await suspend(false)).status).toBe(200);
    expect((await company.api("user")).status).toBe(200);
  });
});

describe("company isolation of users", () => {
  it("another company's user id answers 404 with no data", async () => {
    const first = await newCompany();
    const second = await newCompany();
    const res = await second.api(`user?user-id=${first.userId}`);
    expect(res.status).toBe(404);
    const body = await expectErrorShape(res);
    expect(JSON.stringify(body)).not.toContain(first.email);
    // Same company works.
    expect((await first.api(`user?user-id=${first.userId}`)).status).toBe(200);
    // A malformed id is also simply not found.
    expect((await first.api("user?user-id=not-a-uuid")).status).toBe(404);
  });

  it("one company's acceptance or preference never touches another's", async () => {
    const first = await newCompany();
    const second = await newCompany();
    await first.api("user/accept-terms", { method: "PUT" });
    await first.api("user/preference", {
      method: "PUT",
      body: JSON.stringify({ localeCode: "nl-NL" }),
    });
    const other = await (await second.api("user")).json();
    expect(other).toMatchObject({ isTermsAccepted: false, localeCode: "en-AU" });
  });
});

describe("reviewer endpoints", () => {
  it("refuse calls without the admin token", async () => {
    const res = await fetch(`${(await import("./support")).sandboxUrl()}/admin/companies`);
    expect(res.status).toBe(401);
    await expectErrorShape(res);
  });

  it("list companies and users", async () => {
    const company = await newCompany();
    const companies = await (await admin("companies")).json();
    expect(companies).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: company.companyId, users: 1 })]),
    );
    const users = await (await admin(`users?companyId=${company.companyId}`)).json();
    expect(users).toHaveLength(1);
    expect(users[0]).not.toHaveProperty("passwordHash");
  });
});
