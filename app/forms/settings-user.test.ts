import { describe, expect, it } from "vitest";
import { newUserRequest, userUpdateRequest } from "~/api/user/schemas";
import { asT } from "~/lib/t.testing";
import { checkForm } from "./check";
import { parseForm } from "./parse.server";
import { formRules } from "./rules.server";
import { userConfirmationError, userRuleMessage, usersDialogOf, usersHref } from "./settings-user";
import { userFormSchema } from "./settings-user.server";

/** Messages as their key and values, so a test names the rule it expects. */
const t = asT((key: string, values?: Record<string, unknown>) =>
  values && "max" in values ? `${key}:${values.max}` : key,
);

const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const one of [value].flat()) data.append(name, one);
  return data;
};
const valid = {
  title: "dr",
  firstName: " Jo ",
  lastName: "Lee",
  email: " Jo.Lee@Example.com ",
  password: "Valid-pass-1",
  confirmPassword: "Valid-pass-1",
};
const USER_ID = "5f0c6c3e-8a4b-4c61-9d1e-2f8a3b7c9d10";

function errorsOf(
  mode: "new" | "edit",
  fields: Record<string, string | string[]>,
  lastAdmin = false,
) {
  const submission = parseForm(form(fields), userFormSchema(t, { mode, lastAdmin }));
  return submission.status === "success"
    ? { value: submission.value }
    : {
        errors: Object.fromEntries(
          Object.entries(submission.error ?? {}).map(([k, v]) => [k, v?.[0]]),
        ),
      };
}

describe("the user dialog's form", () => {
  it("makes the body of POST user, which the contract takes as it is: names trimmed, the address in lower case, admin from the box", () => {
    const { value } = errorsOf("new", { ...valid, admin: "on" });
    expect(value).toEqual({
      title: "dr",
      firstName: "Jo",
      lastName: "Lee",
      email: "jo.lee@example.com",
      password: "Valid-pass-1",
      confirmPassword: "Valid-pass-1",
      admin: true,
    });
    expect(newUserRequest.safeParse(value).success).toBe(true);
    expect(errorsOf("new", valid).value).toMatchObject({ admin: false });
  });

  it("words every rule next to its field", () => {
    expect(errorsOf("new", {}).errors).toEqual({
      title: "settings:userDialog.errors.title",
      firstName: "settings:errors.required",
      lastName: "settings:errors.required",
      email: "settings:errors.required",
      password: "settings:errors.required",
      confirmPassword: "settings:errors.required",
    });
    expect(
      errorsOf("new", {
        ...valid,
        title: "sir",
        firstName: "x".repeat(101),
        email: "jo@",
        password: "nouppercase1",
        confirmPassword: "other",
      }).errors,
    ).toEqual({
      title: "settings:userDialog.errors.title",
      firstName: "settings:errors.tooLong:100",
      email: "settings:userDialog.errors.invalidEmail",
      password: "settings:userDialog.errors.passwordPolicy",
      confirmPassword: "settings:errors.passwordMismatch",
    });
  });

  it("refuses a field sent twice, a NUL and an admin value that is not the box's", () => {
    expect(errorsOf("new", { ...valid, firstName: ["Jo", "Al"] }).errors).toEqual({
      firstName: "settings:errors.invalid",
    });
    expect(errorsOf("new", { ...valid, lastName: "Le\u0000e", admin: "yes" }).errors).toEqual({
      lastName: "settings:errors.invalid",
      admin: "settings:errors.invalid",
    });
  });

  it("on a change keeps the password when none is given, holds one given to the policy, and keeps the last admin's flag", () => {
    const change = { ...valid, password: "", confirmPassword: "", userId: USER_ID };
    const { value } = errorsOf("edit", change);
    expect(value).toMatchObject({ userId: USER_ID, password: "", admin: false });
    expect(userUpdateRequest.safeParse(value).success).toBe(true);
    expect(errorsOf("edit", { ...change, password: "weak" }).errors).toEqual({
      password: "settings:userDialog.errors.passwordPolicy",
      confirmPassword: "settings:errors.passwordMismatch",
    });
    expect(errorsOf("edit", change, true).errors).toEqual({ admin: "settings:errors.lastAdmin" });
    expect(errorsOf("edit", { ...change, admin: "on" }, true).value).toMatchObject({ admin: true });
  });

  it("words the provider's codes", () => {
    expect(userRuleMessage(t, "email", "taken")).toBe("settings:errors.taken");
    expect(userRuleMessage(t, "body", "adminOnly")).toBe("settings:errors.adminOnly");
    expect(userRuleMessage(t, "id", "cannotDeleteSelf")).toBe("settings:errors.cannotDeleteSelf");
    expect(userRuleMessage(t, "admin", "lastAdmin")).toBe("settings:errors.lastAdmin");
    expect(userRuleMessage(t, "title", "invalidValue")).toBe("settings:userDialog.errors.title");
    expect(userRuleMessage(t, "body", "somethingElse")).toBe(
      "settings:userDialog.errors.saveFailed",
    );
  });

  it("reads and writes the dialogs' addresses", () => {
    for (const dialog of [
      { kind: "new" as const },
      { kind: "edit" as const, userId: USER_ID },
      { kind: "delete" as const, userId: USER_ID },
    ]) {
      const href = usersHref("/en-AU/settings", dialog);
      expect(usersDialogOf(new URL(href, "http://x").searchParams)).toEqual(dialog);
    }
    expect(usersHref("/en-AU/settings")).toBe("/en-AU/settings?tab=users");
    expect(usersHref("/en-AU/settings", { kind: "edit", userId: USER_ID })).toBe(
      `/en-AU/settings?tab=users&edit=${USER_ID}`,
    );
    expect(usersDialogOf(new URLSearchParams("tab=users"))).toBeUndefined();
  });

  // The browser checks the rules derived from the action's schema and the confirmation; on
  // what a person can type, its first message for each field is the action's.
  it.each<[string, "new" | "edit", Record<string, string>, boolean?]>([
    ["a valid new user", "new", {}],
    [
      "an empty new user",
      "new",
      { title: "", firstName: "", lastName: "", email: "", password: "", confirmPassword: "" },
    ],
    ["blank names, trimmed", "new", { firstName: "   ", lastName: " " }],
    ["names too long, a NUL", "new", { firstName: "x".repeat(101), lastName: "a\u0000b" }],
    ["an email too long, then not an email", "new", { email: `${"j".repeat(250)}@example.com` }],
    ["an email that is not one", "new", { email: "jo@" }],
    ["a weak password, unconfirmed", "new", { password: "weak", confirmPassword: "" }],
    ["a password too long", "new", { password: `Aa1${"x".repeat(130)}`, confirmPassword: "other" }],
    ["a change keeping the password", "edit", { password: "", confirmPassword: "" }],
    ["a change with a weak password", "edit", { password: "weak", confirmPassword: "" }],
    ["the last admin's flag taken off", "edit", { password: "", confirmPassword: "" }, true],
  ])("the browser agrees with the action on %s", (_, mode, fields, lastAdmin = false) => {
    const data = form({ ...valid, ...(mode === "edit" ? { userId: USER_ID } : {}), ...fields });
    const rules = formRules(userFormSchema(t, { mode, lastAdmin }));
    expect(rules.firstName?.[0]).toEqual(["required", "settings:errors.required"]);
    const submission = checkForm(data, rules, (payload) => ({
      confirmPassword: userConfirmationError(t, payload),
    }));
    const browser =
      submission.status === "success"
        ? undefined
        : Object.fromEntries(Object.entries(submission.error ?? {}).map(([k, v]) => [k, v?.[0]]));
    expect(browser).toEqual(
      errorsOf(mode, Object.fromEntries(data.entries()) as Record<string, string>, lastAdmin)
        .errors,
    );
  });
});
