import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { SandboxContext } from "../context";
import { ApiError } from "../http/errors";
import { OUTBOX_PATH } from "./local";
import { adminRoutes } from "./routes";
import type { Reviewer } from "./service";

const ADMIN_TOKEN = "reviewer-token-0123456789";
const OUTBOX_TOKEN = "run-token-abcdefghijklmnopqrstuvwxyz0123456";
const mails = [
  {
    to: "ada@example.test",
    kind: "verify-email",
    link: "http://localhost:3001/verify-email?token=secret",
  },
];

/** The reviewer endpoints as the sandbox mounts them, a connection from `remoteAddress`. */
const GROUP_ID = "0b7e9d3c-3f0a-4c57-9a43-2f1b8f0c6a11";
const granted = {
  appGroupId: GROUP_ID,
  clients: [
    {
      id: "c1",
      isLive: true,
      routes: [{ route: "/api/v1/matters", methods: ["GET"] }],
      offlineAccess: false,
    },
  ],
};

function admin(adminToken: string | undefined) {
  const reviewer = {
    outbox: async () => mails,
    listCompanies: async () => [],
    grantLiveAppPermissions: async (id: string) => (id === GROUP_ID ? granted : undefined),
  } as unknown as Reviewer;
  const app = new Hono();
  app.onError((error, c) =>
    c.json({ detail: error.message }, error instanceof ApiError ? error.status : 500),
  );
  app.route(
    "/admin",
    adminRoutes({ config: { adminToken } } as SandboxContext, reviewer, {
      outboxToken: OUTBOX_TOKEN,
    }),
  );
  return (path: string, token: string | undefined, remoteAddress = "127.0.0.1", method = "GET") =>
    app.request(
      path,
      { method, headers: token ? { authorization: `Bearer ${token}` } : {} },
      { incoming: { socket: { remoteAddress } } },
    );
}

describe("the reviewer endpoints", () => {
  it("serve everything with PROVIDER_ADMIN_TOKEN, from anywhere", async () => {
    const call = admin(ADMIN_TOKEN);
    expect((await call(OUTBOX_PATH, ADMIN_TOKEN, "203.0.113.9")).status).toBe(200);
    expect((await call("/admin/companies", ADMIN_TOKEN, "203.0.113.9")).status).toBe(200);
  });

  it("serve the outbox with the token of the run, from this machine only, and nothing else with it", async () => {
    for (const adminToken of [ADMIN_TOKEN, undefined]) {
      const call = admin(adminToken);
      const read = await call(OUTBOX_PATH, OUTBOX_TOKEN);
      expect(read.status).toBe(200);
      expect(await read.json()).toEqual(mails);
      expect((await call(`${OUTBOX_PATH}?limit=1`, OUTBOX_TOKEN, "::1")).status).toBe(200);
      const refused = adminToken ? 401 : 403;
      expect((await call(OUTBOX_PATH, OUTBOX_TOKEN, "192.168.1.20")).status).toBe(refused);
      expect((await call(OUTBOX_PATH, OUTBOX_TOKEN, "::ffff:10.0.0.3")).status).toBe(refused);
      expect((await call("/admin/companies", OUTBOX_TOKEN)).status).toBe(refused);
      expect((await call(OUTBOX_PATH, OUTBOX_TOKEN, "127.0.0.1", "POST")).status).toBe(refused);
    }
  });

  it("refuse the outbox without a token or with a wrong one", async () => {
    const call = admin(ADMIN_TOKEN);
    expect((await call(OUTBOX_PATH, undefined)).status).toBe(401);
    expect((await call(OUTBOX_PATH, `${OUTBOX_TOKEN}x`)).status).toBe(401);
    expect((await call(OUTBOX_PATH, OUTBOX_TOKEN.slice(1))).status).toBe(401);
    const disabled = admin(undefined);
    expect((await disabled(OUTBOX_PATH, undefined)).status).toBe(403);
    expect((await disabled(OUTBOX_PATH, ADMIN_TOKEN)).status).toBe(403);
  });

  it("grant a group's live-app permissions with the reviewer token, 404 for an unknown group", async () => {
    const call = admin(ADMIN_TOKEN);
    const res = await call(
      `/admin/app-groups/${GROUP_ID}/live-permissions`,
      ADMIN_TOKEN,
      "203.0.113.9",
      "PUT",
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(granted);
    expect(
      (
        await call(
          `/admin/app-groups/${crypto.randomUUID()}/live-permissions`,
          ADMIN_TOKEN,
          "127.0.0.1",
          "PUT",
        )
      ).status,
    ).toBe(404);
    expect(
      (await call("/admin/app-groups/..%2F/live-permissions", ADMIN_TOKEN, "127.0.0.1", "PUT"))
        .status,
    ).toBe(404);
    expect(
      (
        await call(
          `/admin/app-groups/${GROUP_ID}/live-permissions`,
          OUTBOX_TOKEN,
          "127.0.0.1",
          "PUT",
        )
      ).status,
    ).toBe(401);
  });
});
