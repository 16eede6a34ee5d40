/**
 * Sandbox accounts
 * (docs/decisions/0058-sandbox-accounts-and-usage.md): records of the sandbox, each in a
 * provider environment, with generated firm, user and staff ids (new credentials) or the
 * ids of an import token's payload (import). A staging account (TEST or DEV) is seen, made
 * and changed only by users with test access (403 `noTestAccess`). The configuration holds
 * one row per app group of the company in the account's country (AU for an AUB account,
 * UK for IE), a disabled app reset to status 200 and endpoint LIVE. The rules are the
 * contract's (app/api/instances/rules.ts); every account is looked up within the caller's
 * company (404 otherwise), and every change is recorded in the state history.
 */
import type { z } from "zod";
import type {
  configurationRequest,
  importInstanceRequest,
  newInstanceRequest,
} from "~/api/instances/schemas";
import type { Caller, SandboxContext } from "../context";
import { list } from "./accounts";
import { configure, remove } from "./configure";
import { create, importAccount } from "./create";

export type NewInstanceInput = z.output<typeof newInstanceRequest>;
export type ImportInput = z.output<typeof importInstanceRequest>;
export type ConfigurationInput = z.output<typeof configurationRequest>;

export type InstancesService = ReturnType<typeof createInstancesService>;

export function createInstancesService(ctx: SandboxContext) {
  return {
    list: (caller: Caller) => list(ctx, caller),
    create: (caller: Caller, body: NewInstanceInput) => create(ctx, caller, body),
    importAccount: (caller: Caller, body: ImportInput) => importAccount(ctx, caller, body),
    configure: (caller: Caller, id: string, body: ConfigurationInput) =>
      configure(ctx, caller, id, body),
    remove: (caller: Caller, id: string) => remove(ctx, caller, id),
  };
}
