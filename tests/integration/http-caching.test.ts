/**
 * HTTP caching of the provider API (docs/decisions/0073-provider-http-caching.md): lookups
 * say for how long and for whom they may be reused, every JSON answer of a GET has a strong
 * ETag of its bytes and answers 304 to it, and an answer of the caller's own is never public.
 */
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { contractEndpoints } from "~/api/contract";
import { createAppThroughApi, createProviderClient } from "../support/provider";
import { admin, apiFetch, newCompany, type TestCompany } from "./support";

const client = createProviderClient(() => ({
  sandboxUrl: inject("sandboxUrl"),
  consoleUrl: inject("consoleUrl"),
  adminToken: inject("adminToken"),
  clientId: inject("clientId"),
  clientSecret: inject("clientSecret"),
}));

/** The lookups and what they may be reused as. */
const LOOKUPS: [path: string, cacheControl: string, vary: string | null][] = [
  ["resources/countries", "public, max-age=300", null],
  ["resources/config-init-all", "public, max-age=60", "Accept-Language"],
  ["resources/app-categories", "public, max-age=300", "Accept-Language"],
  ["resources/matter-types?countryCode=AU", "public, max-age=300", "Accept-Language"],
  ["resources/matter-types/au-mt-divorce/precedents?countrycode=AU", "public, max-age=300", null],
  ["resources/precedents/0?countrycode=AU", "public, max-age=300", null],
  ["resources/product-variants?countryCode=AU", "public, max-age=300", "Accept-Language"],
  ["resources/desktop-versions", "public, max-age=60", null],
  ["resources/desktop-download", "public, max-age=60", "Authorization"],
  ["resources/leap-environments", "public, max-age=300", null],
  ["ping/more", "public, max-age=60", null],
];

const sha256Tag = (bytes: ArrayBuffer) =>
  `"${createHash("sha256").update(new Uint8Array(bytes)).digest("base64url").slice(0, 32)}"`;

describe("lookups", () => {
  it.each(LOOKUPS)(
    "%s says for how long it may be reused, with a strong ETag of its bytes",
    async (path, cacheControl, vary) => {
      const res = await apiFetch(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe(cacheControl);
      expect(res.headers.get("vary")).toBe(vary);
      const etag = res.headers.get("etag")!;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(etag).toBe(sha256Tag(await res.arrayBuffer()));
    },
  );

  it("answers 304 without a body to an If-None-Match naming its ETag, keeping ETag, Cache-Control and Vary", async () => {
    const first = await apiFetch("resources/config-init-all", {
      headers: { "accept-language": "nl-NL" },
    });
    const etag = first.headers.get("etag")!;
    const again = await apiFetch("resources/config-init-all", {
      headers: { "accept-language": "nl-NL", "if-none-match": `"other", ${etag}` },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("cache-control")).toBe("public, max-age=60");
    expect(again.headers.get("vary")).toBe("Accept-Language");
    expect(again.headers.get("x-trace-id")).toMatch(/^\w{8,}$/);
    // A weak form of the same tag matches too (If-None-Match compares weakly).
    expect(
      (
        await apiFetch("resources/config-init-all", {
          headers: { "accept-language": "nl-NL", "if-none-match": `W/${etag}` },
        })
      ).status,
    ).toBe(304);
  });

  it("answers the whole body to an If-None-Match naming another ETag", async () => {
    const res = await apiFetch("resources/countries", {
      headers: { "if-none-match": '"not-this-one"' },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as unknown[]).length).toBeGreaterThan(0);
  });

  it("has another ETag in another language, so a Dutch copy is never taken for the English one", async () => {
    const dutch = await apiFetch("resources/product-variants?countryCode=AU", {
      headers: { "accept-language": "nl-NL" },
    });
    const english = await apiFetch("resources/product-variants?countryCode=AU", {
      headers: { "accept-language": "en-AU" },
    });
    expect(dutch.headers.get("etag")).not.toBe(english.headers.get("etag"));
    const crossed = await apiFetch("resources/product-variants?countryCode=AU", {
      headers: { "accept-language": "en-AU", "if-none-match": dutch.headers.get("etag")! },
    });
    expect(crossed.status).toBe(200);
  });

  it("marks no refusal reusable", async () => {
    const res = await apiFetch("resources/matter-types?countryCode=ZZ");
    expect(res.status).toBe(400);
    expect(res.headers.get("cache-control")).toBeNull();
    expect(res.headers.get("etag")).toBeNull();
  });

  it("keeps a forged token a 401, even with a matching If-None-Match", async () => {
    const etag = (await apiFetch("resources/countries")).headers.get("etag")!;
    const res = await apiFetch(
      "resources/countries",
      { headers: { "if-none-match": etag } },
      "not-a-token",
    );
    expect(res.status).toBe(401);
  });

  it("answers a signed-in caller's desktop downloads as their own: staging builds depend on their test access", async () => {
    const company = await newCompany();
    const res = await company.api("resources/desktop-download");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    expect(res.headers.get("vary")).toBe("Authorization");
  });
});

describe("answers of the caller's own", () => {
  let company: TestCompany;
  let app: { id: string; groupAppId: string };

  beforeAll(async () => {
    company = await newCompany();
    app = await createAppThroughApi(client, company.token);
  });

  it("are private, revalidated at each use, with an ETag and a 304 while unchanged", async () => {
    const res = await company.api("user");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    expect(res.headers.get("vary")).toBe("Authorization");
    const etag = res.headers.get("etag")!;
    expect(etag).toBe(sha256Tag(await res.arrayBuffer()));
    const again = await company.api("user", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("cache-control")).toBe("private, no-cache");
  });

  it("the app list is stale at once, but not no-cache: a caller may take it a little stale for a glance", async () => {
    const res = await company.api("apps");
    expect(res.headers.get("cache-control")).toBe("private, max-age=0");
    expect(res.headers.get("vary")).toBe("Authorization");
    expect(res.headers.get("etag")).toBeTruthy();
  });

  it("get a new ETag, and a whole answer, once they change", async () => {
    const before = await company.api("apps");
    const etag = before.headers.get("etag")!;
    await createAppThroughApi(client, company.token);
    const after = await company.api("apps", { headers: { "if-none-match": etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
  });

  it("are never public: every GET of the contract but the lookups", async () => {
    const ids: Record<string, string> = {
      id: app.id,
      groupId: app.groupAppId,
      appGroupId: app.groupAppId,
      versionId: app.id,
      appVersionId: app.id,
    };
    const answered: string[] = [];
    for (const { name, endpoint } of contractEndpoints()) {
      if (endpoint.method !== "GET" || /^(resources\/|ping\/)/.test(endpoint.path)) continue;
      const path = endpoint.path.replace(
        /:(\w+)/g,
        (_, param: string) => ids[param] ?? app.groupAppId,
      );
      for (const candidate of [path, path.replace(app.id, app.groupAppId)]) {
        const res = await company.api(candidate);
        expect(res.headers.get("cache-control") ?? "", name).not.toMatch(/public/);
        if (res.status === 200 && res.headers.get("content-type")?.startsWith("application/json")) {
          answered.push(name);
          expect(res.headers.get("cache-control"), name).toMatch(
            /^(private, no-cache|private, max-age=0|private, no-store|no-store)$/,
          );
          break;
        }
      }
    }
    // Enough of them answered to mean something: user, apps, settings, instances, submissions...
    expect(answered.length).toBeGreaterThanOrEqual(12);
  });

  it("are another caller's 404, not a 304, whatever ETag they name", async () => {
    const other = await newCompany();
    const etag = (await company.api(`apps/group/${app.groupAppId}`)).headers.get("etag")!;
    const res = await other.api(`apps/group/${app.groupAppId}`, {
      headers: { "if-none-match": etag },
    });
    expect(res.status).toBe(404);
  });

  it("leave the faults the reviewer sets answering first", async () => {
    const fault = { method: "GET", path: "/api/user", status: 503, companyId: company.companyId };
    expect(
      (await admin("faults", { method: "PUT", body: JSON.stringify(fault) })).status,
    ).toBeLessThan(300);
    try {
      const etag = (await apiFetch("resources/countries")).headers.get("etag")!;
      const res = await company.api("user", { headers: { "if-none-match": etag } });
      expect(res.status).toBe(503);
      expect(res.headers.get("cache-control")).toBeNull();
    } finally {
      await admin(
        `faults?${new URLSearchParams({ method: fault.method, path: fault.path, companyId: fault.companyId })}`,
        { method: "DELETE" },
      );
    }
  });
});
