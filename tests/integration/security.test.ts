/**
 * Auth clients and permissions over real HTTP
 * (`apps-auth/*`): the gate before pre-approval, the permission list per country, the Live and
 * Staging tabs with and without test access, generating clients (secrets answered once, stored
 * as digests), routes and offline access saved and read back, the live-app's permissions read
 * only, the callback URL rules; and a second company that can neither read nor change any of it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { SECRET_ISSUES_PER_HOUR } from "~/api/security/rules";
import { authClientList, clientUpdateAnswer, permissionList } from "~/api/security/schemas";
import {
  createApp,
  createPreApproval,
  expectRefused,
  json,
  ok,
  readyApp,
  review,
  reviewPreApproval,
  setFlags,
  statusOf,
  submit,
  type TestApp,
} from "./review-support";
import { admin, newCompany, type TestCompany } from "./support";

let a: TestCompany;
let b: TestCompany;

beforeAll(async () => {
  [a, b] = await Promise.all([newCompany(), newCompany()]);
});

const testAccess = async (company: TestCompany, on: boolean) =>
  ok(await admin(`users/${company.userId}/access-to-test`, json("PUT", { hasAccessToTest: on })));
const permissions = async (company: TestCompany, app: TestApp) =>
  permissionList.parse(await ok(await company.api(`apps-auth/${app.groupId}/permission-list`)));
const clients = async (company: TestCompany, app: TestApp) =>
  authClientList.parse(await ok(await company.api(`apps-auth/${app.groupId}/clients`)));
const generate = (company: TestCompany, app: TestApp, isLive: boolean) =>
  company.api(`apps-auth/${app.groupId}/clients?isLive=${isLive}`, json("POST", null));
const put = (company: TestCompany, app: TestApp, isLive: boolean, body: unknown) =>
  company.api(`apps-auth/${app.groupId}/client?isLive=${isLive}`, json("PUT", body));

/** An app whose pre-approval the reviewer approved. */
async function approvedApp(company: TestCompany, countryCode = "AU"): Promise<TestApp> {
  const app = await createApp(company, { countryCode });
  const pre = await createPreApproval(company, app);
  await reviewPreApproval(pre.id, "approve");
  return app;
}

describe("the security calls", () => {
  it("refuse an app group without an approved pre-approval, and serve one that needs none", async () => {
    const app = await createApp(a);
    for (const res of [
      await a.api(`apps-auth/${app.groupId}/permission-list`),
      await a.api(`apps-auth/${app.groupId}/clients`),
      await generate(a, app, true),
      await put(a, app, true, { isAppLive: false, callbackUrls: ["https://a.example"] }),
    ]) {
      await expectRefused(res, 409, { id: "preApprovalRequired" });
    }
    const pre = await createPreApproval(a, app);
    await expectRefused(await generate(a, app, true), 409, { id: "preApprovalRequired" });
    await reviewPreApproval(pre.id, "reject");
    await expectRefused(await generate(a, app, true), 409, { id: "preApprovalRequired" });

    const free = await createApp(a);
    await setFlags(free.groupId, { isPreApprovalRequired: false });
    expect(await clients(a, free)).toEqual([]);
  });

  it("list the permissions of the app's country", async () => {
    const [au, us, aub] = await Promise.all([
      approvedApp(a, "AU"),
      approvedApp(a, "US"),
      approvedApp(a, "AUB"),
    ]);
    const [auList, usList, aubList] = await Promise.all([
      permissions(a, au),
      permissions(a, us),
      permissions(a, aub),
    ]);
    const ids = (list: typeof auList) => list.map((p) => p.operationId);
    expect(ids(auList)).toContain("getTrustBalance");
    expect(ids(auList)).not.toContain("getCourtDeadlines");
    expect(ids(usList)).toContain("getCourtDeadlines");
    expect(ids(usList)).not.toContain("getTrustBalance");
    expect(ids(aubList)).toEqual(ids(auList));
    expect(ids(auList)).toContain("offlineAccess");
    expect(auList[0]).toEqual(
      expect.objectContaining({
        method: expect.any(String),
        route: expect.any(String),
        level: expect.any(String),
        description: expect.any(String),
        accessGroup: expect.any(String),
        permissionGroup: expect.any(String),
      }),
    );
  });

  it("name the permissions and their groups in the caller's language (Accept-Language), English when it has none in it", async () => {
    const app = await approvedApp(a, "AU");
    const inLanguage = async (language: string) =>
      permissionList.parse(
        await ok(
          await a.api(`apps-auth/${app.groupId}/permission-list`, {
            headers: { "accept-language": language },
          }),
        ),
      );
    const [en, nl, fr] = await Promise.all([
      inLanguage("en-AU"),
      inLanguage("nl-NL,nl;q=0.9,en;q=0.8"),
      inLanguage("fr-FR"),
    ]);
    const byId = (list: typeof en, id: string) => list.find((p) => p.operationId === id);
    expect(byId(en, "getMatters")).toMatchObject({
      permissionGroup: "Matters",
      description: "List the firm's matters.",
    });
    expect(byId(nl, "getMatters")).toMatchObject({
      permissionGroup: "Dossiers",
      description: "De dossiers van het kantoor opvragen.",
      route: "/api/v1/matters",
      method: "GET",
    });
    expect(byId(nl, "getStaff")?.permissionGroup).toBe("Medewerkers");
    expect(new Set(nl.map((p) => p.operationId))).toEqual(new Set(en.map((p) => p.operationId)));
    expect(nl.every((p) => p.description !== byId(en, p.operationId)?.description)).toBe(true);
    // Grouped as each language sorts: Documenten first in Dutch, Billing in English.
    const groups = (list: typeof en) => [...new Set(list.map((p) => p.permissionGroup))];
    expect(groups(en)).toEqual([...groups(en)].sort((x, y) => x.localeCompare(y, "en")));
    expect(groups(nl)).toEqual([...groups(nl)].sort((x, y) => x.localeCompare(y, "nl")));
    expect(groups(nl)[0]).toBe("Documenten");
    expect(fr).toEqual(en);
  });

  it("generate the tab's two clients, answer the secret once and issue a new one on request", async () => {
    await testAccess(a, false);
    const app = await approvedApp(a);
    expect(await clients(a, app)).toEqual([]);
    const issued = authClientList.parse(await ok(await generate(a, app, true), 201));
    expect(issued.map((c) => [c.isLive, c.isAppLive])).toEqual([
      [true, false],
      [true, true],
    ]);
    for (const client of issued) {
      expect(client.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(client.privateApiKey).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
      expect(client.publicApiKey).toMatch(/^pk_[0-9a-f]{32}$/);
      expect(client).toMatchObject({ routes: [], redirectUrls: [], offlineAccess: false });
    }
    expect(issued[0].secret).not.toBe(issued[1].secret);

    const listed = await clients(a, app);
    expect(listed.map((c) => c.id)).toEqual(issued.map((c) => c.id));
    expect(listed.every((c) => c.secret === null && c.privateApiKey === null)).toBe(true);

    const again = authClientList.parse(await ok(await generate(a, app, true), 201));
    expect(again.map((c) => c.id)).toEqual(issued.map((c) => c.id));
    expect(again.map((c) => c.publicApiKey)).toEqual(issued.map((c) => c.publicApiKey));
    expect(again[0].secret).not.toBe(issued[0].secret);
  });

  it("show and generate Staging clients only with test access", async () => {
    const app = await approvedApp(a);
    await testAccess(a, false);
    await expectRefused(await generate(a, app, false), 403, { isLive: "testAccessRequired" });
    await expectRefused(
      await put(a, app, false, { isAppLive: false, callbackUrls: ["https://a.example"] }),
      403,
      { isLive: "testAccessRequired" },
    );
    await testAccess(a, true);
    await ok(await generate(a, app, false), 201);
    await ok(await generate(a, app, true), 201);
    expect((await clients(a, app)).map((c) => [c.isLive, c.isAppLive])).toEqual([
      [true, false],
      [true, true],
      [false, false],
      [false, true],
    ]);
    await testAccess(a, false);
    expect((await clients(a, app)).map((c) => c.isLive)).toEqual([true, true]);
  });

  it("save the sandbox-app's routes and offline access, read them back, and keep the live-app's read-only", async () => {
    const app = await approvedApp(a);
    await expectRefused(await put(a, app, true, { isAppLive: false, routes: [] }), 409, {
      isLive: "clientsNotGenerated",
    });
    await ok(await generate(a, app, true), 201);
    const saved = clientUpdateAnswer.parse(
      await ok(
        await put(a, app, true, {
          isAppLive: false,
          offlineAccess: true,
          routes: [
            { route: "/api/v1/cards", methods: ["POST", "GET"] },
            { route: "/api/v1/matters", methods: ["GET"] },
            { route: "/api/v1/cards/{cardId}", methods: [] },
          ],
        }),
      ),
    );
    expect(saved.routes).toEqual([
      { route: "/api/v1/cards", methods: ["GET", "POST"] },
      { route: "/api/v1/matters", methods: ["GET"] },
    ]);
    const [sandboxApp, liveApp] = await clients(a, app);
    expect(sandboxApp).toMatchObject({ id: saved.id, routes: saved.routes, offlineAccess: true });
    expect(liveApp).toMatchObject({ routes: [], offlineAccess: false });

    await expectRefused(
      await put(a, app, true, {
        isAppLive: true,
        routes: [{ route: "/api/v1/matters", methods: ["GET"] }],
      }),
      409,
      { routes: "liveAppReadOnly" },
    );
    await expectRefused(await put(a, app, true, { isAppLive: true, offlineAccess: true }), 409, {
      routes: "liveAppReadOnly",
    });
    await expectRefused(
      await put(a, app, true, {
        isAppLive: false,
        routes: [{ route: "/nowhere", methods: ["GET"] }],
      }),
      400,
      { "routes.0": "unknownRoute" },
    );
    await expectRefused(
      await put(a, app, true, {
        isAppLive: false,
        routes: [{ route: "/api/v1/matters", methods: ["DELETE"] }],
      }),
      400,
      { "routes.0": "methodNotOffered" },
    );
    await expectRefused(
      await put(a, app, true, {
        isAppLive: false,
        routes: [{ route: "/api/v1/matters", methods: ["PATCH"] }],
      }),
      400,
      { "routes.0.methods.0": expect.any(String) },
    );
    expect((await clients(a, app))[0].routes).toEqual(saved.routes);
  });

  it("grant the live-app clients the sandbox-app's permissions when the reviewer says so, tab by tab, and nowhere else", async () => {
    await testAccess(a, true);
    const app = await approvedApp(a);
    const grant = (id: string) => admin(`app-groups/${id}/live-permissions`, json("PUT"));
    await expectRefused(await grant(app.groupId), 409, { isLive: "clientsNotGenerated" });
    expect((await grant(crypto.randomUUID())).status).toBe(404);
    expect((await grant("not-a-group")).status).toBe(404);

    await ok(await generate(a, app, true), 201);
    await ok(await generate(a, app, false), 201);
    const live = [{ route: "/api/v1/matters", methods: ["GET", "POST"] }];
    const staging = [{ route: "/api/v1/cards", methods: ["GET"] }];
    await ok(await put(a, app, true, { isAppLive: false, routes: live, offlineAccess: true }));
    await ok(await put(a, app, false, { isAppLive: false, routes: staging }));
    const other = await approvedApp(b);
    await ok(await generate(b, other, true), 201);
    await ok(await put(b, other, true, { isAppLive: false, routes: staging }));

    const granted = await ok<{
      appGroupId: string;
      clients: { id: string; isLive: boolean; routes: unknown; offlineAccess: boolean }[];
    }>(await grant(app.groupId));
    expect(granted.appGroupId).toBe(app.groupId);
    expect(granted.clients.map((c) => [c.isLive, c.routes, c.offlineAccess])).toEqual([
      [true, live, true],
      [false, staging, false],
    ]);
    const after = await clients(a, app);
    expect(after.map((c) => [c.isLive, c.isAppLive, c.routes, c.offlineAccess])).toEqual([
      [true, false, live, true],
      [true, true, live, true],
      [false, false, staging, false],
      [false, true, staging, false],
    ]);
    expect(granted.clients.map((c) => c.id)).toEqual([after[1].id, after[3].id]);
    // Still the provider's: the developer cannot change them, and a later change of the sandbox app stays there.
    await expectRefused(await put(a, app, true, { isAppLive: true, routes: [] }), 409, {
      routes: "liveAppReadOnly",
    });
    await ok(await put(a, app, true, { isAppLive: false, routes: staging, offlineAccess: false }));
    expect((await clients(a, app))[1]).toMatchObject({ routes: live, offlineAccess: true });
    // The other company's group is untouched.
    expect((await clients(b, other))[1]).toMatchObject({ routes: [], offlineAccess: false });
    const history = await ok<{ action: string; actor: string }[]>(
      await admin(`changes?entityId=${after[1].id}`),
    );
    expect(history.at(-1)).toMatchObject({ action: "live-permissions-granted", actor: "provider" });
  });

  it("grant the live-app clients the reviewed permissions when a submission is approved, not when it is rejected", async () => {
    const [approved, rejected] = await Promise.all([readyApp(a), readyApp(a)]);
    const routes = [{ route: "/api/v1/staff", methods: ["GET"] }];
    for (const app of [approved, rejected]) {
      await ok(await generate(a, app, true), 201);
      await ok(await put(a, app, true, { isAppLive: false, routes, offlineAccess: true }));
    }
    await review((await submit(a, approved.versionId)).id, "approve");
    await review((await submit(a, rejected.versionId)).id, "reject");
    expect(await statusOf(a, approved.versionId)).toBe("QueuedForLive");
    expect((await clients(a, approved))[1]).toMatchObject({
      isAppLive: true,
      routes,
      offlineAccess: true,
    });
    expect((await clients(a, rejected))[1]).toMatchObject({
      isAppLive: true,
      routes: [],
      offlineAccess: false,
    });

    // An app without clients is approved all the same.
    const bare = await readyApp(a);
    await review((await submit(a, bare.versionId)).id, "approve");
    expect(await clients(a, bare)).toEqual([]);
  });

  it("save callback URLs by their rule, on either client", async () => {
    const app = await approvedApp(a);
    await ok(await generate(a, app, true), 201);
    const saved = clientUpdateAnswer.parse(
      await ok(
        await put(a, app, true, {
          isAppLive: true,
          callbackUrls: [" https://app.example/cb ", "/http://localhost:4100/x"],
        }),
      ),
    );
    expect(saved.redirectUrls).toEqual(["https://app.example/cb", "/http://localhost:4100/x"]);
    expect((await clients(a, app))[1].redirectUrls).toEqual(saved.redirectUrls);
    await expectRefused(await put(a, app, true, { isAppLive: false, callbackUrls: [] }), 400, {
      callbackUrls: "required",
    });
    await expectRefused(await put(a, app, true, { isAppLive: false, callbackUrls: ["  "] }), 400, {
      callbackUrls: "required",
    });
    await expectRefused(
      await put(a, app, true, {
        isAppLive: false,
        callbackUrls: ["https://a.example", "ftp://b.example"],
      }),
      400,
      { callbackUrls: "callbacksMustBeValidURI" },
    );
    await expectRefused(await put(a, app, true, { isAppLive: false }), 400, {
      callbackUrls: "required",
    });
    await expectRefused(
      await a.api(
        `apps-auth/${app.groupId}/client?isLive=maybe`,
        json("PUT", { isAppLive: false, callbackUrls: ["https://a.example"] }),
      ),
      400,
      { isLive: expect.any(String) },
    );
  });

  it("let a second company neither read nor change any client, secret or permission", async () => {
    await testAccess(a, true);
    await testAccess(b, true);
    const app = await approvedApp(a);
    await ok(await generate(a, app, true), 201);
    await ok(
      await put(a, app, true, {
        isAppLive: false,
        routes: [{ route: "/api/v1/matters", methods: ["GET"] }],
        callbackUrls: ["https://a.example"],
      }),
    );
    const before = await clients(a, app);

    expect((await b.api(`apps-auth/${app.groupId}/permission-list`)).status).toBe(404);
    expect((await b.api(`apps-auth/${app.groupId}/clients`)).status).toBe(404);
    for (const isLive of [true, false]) {
      expect((await generate(b, app, isLive)).status).toBe(404);
      for (const isAppLive of [true, false]) {
        expect(
          (
            await put(b, app, isLive, {
              isAppLive,
              routes: [],
              callbackUrls: ["https://evil.example"],
            })
          ).status,
        ).toBe(404);
      }
    }
    expect(await clients(a, app)).toEqual(before);
    expect((await a.api(`apps-auth/${crypto.randomUUID()}/clients`)).status).toBe(404);
  });

  it("issue at most the hour's secrets per app group, both tabs together; another group and another company go on", async () => {
    await testAccess(a, true);
    const [app, otherGroup, elsewhere] = await Promise.all([
      approvedApp(a),
      approvedApp(a),
      approvedApp(b),
    ]);
    for (let i = 0; i < SECRET_ISSUES_PER_HOUR; i++)
      await ok(await generate(a, app, i % 2 === 0), 201);
    const before = await clients(a, app);

    const refused = await generate(a, app, false);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    await expectRefused(refused, 429, { id: "tooManySecretIssues" });
    await expectRefused(await generate(a, app, true), 429, { id: "tooManySecretIssues" });
    // Nothing was issued: the stored clients are as they were.
    expect(await clients(a, app)).toEqual(before);

    await ok(await generate(a, otherGroup, true), 201);
    await ok(await generate(b, elsewhere, true), 201);
  });
});
