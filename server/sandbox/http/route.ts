/**
 * The sandbox's routes come from the contract's endpoint objects (app/api/<area>/endpoints.ts):
 * `route(app, getApp, auth.required, handler)` registers `GET /apps/:id` with the method and
 * path the console calls, so a path is written once; the handler's `c.req.param("id")` is
 * typed from the path. A UUID parameter matches only hex digits and dashes, so that a word
 * in its place (`apps/report`) can have a route of its own. Path and query parameters are held
 * to the text rule before anything else.
 */
import type { Handler, Hono, MiddlewareHandler } from "hono";
import { isStorableText, storableCopy } from "~/api/common";
import type { Endpoint } from "~/api/endpoint";
import type { AppEnv } from "../context";
import { notFound } from "./errors";
import { refuseUnstorable } from "./validate";

/** The Hono path of an endpoint: `/apps/:id{[0-9a-fA-F-]+}` for `apps/:id` with a UUID `id`. */
export function routePath<P extends string>(endpoint: Endpoint<P>): string {
  const uuid = new Set<string>((endpoint.uuidParams ?? []) as readonly string[]);
  return `/${endpoint.path.replace(/:([A-Za-z_]\w*)/g, (whole, name: string) => (uuid.has(name) ? `${whole}{[0-9a-fA-F-]+}` : whole))}`;
}

type Step<P extends string> = MiddlewareHandler<AppEnv, `/${P}`> | Handler<AppEnv, `/${P}`>;

/**
 * The first step of every route: a path parameter the database cannot store (a NUL, a lone
 * surrogate) names nothing, 404 as any unknown id; such a query parameter (name or value) is
 * a 400 naming it. No handler sees either.
 */
const storableParameters: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!Object.values(c.req.param() as Record<string, string>).every(isStorableText))
    throw notFound();
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (!isStorableText(name) || !values.every(isStorableText))
      throw refuseUnstorable(storableCopy(name));
  }
  await next();
};

/** Registers the endpoint's route on `app`: the parameter check, the middleware, the handler last. */
export function route<P extends string>(
  app: Hono<AppEnv>,
  endpoint: Endpoint<P>,
  ...steps: [Step<P>, ...Step<P>[]]
): void {
  app.on(
    endpoint.method,
    routePath(endpoint),
    storableParameters,
    ...(steps as unknown as [Handler<AppEnv>]),
  );
}
