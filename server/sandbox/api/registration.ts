/** POST registration: public, creates a company and its first (admin) user. */
import { Hono } from "hono";
import { registrationRequest } from "~/api/registration";
import type { AppEnv, SandboxContext } from "../context";
import { jsonBody } from "../http/validate";
import type { Accounts } from "../identity/accounts";

export function registrationRoutes(_ctx: SandboxContext, accounts: Accounts) {
  const app = new Hono<AppEnv>();
  app.post("/registration", async (c) => {
    const data = await jsonBody(c, registrationRequest);
    const created = await accounts.register(data);
    return c.json(created, 201);
  });
  return app;
}
