/**
 * The sandbox-account routes (`leapinstances*`; endpoints in
 * app/api/instances/endpoints.ts) and the usage summary's report (`apps/report`,
 * app/api/usage/endpoints.ts): each hands its request to the instances service
 * (server/sandbox/instances/service.ts) or the report (server/sandbox/instances/usage.ts).
 */
import { Hono } from "hono";
import * as instances from "~/api/instances/endpoints";
import { getAppsReport } from "~/api/usage/endpoints";
import type { AppEnv, SandboxContext } from "../context";
import type { Auth } from "../http/auth";
import { route } from "../http/route";
import { createInstancesService } from "../instances/service";
import { appsReport } from "../instances/usage";

export function instanceRoutes(ctx: SandboxContext, auth: Auth): Hono<AppEnv> {
  const service = createInstancesService(ctx);
  const app = new Hono<AppEnv>();

  route(app, instances.listInstances, auth.required, async (c) =>
    c.json(await service.list(c.get("caller"))),
  );

  route(app, instances.createInstance, auth.required, async (c, { body }) => {
    const answer = await service.create(c.get("caller"), body);
    c.get("log").info(
      { instanceId: answer.id, envType: answer.leapEnvType },
      "sandbox account created",
    );
    return c.json(answer, 201);
  });

  route(app, instances.importInstance, auth.required, async (c, { body }) => {
    const answer = await service.importAccount(c.get("caller"), body);
    c.get("log").info(
      { instanceId: answer.id, envType: answer.leapEnvType },
      "sandbox account imported",
    );
    return c.json(answer, 201);
  });

  route(app, instances.updateConfiguration, auth.required, async (c, { params, body }) =>
    c.json(await service.configure(c.get("caller"), params.id, body)),
  );

  route(app, instances.deleteInstance, auth.required, async (c, { params }) => {
    await service.remove(c.get("caller"), params.id);
    c.get("log").info({ instanceId: params.id }, "sandbox account deleted");
    return c.body(null, 204);
  });

  route(app, getAppsReport, auth.required, async (c) =>
    c.json(await appsReport(ctx, ctx.db, c.get("caller").companyId)),
  );

  return app;
}
