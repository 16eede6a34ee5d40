/**
 * The pre-approval routes (endpoints in app/api/approvals/endpoints.ts):
 * each hands its request to the approvals service (server/sandbox/approvals/service.ts).
 */
import { Hono } from "hono";
import {
  createPreApproval,
  listPreApprovals,
  withdrawPreApproval,
} from "~/api/approvals/endpoints";
import { createApprovalsService } from "../approvals/service";
import type { AppEnv, SandboxContext } from "../context";
import type { Auth } from "../http/auth";
import { route } from "../http/route";

export function approvalRoutes(ctx: SandboxContext, auth: Auth): Hono<AppEnv> {
  const service = createApprovalsService(ctx);
  const app = new Hono<AppEnv>();

  route(app, listPreApprovals, auth.required, async (c, { params }) =>
    c.json(await service.list(c.get("caller"), params.groupId)),
  );

  route(app, createPreApproval, auth.required, async (c, { body }) => {
    const answer = await service.create(c.get("caller"), body);
    c.get("log").info(
      { preApprovalId: answer.id, groupId: answer.groupId },
      "pre-approval submitted",
    );
    return c.json(answer, 201);
  });

  route(app, withdrawPreApproval, auth.required, async (c, { params }) =>
    c.json(await service.withdraw(c.get("caller"), params.id)),
  );

  return app;
}
