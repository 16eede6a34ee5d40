/**
 * Apps over real HTTP: create, read, list, update with
 * every rule of details and listing, sanitization of a stored-XSS corpus, listing images,
 * delete, archive, unarchive, duplicate, the reviewer's status and flag endpoints, and
 * company isolation of every endpoint.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { OVERVIEW_TAGS, RULE_KEYS } from "~/api/apps/rules";
import {
  type AppGroup,
  type AppListItem,
  type AppVersion,
  appGroup,
  appListResponse,
  appSaveResponse,
  appVersion,
  type MarketplaceInput,
} from "~/api/apps/schemas";
import { VERSION_STATUS } from "~/api/apps/status";
import { SHAPE_RULE_CODES } from "~/api/common";
import { fileForm, jpeg, pdf, png, svg } from "../../server/conformance/files";
import { admin, expectErrorShape, newCompany, type TestCompany } from "./support";

const KB = 1024;
const S = VERSION_STATUS;
const CATEGORY = 1;
const OTHER_CATEGORY = 99;
const OVERVIEW_TEXT =
  "Matter Sync keeps matters, contacts and documents in step between the practice-management platform and " +
  "your document system, so that lawyers file once and find everything in both places without retyping.";

let a: TestCompany;
let b: TestCompany;

beforeAll(async () => {
  [a, b] = await Promise.all([newCompany(), newCompany()]);
});

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

const json = (method: string, body?: unknown): RequestInit => ({
  method,
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

interface DetailsBody {
  name?: unknown;
  description?: unknown;
  countryCode?: unknown;
  categoryId?: unknown;
  appType?: unknown;
}

const details = (overrides: DetailsBody = {}) => ({
  name: "Matter Sync",
  description: "Keeps matters in step with your document system.",
  countryCode: "AU",
  categoryId: CATEGORY,
  appType: 0,
  ...overrides,
});

async function ok<T>(res: Response, status = 200): Promise<T> {
  if (res.status !== status)
    throw new Error(`expected ${status}, got ${res.status}: ${await res.text()}`);
  return (status === 204 ? undefined : await res.json()) as T;
}

/** POST apps; answers the save answer. */
async function createApp(
  company: TestCompany,
  overrides: DetailsBody = {},
  marketplace?: MarketplaceInput,
) {
  const id = randomUUID();
  const res = await company.api(
    "apps",
    json("POST", { id, details: details(overrides), ...(marketplace ? { marketplace } : {}) }),
  );
  return appSaveResponse.parse(await ok(res, 201));
}

const getVersion = async (company: TestCompany, id: string): Promise<AppVersion> =>
  appVersion.parse(await ok(await company.api(`apps/${id}`)));
const getGroup = async (company: TestCompany, id: string): Promise<AppGroup> =>
  appGroup.parse(await ok(await company.api(`apps/group/${id}`)));
const listApps = async (company: TestCompany, q = ""): Promise<AppListItem[]> =>
  appListResponse.parse(await ok(await company.api(`apps${q}`)));

async function uploadImage(
  company: TestCompany,
  bytes: Uint8Array | string,
  purpose?: string,
  name = "image.png",
) {
  const res = await company.api(purpose ? `images?purpose=${purpose}` : "images", {
    method: "POST",
    body: fileForm(bytes, name),
  });
  return (await ok<{ id: string; url: string }>(res, 201)).id;
}

interface Images {
  icon: string;
  banners: string[];
  screenshots: string[];
}

async function standardImages(company: TestCompany): Promise<Images> {
  const [icon, banner, shot1, shot2] = await Promise.all([
    uploadImage(company, png(256, 256), "icon"),
    uploadImage(company, png(1410, 480), "banner"),
    uploadImage(company, png(1200, 480), "screenshot"),
    uploadImage(company, jpeg(1200, 480), "screenshot", "shot.jpg"),
  ]);
  return { icon, banners: [banner], screenshots: [shot1, shot2] };
}

/** A listing that passes every rule. */
function listing(
  images: Images,
  overrides: { detail?: object; legal?: object; promo?: object; visibility?: boolean } = {},
): MarketplaceInput {
  return {
    detail: {
      appURL: "https://app.example.com",
      description: `<h1>Matter Sync</h1><p>${OVERVIEW_TEXT}</p><ul><li><strong>Fast</strong></li></ul>`,
      shortDescription: "Matters and documents, in step.",
      contactEmail: "dev@example.com",
      features: "Two-way sync",
      keywords: "sync, documents",
      supportUrl: "https://example.com/support",
      websiteUrl: "https://example.com",
      documentationUrl: "https://example.com/docs",
      ...overrides.detail,
    },
    legal: {
      copyright: "(c) Example",
      privacyPolicy: "We keep little.",
      privacyPolicyUrl: "https://example.com/privacy",
      termsOfService: "Be nice.",
      termsOfServiceUrl: "https://example.com/terms",
      ...overrides.legal,
    },
    promo: {
      appIcon: { id: images.icon },
      banners: images.banners.map((id) => ({ id })),
      screenshots: images.screenshots.map((id) => ({ id })),
      youtubeUrl: "https://www.youtube.com/watch?v=abc",
      ...overrides.promo,
    },
    visibility: overrides.visibility ?? true,
  };
}

function putApp(
  company: TestCompany,
  id: string,
  body: { details?: DetailsBody; marketplace?: unknown },
) {
  return company.api(
    `apps/${id}`,
    json("PUT", {
      details: details(body.details),
      ...(body.marketplace ? { marketplace: body.marketplace } : {}),
    }),
  );
}

/** A 400 or 409 naming the field, in the error shape. */
async function expectRefused(
  res: Response,
  status: number,
  field: string | undefined,
  detail?: string | RegExp,
) {
  expect(res.status, `${field}`).toBe(status);
  const body = await expectErrorShape(res);
  expect(body.field).toBe(field);
  if (typeof detail === "string") expect(body.detail).toBe(detail);
  else if (detail) expect(body.detail).toMatch(detail);
  return body;
}

async function setStatus(versionId: string, statusCode: number, extra: object = {}) {
  return ok<{ statusCode: number; status: string }>(
    await admin(`versions/${versionId}/status`, json("PUT", { statusCode, ...extra })),
  );
}

// ---------------------------------------------------------------------------
// Create, read, list
// ---------------------------------------------------------------------------

describe("creating an app", () => {
  it("creates the group and version 1.000 in Sandbox with the details, readable by every GET", async () => {
    const id = randomUUID();
    const res = await a.api(
      "apps",
      json("POST", {
        id,
        details: details({ name: "  Created App  ", description: "  Described.  " }),
        groupId: "ignored",
        versionDisplay: "9.999",
      }),
    );
    const saved = appSaveResponse.parse(await ok(res, 201));
    expect(saved).toEqual({
      id,
      groupAppId: expect.any(String),
      versionMajor: 1,
      versionMinor: 0,
      versionNumber: "1.000",
    });

    const version = await getVersion(a, id);
    expect(version).toMatchObject({
      id,
      groupId: saved.groupAppId,
      versionMajor: 1,
      versionMinor: 0,
      versionNumberDisplay: "1.000",
      statusCode: 0,
      status: "Sandbox",
      createdById: a.userId,
      modifiedById: a.userId,
      appWentLiveDateTime: null,
      platforms: [],
      isArchived: false,
      appLevel: 1,
      isLiveSubmissionRejected: false,
      details: {
        name: "Created App",
        description: "Described.",
        countryCode: "AU",
        categoryId: CATEGORY,
        appType: 0,
      },
    });
    expect(version.details.apiKey).toBe(version.apiKey);
    expect(version.details.secretKey.length).toBeGreaterThan(20);
    expect(version.marketplace.promo).toEqual({
      appIcon: null,
      banners: [],
      screenshots: [],
      youtubeUrl: "",
    });
    expect(version.marketplace.detail.description).toBe("");

    const group = await getGroup(a, saved.groupAppId);
    expect(group).toMatchObject({
      appGroupId: saved.groupAppId,
      name: "Created App",
      appIcon: null,
      countryCode: "AU",
      appType: 0,
      isArchived: false,
      // docs/decisions/0003-app-group-flags.md: pre-approval required by default, price required where monetisation is on (AU).
      isPreApprovalRequired: true,
      isPriceRequired: true,
      appLevel: 1,
      history: [],
    });
    expect(group.versions).toEqual([
      expect.objectContaining({
        versionId: id,
        versionMajorId: id,
        versionMajor: 1,
        versionDisplay: "1.000",
        statusCode: 0,
        status: "Sandbox",
        appGroupId: saved.groupAppId,
      }),
    ]);

    const item = (await listApps(a)).find((i) => i.appGroupId === saved.groupAppId);
    expect(item).toMatchObject({
      name: "Created App",
      countryCode: "AU",
      appType: 0,
      isArchived: false,
      platforms: [],
    });
    expect(item?.versions.map((v) => v.versionDisplay)).toEqual(["1.000"]);
  });

  it("does not require a price where monetisation is off (CA) and keeps connector apps' type", async () => {
    const saved = await createApp(a, { countryCode: "ca", appType: 1 });
    const group = await getGroup(a, saved.groupAppId);
    expect(group).toMatchObject({ countryCode: "CA", appType: 1, isPriceRequired: false });
  });

  it("lists the most recently modified app first", async () => {
    const company = await newCompany();
    const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
    const first = await createApp(company, { name: "First" });
    await tick();
    const second = await createApp(company, { name: "Second" });
    await tick();
    expect((await listApps(company)).map((i) => i.name)).toEqual(["Second", "First"]);
    await ok(await putApp(company, first.id, { details: { name: "First again" } }));
    expect((await listApps(company)).map((i) => i.name)).toEqual(["First again", "Second"]);
    expect(second.groupAppId).not.toBe(first.groupAppId);
  });

  it("creates with a listing in the same call", async () => {
    const images = await standardImages(a);
    const saved = await createApp(a, {}, listing(images));
    const version = await getVersion(a, saved.id);
    expect(version.marketplace.promo.appIcon?.id).toBe(images.icon);
    expect((await getGroup(a, saved.groupAppId)).appIcon?.id).toBe(images.icon);
  });

  it("refuses a body without a client-made id, and an id that exists", async () => {
    await expectRefused(await a.api("apps", json("POST", { details: details() })), 400, "id");
    await expectRefused(
      await a.api("apps", json("POST", { id: "not-a-uuid", details: details() })),
      400,
      "id",
    );
    const saved = await createApp(a);
    const again = await a.api(
      "apps",
      json("POST", { id: saved.id, details: details({ name: "Again" }) }),
    );
    await expectRefused(again, 409, "id", /already exists/);
    expect((await getVersion(a, saved.id)).details.name).toBe("Matter Sync");
  });

  it.each([
    ["details.name", { name: "   " }, /details\.name: is required/],
    ["details.name", { name: "n".repeat(101) }, /at most 100/],
    ["details.description", { description: "" }, /is required/],
    ["details.description", { description: "d".repeat(451) }, /at most 450 characters/],
    ["details.categoryId", { categoryId: null }, /is required/],
    ["details.categoryId", { categoryId: 0 }, /is required/],
    ["details.categoryId", { categoryId: 12345 }, /app categories/],
    ["details.countryCode", { countryCode: "" }, /is required/],
    ["details.countryCode", { countryCode: "IE" }, /can be chosen/],
    ["details.countryCode", { countryCode: "XX" }, /can be chosen/],
    ["details.appType", { appType: 2 }, /0 \(standard\) or 1 \(connector\)/],
    ["details.appType", { appType: null }, /is required/],
    ["details.name", { name: 12 }, /must be text/],
  ])("refuses %s (%j) and stores nothing", async (field, overrides, detail) => {
    const company = await newCompany();
    const res = await company.api(
      "apps",
      json("POST", { id: randomUUID(), details: details(overrides) }),
    );
    await expectRefused(res, 400, field, detail);
    expect(await listApps(company)).toEqual([]);
  });

  it("refuses a listing that breaks a rule and stores nothing", async () => {
    const company = await newCompany();
    const images = await standardImages(company);
    const res = await company.api(
      "apps",
      json("POST", {
        id: randomUUID(),
        details: details(),
        marketplace: listing(images, { detail: { websiteUrl: "example.com" } }),
      }),
    );
    await expectRefused(res, 400, "marketplace.detail.websiteUrl", /URL is invalid/);
    expect(await listApps(company)).toEqual([]);
  });

  it("takes the Other category", async () => {
    const saved = await createApp(a, { categoryId: OTHER_CATEGORY });
    expect((await getVersion(a, saved.id)).details.categoryId).toBe(OTHER_CATEGORY);
  });
});

// ---------------------------------------------------------------------------
// Update
// ---------------------------------------------------------------------------

describe("saving an app version", () => {
  it("saves details and the whole listing, trimmed, and answers the version numbers", async () => {
    const saved = await createApp(a);
    const images = await standardImages(a);
    const body = listing(images, {
      detail: {
        shortDescription: "  Short, trimmed.  ",
        contactEmail: "  Dev@Example.com ",
        websiteUrl: " https://example.com/  ",
      },
      legal: { copyright: "  (c) 2025  " },
      visibility: false,
    });
    const res = await putApp(a, saved.id, {
      details: { name: " Renamed ", description: " New description " },
      marketplace: body,
    });
    expect(appSaveResponse.parse(await ok(res))).toEqual({
      id: saved.id,
      groupAppId: saved.groupAppId,
      versionMajor: 1,
      versionMinor: 0,
      versionNumber: "1.000",
    });

    const version = await getVersion(a, saved.id);
    expect(version.details).toMatchObject({ name: "Renamed", description: "New description" });
    expect(version.marketplace.detail).toMatchObject({
      shortDescription: "Short, trimmed.",
      contactEmail: "Dev@Example.com",
      websiteUrl: "https://example.com/",
      appURL: "https://app.example.com",
      description: `<h1>Matter Sync</h1><p>${OVERVIEW_TEXT}</p><ul><li><strong>Fast</strong></li></ul>`,
    });
    expect(version.marketplace.legal.copyright).toBe("(c) 2025");
    expect(version.marketplace.visibility).toBe(false);
    expect(version.marketplace.promo.appIcon).toEqual({
      id: images.icon,
      url: expect.stringMatching(new RegExp(`/api/images/${images.icon}$`)),
    });
    expect(version.marketplace.promo.banners.map((i) => i.id)).toEqual(images.banners);
    expect(version.marketplace.promo.screenshots.map((i) => i.id)).toEqual(images.screenshots);

    // The image URL serves the image.
    expect((await fetch(version.marketplace.promo.appIcon!.url)).status).toBe(200);

    const group = await getGroup(a, saved.groupAppId);
    expect(group.name).toBe("Renamed");
    expect(group.appIcon?.id).toBe(images.icon);
  });

  it("keeps the stored listing when the body has details only", async () => {
    const images = await standardImages(a);
    const saved = await createApp(a, {}, listing(images));
    await ok(await putApp(a, saved.id, { details: { description: "Only the details." } }));
    const version = await getVersion(a, saved.id);
    expect(version.details.description).toBe("Only the details.");
    expect(version.marketplace.promo.appIcon?.id).toBe(images.icon);
  });

  it("replaces images in order and clears them", async () => {
    const images = await standardImages(a);
    const saved = await createApp(a, {}, listing(images));
    const reordered = listing({
      ...images,
      screenshots: [...images.screenshots].reverse(),
      banners: [],
    });
    await ok(await putApp(a, saved.id, { marketplace: reordered }));
    const version = await getVersion(a, saved.id);
    expect(version.marketplace.promo.screenshots.map((i) => i.id)).toEqual(
      [...images.screenshots].reverse(),
    );
    expect(version.marketplace.promo.banners).toEqual([]);
  });

  describe("refuses every invalid field, storing nothing", () => {
    let images: Images;
    let saved: { id: string; groupAppId: string };
    let before: AppVersion;

    beforeAll(async () => {
      images = await standardImages(a);
      saved = await createApp(a, {}, listing(images));
      before = await getVersion(a, saved.id);
    });

    const long = (n: number) => "x".repeat(n);
    const cases: [
      string,
      (i: Images) => { details?: DetailsBody; marketplace?: MarketplaceInput },
      RegExp,
    ][] = [
      ["details.name", () => ({ details: { name: "" } }), /is required/],
      ["details.description", () => ({ details: { description: long(451) } }), /at most 450/],
      ["details.categoryId", () => ({ details: { categoryId: 0 } }), /is required/],
      ["details.categoryId", () => ({ details: { categoryId: 4242 } }), /app categories/],
      [
        "marketplace.detail.description",
        (i) => ({ marketplace: listing(i, { detail: { description: "" } }) }),
        /is required/,
      ],
      [
        "marketplace.detail.description",
        (i) => ({ marketplace: listing(i, { detail: { description: `<p>${long(199)}</p>` } }) }),
        /200 to 10000/,
      ],
      [
        "marketplace.detail.description",
        (i) => ({ marketplace: listing(i, { detail: { description: `<p>${long(10_001)}</p>` } }) }),
        /200 to 10000/,
      ],
      [
        "marketplace.detail.description",
        // Tags and removed markup do not count: 150 characters of text in a lot of HTML.
        (i) => ({
          marketplace: listing(i, {
            detail: {
              description: `<p style="${long(100)}"><img src=x>${long(150)}</p><script>${long(100)}</script>`,
            },
          }),
        }),
        /200 to 10000/,
      ],
      [
        "marketplace.detail.shortDescription",
        (i) => ({ marketplace: listing(i, { detail: { shortDescription: long(116) } }) }),
        /at most 115/,
      ],
      [
        "marketplace.detail.contactEmail",
        (i) => ({ marketplace: listing(i, { detail: { contactEmail: "not an email" } }) }),
        /Invalid email address/,
      ],
      [
        "marketplace.detail.contactEmail",
        (i) => ({
          marketplace: listing(i, { detail: { contactEmail: `${long(250)}@example.com` } }),
        }),
        /at most 255/,
      ],
      [
        "marketplace.detail.websiteUrl",
        (i) => ({ marketplace: listing(i, { detail: { websiteUrl: "" } }) }),
        /is required/,
      ],
      [
        "marketplace.detail.websiteUrl",
        (i) => ({ marketplace: listing(i, { detail: { websiteUrl: "www.example.com" } }) }),
        /URL is invalid/,
      ],
      [
        "marketplace.detail.supportUrl",
        (i) => ({ marketplace: listing(i, { detail: { supportUrl: "" } }) }),
        /is required/,
      ],
      [
        "marketplace.detail.supportUrl",
        (i) => ({ marketplace: listing(i, { detail: { supportUrl: "javascript:alert(1)" } }) }),
        /URL is invalid/,
      ],
      [
        "marketplace.legal.privacyPolicyUrl",
        (i) => ({ marketplace: listing(i, { legal: { privacyPolicyUrl: "" } }) }),
        /is required/,
      ],
      [
        "marketplace.legal.privacyPolicyUrl",
        (i) => ({ marketplace: listing(i, { legal: { privacyPolicyUrl: "ftp://example.com" } }) }),
        /URL is invalid/,
      ],
      [
        "marketplace.legal.termsOfServiceUrl",
        (i) => ({ marketplace: listing(i, { legal: { termsOfServiceUrl: "" } }) }),
        /is required/,
      ],
      [
        "marketplace.legal.termsOfServiceUrl",
        (i) => ({ marketplace: listing(i, { legal: { termsOfServiceUrl: "data:text/html,x" } }) }),
        /URL is invalid/,
      ],
      [
        "marketplace.detail.documentationUrl",
        (i) => ({ marketplace: listing(i, { detail: { documentationUrl: "docs.example.com" } }) }),
        /URL is invalid/,
      ],
      [
        "marketplace.promo.youtubeUrl",
        (i) => ({ marketplace: listing(i, { promo: { youtubeUrl: "vbscript:x" } }) }),
        /URL is invalid/,
      ],
      [
        "marketplace.detail.appURL",
        (i) => ({ marketplace: listing(i, { detail: { appURL: "//evil.example" } }) }),
        /URL is invalid/,
      ],
      [
        "marketplace.detail.features",
        (i) => ({ marketplace: listing(i, { detail: { features: long(10_001) } }) }),
        /at most 10000/,
      ],
      [
        "marketplace.legal.termsOfService",
        (i) => ({ marketplace: listing(i, { legal: { termsOfService: long(10_001) } }) }),
        /at most 10000/,
      ],
      [
        "marketplace.promo.appIcon",
        (i) => ({ marketplace: listing(i, { promo: { appIcon: null } }) }),
        /is required/,
      ],
      [
        "marketplace.promo.screenshots",
        (i) => ({
          marketplace: listing(i, {
            promo: { screenshots: Array.from({ length: 9 }, () => ({ id: i.screenshots[0] })) },
          }),
        }),
        /at most 8 images/,
      ],
      [
        "marketplace.visibility",
        (i) => ({ marketplace: { ...listing(i), visibility: "yes" as unknown as boolean } }),
        /true or false/,
      ],
    ];

    it.each(cases)("%s (%#)", async (field, make, detail) => {
      const res = await putApp(a, saved.id, make(images));
      const body = await expectRefused(res, 400, field, detail);
      expect([...RULE_KEYS, ...SHAPE_RULE_CODES]).toContain(body.errors?.[field]);
      expect(await getVersion(a, saved.id)).toEqual(before);
    });

    it("reports every failing field at once", async () => {
      const res = await putApp(a, saved.id, {
        details: { name: "" },
        marketplace: listing(images, {
          detail: { websiteUrl: "", shortDescription: long(200) },
          promo: { appIcon: null },
        }),
      });
      const body = await expectRefused(res, 400, "details.name");
      expect(body.errors).toEqual({
        "details.name": "required",
        "marketplace.detail.shortDescription": "tooLong",
        "marketplace.detail.websiteUrl": "required",
        "marketplace.promo.appIcon": "required",
      });
    });
  });

  it("requires the contact email of a connector app", async () => {
    const images = await standardImages(a);
    const saved = await createApp(a, { appType: 1 });
    const res = await putApp(a, saved.id, {
      details: { appType: 1 },
      marketplace: listing(images, { detail: { contactEmail: " " } }),
    });
    await expectRefused(res, 400, "marketplace.detail.contactEmail", /is required/);
    await ok(await putApp(a, saved.id, { details: { appType: 1 }, marketplace: listing(images) }));
  });

  it("never changes the app type or the country", async () => {
    const saved = await createApp(a);
    await expectRefused(
      await putApp(a, saved.id, { details: { appType: 1 } }),
      409,
      "details.appType",
      /app type cannot change/,
    );
    await expectRefused(
      await putApp(a, saved.id, { details: { countryCode: "UK" } }),
      409,
      "details.countryCode",
      /country cannot change/,
    );
    await ok(await putApp(a, saved.id, { details: { countryCode: "au" } }));
    expect((await getVersion(a, saved.id)).details).toMatchObject({
      appType: 0,
      countryCode: "AU",
    });
  });

  const notEditable = Object.entries(S).filter(
    ([, code]) => code !== S.Sandbox && code !== S.Rejected && code !== S.BetaRejected,
  );

  it.each(notEditable)("refuses to save a version in %s (%i)", async (_name, code) => {
    const saved = await createApp(a);
    await setStatus(saved.id, code);
    const res = await putApp(a, saved.id, { details: { name: "Changed" } });
    await expectRefused(
      res,
      409,
      undefined,
      /only when its status is Sandbox, Rejected or BetaRejected/,
    );
    expect((await getVersion(a, saved.id)).details.name).toBe("Matter Sync");
  });

  it.each([
    ["Rejected", S.Rejected],
    ["BetaRejected", S.BetaRejected],
  ])("saves a version in %s", async (_name, code) => {
    const saved = await createApp(a);
    await setStatus(saved.id, code);
    await ok(await putApp(a, saved.id, { details: { name: "Fixed" } }));
    expect((await getVersion(a, saved.id)).details.name).toBe("Fixed");
  });

  it("refuses to save a version of an archived app until it is unarchived", async () => {
    const saved = await createApp(a);
    await ok(await a.api(`apps/group/${saved.groupAppId}/setArchived?flag=true`, json("PUT")));
    await expectRefused(
      await putApp(a, saved.id, { details: { name: "Changed" } }),
      409,
      undefined,
      /archived: unarchive it/,
    );
    await ok(await a.api(`apps/group/${saved.groupAppId}/setArchived?flag=false`, json("PUT")));
    await ok(await putApp(a, saved.id, { details: { name: "Changed" } }));
  });

  it("refuses a body that is not JSON or not an object of the right shape", async () => {
    const saved = await createApp(a);
    await expectRefused(
      await a.api(`apps/${saved.id}`, {
        method: "PUT",
        body: "{",
        headers: { "content-type": "application/json" },
      }),
      400,
      "body",
    );
    await expectRefused(
      await a.api(`apps/${saved.id}`, json("PUT", { details: { name: ["x"] } })),
      400,
      "details.name",
    );
    await expectRefused(
      await a.api(
        `apps/${saved.id}`,
        json("PUT", { details: details(), marketplace: { promo: { screenshots: "x" } } }),
      ),
      400,
      "marketplace.promo.screenshots",
    );
  });
});

// ---------------------------------------------------------------------------
// Sanitization
// ---------------------------------------------------------------------------

const XSS = [
  `<script>alert(1)</script>`,
  `<img src=x onerror=alert(1)>`,
  `<a href="javascript:alert(1)">click</a>`,
  `<p style="background:url(javascript:alert(1))">styled</p>`,
  `<iframe src="https://evil.example/"></iframe>`,
  `<svg onload=alert(1)><circle r="1"/></svg>`,
  `&lt;script&gt;alert(1)&lt;/script&gt;`,
  `&#60;img src=x onerror=alert(1)&#62;`,
  `<scr<script>ipt>alert(1)</scr</script>ipt>`,
  `"><img src=x onerror=alert(1)>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
  `<div onclick="alert(1)" class="x">div</div>`,
  `<object data="javascript:alert(1)"></object><embed src=x>`,
  `<body onload=alert(1)><base href="https://evil.example/">`,
];

describe("stored XSS corpus", () => {
  let images: Images;
  beforeAll(async () => {
    images = await standardImages(a);
  });

  it.each(XSS.map((payload, i) => [i, payload]))(
    "keeps text fields as given (trimmed) for payload %i",
    async (_i, payload) => {
      const saved = await createApp(a);
      const text = `  ${payload}  `;
      const body = listing(images, {
        detail: { shortDescription: text.slice(0, 115), features: text, keywords: text },
        legal: { copyright: text, privacyPolicy: text, termsOfService: text },
      });
      await ok(
        await putApp(a, saved.id, {
          details: { name: text.slice(0, 100), description: text },
          marketplace: body,
        }),
      );
      const version = await getVersion(a, saved.id);
      expect(version.details.name).toBe(text.slice(0, 100).trim());
      expect(version.details.description).toBe(payload);
      expect(version.marketplace.detail.shortDescription).toBe(text.slice(0, 115).trim());
      for (const value of [
        version.marketplace.detail.features,
        version.marketplace.detail.keywords,
        version.marketplace.legal.copyright,
        version.marketplace.legal.privacyPolicy,
        version.marketplace.legal.termsOfService,
      ]) {
        expect(value).toBe(payload);
      }
      // The API answers JSON that browsers do not sniff into HTML.
      const res = await a.api(`apps/${saved.id}`);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect((await getGroup(a, saved.groupAppId)).name).toBe(text.slice(0, 100).trim());
    },
  );

  it("reduces the overview to the allowed tags without attributes", async () => {
    const saved = await createApp(a);
    const overview =
      `  <h1 id="t" style="color:red">Title</h1><p class="x" onclick="alert(1)" style="position:fixed">${OVERVIEW_TEXT}</p>` +
      `<h2>Sub</h2><ol><li><span style="x" title="t">one</span></li></ol><ul><li>two<br onmouseover="alert(1)"></li></ul>` +
      XSS.join("\n") +
      "  ";
    await ok(
      await putApp(a, saved.id, {
        marketplace: listing(images, { detail: { description: overview } }),
      }),
    );
    const stored = (await getVersion(a, saved.id)).marketplace.detail.description;

    expect(stored).toMatch(/^<h1>Title<\/h1><p>Matter Sync keeps/);
    expect(stored).toContain(
      "<h2>Sub</h2><ol><li><span>one</span></li></ol><ul><li>two<br /></li></ul>",
    );
    const tags = [...stored.matchAll(/<\/?\s*([a-zA-Z0-9-]+)([^>]*)>/g)];
    for (const [whole, name, rest] of tags) {
      expect(OVERVIEW_TAGS as readonly string[], whole).toContain(name.toLowerCase());
      expect(rest.trim() === "" || rest.trim() === "/", whole).toBe(true);
    }
    // Without the allowed tags, no '<' is left: whatever else was sent is now text.
    const allowed = new RegExp(`</?(?:${OVERVIEW_TAGS.join("|")})\\s*/?>`, "g");
    expect(stored.replace(allowed, "")).not.toContain("<");
    const markup = (stored.match(/<[^>]*>/g) ?? []).join("");
    for (const bad of [
      /<script/i,
      /<img/i,
      /<iframe/i,
      /<svg/i,
      /<a[\s>]/i,
      /<div/i,
      /<style/i,
      /<object/i,
      /<embed/i,
      /<base/i,
      /on\w+\s*=/i,
      /style=/i,
      /javascript:/i,
    ]) {
      expect(markup, String(bad)).not.toMatch(bad);
    }
    // Escaped markup stays escaped text.
    expect(stored).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});

// ---------------------------------------------------------------------------
// Images
// ---------------------------------------------------------------------------

describe("listing images", () => {
  let images: Images;
  let saved: { id: string; groupAppId: string };

  beforeAll(async () => {
    images = await standardImages(a);
    saved = await createApp(a, {}, listing(images));
  });

  const withPromo = (promo: object) =>
    putApp(a, saved.id, { marketplace: listing(images, { promo }) });

  it("refuses an icon that is not 256x256, over 400 KB or not PNG/SVG", async () => {
    const wrongSize = await uploadImage(a, png(255, 256));
    await expectRefused(
      await withPromo({ appIcon: { id: wrongSize } }),
      400,
      "marketplace.promo.appIcon",
      "marketplace.promo.appIcon: Image size invalid",
    );
    const tooBig = await uploadImage(a, png(256, 256, { minBytes: 450 * KB }));
    await expectRefused(
      await withPromo({ appIcon: { id: tooBig } }),
      400,
      "marketplace.promo.appIcon",
      /File size greater than 400KB/,
    );
    const photo = await uploadImage(a, jpeg(256, 256), undefined, "icon.jpg");
    await expectRefused(
      await withPromo({ appIcon: { id: photo } }),
      400,
      "marketplace.promo.appIcon",
      /Image type invalid/,
    );
  });

  it("takes an SVG icon where allow-svg-button is on (AU) and refuses it where off (UK)", async () => {
    const icon = await uploadImage(a, svg(), undefined, "icon.svg");
    await ok(await withPromo({ appIcon: { id: icon } }));
    const uk = await createApp(a, { countryCode: "UK" });
    const res = await putApp(a, uk.id, {
      details: { countryCode: "UK" },
      marketplace: listing({ ...images, icon }),
    });
    await expectRefused(res, 400, "marketplace.promo.appIcon", /Image type invalid/);
  });

  it("refuses a banner that is not 1410x480", async () => {
    const wrong = await uploadImage(a, png(1400, 480));
    await expectRefused(
      await withPromo({ banners: [{ id: images.banners[0] }, { id: wrong }] }),
      400,
      "marketplace.promo.banners.1",
      /Image size invalid/,
    );
  });

  it("refuses a screenshot that is not PNG or JPEG, and more than 8 screenshots", async () => {
    const vector = await uploadImage(a, svg('width="1200" height="480"'), undefined, "shot.svg");
    await expectRefused(
      await withPromo({ screenshots: [{ id: vector }] }),
      400,
      "marketplace.promo.screenshots.0",
      /Image type invalid/,
    );
    const eight = Array.from({ length: 8 }, (_, i) => ({ id: images.screenshots[i % 2] }));
    await ok(await withPromo({ screenshots: eight }));
    await expectRefused(
      await withPromo({ screenshots: [...eight, eight[0]] }),
      400,
      "marketplace.promo.screenshots",
      /at most 8/,
    );
    expect((await getVersion(a, saved.id)).marketplace.promo.screenshots).toHaveLength(8);
  });

  it("refuses another company's image, a document and an unknown or malformed id, the same way", async () => {
    const theirs = await uploadImage(b, png(256, 256), "icon");
    const document = (
      await ok<{ id: string }>(
        await a.api("files?fileType=0", { method: "POST", body: fileForm(pdf(), "a.pdf") }),
        201,
      )
    ).id;
    for (const id of [theirs, document, randomUUID(), "not-an-id"]) {
      const res = await withPromo({ appIcon: { id } });
      await expectRefused(
        res,
        400,
        "marketplace.promo.appIcon",
        "marketplace.promo.appIcon: must be an image uploaded by your company",
      );
    }
    const res = await withPromo({ screenshots: [{ id: theirs }] });
    await expectRefused(res, 400, "marketplace.promo.screenshots.0", /uploaded by your company/);
    expect((await getVersion(a, saved.id)).marketplace.promo.appIcon?.id).not.toBe(theirs);
  });
});

// ---------------------------------------------------------------------------
// Delete, archive, unarchive
// ---------------------------------------------------------------------------

describe("deleting an app", () => {
  it("deletes the whole group when no version is Live, Paused, Beta or BetaPaused", async () => {
    const images = await standardImages(a);
    const saved = await createApp(a, {}, listing(images));
    await setStatus(saved.id, S.Rejected);
    expect((await a.api(`apps/delete/${saved.id}`, json("DELETE"))).status).toBe(204);
    expect((await a.api(`apps/${saved.id}`)).status).toBe(404);
    expect((await a.api(`apps/group/${saved.groupAppId}`)).status).toBe(404);
    expect((await listApps(a)).some((i) => i.appGroupId === saved.groupAppId)).toBe(false);
    // The uploaded images stay the company's.
    expect(
      (
        await fetch(
          (
            await getVersion(a, (await createApp(a, {}, listing(images))).id)
          ).marketplace.promo.appIcon!.url,
        )
      ).status,
    ).toBe(200);
  });

  it.each([
    ["Live", S.Live],
    ["Paused", S.Paused],
    ["Beta", S.Beta],
    ["BetaPaused", S.BetaPaused],
  ])("refuses while a version is %s", async (name, code) => {
    const saved = await createApp(a);
    await setStatus(saved.id, code);
    const res = await a.api(`apps/delete/${saved.id}`, json("DELETE"));
    await expectRefused(
      res,
      409,
      undefined,
      new RegExp(`cannot be deleted while a version is Live, Paused, Beta or BetaPaused.*${name}`),
    );
    expect((await getVersion(a, saved.id)).statusCode).toBe(code);
  });
});

describe("archiving an app", () => {
  it("archives, filters and unarchives", async () => {
    const company = await newCompany();
    const current = await createApp(company, { name: "Current" });
    const saved = await createApp(company, { name: "To archive" });
    await setStatus(saved.id, S.Beta);
    const res = await company.api(
      `apps/group/${saved.groupAppId}/setArchived?flag=true`,
      json("PUT"),
    );
    expect(await ok(res)).toEqual({ appGroupId: saved.groupAppId, isArchived: true });
    expect((await getGroup(company, saved.groupAppId)).isArchived).toBe(true);
    expect((await getVersion(company, saved.id)).isArchived).toBe(true);

    expect((await listApps(company)).map((i) => i.name).sort()).toEqual(["Current", "To archive"]);
    expect((await listApps(company, "?archived=-1")).length).toBe(2);
    expect((await listApps(company, "?archived=0")).map((i) => i.appGroupId)).toEqual([
      current.groupAppId,
    ]);
    expect((await listApps(company, "?archived=1")).map((i) => i.appGroupId)).toEqual([
      saved.groupAppId,
    ]);
    await expectRefused(await company.api("apps?archived=2"), 400, "archived");

    const back = await company.api(
      `apps/group/${saved.groupAppId}/setArchived?flag=false`,
      json("PUT"),
    );
    expect(await ok(back)).toEqual({ appGroupId: saved.groupAppId, isArchived: false });
    expect(await listApps(company, "?archived=1")).toEqual([]);
  });

  it("refuses to archive while a version is Live, and always unarchives", async () => {
    const saved = await createApp(a);
    await setStatus(saved.id, S.Live);
    await expectRefused(
      await a.api(`apps/group/${saved.groupAppId}/setArchived?flag=true`, json("PUT")),
      409,
      undefined,
      /cannot be archived while a version is Live/,
    );
    expect((await getGroup(a, saved.groupAppId)).isArchived).toBe(false);

    // Archived earlier, Live now (the provider moved it): unarchiving is still allowed.
    const other = await createApp(a);
    await ok(await a.api(`apps/group/${other.groupAppId}/setArchived?flag=true`, json("PUT")));
    await setStatus(other.id, S.Live);
    await ok(await a.api(`apps/group/${other.groupAppId}/setArchived?flag=false`, json("PUT")));
    expect((await getGroup(a, other.groupAppId)).isArchived).toBe(false);
  });

  it("names the flag when it is missing or wrong", async () => {
    const saved = await createApp(a);
    await expectRefused(
      await a.api(`apps/group/${saved.groupAppId}/setArchived`, json("PUT")),
      400,
      "flag",
    );
    await expectRefused(
      await a.api(`apps/group/${saved.groupAppId}/setArchived?flag=yes`, json("PUT")),
      400,
      "flag",
    );
  });
});

// ---------------------------------------------------------------------------
// Duplicate
// ---------------------------------------------------------------------------

describe("duplicating an app", () => {
  const schema = {
    type: "desktop",
    views: [
      {
        id: "matter",
        name: "Matter",
        visibility: {
          matterTypes: ["mt-1"],
          states: [{ name: "NSW" }],
          location: [{ root: "r", paths: [] }],
          cardType: ["People"],
        },
        buttons: [{ name: "Open", visibility: { matterTypes: ["mt-2"], entityType: 1 } }],
      },
    ],
  };

  it("copies details, listing, images and platform schemas (without matter types and regional info) into a new app", async () => {
    const images = await standardImages(a);
    const source = await createApp(
      a,
      { name: "Source", categoryId: OTHER_CATEGORY },
      listing(images),
    );
    await ok(await admin(`versions/${source.id}/platform-schemas/desktop`, json("PUT", schema)));
    await setStatus(source.id, S.Live);

    const res = await a.api(
      `apps/${source.id}/duplicate`,
      json("POST", { countryCode: "AU", appName: "  Copy in AU  " }),
    );
    const { id } = await ok<{ id: string }>(res, 201);
    const original = await getVersion(a, source.id);
    const copy = await getVersion(a, id);
    expect(copy.groupId).not.toBe(original.groupId);
    expect(copy).toMatchObject({
      versionNumberDisplay: "1.000",
      statusCode: 0,
      status: "Sandbox",
      platforms: ["desktop"],
      appWentLiveDateTime: null,
    });
    expect(copy.details).toMatchObject({
      name: "Copy in AU",
      countryCode: "AU",
      categoryId: OTHER_CATEGORY,
      appType: 0,
      description: original.details.description,
    });
    expect(copy.details.secretKey).not.toBe(original.details.secretKey);
    expect(copy.marketplace).toEqual(original.marketplace);

    const group = await getGroup(a, copy.groupId);
    expect(group).toMatchObject({
      name: "Copy in AU",
      countryCode: "AU",
      isArchived: false,
      appIcon: { id: images.icon },
    });
    expect(group.versions.map((v) => v.versionId)).toEqual([id]);
  });

  it("crosses countries and the copy is independent of the original", async () => {
    const images = await standardImages(a);
    const source = await createApp(a, { name: "Source" }, listing(images));
    const { id } = await ok<{ id: string }>(
      await a.api(
        `apps/${source.id}/duplicate`,
        json("POST", { countryCode: "uk", appName: "UK copy" }),
      ),
      201,
    );
    const copy = await getVersion(a, id);
    expect(copy.details.countryCode).toBe("UK");
    expect(await getGroup(a, copy.groupId)).toMatchObject({ countryCode: "UK", name: "UK copy" });

    const newIcon = await uploadImage(a, png(256, 256), "icon");
    await ok(
      await putApp(a, id, {
        details: { countryCode: "UK", name: "UK copy renamed" },
        marketplace: listing(
          { ...images, icon: newIcon, screenshots: [] },
          { detail: { features: "Only in the copy" } },
        ),
      }),
    );
    const original = await getVersion(a, source.id);
    expect(original.details.name).toBe("Source");
    expect(original.marketplace.promo.appIcon?.id).toBe(images.icon);
    expect(original.marketplace.promo.screenshots.map((i) => i.id)).toEqual(images.screenshots);
    expect(original.marketplace.detail.features).toBe("Two-way sync");

    // Deleting the copy leaves the original.
    expect((await a.api(`apps/delete/${id}`, json("DELETE"))).status).toBe(204);
    expect((await getVersion(a, source.id)).marketplace.promo.appIcon?.id).toBe(images.icon);
  });

  it("requires a new name and a selectable country", async () => {
    const source = await createApp(a);
    const dup = (body: unknown) => a.api(`apps/${source.id}/duplicate`, json("POST", body));
    await expectRefused(await dup({ countryCode: "AU" }), 400, "appName", /is required/);
    await expectRefused(
      await dup({ countryCode: "AU", appName: "  " }),
      400,
      "appName",
      /is required/,
    );
    await expectRefused(await dup({ appName: "Copy" }), 400, "countryCode", /is required/);
    await expectRefused(
      await dup({ appName: "Copy", countryCode: "IE" }),
      400,
      "countryCode",
      /can be chosen/,
    );
    await expectRefused(
      await dup({ appName: "n".repeat(101), countryCode: "AU" }),
      400,
      "appName",
      /at most 100/,
    );
    expect((await listApps(a)).filter((i) => i.name === "Copy")).toEqual([]);
  });
});

// ---------------------------------------------------------------------------
// The reviewer side
// ---------------------------------------------------------------------------

describe("reviewer endpoints for apps", () => {
  it("moves a version through statuses, with live dates and the history of archived versions", async () => {
    const saved = await createApp(a);
    expect(await setStatus(saved.id, S.Live)).toMatchObject({ statusCode: 200, status: "Live" });
    const live = await getVersion(a, saved.id);
    expect(live.appWentLiveDateTime).not.toBeNull();
    expect(live.appStoppedLiveDateTime).toBeNull();

    await setStatus(saved.id, S.Archived);
    const group = await getGroup(a, saved.groupAppId);
    expect(group.versions).toEqual([]);
    expect(group.history).toEqual([
      expect.objectContaining({
        versionId: saved.id,
        version: "1.000",
        versionStatusCode: 201,
        liveStartDate: live.appWentLiveDateTime,
        liveEndDate: expect.any(String),
        submissionDate: null,
        modifiedBy: "Alex Tester",
        status: 0,
      }),
    ]);
  });

  it("marks a Beta version whose submission to live was rejected", async () => {
    const saved = await createApp(a);
    await setStatus(saved.id, S.Beta, { isLiveSubmissionRejected: true });
    expect((await getVersion(a, saved.id)).isLiveSubmissionRejected).toBe(true);
    expect((await getGroup(a, saved.groupAppId)).versions[0]).toMatchObject({
      status: "Beta",
      isLiveSubmissionRejected: true,
    });
  });

  it("moves a version only the way the status table allows, recording each step", async () => {
    const saved = await createApp(a);
    await setStatus(saved.id, S.Archived);
    const res = await admin(`versions/${saved.id}/status`, json("PUT", { statusCode: S.Sandbox }));
    expect(res.status).toBe(409);
    const body = await expectErrorShape(res);
    expect(body).toMatchObject({ field: "statusCode", errors: { statusCode: "unreachable" } });
    expect(body.detail).toMatch(/from Archived to Sandbox/);
    expect((await getVersion(a, saved.id)).statusCode).toBe(S.Archived);
  });

  it("refuses an unknown status code and an unknown version", async () => {
    const saved = await createApp(a);
    const res = await admin(`versions/${saved.id}/status`, json("PUT", { statusCode: 150 }));
    expect(res.status).toBe(400);
    expect((await expectErrorShape(res)).field).toBe("statusCode");
    expect(
      (await admin(`versions/${randomUUID()}/status`, json("PUT", { statusCode: 200 }))).status,
    ).toBe(404);
  });

  it("sets the app group's flags", async () => {
    const saved = await createApp(a);
    const res = await admin(
      `app-groups/${saved.groupAppId}/flags`,
      json("PUT", { isPreApprovalRequired: false, isPriceRequired: false, appLevel: 3 }),
    );
    expect(await ok(res)).toEqual({
      appGroupId: saved.groupAppId,
      isPreApprovalRequired: false,
      isPriceRequired: false,
      appLevel: 3,
    });
    expect(await getGroup(a, saved.groupAppId)).toMatchObject({
      isPreApprovalRequired: false,
      isPriceRequired: false,
      appLevel: 3,
    });
    expect((await getVersion(a, saved.id)).appLevel).toBe(3);
    expect(
      (await admin(`app-groups/${saved.groupAppId}/flags`, json("PUT", { appLevel: 9 }))).status,
    ).toBe(400);
    expect(
      (await admin(`app-groups/${randomUUID()}/flags`, json("PUT", { appLevel: 1 }))).status,
    ).toBe(404);
  });

  it("needs the reviewer token", async () => {
    const saved = await createApp(a);
    const res = await fetch(
      `${(await import("./support")).sandboxUrl()}/admin/versions/${saved.id}/status`,
      {
        method: "PUT",
        headers: { "content-type": "application/json", authorization: `Bearer ${a.token}` },
        body: JSON.stringify({ statusCode: 200 }),
      },
    );
    expect(res.status).toBe(401);
    expect((await getVersion(a, saved.id)).statusCode).toBe(0);
  });
});

// ---------------------------------------------------------------------------
// Company isolation
// ---------------------------------------------------------------------------

describe("company isolation", () => {
  it("another company can neither see nor change any app, version or image of the first, through any endpoint", async () => {
    const images = await standardImages(a);
    const saved = await createApp(a, { name: "Private App" }, listing(images));
    const versionBefore = await getVersion(a, saved.id);
    const groupBefore = await getGroup(a, saved.groupAppId);

    const attempts: [string, RequestInit][] = [
      [`apps/${saved.id}`, json("GET")],
      [`apps/group/${saved.groupAppId}`, json("GET")],
      [
        `apps/${saved.id}`,
        json("PUT", { details: details({ name: "Taken over" }), marketplace: listing(images) }),
      ],
      [`apps/delete/${saved.id}`, json("DELETE")],
      [`apps/group/${saved.groupAppId}/setArchived?flag=true`, json("PUT")],
      [`apps/${saved.id}/duplicate`, json("POST", { countryCode: "AU", appName: "Stolen" })],
      // A group id where a version id belongs, and the other way round.
      [`apps/${saved.groupAppId}`, json("GET")],
      [`apps/group/${saved.id}`, json("GET")],
    ];
    for (const [path, init] of attempts) {
      const res = await b.api(path, init);
      expect(res.status, `${init.method} ${path}`).toBe(404);
      const text = await res.text();
      expect(text).not.toContain("Private App");
      expect(text).not.toContain(versionBefore.details.secretKey);
    }
    expect((await listApps(b)).some((i) => i.appGroupId === saved.groupAppId)).toBe(false);
    expect((await listApps(b)).some((i) => i.name === "Stolen")).toBe(false);

    // Nothing changed for the owner.
    expect(await getVersion(a, saved.id)).toEqual(versionBefore);
    expect(await getGroup(a, saved.groupAppId)).toEqual(groupBefore);

    // The second company cannot list the first's images in its own listing either.
    const own = await createApp(b);
    await expectRefused(
      await putApp(b, own.id, { marketplace: listing(images) }),
      400,
      "marketplace.promo.appIcon",
      /uploaded by your company/,
    );
  });

  it("answers 404 for malformed and unknown ids on every endpoint", async () => {
    for (const id of ["not-a-uuid", "123", randomUUID()]) {
      for (const [path, init] of [
        [`apps/${id}`, json("GET")],
        [`apps/group/${id}`, json("GET")],
        [`apps/${id}`, json("PUT", { details: details() })],
        [`apps/delete/${id}`, json("DELETE")],
        [`apps/group/${id}/setArchived?flag=true`, json("PUT")],
        [`apps/${id}/duplicate`, json("POST", { countryCode: "AU", appName: "x" })],
      ] as [string, RequestInit][]) {
        const res = await a.api(path, init);
        expect(res.status, `${init.method} ${path}`).toBe(404);
        await expectErrorShape(res);
      }
    }
  });

  it("needs a signed-in caller", async () => {
    const { apiFetch } = await import("./support");
    expect((await apiFetch("apps")).status).toBe(401);
    expect(
      (await apiFetch("apps", json("POST", { id: randomUUID(), details: details() }))).status,
    ).toBe(401);
  });
});
