/**
 * The refusals each endpoint declares, as codes (a rule code, or the status where it has none:
 * "404"), and the sending of a trigger: one request, its answer held to each code it should name.
 */
import type { Endpoint, RefusalStatus } from "~/api/endpoint";
import { expectRefusal, type Input } from "./session";
import type { Call, World } from "./world";

/** The codes an endpoint declares: each rule code, and "404" (or "409") for a status without codes. */
export function declaredCodes(endpoint: Endpoint): string[] {
  return Object.entries(endpoint.refusals ?? {}).flatMap(([status, codes]) =>
    codes === true ? [status] : [...(codes as readonly string[])],
  );
}

/** The status an endpoint refuses with for `code`. */
export function statusOf(endpoint: Endpoint, code: string): number {
  const entry = Object.entries(endpoint.refusals ?? {}).find(([status, codes]) =>
    codes === true ? status === code : (codes as readonly string[]).includes(code),
  );
  if (!entry) throw new Error(`${endpoint.method} ${endpoint.path} declares no ${code}`);
  return Number(entry[0] as `${RefusalStatus}`);
}

/** A request a client could send that must be refused, naming each of `codes`. */
export interface Trigger {
  codes: string | readonly string[];
  /** What was sent, for the check's name. */
  what: string;
  input: Input;
  /** The first company's user unless given. */
  call?: Call;
}

/** Sends each trigger once and holds its answer to every code it names. */
export async function refusals(w: World, endpoint: Endpoint, triggers: readonly Trigger[]) {
  for (const { codes, what, input, call = w.a } of triggers) {
    let reply: Awaited<ReturnType<Call>> | undefined;
    let failure: unknown;
    try {
      reply = await call(endpoint, input);
    } catch (error) {
      failure = error;
    }
    for (const code of typeof codes === "string" ? [codes] : codes) {
      const status = statusOf(endpoint, code);
      await w.found.refusal(endpoint, code, what, async () => {
        if (!reply) throw failure;
        return expectRefusal(endpoint, reply, status, String(status) === code ? undefined : code);
      });
    }
  }
}

/** Notes each of `codes` as not tried, for `why`. */
export function skipCodes(w: World, endpoint: Endpoint, codes: readonly string[], why: string) {
  for (const code of codes) w.found.skip(endpoint, code, why);
}
