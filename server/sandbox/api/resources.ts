/**
 * Lookups: GET resources/* and GET ping/more, readable without a token
 * (registration needs countries and flags); a token, when sent, must be valid. The answers
 * come from the resources service (server/sandbox/resources/service.ts). App categories,
 * locations (config-init-all), matter types and product variants are named in the caller's
 * language (Accept-Language), English when the provider has no name in it. Each answer says
 * for how long and for whom it may be reused (http/caching.ts).
 */
import { type Context, Hono } from "hono";
import * as resources from "~/api/resources/endpoints";
import type { AppEnv, Caller, SandboxContext } from "../context";
import type { Auth } from "../http/auth";
import {
  CALLERS_OWN,
  cacheFor,
  REFERENCE_DATA,
  RELEASE_DATA,
  TRANSLATED_REFERENCE_DATA,
} from "../http/caching";
import { route } from "../http/route";
import { createResourcesService } from "../resources/service";

/** Locations are named in the caller's language; the feature flags beside them change as ping/more's do. */
const CONFIG = { ...RELEASE_DATA, vary: ["Accept-Language"] };

/** Downloads: staging builds are offered only to a signed-in user with test access, so a caller's answer is their own. */
const downloadsPolicy = (c: Context<AppEnv>) =>
  c.get("caller") ? CALLERS_OWN : { ...RELEASE_DATA, vary: ["Authorization"] };

export function resourceRoutes(ctx: SandboxContext, auth: Auth): Hono<AppEnv> {
  const service = createResourcesService(ctx.db);
  const r = new Hono<AppEnv>();
  route(r, resources.getCountries, auth.optional, cacheFor(REFERENCE_DATA), async (c) =>
    c.json(await service.countries()),
  );
  route(r, resources.getConfigInitAll, auth.optional, cacheFor(CONFIG), async (c) =>
    c.json(await service.configInitAll(c.req.header("accept-language"))),
  );
  route(
    r,
    resources.getAppCategories,
    auth.optional,
    cacheFor(TRANSLATED_REFERENCE_DATA),
    async (c) => c.json(await service.appCategories(c.req.header("accept-language"))),
  );
  route(
    r,
    resources.getMatterTypes,
    auth.optional,
    cacheFor(TRANSLATED_REFERENCE_DATA),
    async (c, { query }) =>
      c.json(await service.matterTypes(query, c.req.header("accept-language"))),
  );
  route(
    r,
    resources.getMatterTypePrecedents,
    auth.optional,
    cacheFor(REFERENCE_DATA),
    async (c, { params, query }) =>
      c.json(await service.matterTypePrecedents(params.matterTypeId, query)),
  );
  route(
    r,
    resources.getPrecedents,
    auth.optional,
    cacheFor(REFERENCE_DATA),
    async (c, { params, query }) => c.json(await service.precedents(params.folderId, query)),
  );
  route(
    r,
    resources.getProductVariants,
    auth.optional,
    cacheFor(TRANSLATED_REFERENCE_DATA),
    async (c, { query }) =>
      c.json(await service.productVariants(query, c.req.header("accept-language"))),
  );
  route(r, resources.getDesktopVersions, auth.optional, cacheFor(RELEASE_DATA), async (c) =>
    c.json(await service.desktopVersions()),
  );
  route(r, resources.getDesktopDownload, auth.optional, cacheFor(downloadsPolicy), async (c) =>
    c.json(await service.desktopDownload(c.get("caller") as Caller | undefined)),
  );
  route(r, resources.getLeapEnvironments, auth.optional, cacheFor(REFERENCE_DATA), async (c) =>
    c.json(await service.leapEnvironments()),
  );
  route(r, resources.getPingMore, auth.optional, cacheFor(RELEASE_DATA), async (c) =>
    c.json(await service.pingMore()),
  );
  return r;
}
