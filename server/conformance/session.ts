/**
 * Calls of the contract's endpoints over HTTP, and the checks of their answers: a success
 * holds the endpoint's status and `answer` schema; a refusal its status, the error shape and,
 * where asked, a rule code (one the endpoint declares).
 */
import { apiErrorBody } from "~/api/common";
import { contractEndpoints } from "~/api/contract";
import { type Endpoint, MULTIPART, rawAnswer, successStatus, urlOf } from "~/api/endpoint";
import { undeclaredRefusal } from "~/api/refusals";

/** What a call sends: path parameters, query and a JSON body or a form. */
export interface Input {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

export interface Reply {
  status: number;
  /** The JSON answer, or undefined when the answer is not JSON. */
  json: unknown;
}

/** A check that did not hold, with what was expected and what came. */
export class Breach extends Error {}

const names = new Map(contractEndpoints().map(({ name, endpoint }) => [endpoint, name]));

/** The `area.export` name of an endpoint object. */
export function nameOf(endpoint: Endpoint): string {
  const name = names.get(endpoint);
  if (!name) throw new Error(`${endpoint.method} ${endpoint.path} is not in the contract`);
  return name;
}

/** One caller of the API: with an access token, or none. */
export function session(api: string, token: string | undefined) {
  const base = api.replace(/\/$/, "");
  return async function call(endpoint: Endpoint, input: Input = {}): Promise<Reply> {
    const headers = new Headers();
    if (token) headers.set("authorization", `Bearer ${token}`);
    let body: BodyInit | undefined;
    if (input.body instanceof FormData) body = input.body;
    else if (input.body !== undefined && endpoint.body !== MULTIPART) {
      body = JSON.stringify(input.body);
      headers.set("content-type", "application/json");
    }
    const res = await fetch(`${base}/${urlOf(endpoint, input)}`, {
      method: endpoint.method,
      headers,
      body,
    });
    const isJson = res.headers.get("content-type")?.startsWith("application/json");
    const json = isJson ? await res.json().catch(() => undefined) : await res.arrayBuffer();
    return { status: res.status, json: isJson ? json : undefined };
  };
}

const shown = (value: unknown) => JSON.stringify(value)?.slice(0, 300) ?? String(value);

/** The answer of a success, parsed by the endpoint's schema; a Breach otherwise. */
export function expectSuccess<T = unknown>(endpoint: Endpoint, reply: Reply): T {
  const status = successStatus(endpoint);
  if (reply.status !== status)
    throw new Breach(`answered ${reply.status} (expected ${status}): ${shown(reply.json)}`);
  if (endpoint.answer === rawAnswer || status === 204) return undefined as T;
  const parsed = endpoint.answer.safeParse(reply.json);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw new Breach(
      `the answer breaks its schema at ${issue.path.join(".") || "(root)"}: ${issue.message}`,
    );
  }
  return parsed.data as T;
}

/** A refusal of `status` in the error shape; with `code`, naming it (and declared for the call). */
export function expectRefusal(endpoint: Endpoint, reply: Reply, status: number, code?: string) {
  if (reply.status !== status)
    throw new Breach(`answered ${reply.status} (expected refusal ${status}): ${shown(reply.json)}`);
  const parsed = apiErrorBody.safeParse(reply.json);
  if (!parsed.success || typeof parsed.data.detail !== "string")
    throw new Breach(`the ${status} is not in the error shape: ${shown(reply.json)}`);
  const codes = Object.values(parsed.data.errors ?? {});
  const undeclared = undeclaredRefusal(endpoint, status, parsed.data.errors);
  if (undeclared) throw new Breach(`answered a refusal the call does not declare: ${undeclared}`);
  if (code && !codes.includes(code))
    throw new Breach(`the ${status} does not name ${code}: ${shown(parsed.data.errors)}`);
  return parsed.data;
}
