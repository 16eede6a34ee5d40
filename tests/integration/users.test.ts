/**
 * The company's users over real HTTP
 * (docs/decisions/0059-settings-and-users.md): listed for every user; added, changed and
 * deleted by admins only (403 for others) with each rule's refusal and its code; a new user
 * signs in with the password given; a user cannot delete themself, and the company keeps an
 * admin; a second company sees and changes none of them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { companyUser } from "~/api/user/schemas";
import { expectRefused, json, ok } from "./review-support";
import { apiFetch, newCompany, signIn, type TestCompany, uniqueEmail } from "./support";

const PASSWORD = "Member-pass-1";
const newUser = (overrides: Record<string, unknown> = {}) => ({
  title: "dr",
  firstName: "Jo",
  lastName: "Lee",
  email: uniqueEmail("member"),
  password: PASSWORD,
  confirmPassword: PASSWORD,
  admin: false,
  ...overrides,
});

const list = async (company: TestCompany) =>
  companyUser.array().parse(await ok(await company.api("user/list")));
const post = (company: TestCompany, body: unknown) => company.api("user", json("POST", body));
const put = (company: TestCompany, body: unknown) => company.api("user", json("PUT", body));
const remove = (company: TestCompany, id: string) =>
  company.api(`user/${id}`, { method: "DELETE" });
const added = async (company: TestCompany, overrides: Record<string, unknown> = {}) =>
  companyUser.parse(await ok(await post(company, newUser(overrides)), 201));

/** The user signed in as themself. */
async function as(company: TestCompany, email: string, password = PASSWORD): Promise<TestCompany> {
  const tokens = await signIn(email, password);
  const me = await ok<{ userId: string }>(await apiFetch("user", {}, tokens.access_token));
  return {
    ...company,
    token: tokens.access_token,
    tokens,
    api: (path, init) => apiFetch(path, init, tokens.access_token),
    userId: me.userId,
    email,
    password,
  };
}

let a: TestCompany;
let b: TestCompany;

beforeAll(async () => {
  [a, b] = await Promise.all([newCompany({ firstName: "Ada", lastName: "Admin" }), newCompany()]);
});

describe("company users", () => {
  it("lists the company's users with the admin flag", async () => {
    expect(await list(a)).toEqual([
      {
        userId: a.userId,
        title: "ms",
        firstName: "Ada",
        lastName: "Admin",
        email: a.email,
        admin: true,
        isTermsAccepted: false,
      },
    ]);
  });

  it("adds a user who signs in with the password given, answers the saved user and reads it back", async () => {
    const company = await newCompany();
    const email = uniqueEmail("New.Member").toUpperCase();
    const user = await added(company, { email, title: "mr", firstName: " Kim ", admin: false });
    expect(user).toEqual({
      userId: expect.any(String),
      title: "mr",
      firstName: "Kim",
      lastName: "Lee",
      email: email.toLowerCase(),
      admin: false,
      isTermsAccepted: false,
    });
    expect((await list(company)).map((u) => u.userId)).toEqual([company.userId, user.userId]);
    expect(await ok(await company.api(`user?user-id=${user.userId}`))).toMatchObject({
      userId: user.userId,
      admin: false,
      companyId: company.companyId,
    });
    const signedIn = await as(company, email.toLowerCase());
    expect(signedIn.userId).toBe(user.userId);
    expect(await list(signedIn)).toHaveLength(2);
  });

  it("refuses each rule with its code, adding nobody", async () => {
    const company = await newCompany();
    await expectRefused(await post(company, newUser({ title: "sir" })), 400, {
      title: "invalidValue",
    });
    await expectRefused(await post(company, newUser({ firstName: " " })), 400, {
      firstName: "required",
    });
    await expectRefused(await post(company, newUser({ lastName: "x".repeat(101) })), 400, {
      lastName: "tooLong",
    });
    await expectRefused(await post(company, newUser({ email: "not-an-email" })), 400, {
      email: "invalidEmail",
    });
    await expectRefused(
      await post(company, newUser({ password: "short1A", confirmPassword: "short1A" })),
      400,
      { password: "invalid" },
    );
    await expectRefused(
      await post(company, newUser({ password: "nouppercase1", confirmPassword: "nouppercase1" })),
      400,
      { password: "invalid" },
    );
    await expectRefused(await post(company, newUser({ confirmPassword: "Other-pass-1" })), 400, {
      confirmPassword: "passwordMismatch",
    });
    await expectRefused(await post(company, newUser({ admin: "yes" })), 400, {
      admin: "invalidType",
    });
    await expectRefused(await post(company, newUser({ email: company.email.toUpperCase() })), 409, {
      email: "taken",
    });
    await expectRefused(await post(company, newUser({ email: b.email })), 409, { email: "taken" });
    expect(await list(company)).toHaveLength(1);
  });

  it("changes a user, their password only when one is given, and refuses a taken address", async () => {
    const company = await newCompany();
    const user = await added(company);
    const changed = companyUser.parse(
      await ok(await put(company, { ...user, firstName: "Joanne", admin: true })),
    );
    expect(changed).toEqual({ ...user, firstName: "Joanne", admin: true });
    await as(company, user.email);
    await expectRefused(
      await put(company, { ...user, password: "New-pass-22", confirmPassword: "New-pass-23" }),
      400,
      { confirmPassword: "passwordMismatch" },
    );
    await expectRefused(
      await put(company, { ...user, password: "weak", confirmPassword: "weak" }),
      400,
      { password: "invalid" },
    );
    await expectRefused(await put(company, { ...user, email: company.email }), 409, {
      email: "taken",
    });
    await ok(
      await put(company, {
        ...user,
        admin: true,
        password: "New-pass-22",
        confirmPassword: "New-pass-22",
      }),
    );
    await expect(signIn(user.email, PASSWORD)).rejects.toThrow();
    expect((await as(company, user.email, "New-pass-22")).userId).toBe(user.userId);
    expect((await put(company, { ...user, userId: crypto.randomUUID() })).status).toBe(404);
    expect((await put(company, { ...user, userId: "not-a-uuid" })).status).toBe(404);
  });

  it("refuses deleting oneself and removing the last admin; deletes another user, who can no longer call", async () => {
    const company = await newCompany();
    await expectRefused(await remove(company, company.userId), 409, { id: "cannotDeleteSelf" });
    const me = (await list(company))[0];
    await expectRefused(await put(company, { ...me, admin: false }), 409, { admin: "lastAdmin" });

    const second = await added(company, { admin: true });
    const secondIn = await as(company, second.email);
    // With two admins, one may step down; the other is then the last.
    await ok(await put(secondIn, { ...me, admin: false }));
    await expectRefused(await put(secondIn, { ...second, admin: false }), 409, {
      admin: "lastAdmin",
    });
    expect((await remove(company, second.userId)).status).toBe(403);
    await ok(await put(secondIn, { ...me, admin: true }));

    expect((await remove(company, second.userId)).status).toBe(204);
    expect((await secondIn.api("user")).status).toBe(401);
    expect((await list(company)).map((u) => u.userId)).toEqual([company.userId]);
    expect((await remove(company, second.userId)).status).toBe(404);
  });

  it("lets only one of two admins who delete each other at once succeed: the company keeps an admin", async () => {
    const company = await newCompany();
    const second = await added(company, { admin: true });
    const secondIn = await as(company, second.email);
    const answers = (
      await Promise.all([remove(company, second.userId), remove(secondIn, company.userId)])
    )
      .map((res) => res.status)
      .sort();
    expect(answers[0]).toBe(204);
    expect([401, 403]).toContain(answers[1]);
    const lists = [];
    for (const who of [company, secondIn]) {
      const res = await who.api("user/list");
      if (res.ok) lists.push(companyUser.array().parse(await res.json()));
    }
    expect(lists).toEqual([[expect.objectContaining({ admin: true })]]);
  });

  it("refuses a user who is not an admin (403) and changes nothing", async () => {
    const company = await newCompany();
    const user = await added(company);
    const member = await as(company, user.email);
    for (const res of [
      await post(member, newUser()),
      await put(member, { ...user, admin: true }),
      await put(member, { ...(await list(company))[0], firstName: "Changed" }),
      await remove(member, company.userId),
    ]) {
      expect(res.status).toBe(403);
      expect((await res.json()).errors).toEqual({ body: "adminOnly" });
    }
    expect(await list(member)).toEqual(await list(company));
    expect((await list(company)).find((u) => u.userId === user.userId)?.admin).toBe(false);
  });

  it("shows and changes nothing of another company", async () => {
    const user = await added(a);
    expect((await list(b)).map((u) => u.userId)).toEqual([b.userId]);
    expect((await b.api(`user?user-id=${user.userId}`)).status).toBe(404);
    expect((await put(b, { ...user, firstName: "Taken" })).status).toBe(404);
    expect((await remove(b, user.userId)).status).toBe(404);
    expect((await remove(b, a.userId)).status).toBe(404);
    expect((await list(a)).find((u) => u.userId === user.userId)).toEqual(user);
  });
});
