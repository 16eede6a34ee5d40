/**
 * The sandbox's routes come from the contract's endpoint objects (app/api/<area>/endpoints.ts):
 * `route(app, getApp, auth.required, handler)` registers `GET /apps/:id` with the method and
 * path the console calls, so a path is written once; the handler's `c.req.param("id")` is
 * typed from the path. A UUID parameter matches only hex digits and dashes, so that a word
 * in its place (`apps/report`) can have a route of its own.
 */
import type { Handler, Hono, MiddlewareHandler } from "hono";
import type { Endpoint } from "~/api/endpoint";
import type { AppEnv } from "../context";

/** The Hono path of an endpoint: `/apps/:id{[0-9a-fA-F-]+}` for `apps/:id` with a UUID `id`. */
export function routePath<P extends string>(endpoint: Endpoint<P>): string {
  const uuid = new Set<string>((endpoint.uuidParams ?? []) as readonly string[]);
  return `/${endpoint.path.replace(/:([A-Za-z_]\w*)/g, (whole, name: string) => (uuid.has(name) ? `${whole}{[0-9a-fA-F-]+}` : whole))}`;
}

type Step<P extends string> = MiddlewareHandler<AppEnv, `/${P}`> | Handler<AppEnv, `/${P}`>;

/** Registers the endpoint's route on `app`: middleware first, the handler last. */
export function route<P extends string>(app: Hono<AppEnv>, endpoint: Endpoint<P>, ...steps: [Step<P>, ...Step<P>[]]): void {
  app.on(endpoint.method, routePath(endpoint), ...(steps as unknown as [Handler<AppEnv>]));
}
