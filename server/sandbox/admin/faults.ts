/**
 * Faults of the provider API, set by the reviewer (`PUT /admin/faults`): a call of one method
 * and path answers an error status, in the error shape with its trace ID, until the fault is
 * cleared (`DELETE /admin/faults`). This is how a client's handling of a provider failing one
 * call is shown against the sandbox, with the rest of the API working: for example the
 * console's pricing page when the prices cannot be read. A fault may name a company: then only
 * that company's callers (by their access token) get it, and every other company's calls of the
 * same path go on, so one company's failures can be shown while others use the sandbox.
 * Kept in memory, per sandbox.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv, Caller, SandboxContext } from "../context";
import { ApiError } from "../http/errors";

/** The statuses a fault can answer: the provider failing, not refusing the caller. */
export const FAULT_STATUSES = [500, 502, 503] as const;
export type FaultStatus = (typeof FAULT_STATUSES)[number];

export interface Fault {
  method: string;
  /** The path as the API serves it, from `/api/` on, without the query. */
  path: string;
  status: FaultStatus;
  /** Only the callers of this company get the fault; every caller when left out. */
  companyId?: string;
}

const key = (method: string, path: string, companyId?: string) =>
  `${method.toUpperCase()} ${path}${companyId ? ` ${companyId}` : ""}`;

export function createFaults() {
  const set = new Map<string, Fault>();
  /** Method and path of the faults that name a company, to know when the caller must be read. */
  const scoped = new Map<string, number>();
  const count = (method: string, path: string, by: number) => {
    const k = key(method, path);
    const next = (scoped.get(k) ?? 0) + by;
    if (next > 0) scoped.set(k, next);
    else scoped.delete(k);
  };
  const remove = (method: string, path: string, companyId?: string) => {
    const removed = set.delete(key(method, path, companyId));
    if (removed && companyId) count(method, path, -1);
    return removed;
  };
  return {
    add: (fault: Fault) => {
      const { companyId, ...rest } = fault;
      remove(fault.method, fault.path, companyId);
      set.set(key(fault.method, fault.path, companyId), {
        ...rest,
        method: fault.method.toUpperCase(),
        ...(companyId ? { companyId } : {}),
      });
      if (companyId) count(fault.method, fault.path, 1);
    },
    remove,
    /** The fault of a call: every caller's, else (when `companyId` is given) that company's. */
    find: (method: string, path: string, companyId?: string) =>
      set.get(key(method, path)) ?? (companyId ? set.get(key(method, path, companyId)) : undefined),
    /** Whether some company has a fault on this call. */
    hasScoped: (method: string, path: string) => scoped.has(key(method, path)),
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

/** Reads the caller of an access token, as the API's authentication does (throws when not valid). */
export type VerifyToken = (token: string) => Promise<Pick<Caller, "companyId">>;

/**
 * Answers a call that has a fault set with the fault's status; every other call goes on. The
 * caller's token is read only for a call some company has a fault on; a token that is missing
 * or not valid gets no company's fault (the call goes on, to be refused as always).
 */
export function answerFaults(ctx: SandboxContext, verify: VerifyToken): MiddlewareHandler<AppEnv> {
  const faults = faultsOf(ctx);
  return async (c, next) => {
    const { method, path } = c.req;
    let fault = faults.find(method, path);
    if (!fault && faults.hasScoped(method, path)) {
      const token = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
      const companyId = token
        ? await verify(token).then(
            (caller) => caller.companyId,
            () => undefined,
          )
        : undefined;
      if (companyId) fault = faults.find(method, path, companyId);
    }
    if (fault)
      throw new ApiError(fault.status, "The provider could not answer this call. Try again later.");
    await next();
  };
}
