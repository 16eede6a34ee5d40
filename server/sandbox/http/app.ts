/**
 * The sandbox's HTTP surface: the provider API under /api/, the reviewer endpoints under
 * /admin/, the identity provider's own pages (interactions, email verification, password
 * reset). oidc-provider answers everything else (see server.ts).
 */
import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { redactUrl } from "~/lib/log-redact";
import { apiRoutes } from "../api";
import type { AppEnv, SandboxContext } from "../context";
import type { Accounts } from "../identity/accounts";
import { referenceRoutes } from "../reference/routes";
import { ApiError, errorBody, sendError } from "./errors";

export function createHttpApp(
  ctx: SandboxContext,
  accounts: Accounts,
  extra: (app: Hono<AppEnv>) => void = () => {},
) {
  const app = new Hono<AppEnv>();

  app.use("*", async (c, next) => {
    const traceId = randomUUID().replaceAll("-", "");
    const log = ctx.log.child({ traceId });
    c.set("traceId", traceId);
    c.set("log", log);
    c.header("X-Trace-Id", traceId);
    c.header("X-Content-Type-Options", "nosniff");
    const started = performance.now();
    await next();
    const ms = Math.round(performance.now() - started);
    const status = c.res.status;
    // The path without a mailed link's token: whoever reads the log must not be able to use it.
    const entry = { method: c.req.method, path: redactUrl(c.req.path), status, ms };
    if (status >= 500) log.error(entry, "request failed");
    else log.info(entry, "request");
  });

  app.onError((error, c) => {
    if (error instanceof ApiError) return sendError(c, error);
    c.get("log").error({ err: error }, "unhandled error");
    return c.json(errorBody(500, "An unexpected error occurred.", c.get("traceId")), 500);
  });

  app.notFound((c) =>
    c.json(errorBody(404, `No route for ${c.req.method} ${c.req.path}.`, c.get("traceId")), 404),
  );

  app.route("/api", referenceRoutes(ctx));
  app.route("/api", apiRoutes(ctx, accounts));
  extra(app);
  return app;
}
