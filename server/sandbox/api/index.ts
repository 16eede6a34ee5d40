/** The provider API (mounted at /api): one module per area of spec section 7. */
import { Hono } from "hono";
import type { AppEnv, SandboxContext } from "../context";
import { createAuth } from "../http/auth";
import type { Accounts } from "../identity/accounts";
import { registrationRoutes } from "./registration";
import { resourceRoutes } from "./resources";
import { userRoutes } from "./user";
import { fileRoutes } from "./files";

export function apiRoutes(ctx: SandboxContext, accounts: Accounts) {
  const auth = createAuth(ctx);
  const api = new Hono<AppEnv>();
  api.route("/", registrationRoutes(ctx, accounts));
  api.route("/", resourceRoutes(ctx, auth));
  api.route("/", userRoutes(ctx, auth));
  api.route("/", fileRoutes(ctx, auth));
  return api;
}
