/**
 * Under test, every refusal a route answers is held to its endpoint's declared `refusals`
 * (app/api/endpoint.ts): a status or rule code the endpoint does not declare is logged, naming
 * the call, and answered 500, so the integration suite proves the declarations.
 */
import type { MiddlewareHandler } from "hono";
import type { Endpoint } from "~/api/endpoint";
import { undeclaredRefusal } from "~/api/refusals";
import type { AppEnv } from "../context";

/** The rule codes of an error answer, when it is JSON and carries them. */
async function codesOf(response: Response): Promise<Record<string, string> | undefined> {
  if (!response.headers.get("content-type")?.startsWith("application/json")) return undefined;
  const body = (await response.clone().json()) as { errors?: Record<string, string> };
  return body.errors;
}

/** The first step of a route under test: after the rest has answered, the refusal is checked. */
export function declaredRefusals(
  endpoint: Pick<Endpoint, "method" | "path" | "refusals">,
): MiddlewareHandler<AppEnv> {
  const name = `${endpoint.method} ${endpoint.path}`;
  return async (c, next) => {
    await next();
    if (c.res.status < 400) return;
    const breach = undeclaredRefusal(endpoint, c.res.status, await codesOf(c.res));
    if (!breach) return;
    const line = `${name} answers a refusal it does not declare: ${breach}`;
    c.get("log").error({ endpoint: name, refusal: breach }, line);
    throw new Error(line);
  };
}
