/** The user routes (endpoints in app/api/user/endpoints.ts) over the user service: the signed-in user and the company's users. */
import { Hono } from "hono";
import {
  acceptTerms,
  createUser,
  deleteUser,
  getPreference,
  getUser,
  listUsers,
  setPreference,
  updateUser,
} from "~/api/user/endpoints";
import type { AppEnv, SandboxContext } from "../context";
import type { Auth } from "../http/auth";
import { route } from "../http/route";
import { createUserService } from "../user/service";

export function userRoutes(ctx: SandboxContext, auth: Auth) {
  const service = createUserService(ctx.db);
  const app = new Hono<AppEnv>();

  /** The signed-in user, or with ?user-id= a user of the same company. */
  route(app, getUser, auth.required, async (c, { query }) =>
    c.json(await service.get(c.get("caller"), query["user-id"])),
  );

  route(app, acceptTerms, auth.required, async (c) => {
    await service.acceptTerms(c.get("caller"));
    return c.body(null, 204);
  });

  route(app, getPreference, auth.required, async (c) =>
    c.json(await service.preference(c.get("caller"))),
  );

  route(app, setPreference, auth.required, async (c, { body }) =>
    c.json(await service.setPreference(c.get("caller"), body)),
  );

  route(app, listUsers, auth.required, async (c) => c.json(await service.list(c.get("caller"))));

  route(app, createUser, auth.required, async (c, { body }) => {
    const answer = await service.create(c.get("caller"), body);
    c.get("log").info({ userId: answer.userId }, "user added");
    return c.json(answer, 201);
  });

  route(app, updateUser, auth.required, async (c, { body }) =>
    c.json(await service.update(c.get("caller"), body)),
  );

  route(app, deleteUser, auth.required, async (c, { params }) => {
    await service.remove(c.get("caller"), params.id);
    c.get("log").info({ userId: params.id }, "user deleted");
    return c.body(null, 204);
  });

  return app;
}
