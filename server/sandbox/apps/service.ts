/**
 * The apps area of the provider: the routes (server/sandbox/api/apps.ts) hand each call to
 * one method here, which takes the caller and answers, or throws the ApiError to answer.
 *
 * Every id is looked up within the caller's company: another company's id, or a malformed
 * one, is not found (404) with nothing of the app. Multi-row writes run in one transaction
 * and every state change is recorded in state_changes. The rules are the contract's
 * (app/api/apps/), so the console and the sandbox refuse the same things; the overview is
 * reduced by sanitize-html to the allowed tags without attributes, and every text is trimmed.
 */
import type { Caller, SandboxContext } from "../context";
import { create, duplicate } from "./create";
import type { DuplicateInput, ParsedInput } from "./input";
import { group, list, ownsGroup, ownsVersion, version } from "./read";
import { remove, setArchived, update } from "./update";

export { isUniqueViolation } from "./checks";

export type AppsService = ReturnType<typeof createAppsService>;

export function createAppsService(ctx: SandboxContext) {
  return {
    list: (caller: Caller, archived: number) => list(ctx, caller, archived),
    group: (caller: Caller, groupId: string) => group(ctx, caller, groupId),
    version: (caller: Caller, id: string) => version(ctx, caller, id),
    create: (caller: Caller, body: ParsedInput) => create(ctx, caller, body),
    ownsVersion: (caller: Caller, id: string) => ownsVersion(ctx, caller, id),
    ownsGroup: (caller: Caller, groupId: string) => ownsGroup(ctx, caller, groupId),
    update: (caller: Caller, id: string, body: ParsedInput) => update(ctx, caller, id, body),
    remove: (caller: Caller, id: string) => remove(ctx, caller, id),
    setArchived: (caller: Caller, groupId: string, flag: boolean) =>
      setArchived(ctx, caller, groupId, flag),
    duplicate: (caller: Caller, id: string, request: DuplicateInput) =>
      duplicate(ctx, caller, id, request),
  };
}
