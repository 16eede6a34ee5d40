/**
 * Reviewer endpoints under /admin/, behind PROVIDER_ADMIN_TOKEN (disabled when unset). The
 * outbox alone is also read with the token of the run (./local.ts) from this machine.
 */
import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { z } from "zod";
import { APP_LEVELS, APP_PLATFORMS } from "~/api/apps/rules";
import { isVersionStatusCode } from "~/api/apps/status";
import type { AppEnv, SandboxContext } from "../context";
import { remoteAddress } from "../http/auth";
import { ApiError, notFound } from "../http/errors";
import { isUuid, jsonBody, query } from "../http/validate";
import { FAULT_STATUSES, faultsOf } from "./faults";
import { isLoopback, OUTBOX_PATH } from "./local";
import type { Reviewer } from "./service";

function sameSecret(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
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

  app.get("/companies", async (c) => c.json(await reviewer.listCompanies()));

  app.get("/companies/:id", async (c) => {
    const id = c.req.param("id");
    if (!isUuid(id)) throw notFound("company");
    const company = await reviewer.company(id);
    if (!company) throw notFound("company");
    return c.json(company);
  });

  /** Approves the company's details submitted for review (no body): hasAwaitingSubmission cleared. */
  app.put("/companies/:id/approve-details", async (c) => {
    const id = c.req.param("id");
    const result = await reviewer.approveCompanyDetails(id);
    if (!result) throw notFound("company");
    return c.json(result);
  });

  /** `{ integratorType: 0 | 1 }`: the company's integratorType (its locations and a matter view's window options). */
  app.put("/companies/:id/integrator-type", async (c) => {
    const id = c.req.param("id");
    if (!isUuid(id)) throw notFound("company");
    const { integratorType } = await jsonBody(
      c,
      z.object({
        integratorType: z.union([z.literal(0), z.literal(1)], { message: "must be 0 or 1" }),
      }),
    );
    const result = await reviewer.setIntegratorType(id, integratorType);
    if (!result) throw notFound("company");
    return c.json(result);
  });

  app.get("/users", async (c) => {
    const { companyId } = query(
      c,
      z.object({ companyId: z.uuid({ message: "must be a company id" }).optional() }),
    );
    return c.json(await reviewer.listUsers(companyId));
  });

  app.post("/users/:id/verify", async (c) => {
    const id = c.req.param("id");
    if (!isUuid(id)) throw notFound("user");
    const result = await reviewer.verifyUser(id);
    if (!result) throw notFound("user");
    return c.json(result);
  });

  app.put("/users/:id/access-to-test", async (c) => {
    const id = c.req.param("id");
    if (!isUuid(id)) throw notFound("user");
    const { hasAccessToTest } = await jsonBody(
      c,
      z.object({ hasAccessToTest: z.boolean({ message: "must be true or false" }) }),
    );
    const result = await reviewer.setAccessToTest(id, hasAccessToTest);
    if (!result) throw notFound("user");
    return c.json(result);
  });

  app.put("/users/:id/suspended", async (c) => {
    const id = c.req.param("id");
    if (!isUuid(id)) throw notFound("user");
    const { suspended } = await jsonBody(
      c,
      z.object({ suspended: z.boolean({ message: "must be true or false" }) }),
    );
    const result = await reviewer.setSuspended(id, suspended);
    if (!result) throw notFound("user");
    return c.json(result);
  });

  /** `{ statusCode, isLiveSubmissionRejected? }`: moves a version to any status. */
  app.put("/versions/:id/status", async (c) => {
    const id = c.req.param("id");
    if (!isUuid(id)) throw notFound("app version");
    const body = await jsonBody(
      c,
      z.object({
        statusCode: z
          .number({ message: "must be a version status code" })
          .refine(isVersionStatusCode, { message: "must be a version status code" }),
        isLiveSubmissionRejected: z.boolean({ message: "must be true or false" }).optional(),
      }),
    );
    const result = await reviewer.setVersionStatus(id, body.statusCode, {
      isLiveSubmissionRejected: body.isLiveSubmissionRejected,
    });
    if (!result) throw notFound("app version");
    return c.json(result);
  });

  /** `{ isPreApprovalRequired?, isPriceRequired?, appLevel? }`: the provider's flags of an app group. */
  app.put("/app-groups/:id/flags", async (c) => {
    const id = c.req.param("id");
    if (!isUuid(id)) throw notFound("app group");
    const levels = Object.values(APP_LEVELS) as number[];
    const flags = await jsonBody(
      c,
      z.object({
        isPreApprovalRequired: z.boolean({ message: "must be true or false" }).optional(),
        isPriceRequired: z.boolean({ message: "must be true or false" }).optional(),
        appLevel: z
          .number({ message: `must be one of ${levels.join(", ")}` })
          .refine((value) => levels.includes(value), {
            message: `must be one of ${levels.join(", ")}`,
          })
          .optional(),
      }),
    );
    const result = await reviewer.setAppGroupFlags(id, flags);
    if (!result) throw notFound("app group");
    return c.json(result);
  });

  /** The body is the platform's schema document; `platform` is desktop, web, mobile or reporting. */
  app.put("/versions/:id/platform-schemas/:platform", async (c) => {
    const id = c.req.param("id");
    const platform = (APP_PLATFORMS as readonly string[]).indexOf(c.req.param("platform"));
    if (!isUuid(id) || platform < 0) throw notFound("app version or platform");
    const document = await jsonBody(
      c,
      z.record(z.string(), z.unknown(), { message: "must be a JSON object" }),
    );
    const result = await reviewer.setPlatformSchema(id, platform, document);
    if (!result) throw notFound("app version");
    return c.json(result);
  });

  /** What waits for the reviewer: submissions awaiting review, pending pre-approvals, open pause and unpause requests, prices to review. */
  app.get("/pending", async (c) => c.json(await reviewer.pending()));

  const review = z.object({
    decision: z.enum(["approve", "reject"], { error: "must be approve or reject" }),
    notes: z
      .string({ message: "must be text" })
      .max(3000, { message: "must be at most 3000 characters" })
      .optional(),
  });

  /** `{ decision: approve|reject, notes? }`: the review of a submission; its version moves as the status table says. */
  app.put("/submissions/:id/review", async (c) => {
    const id = c.req.param("id");
    if (!isUuid(id)) throw notFound("submission");
    const body = await jsonBody(c, review);
    const result = await reviewer.reviewSubmission(id, body.decision, body.notes);
    if (!result) throw notFound("submission");
    return c.json(result);
  });

  /** `{ decision: approve|reject, notes? }`: the review of a pending pre-approval. */
  app.put("/pre-approvals/:id/review", async (c) => {
    const id = c.req.param("id");
    if (!isUuid(id)) throw notFound("pre-approval");
    const body = await jsonBody(c, review);
    const result = await reviewer.reviewPreApproval(id, body.decision, body.notes);
    if (!result) throw notFound("pre-approval");
    return c.json(result);
  });

  /** `{ decision: approve|reject, notes? }`: the review of a price or price change waiting for review. */
  app.put("/prices/:id/review", async (c) => {
    const id = c.req.param("id");
    if (!isUuid(id)) throw notFound("price");
    const body = await jsonBody(c, review);
    const result = await reviewer.reviewPrice(id, body.decision, body.notes);
    if (!result) throw notFound("price");
    return c.json(result);
  });

  /** Grants each tab's live-app client the permissions of its sandbox-app client (no body). */
  app.put("/app-groups/:id/live-permissions", async (c) => {
    const id = c.req.param("id");
    if (!isUuid(id)) throw notFound("app group");
    const result = await reviewer.grantLiveAppPermissions(id);
    if (!result) throw notFound("app group");
    return c.json(result);
  });

  /** Pushes a queued version live (QueuedForLive, BetaQueuedForLive) or to beta (QueuedForBeta). */
  app.put("/versions/:id/go-live", async (c) => {
    const id = c.req.param("id");
    if (!isUuid(id)) throw notFound("app version");
    const result = await reviewer.goLive(id);
    if (!result) throw notFound("app version");
    return c.json(result);
  });

  /** `{ decision: approve|decline, notes? }`: the provider's decision on a pause or unpause request. */
  app.put("/status-requests/:id/decision", async (c) => {
    const id = c.req.param("id");
    if (!isUuid(id)) throw notFound("request");
    const body = await jsonBody(
      c,
      z.object({
        decision: z.enum(["approve", "decline"], { error: "must be approve or decline" }),
        notes: z
          .string({ message: "must be text" })
          .max(3000, { message: "must be at most 3000 characters" })
          .optional(),
      }),
    );
    const result = await reviewer.decideRequest(id, body.decision, body.notes);
    if (!result) throw notFound("request");
    return c.json(result);
  });

  /** `{ firmId, firmName?, count }`: a firm using a live or beta app version (count 0 removes the firm's row). */
  app.put("/versions/:id/usage", async (c) => {
    const id = c.req.param("id");
    if (!isUuid(id)) throw notFound("app version");
    const body = await jsonBody(
      c,
      z.object({
        firmId: z
          .string({ message: "is required" })
          .trim()
          .min(1, { message: "is required" })
          .max(100, { message: "must be at most 100 characters" }),
        firmName: z
          .string({ message: "must be text" })
          .max(200, { message: "must be at most 200 characters" })
          .nullable()
          .optional(),
        count: z
          .number({ message: "must be a number" })
          .int({ message: "must be a whole number" })
          .min(0, { message: "must be at least 0" })
          .max(1_000_000, { message: "must be at most 1000000" }),
      }),
    );
    const result = await reviewer.recordUsage(id, body);
    if (!result) throw notFound("app version");
    return c.json(result);
  });

  const fault = z.object({
    method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"], {
      error: "must be GET, POST, PUT, PATCH or DELETE",
    }),
    path: z
      .string({ message: "must be a path of the API" })
      .max(2000, { message: "must be at most 2000 characters" })
      .regex(/^\/api\/[^?#]+$/, { message: "must be a path of the API, from /api/ on" }),
    companyId: z.uuid({ message: "must be a company id" }).optional(),
  });

  /**
   * `{ method, path, status, companyId? }`: that call of the API answers `status` (500, 502 or
   * 503) until the fault is cleared; with `companyId`, only to that company's callers.
   */
  app.put("/faults", async (c) => {
    const body = await jsonBody(
      c,
      fault.extend({ status: z.literal(FAULT_STATUSES, { error: "must be 500, 502 or 503" }) }),
    );
    faultsOf(ctx).add(body);
    return c.json(faultsOf(ctx).list());
  });

  /** `?method=&path=[&companyId=]`: clears the fault of that call (of that company). */
  app.delete("/faults", async (c) => {
    const { method, path, companyId } = query(c, fault);
    faultsOf(ctx).remove(method, path, companyId);
    return c.json(faultsOf(ctx).list());
  });

  /** The history of an entity by its id: what changed, from and to which state, by whom, when. */
  app.get("/changes", async (c) => {
    const { entityId } = query(
      c,
      z.object({ entityId: z.string().min(1, "is required").max(200) }),
    );
    return c.json(await reviewer.changes(entityId));
  });

  app.get("/outbox", async (c) => {
    const options = query(
      c,
      z.object({
        to: z.string().optional(),
        limit: z.coerce.number({ message: "must be a number" }).int().min(1).max(500).optional(),
      }),
    );
    return c.json(await reviewer.outbox(options));
  });

  return app;
}
