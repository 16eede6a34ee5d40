/**
 * Reading apps: GET apps, apps/group/{id} and apps/{id}, and the ownership checks the routes
 * make before they read a body.
 */

import type { AppGroup, AppListItem, AppVersion } from "~/api/apps/schemas";
import { filterByArchived } from "~/api/apps/status";
import type { Caller, SandboxContext } from "../context";
import { notFound } from "../http/errors";
import { isUuid } from "../http/validate";
import { versionAnswer } from "./answers";
import { findGroup, findVersion } from "./find";
import { historyOf, summaries } from "./summaries";

/** The company's groups, filtered by `archived` (-1 all, 0 current, 1 archived). */
export async function list(
  ctx: SandboxContext,
  caller: Caller,
  archived: number,
): Promise<AppListItem[]> {
  const items = (await summaries(ctx, caller.companyId)).map((s) => s.item);
  return filterByArchived(items, archived);
}

export async function group(
  ctx: SandboxContext,
  caller: Caller,
  groupId: string,
): Promise<AppGroup> {
  if (!isUuid(groupId)) throw notFound("app group");
  const [found] = await summaries(ctx, caller.companyId, groupId);
  if (!found) throw notFound("app group");
  return {
    ...found.item,
    isPriceRequired: found.group.isPriceRequired,
    isPreApprovalRequired: found.group.isPreApprovalRequired,
    apiKey: found.group.apiKey,
    appLevel: found.group.appLevel,
    history: await historyOf(ctx, caller.companyId, groupId, found.all),
  };
}

export async function version(
  ctx: SandboxContext,
  caller: Caller,
  id: string,
): Promise<AppVersion> {
  const found = await findVersion(ctx.db, caller.companyId, id);
  if (!found) throw notFound("app");
  return versionAnswer(ctx, ctx.db, found.version, found.group);
}

/** True when the version is the caller's: checked before a body is read. */
export async function ownsVersion(
  ctx: SandboxContext,
  caller: Caller,
  id: string,
): Promise<boolean> {
  return Boolean(await findVersion(ctx.db, caller.companyId, id));
}

export async function ownsGroup(
  ctx: SandboxContext,
  caller: Caller,
  groupId: string,
): Promise<boolean> {
  return Boolean(await findGroup(ctx.db, caller.companyId, groupId));
}
