/**
 * The sandbox's routes come from the contract's endpoint objects (app/api/<area>/endpoints.ts):
 * `route(app, getApp, auth.required, handler)` registers `GET /apps/:id` with the method and
 * path the console calls, so a path is written once. The handler is given what the endpoint
 * declares, already read: `(c, { params, query, body })`, the query and a JSON body parsed
 * with the endpoint's schemas (a failing one is a 400 naming the field). A UUID parameter
 * matches only hex digits and dashes, so that a word in its place (`apps/report`) can have a
 * route of its own. Path and query parameters are held to the text rule before anything else.
 * Under test, every JSON answer is held to the endpoint's `answer` schema (a mismatch is a 500
 * naming the endpoint and the field) and every refusal to its declared `refusals`
 * (./refusals.ts), so the integration suite proves the contract.
 */
import type { Context, Hono, MiddlewareHandler } from "hono";
import type * as z from "zod";
import { isStorableText, storableCopy } from "~/api/common";
import {
  type BodyShape,
  type Endpoint,
  type PathParams,
  rawAnswer,
  successStatus,
} from "~/api/endpoint";
import type { AppEnv } from "../context";
import { notFound } from "./errors";
import { declaredRefusals } from "./refusals";
import { jsonBody, parse, refuseUnstorable } from "./validate";

/** The Hono path of an endpoint: `/apps/:id{[0-9a-fA-F-]+}` for `apps/:id` with a UUID `id`. */
export function routePath<P extends string>(endpoint: Endpoint<P>): string {
  const uuid = new Set<string>((endpoint.uuidParams ?? []) as readonly string[]);
  return `/${endpoint.path.replace(/:([A-Za-z_]\w*)/g, (whole, name: string) => (uuid.has(name) ? `${whole}{[0-9a-fA-F-]+}` : whole))}`;
}

/** A path's parameters by name. */
export type Params<P extends string> = Record<PathParams<P>, string>;

/** What a handler is given: the path's parameters, the parsed query and the parsed JSON body. */
export interface Input<P extends string, Q, B> {
  params: Params<P>;
  query: Q extends z.ZodType ? z.output<Q> : undefined;
  /** Undefined for an upload (the handler reads the multipart body itself) or a call without one. */
  body: B extends z.ZodType ? z.output<B> : undefined;
}

type Middleware<P extends string> = MiddlewareHandler<AppEnv, `/${P}`>;
type RouteHandler<P extends string, Q, B> = (
  c: Context<AppEnv, `/${P}`>,
  input: Input<P, Q, B>,
) => Response | Promise<Response>;

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

/** Reads what the endpoint declares: the query (first value of each name), then a JSON body. */
async function inputOf<P extends string, Q, B>(
  c: Context<AppEnv>,
  endpoint: Endpoint<P>,
): Promise<Input<P, Q, B>> {
  const params = c.req.param() as Params<P>;
  const query = endpoint.query ? parse(endpoint.query, c.req.query()) : undefined;
  const body =
    endpoint.body && typeof endpoint.body !== "string"
      ? await jsonBody(c, endpoint.body)
      : undefined;
  return { params, query, body } as Input<P, Q, B>;
}

/**
 * A step before the query and body are read, given the path's parameters: an id that is not
 * the caller's is refused (404) whatever the body holds, and a large body is not read for it.
 */
export function guard<P extends string>(
  _endpoint: Endpoint<P>,
  check: (c: Context<AppEnv, `/${P}`>, params: Params<P>) => Promise<void>,
): Middleware<P> {
  return async (c, next) => {
    await check(c, c.req.param() as unknown as Params<P>);
    await next();
  };
}

/** Whether answers are held to their schemas: under test (vitest sets NODE_ENV), never in production. */
const checkAnswers = process.env.NODE_ENV === "test";

/**
 * Where a successful answer breaks its endpoint's contract: a success status other than the
 * declared one (201 where it creates, 204 without content, else 200; a 304 revalidation is
 * fine), or the path of the first field of a JSON answer that breaks `answer` and what is
 * wrong there; undefined when it keeps it.
 */
export async function contractBreach(
  endpoint: Pick<Endpoint, "answer" | "created">,
  response: Response,
): Promise<{ field: string; problem: string } | undefined> {
  if (!response.ok) return undefined;
  const status = successStatus(endpoint);
  if (response.status !== status)
    return { field: "(the status)", problem: `answered ${response.status}, declares ${status}` };
  if (endpoint.answer === rawAnswer) return undefined;
  if (!response.headers.get("content-type")?.startsWith("application/json")) return undefined;
  const result = endpoint.answer.safeParse(await response.clone().json());
  if (result.success) return undefined;
  const [issue] = result.error.issues;
  return { field: issue.path.join(".") || "(the whole answer)", problem: issue.message };
}

/**
 * Registers the endpoint's route on `app`: under test the refusal check, then the parameter
 * check, the middleware, and the handler with the endpoint's input read.
 */
export function route<
  P extends string,
  Q extends z.ZodType | undefined,
  B extends BodyShape,
  A extends z.ZodType,
>(
  app: Hono<AppEnv>,
  endpoint: Endpoint<P, Q, B, A>,
  ...steps: [...Middleware<P>[], RouteHandler<P, Q, B>]
): void {
  const middleware = steps.slice(0, -1) as MiddlewareHandler<AppEnv>[];
  const handler = steps[steps.length - 1] as RouteHandler<P, Q, B>;
  const name = `${endpoint.method} ${endpoint.path}`;
  const refusals: MiddlewareHandler<AppEnv> = checkAnswers
    ? declaredRefusals(endpoint)
    : (_c, next) => next();
  const path = routePath(endpoint);
  app.on(endpoint.method, path, refusals, storableParameters, ...middleware, async (c) => {
    const input = await inputOf<P, Q, B>(c, endpoint as Endpoint<P>);
    const response = await handler(c as Context<AppEnv, `/${P}`>, input);
    const breach = checkAnswers ? await contractBreach(endpoint, response) : undefined;
    if (breach) {
      const line = `${name} answers outside its contract at ${breach.field}: ${breach.problem}`;
      c.get("log").error({ endpoint: name, ...breach }, line);
      throw new Error(line);
    }
    return response;
  });
}
