/**
 * Hostile input to the provider API (issue 9): values the database cannot store (NUL, lone
 * surrogates), out-of-range numbers and hostile path parameters are refused at validation
 * with 400 (or 404 for an id) in the error shape naming the field, never a 500, and nothing
 * is stored.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { expectErrorShape, newCompany, register, validRegistration, type TestCompany } from "./support";

let a: TestCompany;

beforeAll(async () => {
  a = await newCompany();
});

const json = (method: string, body?: unknown): RequestInit => ({ method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

const details = (overrides: Record<string, unknown> = {}) => ({
  name: "Hostile Input App",
  description: "An app made by the hostile-input suite.",
  countryCode: "AU",
  categoryId: 1,
  appType: 0,
  ...overrides,
});

/** A 400 in the error shape naming `field`, with its rule code. */
async function expectFieldRefused(res: Response, field: string, code?: string) {
  expect(res.status, `${field}: ${res.status}`).toBe(400);
  const body = await expectErrorShape(res);
  expect(body.field).toBe(field);
  expect(body.errors?.[field]).toEqual(code ?? expect.any(String));
  return body;
}

async function appCount(company: TestCompany): Promise<number> {
  const res = await company.api("apps");
  expect(res.status).toBe(200);
  return ((await res.json()) as unknown[]).length;
}

async function createApp(company: TestCompany): Promise<string> {
  const id = randomUUID();
  const res = await company.api("apps", json("POST", { id, details: details() }));
  expect(res.status).toBe(201);
  return id;
}

describe("issue 9 repros: values the database cannot store", () => {
  it("a NUL in the app name answers 400 naming details.name, and no app is made", async () => {
    const before = await appCount(a);
    const res = await a.api("apps", json("POST", { id: randomUUID(), details: details({ name: "Bad\u0000Name" }) }));
    await expectFieldRefused(res, "details.name", "invalidCharacters");
    expect(await appCount(a)).toBe(before);
  });

  it("a NUL in a listing field answers 400 naming it", async () => {
    const id = await createApp(a);
    const marketplace = { detail: { features: "Sync\u0000" } };
    const res = await a.api(`apps/${id}`, json("PUT", { details: details(), marketplace }));
    await expectFieldRefused(res, "marketplace.detail.features", "invalidCharacters");
  });

  it("a NUL in the duplicate's appName answers 400 naming appName, and no app is made", async () => {
    const id = await createApp(a);
    const before = await appCount(a);
    const res = await a.api(`apps/${id}/duplicate`, json("POST", { appName: "Copy\u0000", countryCode: "AU" }));
    await expectFieldRefused(res, "appName", "invalidCharacters");
    expect(await appCount(a)).toBe(before);
  });

  it("a NUL in the registration's companyName answers 400 naming companyName", async () => {
    const res = await register(validRegistration({ companyName: "Evil\u0000 Pty Ltd" }));
    await expectFieldRefused(res, "companyName", "invalidCharacters");
  });

  it("a lone surrogate in a text written to the history answers 400 naming the field, and no app is made", async () => {
    const before = await appCount(a);
    const res = await a.api("apps", json("POST", { id: randomUUID(), details: details({ name: "Half \ud800 a pair" }) }));
    await expectFieldRefused(res, "details.name", "invalidCharacters");
    const id = await createApp(a);
    const copy = await a.api(`apps/${id}/duplicate`, json("POST", { appName: "\udc00 copy", countryCode: "AU" }));
    await expectFieldRefused(copy, "appName", "invalidCharacters");
    expect(await appCount(a)).toBe(before + 1);
  });

  it("categoryId 2147483648 answers 400 naming details.categoryId", async () => {
    const before = await appCount(a);
    const res = await a.api("apps", json("POST", { id: randomUUID(), details: details({ categoryId: 2147483648 }) }));
    await expectFieldRefused(res, "details.categoryId", "outOfRange");
    expect(await appCount(a)).toBe(before);
  });

  it("GET resources/precedents/%00?countrycode=AU answers 404 in the error shape, not 500", async () => {
    const res = await a.api("resources/precedents/%00?countrycode=AU");
    expect(res.status).toBe(404);
    await expectErrorShape(res);
  });
});
