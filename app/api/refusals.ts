/**
 * Whether a refusal is one its endpoint declares (`refusals` of app/api/endpoint.ts): what the
 * sandbox holds itself to under test and what the conformance kit holds any provider to.
 */
import { SHAPE_RULE_CODES } from "./common";
import type { Endpoint, RefusalStatus } from "./endpoint";
import { JSON_LIMIT_CODES } from "./json-limits";

const DECLARED_STATUSES: readonly number[] = [400, 403, 404, 409] satisfies RefusalStatus[];

/** Codes any call may refuse with (400): the request's shape and the JSON limits. */
/** Codes any call may refuse with (400): the request's shape and the JSON limits. */
export const ANY_CALL_CODES: readonly string[] = [...SHAPE_RULE_CODES, ...JSON_LIMIT_CODES];
const SHAPE_CODES: ReadonlySet<string> = new Set(ANY_CALL_CODES);

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
