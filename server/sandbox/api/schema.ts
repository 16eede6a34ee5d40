/**
 * The platform schema routes (`app-schema*`; endpoints in
 * app/api/schema/endpoints.ts): each hands its request to the schema service
 * (server/sandbox/schema/service.ts).
 */
import { Hono } from "hono";
import { downloadSchema, getSchema, saveSchema, validateSchema } from "~/api/schema/endpoints";
import type { AppEnv, SandboxContext } from "../context";
import { attachmentDisposition } from "../files/rules";
import type { Auth } from "../http/auth";
import { route } from "../http/route";
import { createSchemaService } from "../schema/service";

export function schemaRoutes(ctx: SandboxContext, auth: Auth): Hono<AppEnv> {
  const service = createSchemaService(ctx);
  const app = new Hono<AppEnv>();

  route(app, saveSchema, auth.required, async (c, { body }) => {
    const answer = await service.save(c.get("caller"), body);
    c.get("log").info({ appVersionId: answer.appId }, "platform schema saved as a new version");
    return c.json(answer, 201);
  });

  route(app, validateSchema, auth.required, async (c, { body }) =>
    c.json(await service.validate(c.get("caller"), body)),
  );

  route(app, getSchema, auth.required, async (c, { params, query }) => {
    const { platform } = query;
    return c.json(await service.read(c.get("caller"), params.appVersionId, platform));
  });

  route(app, downloadSchema, auth.required, async (c, { params, query }) => {
    const { isInLeapLive } = query;
    const file = await service.download(c.get("caller"), params.id, params.env, isInLeapLive);
    return c.body(JSON.stringify(file.content, null, 2), 200, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": attachmentDisposition(file.fileName),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    });
  });

  return app;
}
