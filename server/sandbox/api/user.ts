/** The user routes (endpoints in app/api/user/endpoints.ts) over the user service. */
import { Hono } from "hono";
import { acceptTerms, getPreference, getUser, setPreference } from "~/api/user/endpoints";
import type { AppEnv, SandboxContext } from "../context";
import type { Auth } from "../http/auth";
import { route } from "../http/route";
import { jsonBody, query } from "../http/validate";
import { createUserService } from "../user/service";

export function userRoutes(ctx: SandboxContext, auth: Auth) {
  const service = createUserService(ctx.db);
  const app = new Hono<AppEnv>();

  /** The signed-in user, or with ?user-id= a user of the same company. */
  route(app, getUser, auth.required, async (c) => c.json(await service.get(c.get("caller"), query(c, getUser.query)["user-id"])));

  route(app, acceptTerms, auth.required, async (c) => {
    await service.acceptTerms(c.get("caller"));
    return c.body(null, 204);
  });

  route(app, getPreference, auth.required, async (c) => c.json(await service.preference(c.get("caller"))));

  route(app, setPreference, auth.required, async (c) => c.json(await service.setPreference(c.get("caller"), await jsonBody(c, setPreference.body))));

  return app;
}
