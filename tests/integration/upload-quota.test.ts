/**
 * The quota of a company's uploads not yet attached to anything (server/sandbox/files/quota.ts,
 * docs/decisions/0067-limits-on-secrets-uploads-drafts.md): past its files or its bytes,
 * `POST files` and `POST images` answer 429 with Retry-After (when the oldest of them expires)
 * and the rule code; an upload a saved record takes up no longer counts; another company is
 * unaffected. On a sandbox of this file's own with small figures and a grace of one day.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileForm, pdf, png } from "../../server/conformance/files";
import { type OwnDatabase, ownDatabase } from "../support/postgres";
import { type OwnSandbox, ownSandbox } from "./own-sandbox";
import { expectErrorShape, newCompany, type TestCompany } from "./support";

const DAY_SECONDS = 24 * 60 * 60;
const QUOTA = { files: 3, bytes: 300 * 1024 };

let database: OwnDatabase | undefined;
let own: OwnSandbox;

beforeAll(async () => {
  if (process.env.DATABASE_URL)
    database = await ownDatabase(process.env.DATABASE_URL, "upload_quota");
  own = await ownSandbox("upload-quota", { databaseUrl: database?.url });
  await own.start({
    quotas: { unattachedUploads: QUOTA },
    fileCleanup: { intervalMs: 0, graceMs: DAY_SECONDS * 1000 },
  });
});

afterAll(async () => {
  await own?.dispose();
  await database?.drop();
});

const upload = (company: TestCompany, where: string, bytes: Uint8Array, name: string) =>
  company.api(where, { method: "POST", body: fileForm(bytes, name) });

async function uploaded(
  company: TestCompany,
  where: string,
  bytes: Uint8Array,
  name: string,
): Promise<string> {
  const res = await upload(company, where, bytes, name);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** A 429 of the quota: the rule code on `file`, Retry-After within the grace of a day. */
async function expectQuotaRefusal(res: Response) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(DAY_SECONDS - 120);
  expect(retryAfter).toBeLessThanOrEqual(DAY_SECONDS);
  const body = await expectErrorShape(res);
  expect(body).toMatchObject({ field: "file", errors: { file: "uploadQuotaReached" } });
}

describe("unattached uploads", () => {
  it("are refused past the company's count of files, until one is attached; another company goes on", async () => {
    const [a, b] = await Promise.all([newCompany(), newCompany()]);
    const icon = await uploaded(a, "images?purpose=icon", png(256, 256), "icon.png");
    await uploaded(a, "files?fileType=0", pdf(), "one.pdf");
    await uploaded(
      a,
      `images/entities/${a.companyId}?purpose=company-icon`,
      png(256, 256),
      "logo.png",
    );

    await expectQuotaRefusal(await upload(a, "images?purpose=icon", png(256, 256), "more.png"));
    await expectQuotaRefusal(await upload(a, "files?fileType=0", pdf(), "more.pdf"));
    await expectQuotaRefusal(
      await upload(
        a,
        `images/entities/${a.companyId}?purpose=company-icon`,
        png(256, 256),
        "more.png",
      ),
    );
    await uploaded(b, "files?fileType=0", pdf(), "b.pdf");

    // A listing takes the icon up: it is attached, and one more upload fits.
    const listing = {
      detail: {
        description: `<p>${"Keeps the ledger in step. ".repeat(10)}</p>`,
        websiteUrl: "https://example.com",
        supportUrl: "https://example.com/support",
      },
      legal: {
        privacyPolicyUrl: "https://example.com/privacy",
        termsOfServiceUrl: "https://example.com/terms",
      },
      promo: { appIcon: { id: icon }, banners: [], screenshots: [] },
      visibility: true,
    };
    const details = {
      name: "Quota app",
      description: "Uses one icon.",
      countryCode: "AU",
      categoryId: 1,
      appType: 0,
    };
    const created = await a.api("apps", {
      method: "POST",
      body: JSON.stringify({ id: randomUUID(), details, marketplace: listing }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    await uploaded(a, "files?fileType=0", pdf(), "now.pdf");
    await expectQuotaRefusal(await upload(a, "files?fileType=0", pdf(), "again.pdf"));
  });

  it("are refused past the company's bytes, the upload that would pass them included", async () => {
    const [a, b] = await Promise.all([newCompany(), newCompany()]);
    await uploaded(a, "files?fileType=0", pdf({ minBytes: 200 * 1024 }), "big.pdf");
    await expectQuotaRefusal(
      await upload(a, "files?fileType=0", pdf({ minBytes: 120 * 1024 }), "over.pdf"),
    );
    await uploaded(a, "files?fileType=0", pdf({ minBytes: 60 * 1024 }), "fits.pdf");
    await uploaded(b, "files?fileType=0", pdf({ minBytes: 200 * 1024 }), "b.pdf");
  });
});
