/**
 * The apps routes (endpoints in app/api/apps/endpoints.ts): each hands
 * its request, read by route(), to the apps service (server/sandbox/apps/service.ts), which holds
 * the rules and the queries. A version or group that is not the caller's is refused before
 * a body is read.
 */
import { Hono } from "hono";
import {
  createApp,
  deleteApp,
  duplicateApp,
  getApp,
  getAppGroup,
  listApps,
  setArchived,
  updateApp,
} from "~/api/apps/endpoints";
import type { Endpoint } from "~/api/endpoint";
import { createAppsService } from "../apps/service";
import type { AppEnv, SandboxContext } from "../context";
import type { Auth } from "../http/auth";
import { CALLERS_OWN_GLANCE, cacheFor } from "../http/caching";
import { notFound } from "../http/errors";
import { guard, route } from "../http/route";

export function appRoutes(ctx: SandboxContext, auth: Auth): Hono<AppEnv> {
  const apps = createAppsService(ctx);
  const app = new Hono<AppEnv>();
  /** A version that is not the caller's is a 404 before its body is read. */
  const ownVersion = (endpoint: Endpoint<"apps/:id" | "apps/:id/duplicate">) =>
    guard(endpoint, async (c, { id }) => {
      if (!(await apps.ownsVersion(c.get("caller"), id))) throw notFound("app");
    });

  route(app, listApps, auth.required, cacheFor(CALLERS_OWN_GLANCE), async (c, { query }) =>
    c.json(await apps.list(c.get("caller"), Number(query.archived ?? "-1"))),
  );

  route(app, getAppGroup, auth.required, async (c, { params }) =>
    c.json(await apps.group(c.get("caller"), params.groupId)),
  );

  route(app, getApp, auth.required, async (c, { params }) =>
    c.json(await apps.version(c.get("caller"), params.id)),
  );

  route(app, createApp, auth.required, async (c, { body }) => {
    const answer = await apps.create(c.get("caller"), body);
    c.get("log").info({ appVersionId: answer.id, groupId: answer.groupAppId }, "app created");
    return c.json(answer, 201);
  });

  route(app, updateApp, auth.required, ownVersion(updateApp), async (c, { params, body }) =>
    c.json(await apps.update(c.get("caller"), params.id, body)),
  );

  route(app, deleteApp, auth.required, async (c, { params }) => {
    await apps.remove(c.get("caller"), params.id);
    return c.body(null, 204);
  });

  route(
    app,
    setArchived,
    auth.required,
    guard(setArchived, async (c, { groupId }) => {
      if (!(await apps.ownsGroup(c.get("caller"), groupId))) throw notFound("app group");
    }),
    async (c, { params, query }) =>
      c.json(await apps.setArchived(c.get("caller"), params.groupId, query.flag === "true")),
  );

  route(app, duplicateApp, auth.required, ownVersion(duplicateApp), async (c, { params, body }) =>
    c.json(await apps.duplicate(c.get("caller"), params.id, body), 201),
  );

  return app;
}
