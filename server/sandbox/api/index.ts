/** The provider API (mounted at /api): one module per area of the API. */
import { Hono } from "hono";
import { limitBody } from "../http/limits";

/** Largest JSON request body (a registration with its 400 KB icon in base64 fits). */
const MAX_JSON_BODY = 1024 * 1024;

import { answerFaults } from "../admin/faults";
import type { AppEnv, SandboxContext } from "../context";
import { createAuth } from "../http/auth";
import { revalidation } from "../http/caching";
import type { Accounts } from "../identity/accounts";
import { approvalRoutes } from "./approvals";
import { appRoutes } from "./apps";
import { dataAttestationRoutes } from "./data-attestation";
import { fileRoutes } from "./files";
import { instanceRoutes } from "./instances";
import { pricingRoutes } from "./pricing";
import { registrationRoutes } from "./registration";
import { resourceRoutes } from "./resources";
import { schemaRoutes } from "./schema";
import { securityRoutes } from "./security";
import { settingsRoutes } from "./settings";
import { submissionRoutes } from "./submissions";
import { userRoutes } from "./user";

export function apiRoutes(ctx: SandboxContext, accounts: Accounts) {
  const auth = createAuth(ctx);
  const api = new Hono<AppEnv>();
  // JSON bodies stay small; uploads have their own, larger limit (api/files.ts).
  const jsonLimit = limitBody(
    MAX_JSON_BODY,
    `The request body is too large: at most ${MAX_JSON_BODY / 1024 / 1024} MB.`,
    "body",
  );
  api.use("*", (c, next) =>
    /^\/api\/images|^\/api\/files/.test(c.req.path) ? next() : jsonLimit(c, next),
  );
  // Every JSON answer of a GET has an ETag and answers 304 to it (http/caching.ts).
  api.use("*", revalidation);
  // A call the reviewer set a fault on answers it (admin/faults.ts).
  api.use("*", answerFaults(ctx, auth.verify));
  api.route("/", registrationRoutes(ctx, accounts));
  api.route("/", resourceRoutes(ctx, auth));
  api.route("/", userRoutes(ctx, auth));
  api.route("/", fileRoutes(ctx, auth));
  api.route("/", appRoutes(ctx, auth));
  api.route("/", submissionRoutes(ctx, auth));
  api.route("/", approvalRoutes(ctx, auth));
  api.route("/", pricingRoutes(ctx, auth));
  api.route("/", dataAttestationRoutes(ctx, auth));
  api.route("/", securityRoutes(ctx, auth));
  api.route("/", schemaRoutes(ctx, auth));
  api.route("/", settingsRoutes(ctx, auth));
  api.route("/", instanceRoutes(ctx, auth));
  return api;
}
