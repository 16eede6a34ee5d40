/**
 * The submission routes (spec 01 section 7, `app-submissions/*`; endpoints in
 * app/api/submissions/endpoints.ts): each reads its request and hands it to the submissions
 * service (server/sandbox/submissions/service.ts). A version that is not the caller's is
 * refused (404) before a body is read.
 */
import { type Context, Hono } from "hono";
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
import { route } from "../http/route";
import { jsonBody } from "../http/validate";
import { createSubmissionsService } from "../submissions/service";

export function submissionRoutes(ctx: SandboxContext, auth: Auth): Hono<AppEnv> {
  const service = createSubmissionsService(ctx);
  const app = new Hono<AppEnv>();

  route(app, getSubmissionInit, auth.required, async (c) =>
    c.json(await service.init(c.get("caller"), c.req.param("versionId"))),
  );

  route(app, listSubmissions, auth.required, async (c) =>
    c.json(await service.list(c.get("caller"), c.req.param("groupId"))),
  );

  route(app, getSubmissionTimeline, auth.required, async (c) =>
    c.json(await service.timeline(c.get("caller"), c.req.param("groupId"))),
  );

  route(app, createSubmission, auth.required, async (c) => {
    const answer = await service.submit(c.get("caller"), await jsonBody(c, createSubmission.body));
    c.get("log").info(
      { submissionId: answer.id, appVersionId: answer.appId },
      "version submitted for review",
    );
    return c.json(answer, 201);
  });

  const request =
    (kind: "pause" | "unpause", body: typeof requestPause.body) => async (c: Context<AppEnv>) => {
      const caller = c.get("caller");
      const id = c.req.param("id") ?? "";
      if (!(await service.ownsVersion(caller, id))) throw notFound("app");
      return c.json(await service.request(caller, kind, id, await jsonBody(c, body)));
    };
  route(app, requestPause, auth.required, request("pause", requestPause.body));
  route(app, requestResume, auth.required, request("unpause", requestResume.body));

  route(app, goLive, auth.required, async (c) =>
    c.json(await service.goLive(c.get("caller"), c.req.param("id"))),
  );

  route(app, archiveVersion, auth.required, async (c) =>
    c.json(await service.archive(c.get("caller"), c.req.param("id"))),
  );

  return app;
}
