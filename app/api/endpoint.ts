/**
 * A call of the provider API as one object: method, path with
 * its named parameters, query and body shapes, and the shape of the answer. The console's
 * client calls an endpoint and gets the parsed answer typed (`api.call(getApp, { params: {
 * id } })`); the sandbox registers its routes from the same objects
 * (server/sandbox/http/route.ts), so every path is written once. Pure: zod only.
 */
import * as z from "zod";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/** The names of a path template's `:name` segments (`apps/:id/duplicate` -> "id"). */
export type PathParams<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? Name | PathParams<Tail>
    : Rest
  : never;

/** A multipart/form-data body (an upload), sent as FormData. */
export const MULTIPART = "multipart" as const;

export type BodyShape = z.ZodType | typeof MULTIPART | undefined;

/** The statuses of the refusals an endpoint declares; others (401, 413, 415, 429, 500) may come from any call. */
export type RefusalStatus = 400 | 403 | 404 | 409;

/**
 * The refusals a call may answer, by status: the rule codes its `errors` may carry, or `true`
 * for one without codes (a 404). A 400 of the request's shape (`SHAPE_RULE_CODES`, the JSON
 * limits) and the 403 of a suspended account may come from any call and are not declared.
 */
export type Refusals = { readonly [S in RefusalStatus]?: readonly string[] | true };

export interface Endpoint<
  P extends string = string,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends BodyShape = BodyShape,
  A extends z.ZodType = z.ZodType,
> {
  method: Method;
  /** Relative to the API base, without a leading slash: `apps/group/:groupId`. */
  path: P;
  /**
   * Parameters that are UUIDs. The sandbox's route matches only hex digits and dashes there,
   * so that another call with a word in that place (`apps/report`) finds its own route.
   */
  uuidParams?: readonly (string extends P ? string : PathParams<P>)[];
  /** The query string's values, when the call takes any. */
  query?: Q;
  /** A JSON body's shape, or MULTIPART for an upload. */
  body?: B;
  /** The answer's shape; `noContent` for a 204. */
  answer: A;
  /** Whether the call needs a signed-in user (default true). */
  public?: boolean;
  /** Whether success is 201 Created (else 200, or 204 for `noContent`). */
  created?: true;
  /** The refusals it may answer; under test the sandbox answers no other (server/sandbox/http/refusals.ts). */
  refusals?: Refusals;
}

/** An endpoint as declared: its query and body shapes are known (undefined when it has none). */
export type Declared<
  P extends string,
  Q extends z.ZodType | undefined,
  B extends BodyShape,
  A extends z.ZodType,
> = Endpoint<P, Q, B, A> & {
  query: Q;
  body: B;
};

/** Declares an endpoint, keeping its literal path for the parameter types. */
export function endpoint<
  const P extends string,
  A extends z.ZodType,
  Q extends z.ZodType | undefined = undefined,
  B extends BodyShape = undefined,
>(definition: Endpoint<P, Q, B, A>): Declared<P, Q, B, A> {
  return definition as Declared<P, Q, B, A>;
}

/** A GET of what its path names, refused 404 when that is missing or not the caller's. */
export function lookup<const P extends string, A extends z.ZodType>(
  path: P,
  answer: A,
  options: { uuidParams?: readonly NoInfer<PathParams<P>>[]; public?: boolean } = {},
) {
  const definition = { method: "GET", path, ...options, refusals: { 404: true }, answer } as const;
  return endpoint<P, A>(definition as Endpoint<P, undefined, undefined, A>);
}

/** The answer of a call that answers 204 without a body. */
export const noContent = z.null();

/** The status of a call's success: 204 without a body, 201 where it creates, else 200. */
export function successStatus(endpoint: Pick<Endpoint, "answer" | "created">): number {
  if (endpoint.answer === noContent) return 204;
  return endpoint.created ? 201 : 200;
}

/** The answer of a call whose body is not JSON (a file's bytes): the client hands back the Response. */
export const rawAnswer = z.custom<Response>((value) => value instanceof Response);

type ParamValues<P extends string> = [PathParams<P>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParams<P>, string | number> };
type QueryValues<Q> = Q extends z.ZodType
  ? // biome-ignore lint/complexity/noBannedTypes: `{} extends T` holds when every property of T is optional
    {} extends z.input<Q>
    ? { query?: z.input<Q> }
    : { query: z.input<Q> }
  : { query?: undefined };
type BodyValues<B> = B extends z.ZodType
  ? { body: z.input<B> }
  : B extends typeof MULTIPART
    ? { body: FormData }
    : { body?: undefined };

/** What a call of the endpoint needs: path parameters, query values and body, each only when it has them. */
export type CallInput<E> =
  E extends Endpoint<infer P, infer Q, infer B, z.ZodType>
    ? ParamValues<P> & QueryValues<Q> & BodyValues<B>
    : never;

/** The parsed answer of an endpoint. */
export type Answer<E> =
  E extends Endpoint<string, z.ZodType | undefined, BodyShape, infer A> ? z.output<A> : never;

/** The path of a call with its parameters filled in (each encoded), and its query string. */
export function urlOf(
  endpoint: Endpoint,
  input: { params?: Record<string, string | number>; query?: unknown } = {},
): string {
  const path = endpoint.path.replace(/:([A-Za-z_]\w*)/g, (_whole, name: string) => {
    const value = input.params?.[name];
    if (value === undefined)
      throw new Error(`${endpoint.method} ${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  if (input.query && typeof input.query === "object") {
    for (const [name, value] of Object.entries(input.query)) {
      if (value !== undefined && value !== null) query.set(name, String(value));
    }
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
