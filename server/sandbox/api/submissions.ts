/**
 * The submission routes (`app-submissions/*`; endpoints in
 * app/api/submissions/endpoints.ts): each hands its request, read by route(), to the submissions
 * service (server/sandbox/submissions/service.ts). A version that is not the caller's is
 * refused (404) before a body is read.
 */
import { Hono } from "hono";
import {
  archiveVersion,
  createSubmission,
  getSubmissionInit,
  getSubmissionTimeline,
  goLive,
  listSubmissions,
  requestPause,
  requestResume,
} from "~/api/submissions/endpoints";
import type { AppEnv, SandboxContext } from "../context";
import type { Auth } from "../http/auth";
import { notFound } from "../http/errors";
import { guard, route } from "../http/route";
import { createSubmissionsService } from "../submissions/service";

export function submissionRoutes(ctx: SandboxContext, auth: Auth): Hono<AppEnv> {
  const service = createSubmissionsService(ctx);
  const app = new Hono<AppEnv>();

  route(app, getSubmissionInit, auth.required, async (c, { params }) =>
    c.json(await service.init(c.get("caller"), params.versionId)),
  );

  route(app, listSubmissions, auth.required, async (c, { params }) =>
    c.json(await service.list(c.get("caller"), params.groupId)),
  );

  route(app, getSubmissionTimeline, auth.required, async (c, { params }) =>
    c.json(await service.timeline(c.get("caller"), params.groupId)),
  );

  route(app, createSubmission, auth.required, async (c, { body }) => {
    const answer = await service.submit(c.get("caller"), body);
    c.get("log").info(
      { submissionId: answer.id, appVersionId: answer.appId },
      "version submitted for review",
    );
    return c.json(answer, 201);
  });

  /** A version that is not the caller's is a 404 before its body is read. */
  const ownVersion = (endpoint: typeof requestPause | typeof requestResume) =>
    guard(endpoint, async (c, { id }) => {
      if (!(await service.ownsVersion(c.get("caller"), id))) throw notFound("app");
    });
  route(app, requestPause, auth.required, ownVersion(requestPause), async (c, { params, body }) =>
    c.json(await service.request(c.get("caller"), "pause", params.id, body)),
  );
  route(app, requestResume, auth.required, ownVersion(requestResume), async (c, { params, body }) =>
    c.json(await service.request(c.get("caller"), "unpause", params.id, body)),
  );

  route(app, goLive, auth.required, async (c, { params }) =>
    c.json(await service.goLive(c.get("caller"), params.id)),
  );

  route(app, archiveVersion, auth.required, async (c, { params }) =>
    c.json(await service.archive(c.get("caller"), params.id)),
  );

  return app;
}
