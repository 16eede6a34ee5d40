/**
 * Hostile input to every endpoint of the provider API (issue 9), over real HTTP against the
 * sandbox of the run.
 *
 * First the repros of the issue, one plain test each. Then, for every endpoint the contract
 * declares (app/api/<area>/endpoints.ts, so a new one is covered as soon as it is declared),
 * generated requests (fast-check): path parameters with NUL, lone surrogates, traversal,
 * junk and the other company's ids; query values the contract refuses; in JSON bodies every
 * property of the body's schema given a value its schema refuses (NUL, lone surrogates,
 * wrong JSON types, huge, negative and fractional numbers, 1 MB strings), a value nested past
 * the JSON limits (400 tooDeep at its top-level key) and a list of 100,000 entries (refused in
 * an answer no longer than the body), keys the database
 * cannot store, bodies that are not the call's JSON and wrong content types; for uploads
 * broken multipart, hostile file names and polyglot files; calls without a valid token.
 *
 * Every answer: never a 5xx; a 4xx in the error shape, a 400 naming a field (the one that
 * was made hostile); an accepted upload kept clean and served safely. Nothing is stored:
 * after each endpoint, both companies' apps, versions and preferences are as they were,
 * and neither sees anything of the other. The number of cases is printed at the end.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appSaveResponse } from "~/api/apps/schemas";
import { contractEndpoints, type NamedEndpoint } from "~/api/contract";
import { type Endpoint, MULTIPART, rawAnswer } from "~/api/endpoint";
import { uploadedFile } from "~/api/files/schemas";
import { fileForm, pdf, png, svg } from "../../server/conformance/files";
import {
  appDetails,
  BANK,
  COMPANY_ENTRY,
  CONTACT,
  IMPORTED_INSTANCE,
  listing,
  NEW_INSTANCE,
  newUser,
  preApproval,
  REQUESTER,
  SCHEMA_DOCUMENT,
} from "../../server/conformance/inputs";
import {
  encodeSegment,
  existingPrefix,
  holdsUnstorable,
  hostileJson,
  hostileQueryValue,
  hostileSegment,
  jsonContentType,
  junkBody,
  MEGA_TEXT,
  namedAs,
  type RawAnswer,
  refusedBy,
  sampleOf,
  sendRaw,
  slotsOf,
  toJson,
  tooDeepJson,
  unstorableText,
  wideJson,
  withValueAt,
} from "./hostile-inputs";
import {
  admin,
  expectErrorShape,
  newCompany,
  register,
  sandboxUrl,
  type TestCompany,
  validRegistration,
} from "./support";

let a: TestCompany;
let b: TestCompany;

beforeAll(async () => {
  [a, b] = await Promise.all([newCompany(), newCompany()]);
});

const json = (method: string, body?: unknown): RequestInit => ({
  method,
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

const details = (overrides: Record<string, unknown> = {}) =>
  appDetails({ name: "Hostile Input App", ...overrides });

/** A 400 in the error shape naming `field`, with its rule code. */
async function expectFieldRefused(res: Response, field: string, code?: string) {
  expect(res.status, `${field}: ${res.status}`).toBe(400);
  const body = await expectErrorShape(res);
  expect(body.field).toBe(field);
  expect(body.errors?.[field]).toEqual(code ?? expect.any(String));
  return body;
}

async function ok<T>(res: Response, status = 200): Promise<T> {
  if (res.status !== status)
    throw new Error(`expected ${status}, got ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

async function appCount(company: TestCompany): Promise<number> {
  return (await ok<unknown[]>(await company.api("apps"))).length;
}

async function createApp(company: TestCompany): Promise<string> {
  const id = randomUUID();
  await ok(await company.api("apps", json("POST", { id, details: details() })), 201);
  return id;
}

describe("issue 9 repros: values the database cannot store", () => {
  it("a NUL in the app name answers 400 naming details.name, and no app is made", async () => {
    const before = await appCount(a);
    const res = await a.api(
      "apps",
      json("POST", { id: randomUUID(), details: details({ name: "Bad\u0000Name" }) }),
    );
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
    const res = await a.api(
      `apps/${id}/duplicate`,
      json("POST", { appName: "Copy\u0000", countryCode: "AU" }),
    );
    await expectFieldRefused(res, "appName", "invalidCharacters");
    expect(await appCount(a)).toBe(before);
  });

  it("a NUL in the registration's companyName answers 400 naming companyName", async () => {
    const res = await register(validRegistration({ companyName: "Evil\u0000 Pty Ltd" }));
    await expectFieldRefused(res, "companyName", "invalidCharacters");
  });

  it("a lone surrogate in a text written to the history answers 400 naming the field, and no app is made", async () => {
    const before = await appCount(a);
    const res = await a.api(
      "apps",
      json("POST", { id: randomUUID(), details: details({ name: "Half \ud800 a pair" }) }),
    );
    await expectFieldRefused(res, "details.name", "invalidCharacters");
    const id = await createApp(a);
    const copy = await a.api(
      `apps/${id}/duplicate`,
      json("POST", { appName: "\udc00 copy", countryCode: "AU" }),
    );
    await expectFieldRefused(copy, "appName", "invalidCharacters");
    expect(await appCount(a)).toBe(before + 1);
  });

  it("categoryId 2147483648 answers 400 naming details.categoryId", async () => {
    const before = await appCount(a);
    const res = await a.api(
      "apps",
      json("POST", { id: randomUUID(), details: details({ categoryId: 2147483648 }) }),
    );
    await expectFieldRefused(res, "details.categoryId", "outOfRange");
    expect(await appCount(a)).toBe(before);
  });

  it("GET resources/precedents/%00?countrycode=AU answers 404 in the error shape, not 500", async () => {
    const res = await a.api("resources/precedents/%00?countrycode=AU");
    expect(res.status).toBe(404);
    await expectErrorShape(res);
  });
});

// ---------------------------------------------------------------------------
// Every endpoint, generated hostile input
// ---------------------------------------------------------------------------

/** What a company holds for the suite to aim at. */
interface Party {
  company: TestCompany;
  versionId: string;
  groupId: string;
  imageId: string;
  fileId: string;
  /** A live sandbox account of the company. */
  instanceId: string;
  /** The company's bank details. */
  bankId: string;
}

async function party(company: TestCompany): Promise<Party> {
  const upload = async (path: string, form: FormData) =>
    uploadedFile.parse(await ok(await company.api(path, { method: "POST", body: form }), 201)).id;
  const created = appSaveResponse.parse(
    await ok(
      await company.api("apps", json("POST", { id: randomUUID(), details: details() })),
      201,
    ),
  );
  const [imageId, fileId] = await Promise.all([
    upload("images?purpose=icon", fileForm(png(256, 256), "icon.png")),
    upload("files?fileType=0", fileForm(pdf(), "terms.pdf")),
  ]);
  const account = await ok<{ id: string }>(
    await company.api("leapinstances", json("POST", NEW_INSTANCE)),
    201,
  );
  const bank = await ok<{ id: string }>(
    await company.api("settings/bank-details", json("POST", BANK)),
    201,
  );
  return {
    company,
    versionId: created.id,
    groupId: created.groupAppId,
    imageId,
    fileId,
    instanceId: account.id,
    bankId: bank.id,
  };
}

/** What can be seen of a company: its apps, its version in full, its preference, its sandbox accounts, its usage report. */
async function stateOf(p: Party) {
  const read = async (path: string) => ok<unknown>(await p.company.api(path));
  return {
    apps: await read("apps?archived=-1"),
    version: await read(`apps/${p.versionId}`),
    preference: await read("user/preference"),
    users: await read("user/list"),
    companyDetails: await read("settings/company-details"),
    bankDetails: await read("settings/bank-details"),
    instances: await read("leapinstances"),
    report: await read("apps/report"),
  };
}

const REGISTRATION_EMAIL = `hostile-${randomUUID().slice(0, 12)}@example.test`;

interface World {
  a: Party;
  b: Party;
  matterTypeId: string;
  before: { a: Awaited<ReturnType<typeof stateOf>>; b: Awaited<ReturnType<typeof stateOf>> };
}

let world: World;
let cases = 0;
/** The draw of hostile values: random, or again with HOSTILE_SEED=<seed> (CI takes it from the commit). */
const SEED = Number(process.env.HOSTILE_SEED ?? Math.floor(Math.random() * 2 ** 31));
let started = 0;

async function setUpWorld() {
  started = performance.now();
  const [pa, pb, matterTypes] = await Promise.all([
    party(a),
    party(b),
    ok<{ data: { id: string; type: string }[] }>(
      await fetch(`${sandboxUrl()}/api/resources/matter-types?countryCode=AU`),
    ),
  ]);
  const matterTypeId = matterTypes.data.find((item) => item.type === "MatterType")!.id;
  world = { a: pa, b: pb, matterTypeId, before: { a: await stateOf(pa), b: await stateOf(pb) } };
}

const ENDPOINTS = contractEndpoints();

/**
 * A request each endpoint takes as valid (never sent as it is to a call that writes: every
 * case makes one part of it hostile). Known endpoints have real values; another gets values
 * made up from its schemas.
 */
function validInput({ name, endpoint }: NamedEndpoint, w: World) {
  const ids: Record<string, string> = {
    id:
      {
        "files.downloadFile": w.a.fileId,
        "files.getImage": w.a.imageId,
        "files.uploadEntityImage": w.a.groupId,
        "instances.deleteInstance": w.a.instanceId,
        "instances.updateConfiguration": w.a.instanceId,
        "settings.updateBankDetails": w.a.bankId,
      }[name] ?? w.a.versionId,
    groupId: w.a.groupId,
    appGroupId: w.a.groupId,
    matterTypeId: w.matterTypeId,
    folderId: "root",
    env: "dev",
  };
  const params = Object.fromEntries(
    paramNames(endpoint).map((param) => [param, ids[param] ?? w.a.versionId]),
  );
  const queries: Record<string, Record<string, string>> = {
    "resources.getMatterTypes": { countryCode: "AU" },
    "resources.getMatterTypePrecedents": { countrycode: "AU" },
    "resources.getPrecedents": { countrycode: "AU" },
    "resources.getProductVariants": { countryCode: "AU" },
    "apps.setArchived": { flag: "false" },
    "files.uploadDocument": { fileType: "0" },
    "files.uploadImage": { purpose: "icon" },
    "files.uploadEntityImage": { purpose: "icon" },
    "schema.getSchema": { platform: "web" },
    "schema.downloadSchema": { isInLeapLive: "true" },
  };
  const query = queries[name] ?? ((sampleOf(endpoint.query) ?? {}) as Record<string, string>);
  const bodies: Record<string, () => unknown> = {
    "apps.createApp": () => ({ id: randomUUID(), details: details() }),
    "apps.updateApp": () => ({ details: details(), marketplace: listing(w.a.imageId) }),
    "apps.duplicateApp": () => ({ appName: "Hostile Copy", countryCode: "AU" }),
    "user.setPreference": () => ({ localeCode: "en-AU" }),
    "registration.register": () => validRegistration({ email: REGISTRATION_EMAIL }),
    "submissions.createSubmission": () => ({
      appId: w.a.versionId,
      ...CONTACT,
      isBeta: false,
      documents: [w.a.fileId],
    }),
    "submissions.requestPause": () => ({ ...REQUESTER }),
    "submissions.requestResume": () => ({ ...REQUESTER }),
    "approvals.createPreApproval": () => preApproval(w.a.groupId, w.a.versionId, [w.a.fileId]),
    "pricing.createPrice": () => ({ pricingModelType: 1, amount: 10 }),
    "pricing.updatePrice": () => ({ pricingModelType: 1, amount: 10 }),
    "pricing.submitPriceChange": () => ({ amount: 12, appGroupId: w.a.groupId }),
    "schema.saveSchema": () => ({ appIdOld: w.a.versionId, json: SCHEMA_DOCUMENT }),
    "schema.validateSchema": () => ({ json: SCHEMA_DOCUMENT }),
    "settings.saveCompanyDetails": () => ({
      entityInformation: [
        { ...COMPANY_ENTRY, countryId: "AU", isDefault: true },
        { ...COMPANY_ENTRY, countryId: "UK", isDefault: false, icon: null },
      ],
    }),
    "settings.createBankDetails": () => ({ ...BANK }),
    "settings.updateBankDetails": () => ({ ...BANK }),
    "user.createUser": () => newUser("hostile-user@example.com"),
    "user.updateUser": () => ({
      userId: w.a.company.userId,
      title: "ms",
      firstName: "Alex",
      lastName: "Tester",
      email: w.a.company.email,
      admin: true,
      password: "",
      confirmPassword: "",
    }),
    "instances.createInstance": () => ({ ...NEW_INSTANCE, email: "hostile@example.com" }),
    "instances.importInstance": () => ({ ...IMPORTED_INSTANCE }),
    "instances.updateConfiguration": () => ({
      includeOtherProviders: false,
      applyToAllUsers: false,
      configurations: [
        { appGroupId: w.a.groupId, isEnabled: false, appStatusCode: 200, appEndpoint: "LIVE" },
      ],
    }),
  };
  const body =
    bodies[name] ?? (() => sampleOf(endpoint.body === MULTIPART ? undefined : endpoint.body));
  return { params, query, body };
}

const paramNames = (endpoint: Endpoint) =>
  [...endpoint.path.matchAll(/:([A-Za-z_]\w*)/g)].map((match) => match[1]);

/** What an answer must be. */
type Expected =
  /** 400 (413 for a body over 1 MB) with the path `anchor`, or one under it, among the failing fields; `code` at `anchor` itself; an answer of at most `answerMax` characters. */
  | { kind: "field"; anchor: string; code?: string; answerMax?: number }
  /** 400 naming a field, or 413. */
  | { kind: "badInput" }
  /** 404; a read may also find something for a made-up id (`readOk`). */
  | { kind: "notFound"; readOk: boolean }
  | { kind: "unauthorized" }
  /** 201 with a clean, safely served file, or 400 naming a field. */
  | { kind: "upload" };

interface Case {
  what: string;
  params: Record<string, string>;
  query: [string, string][];
  headers: Record<string, string>;
  body?: Buffer | string;
  expected: Expected;
  [fc.toStringMethod]?: () => string;
}

const pairs = (query: Record<string, string>): [string, string][] => Object.entries(query);

/** Hostile requests for the endpoint, each one part of a valid request made hostile: random ones, and those every run sends (each listed upload). */
function hostileCases(
  declared: NamedEndpoint,
  w: World,
): { arbitrary: fc.Arbitrary<Case>; always: Case[] } {
  const { endpoint } = declared;
  const valid = validInput(declared, w);
  const auth = { authorization: `Bearer ${w.a.company.token}` };
  const isJson = endpoint.body !== undefined && endpoint.body !== MULTIPART;
  const validBody = (): Pick<Case, "headers" | "body"> =>
    endpoint.body === MULTIPART
      ? multipart(
          [
            {
              name: "file",
              filename: "icon.png",
              type: "image/png",
              data: Buffer.from(png(256, 256)),
            },
          ],
          auth,
        )
      : isJson
        ? { headers: { ...auth, "content-type": "application/json" }, body: toJson(valid.body()) }
        : { headers: auth };
  const make = (
    what: string,
    expected: Expected,
    change: Partial<Omit<Case, "what" | "expected">> = {},
  ): Case => ({
    what,
    expected,
    params: valid.params,
    query: pairs(valid.query),
    ...validBody(),
    ...change,
    // A failing case is shown by what was made hostile, not by its whole body.
    [fc.toStringMethod]: () => what,
  });
  const kinds: fc.Arbitrary<Case>[] = [];

  // Path parameters: nothing hostile names anything; the other company's ids are not found either.
  for (const param of paramNames(endpoint)) {
    const withParam = (value: string) => ({ params: { ...valid.params, [param]: value } });
    kinds.push(
      hostileSegment.map((value) =>
        make(
          `:${param} = ${value.slice(0, 80)}`,
          { kind: "notFound", readOk: endpoint.method === "GET" },
          withParam(value),
        ),
      ),
    );
    const foreign = [
      w.b.versionId,
      w.b.groupId,
      w.b.fileId,
      w.b.company.companyId,
      w.b.company.userId,
      w.b.instanceId,
      w.b.bankId,
      ...(endpoint.public ? [] : [w.b.imageId]),
    ];
    kinds.push(
      fc
        .constantFrom(...foreign)
        .map((id) =>
          make(`:${param} = company b's ${id}`, { kind: "notFound", readOk: false }, withParam(id)),
        ),
    );
  }

  // Query values the contract refuses (as the server reads them); names the database cannot store.
  for (const { path: name } of slotsOf(endpoint.query)) {
    const refused = (value: string) =>
      refusedBy(endpoint.query!, { ...valid.query, [name]: serverDecoded(encodeSegment(value)) });
    kinds.push(
      hostileQueryValue
        .filter(refused)
        .map((value) =>
          make(
            `?${name}=${JSON.stringify(value).slice(0, 80)}`,
            { kind: "field", anchor: name },
            { query: pairs({ ...valid.query, [name]: value }) },
          ),
        ),
    );
    if (/id$/i.test(name)) {
      kinds.push(
        fc
          .constantFrom(w.b.company.userId, w.b.versionId)
          .map((id) =>
            make(
              `?${name}= company b's ${id}`,
              { kind: "notFound", readOk: false },
              { query: pairs({ ...valid.query, [name]: id }) },
            ),
          ),
      );
    }
  }
  kinds.push(
    fc
      .tuple(
        unstorableText.filter((name) => name.includes("\u0000")),
        fc.boolean(),
      )
      .map(([name, second]) =>
        // A NUL survives the URL (a lone surrogate does not: it is no UTF-8); as a name, or as a second value of a known name.
        second && Object.keys(valid.query).length > 0
          ? make(
              `?${Object.keys(valid.query)[0]} twice, the second ${JSON.stringify(name)}`,
              { kind: "field", anchor: Object.keys(valid.query)[0] },
              { query: [...pairs(valid.query), [Object.keys(valid.query)[0], name]] },
            )
          : make(
              `?${JSON.stringify(name)}=1`,
              { kind: "field", anchor: namedAs(name) },
              { query: [...pairs(valid.query), [name, "1"]] },
            ),
      ),
  );

  if (isJson) {
    const headers = (contentType: string | undefined) => ({
      ...auth,
      ...(contentType ? { "content-type": contentType } : {}),
    });
    // Every property of the body, a value its schema refuses.
    const slots = slotsOf(endpoint.body as Exclude<typeof endpoint.body, typeof MULTIPART>);
    kinds.push(
      fc.tuple(fc.constantFrom(...slots), jsonContentType).chain(([slot, contentType]) =>
        hostileJson
          .filter((value) => value === MEGA_TEXT || refusedBy(slot.schema, value))
          .map((value) => {
            const base = valid.body();
            const body = toJson(withValueAt(base, slot.path, value));
            const shown =
              typeof value === "string"
                ? JSON.stringify(value.slice(0, 60))
                : toJson(value).slice(0, 80);
            return make(
              `body ${slot.path} = ${shown} as ${contentType}`,
              { kind: "field", anchor: existingPrefix(base, slot.path) },
              { headers: headers(contentType), body },
            );
          }),
      ),
    );
    // Every property of the body, a value nested past the JSON limits: refused before it is parsed, at the top-level key it stands under.
    kinds.push(
      fc.tuple(fc.constantFrom(...slots), tooDeepJson).map(([slot, value]) => {
        const body = toJson(withValueAt(valid.body(), slot.path, value));
        const top = slot.path.split(".")[0];
        return make(
          `body ${slot.path} nested too deeply (${body.length} characters)`,
          { kind: "field", anchor: top, code: "tooDeep" },
          { headers: headers("application/json"), body },
        );
      }),
    );
    // Every property of the body, a list of 100,000 entries: refused at it like any wrong value, in an answer no longer than what was sent.
    kinds.push(
      fc.tuple(fc.constantFrom(...slots), wideJson).map(([slot, value]) => {
        const base = valid.body();
        const body = toJson(withValueAt(base, slot.path, value));
        return make(
          `body ${slot.path} = a list of ${(value as unknown[]).length} entries`,
          {
            kind: "field",
            anchor: existingPrefix(base, slot.path),
            answerMax: Math.max(body.length, 64 * 1024),
          },
          {
            headers: headers("application/json"),
            body,
          },
        );
      }),
    );
    // A key the database cannot store, at the top or in a nested object of the body.
    const objects = [
      "",
      ...slots.filter((slot) => slotsOf(slot.schema).length > 0).map((slot) => slot.path),
    ];
    kinds.push(
      fc.tuple(fc.constantFrom(...objects), unstorableText).map(([at, key]) => {
        const base = valid.body() as Record<string, unknown>;
        const holder = at
          ? at.split(".").reduce<Record<string, unknown>>((node, part) => {
              node[part] ??= {};
              return node[part] as Record<string, unknown>;
            }, base)
          : base;
        holder[key] = "value";
        return make(
          `body key ${JSON.stringify(key)} in ${at || "the body"}`,
          { kind: "field", anchor: at ? `${at}.${namedAs(key)}` : namedAs(key) },
          { headers: headers("application/json"), body: toJson(base) },
        );
      }),
    );
    // Not the call's JSON at all, with any content type.
    kinds.push(
      fc
        .tuple(junkBody, jsonContentType)
        .map(([body, contentType]) =>
          make(
            `body ${JSON.stringify(body.toString().slice(0, 40))} as ${contentType}`,
            { kind: "badInput" },
            { headers: headers(contentType), body },
          ),
        ),
    );
  }

  const uploads =
    endpoint.body === MULTIPART
      ? uploadCases.map((upload) => make(upload.what, upload.expected, upload.request(auth)))
      : [];
  if (uploads.length > 0) kinds.push(fc.constantFrom(...uploads));

  // No token, or a forged one.
  if (!endpoint.public) {
    kinds.push(
      fc
        .constantFrom<Record<string, string>>(
          {},
          { authorization: "Bearer not.a.token" },
          { authorization: "Basic YTpi" },
        )
        .map((authorization) => {
          const request = validBody();
          const { authorization: _dropped, ...headers } = request.headers;
          return make(
            `with ${authorization.authorization ?? "no token"}`,
            { kind: "unauthorized" },
            { ...request, headers: { ...headers, ...authorization } },
          );
        }),
    );
  }
  return { arbitrary: fc.oneof(...kinds), always: uploads };
}

/** How the server reads a percent-encoded query value: decoded, and any sequence that is not UTF-8 left as written. */
function serverDecoded(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

// ---------------------------------------------------------------------------
// Uploads
// ---------------------------------------------------------------------------

interface Part {
  name: string;
  filename?: string | Buffer;
  type?: string;
  data: Buffer | string;
}

/** A multipart/form-data body written by hand (so it can be broken). */
function multipart(
  parts: Part[],
  headers: Record<string, string>,
  boundary = "----hostile-boundary-7d3",
): Pick<Case, "headers" | "body"> {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename =
      part.filename === undefined
        ? Buffer.alloc(0)
        : Buffer.concat([
            Buffer.from('; filename="'),
            Buffer.from(part.filename),
            Buffer.from('"'),
          ]);
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`),
      filename,
      Buffer.from(`\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ""}\r\n`),
    );
    chunks.push(Buffer.from(part.data), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat(chunks),
  };
}

interface UploadCase {
  what: string;
  expected: Expected;
  request: (auth: Record<string, string>) => Pick<Case, "headers" | "body">;
}

const icon = () => Buffer.from(png(256, 256));
const file = (
  data: Buffer | string,
  filename: string | Buffer = "file.png",
  type = "image/png",
): Part[] => [{ name: "file", filename, type, data }];

/** Polyglots and hostile file names: taken only as what their bytes are, kept clean, served safely. */
const acceptedOrRefused: [string, Part[]][] = [
  [
    "a PNG header followed by HTML",
    file(
      Buffer.concat([
        icon().subarray(0, 33),
        Buffer.from("<html><script>alert(1)</script></html>"),
      ]),
    ),
  ],
  [
    "a whole PNG with HTML after its end",
    file(
      Buffer.concat([icon(), Buffer.from("<html><script>alert(document.cookie)</script></html>")]),
      "x.html",
      "text/html",
    ),
  ],
  ["a GIF/HTML polyglot", file("GIF89a/*<script>alert(1)</script>*/=1;", "x.gif", "image/gif")],
  [
    "an SVG with a script",
    file(svg(undefined, "<script>alert(1)</script>"), "x.svg", "image/svg+xml"),
  ],
  [
    "an SVG with onload",
    file(svg('width="256" height="256" onload="alert(1)"'), "x.svg", "image/svg+xml"),
  ],
  [
    "an SVG with a javascript: link",
    file(
      svg(undefined, '<a href="javascript:alert(1)"><text>x</text></a>'),
      "x.svg",
      "image/svg+xml",
    ),
  ],
  [
    "an SVG with foreignObject HTML",
    file(
      svg(
        undefined,
        '<foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></body></foreignObject>',
      ),
      "x.svg",
    ),
  ],
  ["HTML named .png", file("<!doctype html><script>alert(1)</script>", "x.png")],
  [
    "a PDF with a script after it",
    file(
      Buffer.concat([Buffer.from(pdf()), Buffer.from("<script>alert(1)</script>")]),
      "x.pdf",
      "application/pdf",
    ),
  ],
  [
    "a PDF header and HTML",
    file("%PDF-1.4\n<html><script>alert(1)</script></html>", "x.pdf", "application/pdf"),
  ],
  [
    "a ZIP",
    file(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]), "x.zip", "application/zip"),
  ],
  ["an empty file", file(Buffer.alloc(0))],
  ["a NUL in the file name", file(icon(), "icon\u0000.png")],
  [
    "a lone surrogate's bytes in the file name",
    file(icon(), Buffer.from([0x69, 0xed, 0xa0, 0x80, 0x2e, 0x70, 0x6e, 0x67])),
  ],
  ["a traversal file name", file(icon(), "../../../etc/passwd")],
  ["a Windows traversal file name", file(icon(), "..\\..\\boot.ini")],
  ["a file name of 5,000 characters", file(icon(), `${"n".repeat(5000)}.png`)],
  ["a header line of 100 KB", file(icon(), "x".repeat(100_000))],
  ["a file name with HTML", file(icon(), "<img src=x onerror=alert(1)>.png")],
  ["a file name with bidi controls", file(icon(), "icon\u202egnp.exe")],
  ["two files", [...file(icon()), ...file(Buffer.from(pdf()), "second.pdf", "application/pdf")]],
];

/** Bodies that are not an upload. */
const brokenUploads: [string, (auth: Record<string, string>) => Pick<Case, "headers" | "body">][] =
  [
    [
      "multipart without a boundary",
      (auth) => ({
        headers: { ...auth, "content-type": "multipart/form-data" },
        body: multipart(file(icon()), {}).body,
      }),
    ],
    [
      "a boundary that is not the body's",
      (auth) => ({
        ...multipart(file(icon()), auth),
        headers: { ...auth, "content-type": "multipart/form-data; boundary=other" },
      }),
    ],
    [
      "a body cut short",
      (auth) => {
        const m = multipart(file(icon()), auth);
        return { ...m, body: (m.body as Buffer).subarray(0, 120) };
      },
    ],
    ["the file as a text field", (auth) => multipart([{ name: "file", data: "just text" }], auth)],
    [
      "no file field",
      (auth) =>
        multipart([{ name: "other", filename: "icon.png", type: "image/png", data: icon() }], auth),
    ],
    [
      "no parts",
      (auth) => ({
        headers: { ...auth, "content-type": "multipart/form-data; boundary=b" },
        body: "--b--\r\n",
      }),
    ],
    [
      "a part without headers",
      (auth) => ({
        headers: { ...auth, "content-type": "multipart/form-data; boundary=b" },
        body: "--b\r\n\r\nbytes\r\n--b--\r\n",
      }),
    ],
    [
      "garbage",
      (auth) => ({
        headers: { ...auth, "content-type": "multipart/form-data; boundary=b" },
        body: Buffer.from([0xff, 0x00, 0xed, 0xa0, 0x80]),
      }),
    ],
    [
      "JSON",
      (auth) => ({
        headers: { ...auth, "content-type": "application/json" },
        body: '{"file":"\\u0000"}',
      }),
    ],
    [
      "a form-encoded body",
      (auth) => ({
        headers: { ...auth, "content-type": "application/x-www-form-urlencoded" },
        body: "file=%00",
      }),
    ],
    ["no content type", (auth) => ({ headers: auth, body: icon() })],
    [
      "multipart/mixed",
      (auth) => ({
        ...multipart(file(icon()), auth),
        headers: { ...auth, "content-type": "multipart/mixed; boundary=----hostile-boundary-7d3" },
      }),
    ],
  ];

/** Every listed upload; each upload endpoint gets all of them, then random ones. */
const uploadCases: UploadCase[] = [
  ...acceptedOrRefused.map(
    ([what, parts]): UploadCase => ({
      what,
      expected: { kind: "upload" },
      request: (auth) => multipart(parts, auth),
    }),
  ),
  ...brokenUploads.map(
    ([what, request]): UploadCase => ({ what, expected: { kind: "badInput" }, request }),
  ),
];

// ---------------------------------------------------------------------------
// Sending and judging
// ---------------------------------------------------------------------------

function send(endpoint: Endpoint, request: Case): Promise<RawAnswer> {
  const path = endpoint.path.replace(
    /:([A-Za-z_]\w*)/g,
    (_whole, name: string) => request.params[name],
  );
  const query = request.query
    .map(([name, value]) => `${encodeSegment(name)}=${encodeSegment(value)}`)
    .join("&");
  return sendRaw(sandboxUrl(), endpoint.method, `/api/${path}${query ? `?${query}` : ""}`, {
    headers: request.headers,
    body: request.body,
  });
}

interface ErrorAnswer {
  status?: number;
  detail?: unknown;
  traceId?: unknown;
  field?: unknown;
  errors?: Record<string, unknown>;
}

const isUnder = (path: string, anchor: string) => path === anchor || path.startsWith(`${anchor}.`);

/** Throws, saying what was sent and what came back, unless the answer is what the case expects. */
async function judge(declared: NamedEndpoint, request: Case, answer: RawAnswer) {
  const { endpoint } = declared;
  const fail = (why: string) => {
    throw new Error(
      `${declared.name} ${request.what}: ${why} (${answer.status} ${answer.text.slice(0, 300)})`,
    );
  };
  if (answer.status >= 500) fail("a 5xx");
  let error: ErrorAnswer = {};
  if (answer.status >= 400) {
    try {
      error = JSON.parse(answer.text) as ErrorAnswer;
    } catch {
      fail("an error that is not JSON");
    }
    if (typeof error.detail !== "string" || typeof error.traceId !== "string")
      fail("not the error shape");
    if (/:\s*undefined$/.test(String(error.detail))) fail("a detail with its words missing");
    if (
      answer.status === 400 &&
      (typeof error.field !== "string" || typeof error.errors?.[error.field] !== "string")
    )
      fail("a 400 that names no field");
  }
  const expected = request.expected;
  switch (expected.kind) {
    case "field":
      if (answer.status === 413) break;
      if (answer.status !== 400) fail(`not a 400 naming ${expected.anchor}`);
      if (!Object.keys(error.errors ?? {}).some((path) => isUnder(path, expected.anchor)))
        fail(`${expected.anchor} is not among the failing fields`);
      if (expected.code !== undefined && error.errors?.[expected.anchor] !== expected.code)
        fail(`${expected.anchor} is not refused with ${expected.code}`);
      if (expected.answerMax !== undefined && answer.text.length > expected.answerMax)
        fail(`an answer of ${answer.text.length} characters to ${expected.answerMax}`);
      break;
    case "badInput":
      if (answer.status !== 400 && answer.status !== 413) fail("not refused as bad input");
      break;
    case "notFound":
      if (answer.status !== 404 && !(expected.readOk && answer.status < 300)) fail("not a 404");
      break;
    case "unauthorized":
      if (answer.status !== 401) fail("not a 401");
      break;
    case "upload":
      if (answer.status === 201) await judgeUpload(answer, fail);
      // The company's unattached uploads at their quota is a refusal too.
      else if (
        answer.status !== 400 &&
        !(answer.status === 429 && error.errors?.file === "uploadQuotaReached")
      )
        fail("neither taken nor refused");
      break;
  }
  if (
    answer.status < 300 &&
    answer.status !== 204 &&
    endpoint.answer !== rawAnswer &&
    !endpoint.answer.safeParse(JSON.parse(answer.text)).success
  ) {
    fail("an answer not in the call's shape");
  }
}

/** A file taken: a clean name, and (an image) served as an image, sandboxed, never sniffed. */
async function judgeUpload(answer: RawAnswer, fail: (why: string) => never) {
  const stored = uploadedFile.parse(JSON.parse(answer.text));
  // Bytes that are not UTF-8 may come back as U+FFFD: storable, and harmless.
  if (
    /[\u0000-\u001f\u007f/\\\u202a-\u202e]/.test(stored.fileName) ||
    holdsUnstorable(stored.fileName) ||
    [...stored.fileName].length > 255
  ) {
    fail(`a file name kept as ${JSON.stringify(stored.fileName)}`);
  }
  if (!stored.url.includes("/api/images/")) return;
  const served = await fetch(stored.url);
  const bytes = Buffer.from(await served.arrayBuffer());
  const type = served.headers.get("content-type") ?? "";
  if (!/^image\/(png|jpeg|svg\+xml)$/.test(type)) fail(`served as ${type}`);
  if (
    !/sandbox/.test(served.headers.get("content-security-policy") ?? "") ||
    served.headers.get("x-content-type-options") !== "nosniff"
  )
    fail("served without its sandbox");
  if (
    type === "image/svg+xml" &&
    /<script|onload=|javascript:|foreignObject/i.test(bytes.toString("utf8"))
  )
    fail("an SVG with a script served");
}

/** How many cases an endpoint gets: more where there is more to make hostile. */
function runsOf(endpoint: Endpoint): number {
  if (endpoint.body === MULTIPART) return 40;
  if (endpoint.body) return endpoint.public ? 20 : 60;
  return paramNames(endpoint).length > 0 || endpoint.query ? 30 : 8;
}

describe("every endpoint, generated hostile input", () => {
  beforeAll(setUpWorld);

  afterAll(() => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `hostile API inputs: ${cases} cases over ${ENDPOINTS.length} endpoints in ${seconds} s (seed ${SEED})`,
    );
  });

  it("covers every declared endpoint", () => {
    expect(ENDPOINTS.length).toBeGreaterThan(20);
  });

  it.each(ENDPOINTS)(
    "$name: never a 5xx, every refusal in the error shape naming the field, nothing stored",
    async (declared) => {
      const { arbitrary, always } = hostileCases(declared, world);
      await fc.assert(
        fc.asyncProperty(arbitrary, async (request) => {
          cases++;
          await judge(declared, request, await send(declared.endpoint, request));
        }),
        {
          numRuns: runsOf(declared.endpoint),
          endOnFailure: true,
          seed: SEED,
          examples: always.map((request) => [request]),
        },
      );
      expect(await stateOf(world.a)).toEqual(world.before.a);
      expect(await stateOf(world.b)).toEqual(world.before.b);
    },
    // Up to 60 requests and their checks: 10 to 20 s on a quiet 2-core machine, three times
    // that when the machine runs other suites.
    120_000,
  );

  it("leaves nothing of a refused registration: no mail to its address", async () => {
    const outbox = await ok<unknown[]>(
      await admin(`outbox?to=${encodeURIComponent(REGISTRATION_EMAIL)}`),
    );
    expect(outbox).toEqual([]);
  });

  it("shows neither company anything of the other", async () => {
    for (const [one, other] of [
      [world.a, world.b],
      [world.b, world.a],
    ]) {
      for (const path of [
        `apps/${other.versionId}`,
        `apps/group/${other.groupId}`,
        `files/${other.fileId}/download`,
        `user?user-id=${other.company.userId}`,
      ]) {
        expect((await one.company.api(path)).status, path).toBe(404);
      }
      const list = await ok<{ appGroupId: string }[]>(await one.company.api("apps?archived=-1"));
      expect(list.map((item) => item.appGroupId)).not.toContain(other.groupId);
    }
  });
});
