import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { Translate } from "./app-editor";
import { configurationSchema, importSchema, newCredentialsSchema } from "./instances";

/** Messages as their key and field, so that a test names the rule it expects. */
const t = ((key: string, values?: Record<string, unknown>) => (values?.field ? `${key}|${String(values.field)}` : key)) as unknown as Translate;

const form = (entries: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) for (const v of [value].flat()) data.append(name, v);
  return data;
};

/** The field errors of a refused submission. */
const errorsOf = (submission: { status?: string; error?: unknown }) => (submission.status === "error" ? submission.error : undefined);

const choices = {
  staging: [{ code: "AU", environmentId: 2, variants: [{ firmType: 1 }, { firmType: 2 }] }],
  live: [
    { code: "AU", environmentId: 3, variants: [{ firmType: 1 }, { firmType: 2 }] },
    { code: "UK", environmentId: 13, variants: [] },
  ],
};

const valid = { sandbox: "live", countryCode: "AU", firmType: "2", firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", password: "secret", confirmPassword: "secret" };

describe("newCredentialsSchema", () => {
  const parse = (entries: Record<string, string>) => parseWithZod(form(entries), { schema: newCredentialsSchema(t, choices) });

  it("gives the environment of the chosen sandbox and country and the firm type", () => {
    const result = parse(valid);
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toEqual({
      sandbox: "live",
      body: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", password: "secret", leapEnvironmentsId: 3, firmType: 2 },
    });
  });

  it("names every rule next to its field", () => {
    const result = parse({ sandbox: "live", countryCode: "UK", firmType: "2", email: "nope", password: "a", confirmPassword: "b" });
    expect(errorsOf(result)).toMatchObject({
      firstName: ["instances:errors.required|instances:fields.firstName"],
      lastName: ["instances:errors.required|instances:fields.lastName"],
      email: ["instances:errors.invalidEmail|instances:fields.email"],
      confirmPassword: ["instances:errors.passwordMismatch|instances:fields.confirmPassword"],
      firmType: ["instances:errors.invalidFirmType|instances:fields.firmType"],
    });
    expect(errorsOf(parse({ ...valid, sandbox: "other" }))).toMatchObject({ sandbox: ["instances:errors.required|instances:fields.sandbox"] });
    expect(errorsOf(parse({ ...valid, sandbox: "staging", countryCode: "UK" }))).toMatchObject({ countryCode: ["instances:errors.required|instances:fields.countryCode"] });
  });
});

describe("importSchema", () => {
  const token = `a.${Buffer.from(JSON.stringify({ firmId: "F", userId: "U", staffId: "S", countryCode: 1, region: "au", environment: "test" })).toString("base64url")}.c`;

  it("gives the token's payload, or invalidToken", () => {
    const ok = parseWithZod(form({ token }), { schema: importSchema(t) });
    expect(ok.status === "success" && ok.value).toEqual({ region: "AU", environment: "TEST", firmId: "F", userId: "U", staffId: "S", firmType: 1 });
    expect(errorsOf(parseWithZod(form({ token: "a.b" }), { schema: importSchema(t) }))).toEqual({ token: ["instances:errors.invalidToken|instances:fields.token"] });
    expect(errorsOf(parseWithZod(form({}), { schema: importSchema(t) }))).toEqual({ token: ["instances:errors.required|instances:fields.token"] });
  });
});

describe("configurationSchema", () => {
  it("reads the switches and resets a disabled app to 200 and LIVE", () => {
    const result = parseWithZod(
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
      { schema: configurationSchema },
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
    const result = parseWithZod(form({ "configurations[0].appGroupId": "a", "configurations[0].appStatusCode": "201", "configurations[0].appEndpoint": "PROD" }), { schema: configurationSchema });
    expect(result.status).toBe("error");
  });
});
