/** Saving a platform schema: POST app-schema makes a new version of the app holding the document. */
import { and, eq } from "drizzle-orm";
import { APP_TYPES, formatVersion } from "~/api/apps/rules";
import { isEditable, statusName } from "~/api/apps/status";
import { everyFunction } from "~/api/schema/locations";
import { PLATFORM_CODES, type SaveSchemaResponse } from "~/api/schema/schemas";
import { createNextVersion } from "../apps/versions";
import type { Caller, SandboxContext } from "../context";
import { platformSchemas } from "../db/schema/apps";
import { imageUrl } from "../files/service";
import { recordChange } from "../history";
import { ApiError } from "../http/errors";
import { WORDING } from "../wording";
import { isConfigured, refuseDocument } from "./judge";
import { judgeForVersion, ownVersion } from "./lookups";

export async function save(
  ctx: SandboxContext,
  caller: Caller,
  body: { appIdOld: string; json: unknown },
): Promise<SaveSchemaResponse> {
  const created = await ctx.db.transaction(async (tx) => {
    const { version, group } = await ownVersion(tx, caller, body.appIdOld, true);
    if (version.appType !== APP_TYPES.standard)
      throw new ApiError(409, WORDING.schema.notStandardApp, {
        field: "appIdOld",
        errors: { appIdOld: "notStandardApp" },
      });
    if (!isEditable(version.statusCode, group.isArchived)) {
      const words = group.isArchived
        ? WORDING.apps.archived
        : `${WORDING.apps.notEditable} Its status is ${statusName(version.statusCode)}.`;
      throw new ApiError(409, words, {
        field: "appIdOld",
        errors: { appIdOld: "versionNotEditable" },
      });
    }
    const judged = await judgeForVersion(tx, caller, version, body.json);
    if (!judged.document || Object.keys(judged.errors).length > 0) refuseDocument(judged);
    const document = judged.document!;
    // An icon is stored with the address the provider serves it at, whatever was sent.
    for (const platform of document.platforms) {
      for (const { item } of everyFunction(platform))
        if (item.icon) item.icon = { id: item.icon.id, url: imageUrl(ctx, item.icon.id) };
    }

    const next = await createNextVersion(tx, caller, version, group, "platform-schema-saved");
    for (const platform of document.platforms) {
      const code = PLATFORM_CODES[platform.type];
      if (!isConfigured(platform)) {
        await tx
          .delete(platformSchemas)
          .where(
            and(eq(platformSchemas.appVersionId, next.id), eq(platformSchemas.platform, code)),
          );
        continue;
      }
      await tx
        .insert(platformSchemas)
        .values({ appVersionId: next.id, platform: code, document: platform })
        .onConflictDoUpdate({
          target: [platformSchemas.appVersionId, platformSchemas.platform],
          set: { document: platform, modifiedAt: new Date() },
        });
    }
    await recordChange(tx, {
      companyId: caller.companyId,
      entityType: "app-version",
      entityId: next.id,
      action: "platform-schema-saved",
      actor: caller.userId,
      detail: {
        fromVersionId: version.id,
        platforms: document.platforms.map((platform) => platform.type),
      },
    });
    return next;
  });
  return {
    appId: created.id,
    versionMajor: created.versionMajor,
    versionMinor: created.versionMinor,
    versionNumber: formatVersion(created.versionMajor, created.versionMinor),
  };
}
