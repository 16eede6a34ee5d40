/**
 * The contract as an OpenAPI 3.1 document, made from the endpoint objects and their zod
 * schemas: what a provider's engineers read and validate their API against. Schemas are the
 * wire shapes (what goes over HTTP, before any transform), from zod's own JSON Schema output.
 */
import * as z from "zod";
import { apiErrorBody } from "./common";
import { contractEndpoints, type NamedEndpoint } from "./contract";
import { type Endpoint, MULTIPART, rawAnswer, successStatus } from "./endpoint";
import { ANY_CALL_CODES } from "./refusals";

type Json = Record<string, unknown>;
/** Definitions the document's schemas share (`components.schemas`). */
type Shared = Record<string, Json>;

/** A call's words in one language: a one-line summary and, when it needs one, more. */
export interface CallWords {
  summary: string;
  description?: string;
}

export interface OpenApiOptions {
  /** The API's base URL (`https://provider.example/api`). */
  apiUrl: string;
  /** The OpenID Connect issuer whose access tokens the API takes. */
  issuer: string;
  /** The document's version. */
  version: string;
  /** The summary and description of a call by its name (`apps.getApp`). */
  words: (name: string) => CallWords;
}

/**
 * A zod schema as JSON Schema of what is sent over HTTP; what JSON cannot say is left open.
 * A recursive shape's definitions move into `shared` (the document's components) under names
 * that start with `name`, and its references follow them there.
 */
export function wireSchema(schema: z.ZodType, name: string, shared: Shared): Json {
  const {
    $schema: _dialect,
    $defs,
    ...rest
  } = z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
  }) as Json & { $defs?: Record<string, Json> };
  if (!$defs) return rest;
  const moved = (id: string) => `${name}.${id.replace(/^__/, "")}`;
  const text = JSON.stringify({ rest, $defs }).replace(
    /"#\/\$defs\/([^"]+)"/g,
    (_whole, id: string) => JSON.stringify(`#/components/schemas/${moved(id)}`),
  );
  const relinked = JSON.parse(text) as { rest: Json; $defs: Record<string, Json> };
  for (const [id, definition] of Object.entries(relinked.$defs)) shared[moved(id)] = definition;
  return relinked.rest;
}

/** `apps/:id/duplicate` as an OpenAPI path: `/apps/{id}/duplicate`. */
export const openApiPath = (path: string) => `/${path.replace(/:([A-Za-z_]\w*)/g, "{$1}")}`;

const pathNames = (path: string) => [...path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1]);

function parameters(endpoint: Endpoint, name: string, shared: Shared): Json[] {
  const uuid = new Set<string>((endpoint.uuidParams ?? []) as readonly string[]);
  const inPath = pathNames(endpoint.path).map((name) => ({
    name,
    in: "path",
    required: true,
    schema: uuid.has(name) ? { type: "string", format: "uuid" } : { type: "string" },
  }));
  if (!endpoint.query) return inPath;
  const query = wireSchema(endpoint.query, `${name}.query`, shared);
  const required = new Set((query.required as string[] | undefined) ?? []);
  const inQuery = Object.entries((query.properties as Record<string, Json>) ?? {}).map(
    ([name, schema]) => ({ name, in: "query", required: required.has(name), schema }),
  );
  return [...inPath, ...inQuery];
}

function requestBody(endpoint: Endpoint, name: string, shared: Shared): Json | undefined {
  if (!endpoint.body) return undefined;
  if (endpoint.body === MULTIPART) {
    const file = { type: "string", contentMediaType: "application/octet-stream" };
    return {
      required: true,
      content: {
        "multipart/form-data": {
          schema: { type: "object", properties: { file }, required: ["file"] },
        },
      },
    };
  }
  const schema = wireSchema(endpoint.body, `${name}.body`, shared);
  return { required: true, content: { "application/json": { schema } } };
}

function success(endpoint: Endpoint, name: string, shared: Shared): Json {
  const status = successStatus(endpoint);
  if (status === 204) return { description: "Done; no content." };
  if (endpoint.answer === rawAnswer)
    return { description: "The file's bytes.", content: { "*/*": { schema: {} } } };
  return {
    description: status === 201 ? "Created." : "OK.",
    content: {
      "application/json": { schema: wireSchema(endpoint.answer, `${name}.answer`, shared) },
    },
  };
}

const REFUSAL_TITLES: Record<number, string> = {
  400: "The request breaks a rule: `errors` names each field and its rule code.",
  401: "No valid access token.",
  403: "The caller may not do this.",
  404: "Not found, or not the caller's company's.",
  409: "The resource's state does not allow it, or a value is taken.",
  413: "The body is over its limit.",
  415: "The body's type is not one the call takes.",
  429: "Too many requests; `Retry-After` says when to try again.",
};

/** The error answer of a refusal, with the rule codes it may name when the call declares them. */
function refusal(status: number, codes: readonly string[]): Json {
  const schema =
    codes.length === 0
      ? { $ref: "#/components/schemas/Error" }
      : {
          allOf: [
            { $ref: "#/components/schemas/Error" },
            {
              type: "object",
              properties: {
                errors: { type: "object", additionalProperties: { enum: [...codes] } },
              },
            },
          ],
        };
  return {
    description: REFUSAL_TITLES[status] ?? "Refused.",
    content: { "application/json": { schema } },
  };
}

function responses(endpoint: Endpoint, name: string, shared: Shared): Json {
  const answers: Json = { [String(successStatus(endpoint))]: success(endpoint, name, shared) };
  const declared = endpoint.refusals ?? {};
  const listed = (codes: readonly string[] | true | undefined) =>
    Array.isArray(codes) ? codes : [];
  // Any call that reads a query or a body may refuse its shape.
  if (declared[400] || endpoint.query || endpoint.body)
    answers["400"] = refusal(400, [...new Set([...listed(declared[400]), ...ANY_CALL_CODES])]);
  if (!endpoint.public) answers["401"] = refusal(401, []);
  for (const status of [403, 404, 409] as const)
    if (declared[status]) answers[String(status)] = refusal(status, listed(declared[status]));
  return answers;
}

function operation(
  { name, area, endpoint }: NamedEndpoint,
  words: CallWords,
  shared: Shared,
): Json {
  const params = parameters(endpoint, name, shared);
  const body = requestBody(endpoint, name, shared);
  return {
    operationId: name,
    tags: [area],
    summary: words.summary,
    ...(words.description ? { description: words.description } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: responses(endpoint, name, shared),
    security: endpoint.public ? [] : [{ bearer: [] }],
  };
}

/** The OpenAPI 3.1 document of every endpoint of the contract. */
export function openApiDocument(options: OpenApiOptions): Json {
  const paths: Record<string, Json> = {};
  const shared: Shared = {};
  const endpoints = contractEndpoints();
  for (const named of endpoints) {
    const path = openApiPath(named.endpoint.path);
    paths[path] ??= {};
    const method = named.endpoint.method.toLowerCase();
    paths[path][method] = operation(named, options.words(named.name), shared);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Provider API",
      version: options.version,
      description:
        "The calls the developer console makes. Every refusal answers the error shape " +
        "(`Error`): `detail` in English for people, and `errors` naming each failing field with " +
        "a stable rule code for programs.",
    },
    servers: [{ url: options.apiUrl }],
    tags: [...new Set(endpoints.map((e) => e.area))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: wireSchema(apiErrorBody, "Error", shared), ...shared },
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "An access token of the OpenID Connect issuer, for the API's audience.",
        },
        openIdConnect: {
          type: "openIdConnect",
          openIdConnectUrl: `${options.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`,
        },
      },
    },
  };
}
