/** POST registration: public, creates a company and its first (admin) user. */
import { Hono } from "hono";
import { register } from "~/api/registration/endpoints";
import type { AppEnv, SandboxContext } from "../context";
import { route } from "../http/route";
import { jsonBody } from "../http/validate";
import type { Accounts } from "../identity/accounts";

export function registrationRoutes(_ctx: SandboxContext, accounts: Accounts) {
  const app = new Hono<AppEnv>();
  route(app, register, async (c) => {
    const data = await jsonBody(c, register.body);
    const created = await accounts.register(data);
    return c.json(created, 201);
  });
  return app;
}
