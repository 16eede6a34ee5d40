/**
 * Judging a platform schema document without the database: its decoding, shape and rules,
 * the copy of one environment, and the 400 that names every failing path.
 */
import { INVALID_CHARACTERS } from "~/api/common";
import { RULE_MESSAGES, type SchemaErrors } from "~/api/schema/codes";
import type { SchemaContext } from "~/api/schema/context";
import { validateDocument } from "~/api/schema/document";
import { decodeSchemaJson } from "~/api/schema/json";
import {
  type Environment,
  type PlatformSchema,
  type SchemaDocument,
  schemaDocument,
} from "~/api/schema/schemas";
import { ApiError, badRequest, ERRORS_MAX, issueCode, type RuleCodes } from "../http/errors";
import { unstorablePath } from "../http/validate";

/** What is wrong with a document: each failing path (relative to the document) with its code and English words. */
export interface Judgement {
  document?: SchemaDocument;
  errors: RuleCodes;
  messages: Record<string, string>;
}

const pathOf = (path: readonly PropertyKey[]) => path.map(String).join(".");

/**
 * Judges the `json` of a save or validation: its decoding, the shape of the document (a key
 * the schema does not name is `unknownKey` at its own path), the database's text rule, and,
 * once the shape holds, every rule of rules.ts with `context`. A document over the JSON
 * limits (tooDeep, tooLarge) is a 400 at `json`, thrown.
 */
export function judgeDocument(json: unknown, context: SchemaContext): Judgement {
  const errors: RuleCodes = {};
  const messages: Record<string, string> = {};
  let named = 0;
  const fail = (path: string, code: string, message: string) => {
    // Every failing path, the first ERRORS_MAX: many wrong entries get a short answer.
    if (errors[path] || named++ >= ERRORS_MAX) return;
    errors[path] = code;
    messages[path] = message;
  };
  const decoded = decodeSchemaJson(json);
  if ("refused" in decoded) {
    // Over the JSON limits the document is refused before anything walks it.
    if (decoded.refused !== "invalidJson")
      throw badRequest(`json: ${RULE_MESSAGES[decoded.refused]}`, "json", decoded.refused);
    fail("", "invalidJson", RULE_MESSAGES.invalidJson);
    return { errors, messages };
  }
  const unstorable = unstorablePath(decoded.value);
  if (unstorable !== undefined)
    fail(
      unstorable === "body" ? "" : unstorable,
      INVALID_CHARACTERS.params.code,
      INVALID_CHARACTERS.message,
    );
  const parsed = schemaDocument.safeParse(decoded.value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.code === "unrecognized_keys") {
        for (const key of issue.keys)
          fail(pathOf([...issue.path, key]), "unknownKey", RULE_MESSAGES.unknownKey);
      } else {
        const custom = issue.code === "custom" ? issue.params?.code : undefined;
        fail(
          pathOf(issue.path),
          typeof custom === "string" ? custom : issueCode(issue, decoded.value),
          issue.message,
        );
      }
    }
    return { errors, messages };
  }
  if (unstorable !== undefined) return { errors, messages };
  for (const [path, code] of Object.entries(validateDocument(parsed.data, context) as SchemaErrors))
    fail(path, code, RULE_MESSAGES[code]);
  return { document: parsed.data, errors, messages };
}

/** A copy of a document in which every `urls` list of `{ env, url }` is the one `url` of `env`. */
export function forEnvironment(value: unknown, env: Environment): unknown {
  if (Array.isArray(value)) return value.map((item) => forEnvironment(item, env));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === "urls" && Array.isArray(item))
      out.url =
        (item as { env?: string; url?: string }[]).find((entry) => entry.env === env)?.url ?? "";
    else out[key] = forEnvironment(item, env);
  }
  return out;
}

/**
 * A platform is configured (a tab with a dot, a submission not blocked) when it holds a
 * location, an exception URL or app-level product variants; a platform saved empty is not stored.
 */
export const isConfigured = (platform: PlatformSchema) =>
  (platform.views?.length ?? 0) +
    (platform.menus?.length ?? 0) +
    (platform.exceptions?.length ?? 0) >
    0 || platform.productVariants !== undefined;

/** A file name made of safe characters only. */
export const fileNamePart = (text: string) =>
  text
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60) || "app";

/** The 400 of a document: the first failing path in words, every path's code under `json`. */
export function refuseDocument(judged: Judgement): never {
  const under = (path: string) => (path ? `json.${path}` : "json");
  const errors = Object.fromEntries(
    Object.entries(judged.errors).map(([path, code]) => [under(path), code]),
  );
  const [first] = Object.keys(judged.errors);
  throw new ApiError(400, `${under(first)}: ${judged.messages[first]}`, {
    field: under(first),
    errors,
  });
}
