/**
 * Sandbox accounts over real HTTP (`leapinstances*`;
 * docs/decisions/0058-sandbox-accounts-and-usage.md): new credentials with generated firm,
 * user and staff ids in the chosen environment (AUB live in AU's LIVEB); staging accounts
 * only with test access (403 otherwise); an import from a token's payload; the configuration
 * of the apps of the account's country, a disabled app reset to 200 and LIVE; delete; every
 * rule's refusal with its code; and a second company that sees and changes none of them.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { decodeImportToken, enabledCount } from "~/api/instances/rules";
import {
  type ConfigurationRequest,
  type Instance,
  instance,
  instanceList,
} from "~/api/instances/schemas";
import { leapEnvironmentsResponse } from "~/api/resources/schemas";
import { createApp, expectRefused, json, ok, type TestApp } from "./review-support";
import { admin, newCompany, type TestCompany } from "./support";

let a: TestCompany;
let b: TestCompany;
let env: (countryCode: string, envType: string) => number;

beforeAll(async () => {
  [a, b] = await Promise.all([newCompany(), newCompany()]);
  const environments = leapEnvironmentsResponse.parse(
    await ok(await a.api("resources/leap-environments")),
  );
  env = (countryCode, envType) =>
    environments.find((e) => e.countryCode === countryCode && e.envType === envType)!.id;
});

const setTestAccess = async (company: TestCompany, on: boolean) =>
  ok(await admin(`users/${company.userId}/access-to-test`, json("PUT", { hasAccessToTest: on })));

const list = async (company: TestCompany) =>
  instanceList.parse(await ok(await company.api("leapinstances")));
const post = (company: TestCompany, body: unknown) =>
  company.api("leapinstances", json("POST", body));
const postImport = (company: TestCompany, body: unknown) =>
  company.api("leapinstances/import", json("POST", body));
const putConfiguration = (company: TestCompany, id: string, body: unknown) =>
  company.api(`leapinstances/${id}/configuration`, json("PUT", body));
const remove = (company: TestCompany, id: string) =>
  company.api(`leapinstances/${id}`, json("DELETE"));

const credentials = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Ada",
  lastName: "Lovelace",
  email: `ada-${randomUUID().slice(0, 8)}@Example.com`,
  password: "Sandbox-secret-1",
  leapEnvironmentsId: env("AU", "LIVE"),
  ...overrides,
});

const createOk = async (company: TestCompany, overrides: Record<string, unknown> = {}) =>
  instance.parse(await ok(await post(company, credentials(overrides)), 201));

const importPayload = (overrides: Record<string, unknown> = {}) => ({
  region: "AU",
  environment: "LIVE",
  firmId: `firm-${randomUUID().slice(0, 8)}`,
  staffId: "staff-1",
  userId: `user-${randomUUID().slice(0, 8)}`,
  firmType: 1,
  ...overrides,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("new credentials", () => {
  it("creates a live account with generated firm, user and staff ids, answered and listed", async () => {
    const body = credentials();
    const created = instance.parse(await ok(await post(a, body), 201));
    expect(created).toMatchObject({
      username: body.email.toLowerCase(),
      leapEnvCountryCode: "AU",
      leapEnvType: "LIVE",
      firmType: 1,
      includeOtherProviders: false,
      applyToAllUsers: false,
    });
    for (const id of [created.id, created.leapFirmId, created.leapUserId, created.leapStaffId])
      expect(id).toMatch(UUID);
    expect(new Set([created.leapFirmId, created.leapUserId, created.leapStaffId]).size).toBe(3);
    expect((await list(a)).find((item) => item.id === created.id)).toEqual(created);
  });

  it("puts AUB live in AU's LIVEB environment and keeps a product variant of the country", async () => {
    const beta = await createOk(a, { leapEnvironmentsId: env("AU", "LIVEB"), firmType: 2 });
    expect(beta).toMatchObject({ leapEnvCountryCode: "AU", leapEnvType: "LIVEB", firmType: 2 });
  });

  it("refuses every rule with its code: required fields, email, environment, firm type", async () => {
    await expectRefused(await post(a, {}), 400, {
      leapEnvironmentsId: "required",
      firstName: "required",
      lastName: "required",
      email: "required",
      password: "required",
    });
    await expectRefused(
      await post(a, credentials({ firstName: "  ", email: "not-an-email" })),
      400,
      { firstName: "required", email: "invalidEmail" },
    );
    await expectRefused(await post(a, credentials({ lastName: "x".repeat(101) })), 400, {
      lastName: "tooLong",
    });
    await expectRefused(await post(a, credentials({ leapEnvironmentsId: 99_999 })), 400, {
      leapEnvironmentsId: "unknownEnvironment",
    });
    await expectRefused(await post(a, credentials({ firmType: 4 })), 400, {
      firmType: "invalidFirmType",
    });
    await expectRefused(await post(a, credentials({ firmType: 0 })), 400, {
      firmType: "invalidFirmType",
    });
    // The UK has no product variants: only firm type 1.
    await expectRefused(
      await post(a, credentials({ leapEnvironmentsId: env("UK", "LIVE"), firmType: 2 })),
      400,
      { firmType: "invalidFirmType" },
    );
    // Wrong types are refused by the shape, naming the field.
    await expectRefused(await post(a, credentials({ email: 42 })), 400, { email: "invalidType" });
  });

  it("refuses a username the company has in that environment (409) and allows it in another", async () => {
    const body = credentials();
    await ok(await post(a, body), 201);
    await expectRefused(await post(a, { ...body, email: body.email.toUpperCase() }), 409, {
      email: "usernameTaken",
    });
    await ok(await post(a, { ...body, leapEnvironmentsId: env("NZ", "LIVE") }), 201);
    // Another company may use the same username.
    await ok(await post(b, body), 201);
  });
});

describe("test access", () => {
  it("gates staging accounts: 403 without test access, listed and changed only with it", async () => {
    const company = await newCompany();
    await expectRefused(
      await post(company, credentials({ leapEnvironmentsId: env("AU", "TEST") })),
      403,
      { leapEnvironmentsId: "noTestAccess" },
    );
    await expectRefused(
      await post(company, credentials({ leapEnvironmentsId: env("UK", "DEV") })),
      403,
      { leapEnvironmentsId: "noTestAccess" },
    );
    await expectRefused(await postImport(company, importPayload({ environment: "TEST" })), 403, {
      environment: "noTestAccess",
    });
    expect(await list(company)).toEqual([]);

    await setTestAccess(company, true);
    const staging = await createOk(company, { leapEnvironmentsId: env("AU", "TEST") });
    const dev = instance.parse(
      await ok(await postImport(company, importPayload({ environment: "dev", region: "uk" })), 201),
    );
    const live = await createOk(company);
    expect(staging.leapEnvType).toBe("TEST");
    expect(dev).toMatchObject({ leapEnvType: "DEV", leapEnvCountryCode: "UK" });
    expect((await list(company)).map((item) => item.id)).toEqual([live.id, dev.id, staging.id]);

    await setTestAccess(company, false);
    expect((await list(company)).map((item) => item.id)).toEqual([live.id]);
    const configuration = {
      includeOtherProviders: true,
      applyToAllUsers: false,
      configurations: [],
    };
    await expectRefused(await putConfiguration(company, staging.id, configuration), 403, {
      leapEnvType: "noTestAccess",
    });
    await expectRefused(await remove(company, staging.id), 403, { leapEnvType: "noTestAccess" });
    expect(
      (await ok<Instance>(await putConfiguration(company, live.id, configuration)))
        .includeOtherProviders,
    ).toBe(true);

    await setTestAccess(company, true);
    expect((await list(company)).map((item) => item.id)).toEqual([live.id, dev.id, staging.id]);
  });
});

describe("import", () => {
  it("creates an account from a decoded token's payload (country code 5 is NZ, firm type 1 by default)", async () => {
    const claims = {
      firmId: "NZ-FIRM-7",
      userId: "NZ-USER-7",
      staffId: "NZ-STAFF-7",
      countryCode: 5,
      region: "au",
      environment: "live",
    };
    const token = `header.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.signature`;
    const decoded = decodeImportToken(token);
    if (!decoded.ok) throw new Error("the token did not decode");
    const imported = instance.parse(await ok(await postImport(a, decoded.payload), 201));
    expect(imported).toMatchObject({
      username: "NZ-USER-7@NZ-FIRM-7",
      leapEnvCountryCode: "NZ",
      leapEnvType: "LIVE",
      leapFirmId: "NZ-FIRM-7",
      leapUserId: "NZ-USER-7",
      leapStaffId: "NZ-STAFF-7",
      firmType: 1,
    });
    expect((await list(a)).map((item) => item.id)).toContain(imported.id);
    await expectRefused(await postImport(a, decoded.payload), 409, { userId: "usernameTaken" });
  });

  it("imports AUB live into AU's LIVEB", async () => {
    const imported = instance.parse(
      await ok(
        await postImport(a, importPayload({ region: "AUB", environment: "LIVE", firmType: 3 })),
        201,
      ),
    );
    expect(imported).toMatchObject({ leapEnvCountryCode: "AU", leapEnvType: "LIVEB", firmType: 3 });
  });

  it("refuses every rule with its code", async () => {
    await expectRefused(await postImport(a, {}), 400, {
      region: "required",
      environment: "required",
      firmId: "required",
      staffId: "required",
      userId: "required",
    });
    await expectRefused(await postImport(a, importPayload({ environment: "PROD" })), 400, {
      environment: "unknownEnvironment",
    });
    await expectRefused(await postImport(a, importPayload({ region: "ZZ" })), 400, {
      region: "unknownRegion",
    });
    // The US has no LIVEB environment.
    await expectRefused(
      await postImport(a, importPayload({ region: "US", environment: "LIVEB" })),
      400,
      { environment: "unknownEnvironment" },
    );
    await expectRefused(await postImport(a, importPayload({ firmType: 9 })), 400, {
      firmType: "invalidFirmType",
    });
    await expectRefused(await postImport(a, importPayload({ firmId: "f".repeat(101) })), 400, {
      firmId: "tooLong",
    });
  });
});

describe("configuration", () => {
  let au: TestApp;
  let aub: TestApp;
  let uk: TestApp;
  let account: Instance;
  let c: TestCompany;

  beforeAll(async () => {
    c = await newCompany();
    [au, aub, uk] = [
      await createApp(c, { countryCode: "AU" }),
      await createApp(c, { countryCode: "AUB" }),
      await createApp(c, { countryCode: "UK" }),
    ];
    account = await createOk(c);
  });

  const body = (
    items: ConfigurationRequest["configurations"],
    flags = { includeOtherProviders: false, applyToAllUsers: true },
  ): ConfigurationRequest => ({ ...flags, configurations: items });

  it("lists one row per app group of the account's country (AU holds AU and AUB apps), none enabled", async () => {
    expect(account.configuration.map((item) => item.appGroupId).sort()).toEqual(
      [au.groupId, aub.groupId].sort(),
    );
    expect(
      account.configuration.every(
        (item) =>
          !item.isEnabled &&
          item.appStatusCode === 200 &&
          item.appEndpoint === "LIVE" &&
          item.appVersion === "1.000",
      ),
    ).toBe(true);
    const ukAccount = await createOk(c, { leapEnvironmentsId: env("UK", "LIVE") });
    expect(ukAccount.configuration.map((item) => item.appGroupId)).toEqual([uk.groupId]);
    const usAccount = await createOk(c, { leapEnvironmentsId: env("US", "LIVE") });
    expect(usAccount.configuration).toEqual([]);
  });

  it("saves the configuration: an enabled app keeps its choices, a disabled one is reset to 200 and LIVE", async () => {
    const saved = instance.parse(
      await ok(
        await putConfiguration(
          c,
          account.id,
          body([
            { appGroupId: au.groupId, isEnabled: true, appStatusCode: 0, appEndpoint: "dev" },
            { appGroupId: aub.groupId, isEnabled: false, appStatusCode: 0, appEndpoint: "TEST" },
          ]),
        ),
      ),
    );
    expect(saved).toMatchObject({
      id: account.id,
      includeOtherProviders: false,
      applyToAllUsers: true,
    });
    const byGroup = Object.fromEntries(saved.configuration.map((item) => [item.appGroupId, item]));
    expect(byGroup[au.groupId]).toMatchObject({
      isEnabled: true,
      appStatusCode: 0,
      appEndpoint: "DEV",
    });
    expect(byGroup[aub.groupId]).toMatchObject({
      isEnabled: false,
      appStatusCode: 200,
      appEndpoint: "LIVE",
    });
    expect(enabledCount(saved.configuration)).toBe(1);
    expect((await list(c)).find((item) => item.id === account.id)).toEqual(saved);

    // Disabling the enabled app resets it.
    const disabled = instance.parse(
      await ok(
        await putConfiguration(
          c,
          account.id,
          body([
            { appGroupId: au.groupId, isEnabled: false, appStatusCode: 0, appEndpoint: "BETA" },
          ]),
        ),
      ),
    );
    expect(disabled.configuration.find((item) => item.appGroupId === au.groupId)).toMatchObject({
      isEnabled: false,
      appStatusCode: 200,
      appEndpoint: "LIVE",
    });
    expect(enabledCount(disabled.configuration)).toBe(0);
  });

  it("refuses every rule with its code, and keeps what was saved", async () => {
    await ok(
      await putConfiguration(
        c,
        account.id,
        body([
          { appGroupId: au.groupId, isEnabled: true, appStatusCode: 200, appEndpoint: "TEST" },
        ]),
      ),
    );
    const before = (await list(c)).find((item) => item.id === account.id);
    const item = { appGroupId: au.groupId, isEnabled: true, appStatusCode: 0, appEndpoint: "LIVE" };
    await expectRefused(
      await putConfiguration(c, account.id, body([{ ...item, appGroupId: uk.groupId }])),
      400,
      { "configurations.0.appGroupId": "unknownApp" },
    );
    await expectRefused(
      await putConfiguration(
        c,
        account.id,
        body([item, { ...item, appGroupId: au.groupId.toUpperCase() }]),
      ),
      400,
      { "configurations.1.appGroupId": "duplicateApp" },
    );
    await expectRefused(
      await putConfiguration(c, account.id, body([{ ...item, appStatusCode: 100 }])),
      400,
      { "configurations.0.appStatusCode": "invalidStatus" },
    );
    await expectRefused(
      await putConfiguration(c, account.id, body([{ ...item, appEndpoint: "PROD" }])),
      400,
      { "configurations.0.appEndpoint": "invalidEndpoint" },
    );
    await expectRefused(await putConfiguration(c, account.id, { configurations: [] }), 400, {
      includeOtherProviders: "required",
    });
    expect((await list(c)).find((found) => found.id === account.id)).toEqual(before);
    expect((await putConfiguration(c, randomUUID(), body([]))).status).toBe(404);
    expect((await putConfiguration(c, "not-an-id", body([]))).status).toBe(404);
  });
});

describe("delete", () => {
  it("deletes an account (204), then it is not found", async () => {
    const created = await createOk(a);
    const res = await remove(a, created.id);
    expect(res.status).toBe(204);
    expect((await list(a)).map((item) => item.id)).not.toContain(created.id);
    expect((await remove(a, created.id)).status).toBe(404);
  });

  it("records every change of an account in the state history", async () => {
    const created = await createOk(a);
    await ok(
      await putConfiguration(a, created.id, {
        includeOtherProviders: true,
        applyToAllUsers: false,
        configurations: [],
      }),
    );
    expect((await remove(a, created.id)).status).toBe(204);
    const changes = await ok<{ action: string; actor: string }[]>(
      await admin(`changes?entityId=${created.id}`),
    );
    expect(changes.map((change) => change.action)).toEqual(["created", "configured", "deleted"]);
    expect(new Set(changes.map((change) => change.actor))).toEqual(new Set([a.userId]));
  });
});

describe("a second company", () => {
  it("sees and changes none of the first company's accounts, and cannot configure the first's apps", async () => {
    const first = await newCompany();
    const second = await newCompany();
    await Promise.all([setTestAccess(first, true), setTestAccess(second, true)]);
    const app = await createApp(first);
    const live = await createOk(first);
    const staging = await createOk(first, { leapEnvironmentsId: env("AU", "TEST") });
    const imported = instance.parse(await ok(await postImport(first, importPayload()), 201));
    const before = await list(first);
    expect(before).toHaveLength(3);

    expect(await list(second)).toEqual([]);
    for (const account of [live, staging, imported]) {
      expect(
        (
          await putConfiguration(second, account.id, {
            includeOtherProviders: true,
            applyToAllUsers: true,
            configurations: [],
          })
        ).status,
      ).toBe(404);
      expect((await remove(second, account.id)).status).toBe(404);
    }
    // The second company's own account does not offer the first company's app.
    const own = await createOk(second);
    expect(own.configuration).toEqual([]);
    await expectRefused(
      await putConfiguration(second, own.id, {
        includeOtherProviders: false,
        applyToAllUsers: false,
        configurations: [
          { appGroupId: app.groupId, isEnabled: true, appStatusCode: 0, appEndpoint: "LIVE" },
        ],
      }),
      400,
      { "configurations.0.appGroupId": "unknownApp" },
    );
    // The same username and import in the second company are its own accounts.
    const sameUser = await createOk(second, { email: live.username });
    const sameImport = instance.parse(
      await ok(
        await postImport(second, {
          region: "AU",
          environment: "LIVE",
          firmId: imported.leapFirmId,
          staffId: imported.leapStaffId,
          userId: imported.leapUserId,
        }),
        201,
      ),
    );
    expect(sameImport.id).not.toBe(imported.id);
    expect(await list(first)).toEqual(before);
    expect((await list(second)).map((item) => item.id)).toEqual([
      sameImport.id,
      sameUser.id,
      own.id,
    ]);
  });

  it("is not touched by a fault the reviewer set on the first company's list (and the first is, until it is cleared)", async () => {
    const [first, second] = await Promise.all([newCompany(), newCompany()]);
    const fault = { method: "GET", path: "/api/leapinstances", companyId: first.companyId };
    await ok(await admin("faults", json("PUT", { ...fault, status: 503 })));
    try {
      const failed = await first.api("leapinstances");
      expect(failed.status).toBe(503);
      expect(await failed.json()).toMatchObject({ status: 503, traceId: expect.any(String) });
      expect(await list(second)).toEqual([]);
      expect((await first.api("leapinstances", json("POST", credentials()))).status).toBe(201);
    } finally {
      await ok(await admin(`faults?${new URLSearchParams(fault)}`, json("DELETE")));
    }
    expect(await list(first)).toHaveLength(1);
  });
});
