/**
 * The apps routes (spec 01 section 7; endpoints in app/api/apps/endpoints.ts): each reads
 * its request and hands it to the apps service (server/sandbox/apps/service.ts), which holds
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
import { createAppsService } from "../apps/service";
import type { AppEnv, SandboxContext } from "../context";
import type { Auth } from "../http/auth";
import { CALLERS_OWN_GLANCE, cacheFor } from "../http/caching";
import { notFound } from "../http/errors";
import { route } from "../http/route";
import { jsonBody, query } from "../http/validate";

export function appRoutes(ctx: SandboxContext, auth: Auth): Hono<AppEnv> {
  const apps = createAppsService(ctx);
  const app = new Hono<AppEnv>();

  route(app, listApps, auth.required, cacheFor(CALLERS_OWN_GLANCE), async (c) => {
    const { archived } = query(c, listApps.query);
    return c.json(await apps.list(c.get("caller"), Number(archived ?? "-1")));
  });

  route(app, getAppGroup, auth.required, async (c) =>
    c.json(await apps.group(c.get("caller"), c.req.param("groupId"))),
  );

  route(app, getApp, auth.required, async (c) =>
    c.json(await apps.version(c.get("caller"), c.req.param("id"))),
  );

  route(app, createApp, auth.required, async (c) => {
    const answer = await apps.create(c.get("caller"), await jsonBody(c, createApp.body));
    c.get("log").info({ appVersionId: answer.id, groupId: answer.groupAppId }, "app created");
    return c.json(answer, 201);
  });

  route(app, updateApp, auth.required, async (c) => {
    const caller = c.get("caller");
    const id = c.req.param("id");
    if (!(await apps.ownsVersion(caller, id))) throw notFound("app");
    return c.json(await apps.update(caller, id, await jsonBody(c, updateApp.body)));
  });

  route(app, deleteApp, auth.required, async (c) => {
    await apps.remove(c.get("caller"), c.req.param("id"));
    return c.body(null, 204);
  });

  route(app, setArchived, auth.required, async (c) => {
    const caller = c.get("caller");
    const groupId = c.req.param("groupId");
    if (!(await apps.ownsGroup(caller, groupId))) throw notFound("app group");
    const flag = query(c, setArchived.query).flag === "true";
    return c.json(await apps.setArchived(caller, groupId, flag));
  });

  route(app, duplicateApp, auth.required, async (c) => {
    const caller = c.get("caller");
    const id = c.req.param("id");
    if (!(await apps.ownsVersion(caller, id))) throw notFound("app");
    return c.json(await apps.duplicate(caller, id, await jsonBody(c, duplicateApp.body)), 201);
  });

  return app;
}
