/**
 * Faults of the provider API, set by the reviewer (`PUT /admin/faults`): a call of one method
 * and path answers an error status, in the error shape with its trace ID, until the fault is
 * cleared (`DELETE /admin/faults`). This is how a client's handling of a provider failing one
 * call is shown against the sandbox, with the rest of the API working: for example the
 * console's pricing page when the prices cannot be read. Kept in memory, per sandbox.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv, SandboxContext } from "../context";
import { ApiError } from "../http/errors";

/** The statuses a fault can answer: the provider failing, not refusing the caller. */
export const FAULT_STATUSES = [500, 502, 503] as const;
export type FaultStatus = (typeof FAULT_STATUSES)[number];

export interface Fault {
  method: string;
  /** The path as the API serves it, from `/api/` on, without the query. */
  path: string;
  status: FaultStatus;
}

const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

export function createFaults() {
  const set = new Map<string, Fault>();
  return {
    add: (fault: Fault) => void set.set(key(fault.method, fault.path), { ...fault, method: fault.method.toUpperCase() }),
    remove: (method: string, path: string) => set.delete(key(method, path)),
    find: (method: string, path: string) => set.get(key(method, path)),
    list: () => [...set.values()],
  };
}
export type Faults = ReturnType<typeof createFaults>;

const bySandbox = new WeakMap<SandboxContext, Faults>();

/** The faults of one sandbox, shared by its reviewer endpoints and its API. */
export function faultsOf(ctx: SandboxContext): Faults {
  let faults = bySandbox.get(ctx);
  if (!faults) {
    faults = createFaults();
    bySandbox.set(ctx, faults);
  }
  return faults;
}

/** Answers a call that has a fault set with the fault's status; every other call goes on. */
export function answerFaults(ctx: SandboxContext): MiddlewareHandler<AppEnv> {
  const faults = faultsOf(ctx);
  return async (c, next) => {
    const fault = faults.find(c.req.method, c.req.path);
    if (fault) throw new ApiError(fault.status, "The provider could not answer this call. Try again later.");
    await next();
  };
}
