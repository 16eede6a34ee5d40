/**
 * The submission routes (`app-submissions/*`; endpoints in
 * app/api/submissions/endpoints.ts): each hands its request, read by route(), to the submissions
 * service (server/sandbox/submissions/service.ts). A version that is not the caller's is
 * refused (404) before a body is read.
 */
import { Hono } from "hono";
import * as submissions from "~/api/submissions/endpoints";
import type { AppEnv, SandboxContext } from "../context";
import type { Auth } from "../http/auth";
import { notFound } from "../http/errors";
import { guard, route } from "../http/route";
import { createSubmissionsService } from "../submissions/service";

export function submissionRoutes(ctx: SandboxContext, auth: Auth): Hono<AppEnv> {
  const service = createSubmissionsService(ctx);
  const app = new Hono<AppEnv>();

  route(app, submissions.getSubmissionInit, auth.required, async (c, { params }) =>
    c.json(await service.init(c.get("caller"), params.versionId)),
  );

  route(app, submissions.listSubmissions, auth.required, async (c, { params }) =>
    c.json(await service.list(c.get("caller"), params.groupId)),
  );

  route(app, submissions.getSubmissionTimeline, auth.required, async (c, { params }) =>
    c.json(await service.timeline(c.get("caller"), params.groupId)),
  );

  route(app, submissions.createSubmission, auth.required, async (c, { body }) => {
    const answer = await service.submit(c.get("caller"), body);
    c.get("log").info(
      { submissionId: answer.id, appVersionId: answer.appId },
      "version submitted for review",
    );
    return c.json(answer, 201);
  });

  /** A version that is not the caller's is a 404 before its body is read. */
  const ownVersion = (
    endpoint: typeof submissions.requestPause | typeof submissions.requestResume,
  ) =>
    guard(endpoint, async (c, { id }) => {
      if (!(await service.ownsVersion(c.get("caller"), id))) throw notFound("app");
    });
  route(
    app,
    submissions.requestPause,
    auth.required,
    ownVersion(submissions.requestPause),
    async (c, { params, body }) =>
      c.json(await service.request(c.get("caller"), "pause", params.id, body)),
  );
  route(
    app,
    submissions.requestResume,
    auth.required,
    ownVersion(submissions.requestResume),
    async (c, { params, body }) =>
      c.json(await service.request(c.get("caller"), "unpause", params.id, body)),
  );

  route(app, submissions.goLive, auth.required, async (c, { params }) =>
    c.json(await service.goLive(c.get("caller"), params.id)),
  );

  route(app, submissions.archiveVersion, auth.required, async (c, { params }) =>
    c.json(await service.archive(c.get("caller"), params.id)),
  );

  return app;
}
