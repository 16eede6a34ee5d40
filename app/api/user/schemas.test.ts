import { describe, expect, it } from "vitest";
import { newUserRequest, userUpdateRequest } from "./schemas";

const valid = {
  title: "dr",
  firstName: " Jo ",
  lastName: "Lee",
  email: " Jo.Lee@Example.COM ",
  password: "Valid-pass-1",
  confirmPassword: "Valid-pass-1",
};
const failing = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error && [...new Set(result.error.issues.map((issue) => issue.path.join(".")))];

describe("user dialog shapes", () => {
  it("takes registration's fields: a title of the list, trimmed names, the address in lower case, not an admin unless asked", () => {
    expect(newUserRequest.parse(valid)).toEqual({
      ...valid,
      firstName: "Jo",
      email: "jo.lee@example.com",
      admin: false,
    });
    expect(failing(newUserRequest.safeParse({ ...valid, title: "sir" }))).toEqual(["title"]);
    expect(failing(newUserRequest.safeParse({ ...valid, email: "jo@" }))).toEqual(["email"]);
  });

  it("holds a new user's password to registration's policy", () => {
    for (const password of ["", "Short1", "nouppercase1", "NOLOWERCASE1", "No-digits-here"]) {
      expect(
        failing(newUserRequest.safeParse({ ...valid, password, confirmPassword: password })),
      ).toEqual(["password"]);
    }
  });

  it("keeps the password on a change when none is given, and holds one given to the policy", () => {
    const { password: _p, confirmPassword: _c, ...fields } = valid;
    const change = { ...fields, userId: "5f0c6c3e-8a4b-4c61-9d1e-2f8a3b7c9d10" };
    expect(userUpdateRequest.parse(change)).toMatchObject({ password: "", confirmPassword: "" });
    expect(
      userUpdateRequest.parse({
        ...change,
        password: "New-pass-22",
        confirmPassword: "New-pass-22",
      }).password,
    ).toBe("New-pass-22");
    expect(failing(userUpdateRequest.safeParse({ ...change, password: "weak" }))).toEqual([
      "password",
    ]);
    expect(failing(userUpdateRequest.safeParse({ ...fields }))).toEqual(["userId"]);
  });
});
