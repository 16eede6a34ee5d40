/**
 * The data attestation routes (`app-data-attestation/{appVersionId}`;
 * endpoints in app/api/data-attestation/endpoints.ts): each hands its request to the service
 * (server/sandbox/data-attestation/service.ts).
 */
import { Hono } from "hono";
import { getDataAttestation, saveDataAttestation } from "~/api/data-attestation/endpoints";
import type { AppEnv, SandboxContext } from "../context";
import { createDataAttestationService } from "../data-attestation/service";
import type { Auth } from "../http/auth";
import { route } from "../http/route";

export function dataAttestationRoutes(ctx: SandboxContext, auth: Auth): Hono<AppEnv> {
  const service = createDataAttestationService(ctx);
  const app = new Hono<AppEnv>();

  route(app, getDataAttestation, auth.required, async (c, { params }) =>
    c.json(await service.get(c.get("caller"), params.appVersionId)),
  );

  route(app, saveDataAttestation, auth.required, async (c, { params, body }) => {
    const appVersionId = params.appVersionId;
    const answer = await service.save(c.get("caller"), appVersionId, body);
    c.get("log").info({ dataAttestationId: answer.id, appVersionId }, "data attestation saved");
    return c.json(answer);
  });

  return app;
}
