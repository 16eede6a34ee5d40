/**
 * The settings routes (`settings/*`; endpoints in app/api/settings/endpoints.ts):
 * each hands its request to the settings service (server/sandbox/settings/service.ts).
 */
import { Hono } from "hono";
import {
  createBankDetails,
  getBankDetails,
  getCompanyDetails,
  saveCompanyDetails,
  updateBankDetails,
} from "~/api/settings/endpoints";
import type { AppEnv, SandboxContext } from "../context";
import type { Auth } from "../http/auth";
import { route } from "../http/route";
import { createSettingsService } from "../settings/service";

export function settingsRoutes(ctx: SandboxContext, auth: Auth): Hono<AppEnv> {
  const service = createSettingsService(ctx);
  const app = new Hono<AppEnv>();

  route(app, getCompanyDetails, auth.required, async (c) =>
    c.json(await service.getCompanyDetails(c.get("caller"))),
  );

  route(app, saveCompanyDetails, auth.required, async (c, { body }) => {
    const answer = await service.saveCompanyDetails(c.get("caller"), body);
    c.get("log").info({ entries: answer.entityInformation.length }, "company details submitted");
    return c.json(answer);
  });

  route(app, getBankDetails, auth.required, async (c) =>
    c.json(await service.getBankDetails(c.get("caller"))),
  );

  route(app, createBankDetails, auth.required, async (c, { body }) =>
    c.json(await service.createBankDetails(c.get("caller"), body), 201),
  );

  route(app, updateBankDetails, auth.required, async (c, { params, body }) =>
    c.json(await service.updateBankDetails(c.get("caller"), params.id, body)),
  );

  return app;
}
