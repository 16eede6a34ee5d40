/**
 * Reviewer endpoints under /admin/, behind PROVIDER_ADMIN_TOKEN (disabled when unset). The
 * outbox alone is also read with the token of the run (./local.ts) from this machine. Each
 * route is registered from its endpoint object (./endpoints.ts), its query and body read by it.
 */
import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import type { AppEnv, SandboxContext } from "../context";
import { remoteAddress } from "../http/auth";
import { ApiError, notFound } from "../http/errors";
import { route } from "../http/route";
import { isUuid } from "../http/validate";
import * as admin from "./endpoints";
import { faultsOf } from "./faults";
import { isLoopback, OUTBOX_PATH } from "./local";
import type { Reviewer } from "./service";

function sameSecret(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The reviewer's answer about the entity `id` names: 404 naming `what` for a malformed id or no answer. */
async function about<T>(
  what: string,
  id: string,
  answer: (id: string) => Promise<T | undefined | null>,
): Promise<T> {
  if (!isUuid(id)) throw notFound(what);
  const result = await answer(id);
  if (!result) throw notFound(what);
  return result;
}

/** `local.outboxToken`: the token of this run, which reads the outbox from this machine only. */
export function adminRoutes(
  ctx: SandboxContext,
  reviewer: Reviewer,
  local: { outboxToken?: string } = {},
) {
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    const expected = ctx.config.adminToken;
    const given = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
    const localOutboxRead =
      local.outboxToken !== undefined &&
      c.req.method === "GET" &&
      c.req.path === OUTBOX_PATH &&
      sameSecret(given, local.outboxToken) &&
      isLoopback(remoteAddress(c));
    if (!localOutboxRead) {
      if (!expected)
        throw new ApiError(403, "The reviewer endpoints are disabled: set PROVIDER_ADMIN_TOKEN.");
      if (!sameSecret(given, expected))
        throw new ApiError(401, "A valid reviewer token is required.");
    }
    await next();
  });
  companyAndUserRoutes(app, reviewer);
  versionRoutes(app, reviewer);
  reviewRoutes(app, reviewer);
  route(app, admin.addFault, async (c, { body }) => {
    faultsOf(ctx).add(body);
    return c.json(faultsOf(ctx).list());
  });
  route(app, admin.clearFault, async (c, { query }) => {
    faultsOf(ctx).remove(query.method, query.path, query.companyId);
    return c.json(faultsOf(ctx).list());
  });
  route(app, admin.listChanges, async (c, { query }) =>
    c.json(await reviewer.changes(query.entityId)),
  );
  route(app, admin.readOutbox, async (c, { query }) => c.json(await reviewer.outbox(query)));
  return app;
}

function companyAndUserRoutes(app: Hono<AppEnv>, reviewer: Reviewer) {
  route(app, admin.listCompanies, async (c) => c.json(await reviewer.listCompanies()));
  route(app, admin.getCompany, async (c, { params }) =>
    c.json(await about("company", params.id, (id) => reviewer.company(id))),
  );
  route(app, admin.approveCompanyDetails, async (c, { params }) => {
    const result = await reviewer.approveCompanyDetails(params.id);
    if (!result) throw notFound("company");
    return c.json(result);
  });
  route(app, admin.setIntegratorType, async (c, { params, body }) =>
    c.json(
      await about("company", params.id, (id) =>
        reviewer.setIntegratorType(id, body.integratorType),
      ),
    ),
  );
  route(app, admin.listUsers, async (c, { query }) =>
    c.json(await reviewer.listUsers(query.companyId)),
  );
  route(app, admin.verifyUser, async (c, { params }) =>
    c.json(await about("user", params.id, (id) => reviewer.verifyUser(id))),
  );
  route(app, admin.setAccessToTest, async (c, { params, body }) =>
    c.json(
      await about("user", params.id, (id) => reviewer.setAccessToTest(id, body.hasAccessToTest)),
    ),
  );
  route(app, admin.setSuspended, async (c, { params, body }) =>
    c.json(await about("user", params.id, (id) => reviewer.setSuspended(id, body.suspended))),
  );
}

function versionRoutes(app: Hono<AppEnv>, reviewer: Reviewer) {
  route(app, admin.setVersionStatus, async (c, { params, body }) =>
    c.json(
      await about("app version", params.id, (id) =>
        reviewer.setVersionStatus(id, body.statusCode, {
          isLiveSubmissionRejected: body.isLiveSubmissionRejected,
        }),
      ),
    ),
  );
  route(app, admin.setAppGroupFlags, async (c, { params, body }) =>
    c.json(await about("app group", params.id, (id) => reviewer.setAppGroupFlags(id, body))),
  );
  route(app, admin.setPlatformSchema, async (c, { params, body }) => {
    const platform = admin.PLATFORM_NAMES.indexOf(params.platform);
    if (!isUuid(params.id) || platform < 0) throw notFound("app version or platform");
    return c.json(
      await about("app version", params.id, (id) => reviewer.setPlatformSchema(id, platform, body)),
    );
  });
  route(app, admin.grantLivePermissions, async (c, { params }) =>
    c.json(await about("app group", params.id, (id) => reviewer.grantLiveAppPermissions(id))),
  );
  route(app, admin.goLive, async (c, { params }) =>
    c.json(await about("app version", params.id, (id) => reviewer.goLive(id))),
  );
  route(app, admin.recordUsage, async (c, { params, body }) =>
    c.json(await about("app version", params.id, (id) => reviewer.recordUsage(id, body))),
  );
}

function reviewRoutes(app: Hono<AppEnv>, reviewer: Reviewer) {
  route(app, admin.listPending, async (c) => c.json(await reviewer.pending()));
  route(app, admin.reviewSubmission, async (c, { params, body }) =>
    c.json(
      await about("submission", params.id, (id) =>
        reviewer.reviewSubmission(id, body.decision, body.notes),
      ),
    ),
  );
  route(app, admin.reviewPreApproval, async (c, { params, body }) =>
    c.json(
      await about("pre-approval", params.id, (id) =>
        reviewer.reviewPreApproval(id, body.decision, body.notes),
      ),
    ),
  );
  route(app, admin.reviewPrice, async (c, { params, body }) =>
    c.json(
      await about("price", params.id, (id) => reviewer.reviewPrice(id, body.decision, body.notes)),
    ),
  );
  route(app, admin.decideRequest, async (c, { params, body }) =>
    c.json(
      await about("request", params.id, (id) =>
        reviewer.decideRequest(id, body.decision, body.notes),
      ),
    ),
  );
}
