import { describe, expect, it } from "vitest";
import { asT } from "~/lib/t.testing";
import { checkForm } from "./check";
import { readImportForm, readNewCredentials } from "./instances";
import { configurationSchema, importSchema, newCredentialsSchema } from "./instances.server";
import { parseForm } from "./parse.server";
import { formRules } from "./rules.server";

/** Messages as their key and field, so that a test names the rule it expects. */
const t = asT((key: string, values?: Record<string, unknown>) =>
  values?.field ? `${key}|${String(values.field)}` : key,
);

const form = (entries: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries))
    for (const v of [value].flat()) data.append(name, v);
  return data;
};

/** The field errors of a refused submission. */
const errorsOf = (submission: { status?: string; error?: unknown }) =>
  submission.status === "error" ? submission.error : undefined;

const choices = {
  staging: [{ code: "AU", environmentId: 2, variants: [{ firmType: 1 }, { firmType: 2 }] }],
  live: [
    { code: "AU", environmentId: 3, variants: [{ firmType: 1 }, { firmType: 2 }] },
    { code: "UK", environmentId: 13, variants: [] },
  ],
};

const valid = {
  sandbox: "live",
  countryCode: "AU",
  firmType: "2",
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  password: "secret",
  confirmPassword: "secret",
};

describe("newCredentialsSchema", () => {
  const parse = (entries: Record<string, string>) =>
    parseForm(form(entries), newCredentialsSchema(t, choices));

  it("gives the environment of the chosen sandbox and country and the firm type", () => {
    const result = parse(valid);
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toEqual({
      sandbox: "live",
      body: {
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@example.com",
        password: "secret",
        leapEnvironmentsId: 3,
        firmType: 2,
      },
    });
  });

  it("names every rule next to its field", () => {
    const result = parse({
      sandbox: "live",
      countryCode: "UK",
      firmType: "2",
      email: "nope",
      password: "a",
      confirmPassword: "b",
    });
    expect(errorsOf(result)).toMatchObject({
      firstName: ["instances:errors.required|instances:fields.firstName"],
      lastName: ["instances:errors.required|instances:fields.lastName"],
      email: ["instances:errors.invalidEmail|instances:fields.email"],
      confirmPassword: ["instances:errors.passwordMismatch|instances:fields.confirmPassword"],
      firmType: ["instances:errors.invalidFirmType|instances:fields.firmType"],
    });
    expect(errorsOf(parse({ ...valid, sandbox: "other" }))).toMatchObject({
      sandbox: ["instances:errors.required|instances:fields.sandbox"],
    });
    expect(errorsOf(parse({ ...valid, sandbox: "staging", countryCode: "UK" }))).toMatchObject({
      countryCode: ["instances:errors.required|instances:fields.countryCode"],
    });
  });
});

describe("importSchema", () => {
  const token = `a.${Buffer.from(JSON.stringify({ firmId: "F", userId: "U", staffId: "S", countryCode: 1, region: "au", environment: "test" })).toString("base64url")}.c`;

  it("gives the token's payload, or invalidToken", () => {
    const ok = parseForm(form({ token }), importSchema(t));
    expect(ok.status === "success" && ok.value).toEqual({
      region: "AU",
      environment: "TEST",
      firmId: "F",
      userId: "U",
      staffId: "S",
      firmType: 1,
    });
    expect(errorsOf(parseForm(form({ token: "a.b" }), importSchema(t)))).toEqual({
      token: ["instances:errors.invalidToken|instances:fields.token"],
    });
    expect(errorsOf(parseForm(form({}), importSchema(t)))).toEqual({
      token: ["instances:errors.required|instances:fields.token"],
    });
  });
});

describe("configurationSchema", () => {
  it("reads the switches and resets a disabled app to 200 and LIVE", () => {
    const result = parseForm(
      form({
        applyToAllUsers: "on",
        "configurations[0].appGroupId": "a",
        "configurations[0].isEnabled": "on",
        "configurations[0].appStatusCode": "0",
        "configurations[0].appEndpoint": "BETA",
        "configurations[1].appGroupId": "b",
        "configurations[1].appStatusCode": "0",
        "configurations[1].appEndpoint": "DEV",
      }),
      configurationSchema,
    );
    expect(result.status === "success" && result.value).toEqual({
      includeOtherProviders: false,
      applyToAllUsers: true,
      configurations: [
        { appGroupId: "a", isEnabled: true, appStatusCode: 0, appEndpoint: "BETA" },
        { appGroupId: "b", isEnabled: false, appStatusCode: 200, appEndpoint: "LIVE" },
      ],
    });
  });

  it("refuses a status or endpoint that is not a choice", () => {
    const result = parseForm(
      form({
        "configurations[0].appGroupId": "a",
        "configurations[0].appStatusCode": "201",
        "configurations[0].appEndpoint": "PROD",
      }),
      configurationSchema,
    );
    expect(result.status).toBe("error");
  });
});

/** The first message of each field of a submission, none when it succeeded. */
const firstMessages = (submission: {
  status?: string;
  error?: Record<string, string[] | null> | null;
}) =>
  submission.status === "error"
    ? Object.fromEntries(
        Object.entries(submission.error ?? {}).map(([name, messages]) => [name, messages?.[0]]),
      )
    : undefined;

// The browser checks the rules derived from the action's schema and the contract's rules
// (`readNewCredentials`, `readImportForm`); its first message for each field is the action's.
describe("the browser's check", () => {
  it.each<[string, Record<string, string>]>([
    ["a valid form", {}],
    ["no sandbox", { sandbox: "" }],
    ["empty fields", { firstName: "", lastName: "", email: "", password: "", confirmPassword: "" }],
    [
      "an email that is not one, a confirmation that differs",
      { email: "nope", confirmPassword: "other" },
    ],
    ["a firm type the country does not offer", { countryCode: "UK" }],
    ["a country not of the sandbox", { sandbox: "staging", countryCode: "UK" }],
    ["a NUL", { firstName: "A\u0000da" }],
  ])("agrees with the action on new credentials: %s", (_, entries) => {
    const data = form({ ...valid, ...entries });
    const browser = checkForm(
      data,
      formRules(newCredentialsSchema(t, choices)),
      (payload) => readNewCredentials(t, payload, choices).errors,
    );
    expect(firstMessages(browser)).toEqual(
      firstMessages(parseForm(data, newCredentialsSchema(t, choices))),
    );
  });

  it.each<[string, Record<string, string>]>([
    ["no token", {}],
    ["a blank token", { token: "  " }],
    ["a token that does not decode", { token: "a.b" }],
  ])("agrees with the action on an import: %s", (_, entries) => {
    const data = form(entries);
    const browser = checkForm(data, formRules(importSchema(t)), (payload) => ({
      token: readImportForm(t, payload).error,
    }));
    expect(firstMessages(browser)).toEqual(firstMessages(parseForm(data, importSchema(t))));
  });
});
