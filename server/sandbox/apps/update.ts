/** Changing apps: PUT apps/{id}, DELETE apps/delete/{id} and PUT apps/group/{id}/setArchived. */
import { eq } from "drizzle-orm";
import { formatVersion } from "~/api/apps/rules";
import type { AppSaveResponse } from "~/api/apps/schemas";
import { canArchive, canDelete, isEditable, statusName } from "~/api/apps/status";
import type { Caller, SandboxContext } from "../context";
import { appGroups, appVersions } from "../db/schema/apps";
import { recordChange } from "../history";
import { conflict, notFound, refuseAny } from "../http/errors";
import { WORDING } from "../wording";
import { byNewest, saveAnswer } from "./answers";
import { checkDetails, checkListing, versionsOfGroup, writeListing } from "./checks";
import { findGroup, findVersion } from "./find";
import { normalizeDetails, normalizeListing, type ParsedInput } from "./input";

/** The details, and the whole listing when sent; only while the version is editable. */
export async function update(
  ctx: SandboxContext,
  caller: Caller,
  id: string,
  body: ParsedInput,
): Promise<AppSaveResponse> {
  const details = normalizeDetails(body.details);
  const listing = body.marketplace ? normalizeListing(body.marketplace) : undefined;

  const saved = await ctx.db.transaction(async (tx) => {
    const found = await findVersion(tx, caller.companyId, id, true);
    if (!found) throw notFound("app");
    const { version, group } = found;
    if (!isEditable(version.statusCode, group.isArchived)) {
      throw conflict(
        group.isArchived
          ? WORDING.apps.archived
          : `${WORDING.apps.notEditable} Its status is ${statusName(version.statusCode)}.`,
      );
    }
    if ((details.appType === 0 || details.appType === 1) && details.appType !== version.appType) {
      throw conflict(WORDING.apps.appTypeLocked, "details.appType", "locked");
    }
    if (details.countryCode && details.countryCode !== version.countryCode) {
      throw conflict(WORDING.apps.countryLocked, "details.countryCode", "locked");
    }
    const errors = await checkDetails(tx, details, { newCountry: false });
    if (listing)
      Object.assign(
        errors,
        await checkListing(tx, caller.companyId, listing, version.appType, version.countryCode),
      );
    refuseAny(WORDING.appField, errors);

    const now = new Date();
    await tx
      .update(appVersions)
      .set({
        name: details.name,
        description: details.description,
        categoryId: details.categoryId,
        modifiedById: caller.userId,
        modifiedAt: now,
      })
      .where(eq(appVersions.id, version.id));
    if (listing) await writeListing(tx, version.id, listing);
    // The group carries the name of its newest version.
    const [newest] = (await versionsOfGroup(tx, group.id)).sort(byNewest);
    await tx
      .update(appGroups)
      .set({ modifiedAt: now, ...(newest?.id === version.id ? { name: details.name } : {}) })
      .where(eq(appGroups.id, group.id));
    await recordChange(tx, {
      companyId: caller.companyId,
      entityType: "app-version",
      entityId: version.id,
      action: "updated",
      fromState: version.statusCode,
      toState: version.statusCode,
      actor: caller.userId,
      detail: { sections: listing ? ["details", "marketplace"] : ["details"] },
    });
    return version;
  });
  return saveAnswer(saved);
}

/** Deletes the whole group of a version, unless a version is in the market. */
export async function remove(ctx: SandboxContext, caller: Caller, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const found = await findVersion(tx, caller.companyId, id);
    if (!found) throw notFound("app");
    const group = await findGroup(tx, caller.companyId, found.group.id, true);
    if (!group) throw notFound("app");
    const versions = await versionsOfGroup(tx, group.id, true);
    if (!canDelete(versions)) {
      const blocking = versions
        .filter((v) => !canDelete([v]))
        .map((v) => `${formatVersion(v.versionMajor, v.versionMinor)} ${statusName(v.statusCode)}`);
      throw conflict(`${WORDING.apps.deleteBlocked} (${blocking.join(", ")})`);
    }
    await tx.delete(appGroups).where(eq(appGroups.id, group.id));
    await recordChange(tx, {
      companyId: caller.companyId,
      entityType: "app-group",
      entityId: group.id,
      action: "deleted",
      fromState: group.isArchived ? "archived" : "current",
      toState: "deleted",
      actor: caller.userId,
      detail: {
        name: group.name,
        versions: versions.map((v) => ({ id: v.id, statusCode: v.statusCode })),
      },
    });
  });
}

export async function setArchived(
  ctx: SandboxContext,
  caller: Caller,
  groupId: string,
  flag: boolean,
) {
  return ctx.db.transaction(async (tx) => {
    const group = await findGroup(tx, caller.companyId, groupId, true);
    if (!group) throw notFound("app group");
    if (flag && !canArchive(await versionsOfGroup(tx, group.id, true)))
      throw conflict(WORDING.apps.archiveBlocked);
    if (group.isArchived !== flag) {
      await tx
        .update(appGroups)
        .set({ isArchived: flag, modifiedAt: new Date() })
        .where(eq(appGroups.id, group.id));
      await recordChange(tx, {
        companyId: caller.companyId,
        entityType: "app-group",
        entityId: group.id,
        action: flag ? "archived" : "unarchived",
        fromState: group.isArchived ? "archived" : "current",
        toState: flag ? "archived" : "current",
        actor: caller.userId,
      });
    }
    return { appGroupId: group.id, isArchived: flag };
  });
}
