/**
 * Under test, every refusal a route answers is held to its endpoint's declared `refusals`
 * (app/api/endpoint.ts): a status or rule code the endpoint does not declare is logged, naming
 * the call, and answered 500, so the integration suite proves the declarations.
 */
import type { MiddlewareHandler } from "hono";
import { SHAPE_RULE_CODES } from "~/api/common";
import type { Endpoint, RefusalStatus } from "~/api/endpoint";
import { JSON_LIMIT_CODES } from "~/api/json-limits";
import type { AppEnv } from "../context";

const DECLARED_STATUSES: readonly number[] = [400, 403, 404, 409] satisfies RefusalStatus[];

/** Codes any call may refuse with (400): the request's shape and the JSON limits. */
const SHAPE_CODES: ReadonlySet<string> = new Set([...SHAPE_RULE_CODES, ...JSON_LIMIT_CODES]);

/**
 * What of a refusal its endpoint does not declare: the status, or the codes it lacks;
 * undefined when the endpoint declares it (or the status is not one endpoints declare).
 */
export function undeclaredRefusal(
  endpoint: Pick<Endpoint, "refusals">,
  status: number,
  errors: Readonly<Record<string, string>> = {},
): string | undefined {
  if (!DECLARED_STATUSES.includes(status)) return undefined;
  // Authentication refuses a suspended account (403 without codes) on any signed-in call.
  if (status === 403 && Object.keys(errors).length === 0) return undefined;
  const declared = endpoint.refusals?.[status as RefusalStatus];
  const codes = [...new Set(Object.values(errors))];
  const shape = status === 400 && codes.every((code) => SHAPE_CODES.has(code));
  if (declared === undefined && !shape) return `status ${status}`;
  const listed = Array.isArray(declared) ? declared : [];
  const missing = codes.filter(
    (code) => !listed.includes(code) && !(status === 400 && SHAPE_CODES.has(code)),
  );
  return missing.length > 0 ? `${status} ${missing.join(", ")}` : undefined;
}

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
