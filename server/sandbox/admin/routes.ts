/** Reviewer endpoints under /admin/, behind PROVIDER_ADMIN_TOKEN (disabled when unset). */
import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { z } from "zod";
import { isVersionStatusCode } from "~/api/apps/status";
import { APP_LEVELS, APP_PLATFORMS } from "~/api/apps/rules";
import type { AppEnv, SandboxContext } from "../context";
import { ApiError, notFound } from "../http/errors";
import { isUuid, jsonBody, query } from "../http/validate";
import type { Reviewer } from "./service";

function sameSecret(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function adminRoutes(ctx: SandboxContext, reviewer: Reviewer) {
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    const expected = ctx.config.adminToken;
    if (!expected) throw new ApiError(403, "The reviewer endpoints are disabled: set PROVIDER_ADMIN_TOKEN.");
    const given = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
    if (!sameSecret(given, expected)) throw new ApiError(401, "A valid reviewer token is required.");
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

  app.get("/users", async (c) => {
    const { companyId } = query(c, z.object({ companyId: z.uuid({ message: "must be a company id" }).optional() }));
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
    const { hasAccessToTest } = await jsonBody(c, z.object({ hasAccessToTest: z.boolean({ message: "must be true or false" }) }));
    const result = await reviewer.setAccessToTest(id, hasAccessToTest);
    if (!result) throw notFound("user");
    return c.json(result);
  });

  app.put("/users/:id/suspended", async (c) => {
    const id = c.req.param("id");
    if (!isUuid(id)) throw notFound("user");
    const { suspended } = await jsonBody(c, z.object({ suspended: z.boolean({ message: "must be true or false" }) }));
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
        statusCode: z.number({ message: "must be a version status code" }).refine(isVersionStatusCode, { message: "must be a version status code" }),
        isLiveSubmissionRejected: z.boolean({ message: "must be true or false" }).optional(),
      }),
    );
    const result = await reviewer.setVersionStatus(id, body.statusCode, { isLiveSubmissionRejected: body.isLiveSubmissionRejected });
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
          .refine((value) => levels.includes(value), { message: `must be one of ${levels.join(", ")}` })
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
    const document = await jsonBody(c, z.record(z.string(), z.unknown(), { message: "must be a JSON object" }));
    const result = await reviewer.setPlatformSchema(id, platform, document);
    if (!result) throw notFound("app version");
    return c.json(result);
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
