import { describe, expect, it } from "vitest";
import {
  decodeImportToken,
  enabledCount,
  environmentFor,
  environmentTypeFor,
  importEnvironmentType,
  isStagingType,
  normalizeConfiguration,
  validateConfiguration,
  validateImport,
  validateNewInstance,
} from "./rules";

const token = (
  claims: unknown,
  encode = (text: string) => Buffer.from(text).toString("base64url"),
) =>
  `eyJhbGciOiJub25lIn0.${encode(typeof claims === "string" ? claims : JSON.stringify(claims))}.signature`;

const CLAIMS = {
  firmId: "F-1",
  userId: "U-1",
  staffId: "S-1",
  countryCode: 1,
  region: "au",
  environment: "live",
  firmType: 2,
};

describe("decodeImportToken", () => {
  it("reads the JSON middle of a three-part token", () => {
    expect(decodeImportToken(token(CLAIMS))).toEqual({
      ok: true,
      payload: {
        region: "AU",
        environment: "LIVE",
        firmId: "F-1",
        userId: "U-1",
        staffId: "S-1",
        firmType: 2,
      },
    });
  });

  it("takes country code 5 as region NZ, whatever the region says, and firm type 1 when missing", () => {
    const { firmType: _none, ...rest } = CLAIMS;
    expect(decodeImportToken(token({ ...rest, countryCode: 5, region: "au" }))).toMatchObject({
      ok: true,
      payload: { region: "NZ", firmType: 1 },
    });
    expect(
      decodeImportToken(token({ ...rest, countryCode: "5", region: undefined })),
    ).toMatchObject({ ok: true, payload: { region: "NZ" } });
  });

  it("accepts standard base64 and numeric ids", () => {
    const decoded = decodeImportToken(
      token({ ...CLAIMS, firmId: 42, userId: 7, staffId: 9 }, (text) =>
        Buffer.from(text).toString("base64"),
      ),
    );
    expect(decoded).toMatchObject({
      ok: true,
      payload: { firmId: "42", userId: "7", staffId: "9" },
    });
  });

  it.each([
    ["empty", ""],
    ["two parts", "a.b"],
    ["four parts", `${token(CLAIMS)}.x`],
    ["a middle that is not base64", "a.!!!.c"],
    ["a middle that is not JSON", token("not json")],
    ["a JSON array", token([1, 2])],
    ["no firm id", token({ ...CLAIMS, firmId: "" })],
    ["an unknown environment", token({ ...CLAIMS, environment: "PROD" })],
    ["no region", token({ ...CLAIMS, region: undefined })],
    ["a firm type of 0", token({ ...CLAIMS, firmType: 0 })],
    ["a fractional firm type", token({ ...CLAIMS, firmType: 1.5 })],
  ])("is invalidToken for %s", (_what, value) => {
    expect(decodeImportToken(value)).toEqual({ ok: false, error: "invalidToken" });
  });
});

describe("environments", () => {
  const envs = [
    { id: 1, envType: "DEV", countryCode: "AU" },
    { id: 2, envType: "TEST", countryCode: "AU" },
    { id: 3, envType: "LIVE", countryCode: "AU" },
    { id: 4, envType: "LIVEB", countryCode: "AU" },
    { id: 13, envType: "LIVE", countryCode: "UK" },
  ];

  it("selects AU's LIVEB for AUB live, TEST for staging and DEV in a development build", () => {
    expect(environmentFor(envs, { countryCode: "AUB", sandbox: "live" })?.id).toBe(4);
    expect(environmentFor(envs, { countryCode: "AU", sandbox: "live" })?.id).toBe(3);
    expect(environmentFor(envs, { countryCode: "au", sandbox: "staging" })?.id).toBe(2);
    expect(
      environmentFor(envs, { countryCode: "AU", sandbox: "staging", development: true })?.id,
    ).toBe(1);
    expect(environmentFor(envs, { countryCode: "IE", sandbox: "live" })?.id).toBe(13);
    expect(environmentFor(envs, { countryCode: "US", sandbox: "live" })).toBeUndefined();
    expect(environmentTypeFor("AUB", "staging")).toBe("TEST");
  });

  it("reads an import's environment for its region: LIVE of AUB is LIVEB", () => {
    expect(importEnvironmentType("AUB", "live")).toBe("LIVEB");
    expect(importEnvironmentType("AU", "LIVE")).toBe("LIVE");
    expect(importEnvironmentType("AUB", "test")).toBe("TEST");
    expect(importEnvironmentType("NZ", " dev ")).toBe("DEV");
  });

  it("knows staging types", () => {
    expect(["TEST", "dev", "LIVE", "LIVEB"].map(isStagingType)).toEqual([true, true, false, false]);
  });
});

describe("validateNewInstance", () => {
  const valid = {
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    password: "secret",
    confirmPassword: "secret",
    leapEnvironmentsId: 3,
  };

  it("passes a complete form", () => {
    expect(validateNewInstance(valid)).toEqual({});
    expect(validateNewInstance({ ...valid, confirmPassword: undefined, firmType: 2 })).toEqual({});
  });

  it("names every missing field, a bad email, a mismatch and a bad firm type", () => {
    expect(validateNewInstance({ confirmPassword: "" })).toEqual({
      leapEnvironmentsId: "required",
      firstName: "required",
      lastName: "required",
      email: "required",
      password: "required",
      confirmPassword: "required",
    });
    expect(
      validateNewInstance({
        ...valid,
        email: "not-an-email",
        confirmPassword: "other",
        firmType: 0,
        firstName: "x".repeat(101),
      }),
    ).toEqual({
      email: "invalidEmail",
      confirmPassword: "passwordMismatch",
      firmType: "invalidFirmType",
      firstName: "tooLong",
    });
  });

  it("refuses text the provider cannot store: a NUL or a lone surrogate", () => {
    expect(
      validateNewInstance({
        ...valid,
        firstName: "A\u0000da",
        lastName: "Love\ud800",
        email: "a\u0000@example.com",
        password: "se\u0000",
        confirmPassword: "se\u0000",
      }),
    ).toEqual({
      firstName: "invalidCharacters",
      lastName: "invalidCharacters",
      email: "invalidCharacters",
      password: "invalidCharacters",
      confirmPassword: "invalidCharacters",
    });
  });
});

describe("validateImport", () => {
  it("needs region, a known environment and the ids", () => {
    expect(
      validateImport({
        region: "AU",
        environment: "liveb",
        firmId: "1",
        staffId: "2",
        userId: "3",
        firmType: 1,
      }),
    ).toEqual({});
    expect(validateImport({ environment: "PROD", firmId: " " })).toEqual({
      region: "required",
      environment: "unknownEnvironment",
      firmId: "required",
      staffId: "required",
      userId: "required",
    });
  });

  it("refuses ids and a region the provider cannot store, so such a token does not decode", () => {
    const ok = {
      region: "AU",
      environment: "LIVE",
      firmId: "1",
      staffId: "2",
      userId: "3",
      firmType: 1,
    };
    expect(
      validateImport({ ...ok, region: "A\u0000U", firmId: "F\u0000", userId: "\udc00" }),
    ).toEqual({
      region: "invalidCharacters",
      firmId: "invalidCharacters",
      userId: "invalidCharacters",
    });
    expect(decodeImportToken(token({ ...CLAIMS, firmId: "F\u0000" }))).toEqual({
      ok: false,
      error: "invalidToken",
    });
  });
});

describe("configuration", () => {
  it("resets a disabled app to 200 and LIVE and keeps an enabled one's choices", () => {
    expect(
      normalizeConfiguration({
        appGroupId: "a",
        isEnabled: false,
        appStatusCode: 0,
        appEndpoint: "DEV",
      }),
    ).toMatchObject({ appStatusCode: 200, appEndpoint: "LIVE" });
    expect(
      normalizeConfiguration({
        appGroupId: "a",
        isEnabled: true,
        appStatusCode: 0,
        appEndpoint: "beta",
      }),
    ).toMatchObject({ appStatusCode: 0, appEndpoint: "BETA" });
  });

  it("refuses an unknown or repeated app, a status other than 0 or 200 and an unknown endpoint", () => {
    const known = new Set(["a", "b"]);
    expect(
      validateConfiguration(
        [
          { appGroupId: "a", isEnabled: true, appStatusCode: 0, appEndpoint: "TEST" },
          { appGroupId: "A", isEnabled: true, appStatusCode: 201, appEndpoint: "PROD" },
          { appGroupId: "c", isEnabled: false, appStatusCode: 200, appEndpoint: "LIVE" },
        ],
        known,
      ),
    ).toEqual({
      "configurations.1.appGroupId": "duplicateApp",
      "configurations.1.appStatusCode": "invalidStatus",
      "configurations.1.appEndpoint": "invalidEndpoint",
      "configurations.2.appGroupId": "unknownApp",
    });
  });

  it("counts enabled apps for the badge", () => {
    expect(enabledCount([{ isEnabled: true }, { isEnabled: false }, { isEnabled: true }])).toBe(2);
  });
});
