/**
 * The security routes (`apps-auth/*`; endpoints in
 * app/api/security/endpoints.ts): each hands its request to the security service
 * (server/sandbox/security/service.ts).
 */
import { Hono } from "hono";
import {
  generateClients,
  listClients,
  listPermissions,
  updateClient,
} from "~/api/security/endpoints";
import type { AppEnv, SandboxContext } from "../context";
import type { Auth } from "../http/auth";
import { route } from "../http/route";
import { createSecurityService } from "../security/service";

export function securityRoutes(ctx: SandboxContext, auth: Auth): Hono<AppEnv> {
  const service = createSecurityService(ctx);
  const app = new Hono<AppEnv>();

  route(app, listPermissions, auth.required, async (c, { params }) =>
    c.json(
      await service.permissionList(c.get("caller"), params.id, c.req.header("accept-language")),
    ),
  );

  route(app, listClients, auth.required, async (c, { params }) =>
    c.json(await service.list(c.get("caller"), params.id)),
  );

  route(app, generateClients, auth.required, async (c, { params, query }) => {
    const { isLive } = query;
    const answer = await service.generate(c.get("caller"), params.id, isLive === "true");
    c.get("log").info({ groupId: params.id, isLive }, "auth clients issued");
    return c.json(answer, 201);
  });

  route(app, updateClient, auth.required, async (c, { params, query, body }) => {
    const { isLive } = query;
    return c.json(await service.update(c.get("caller"), params.id, isLive === "true", body));
  });

  return app;
}
