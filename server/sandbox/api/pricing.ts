/**
 * The pricing routes (`app-monetization/*`; endpoints in
 * app/api/pricing/endpoints.ts): each hands its request to the pricing service
 * (server/sandbox/pricing/service.ts).
 */
import { Hono } from "hono";
import { createPrice, getPrices, submitPriceChange, updatePrice } from "~/api/pricing/endpoints";
import type { AppEnv, SandboxContext } from "../context";
import type { Auth } from "../http/auth";
import { route } from "../http/route";
import { createPricingService } from "../pricing/service";

export function pricingRoutes(ctx: SandboxContext, auth: Auth): Hono<AppEnv> {
  const service = createPricingService(ctx);
  const app = new Hono<AppEnv>();

  route(app, getPrices, auth.required, async (c, { params }) =>
    c.json(await service.get(c.get("caller"), params.appGroupId)),
  );

  route(app, createPrice, auth.required, async (c, { params, body }) => {
    const answer = await service.create(c.get("caller"), params.appGroupId, body);
    c.get("log").info({ priceId: answer.id, appGroupId: params.appGroupId }, "price submitted");
    return c.json(answer, 201);
  });

  route(app, updatePrice, auth.required, async (c, { params, body }) =>
    c.json(await service.update(c.get("caller"), params.appGroupId, params.priceId, body)),
  );

  route(app, submitPriceChange, auth.required, async (c, { body }) => {
    const answer = await service.change(c.get("caller"), body);
    c.get("log").info({ priceId: answer.id }, "price change submitted");
    return c.json(answer, 201);
  });

  return app;
}
