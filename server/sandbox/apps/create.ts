/** Creating apps: POST apps (a new group with version 1.000) and POST apps/{id}/duplicate. */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { withoutRegionalInfo } from "~/api/apps/duplicate";
import { formatVersion, validateDuplicate } from "~/api/apps/rules";
import type { AppSaveResponse } from "~/api/apps/schemas";
import { VERSION_STATUS } from "~/api/apps/status";
import type { Caller, SandboxContext } from "../context";
import { appGroups, appMarketplace, appVersions } from "../db/schema/apps";
import { recordChange } from "../history";
import { ApiError, conflict, notFound, refuseAny } from "../http/errors";
import { isUuid } from "../http/validate";
import { WORDING } from "../wording";
import { saveAnswer } from "./answers";
import {
  checkDetails,
  checkListing,
  isUniqueViolation,
  newGroupValues,
  selectableCountry,
  writeListing,
} from "./checks";
import { findVersion } from "./find";
import { type DuplicateInput, normalizeDetails, normalizeListing, type ParsedInput } from "./input";
import { copyVersionContent, versionRow } from "./versions";

/** A new group with version 1.000 in status Sandbox under the client-made id. */
export async function create(
  ctx: SandboxContext,
  caller: Caller,
  body: ParsedInput,
): Promise<AppSaveResponse> {
  const id = body.id?.trim().toLowerCase();
  if (!isUuid(id))
    throw new ApiError(400, "id: must be a UUID made by the client", {
      field: "id",
      errors: { id: "invalidFormat" },
    });
  const details = normalizeDetails(body.details);
  const listing = body.marketplace ? normalizeListing(body.marketplace) : undefined;

  const created = await ctx.db
    .transaction(async (tx) => {
      const errors = await checkDetails(tx, details, { newCountry: true });
      if (listing)
        Object.assign(
          errors,
          await checkListing(tx, caller.companyId, listing, details.appType, details.countryCode),
        );
      refuseAny(WORDING.appField, errors);
      const [taken] = await tx
        .select({ id: appVersions.id })
        .from(appVersions)
        .where(eq(appVersions.id, id))
        .limit(1);
      if (taken) throw conflict(WORDING.apps.idExists, "id", "taken");

      const group = await newGroupValues(tx, caller, {
        name: details.name,
        countryCode: details.countryCode,
        appType: details.appType!,
      });
      await tx.insert(appGroups).values(group);
      const version = versionRow(caller, group, id, { ...details, appType: details.appType! });
      await tx.insert(appVersions).values(version);
      if (listing) await writeListing(tx, id, listing);
      else await tx.insert(appMarketplace).values({ appVersionId: id });
      await recordChange(tx, {
        companyId: caller.companyId,
        entityType: "app-group",
        entityId: group.id,
        action: "created",
        toState: "current",
        actor: caller.userId,
        detail: { name: group.name, countryCode: group.countryCode, appType: group.appType },
      });
      await recordChange(tx, {
        companyId: caller.companyId,
        entityType: "app-version",
        entityId: id,
        action: "created",
        toState: VERSION_STATUS.Sandbox,
        actor: caller.userId,
        detail: {
          groupId: group.id,
          version: formatVersion(1, 0),
          withListing: Boolean(listing),
        },
      });
      return version;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw conflict(WORDING.apps.idExists, "id", "taken");
      throw error;
    });
  return saveAnswer(created);
}

/** A new group from a version; its matter types and regional information are not copied. */
export async function duplicate(
  ctx: SandboxContext,
  caller: Caller,
  id: string,
  request: DuplicateInput,
): Promise<{ id: string }> {
  const appName = request.appName.trim();
  const countryCode = request.countryCode.trim().toUpperCase();
  const newId = await ctx.db.transaction(async (tx) => {
    const found = await findVersion(tx, caller.companyId, id);
    if (!found) throw notFound("app");
    const errors = validateDuplicate({ appName, countryCode });
    if (!errors.countryCode && !(await selectableCountry(tx, countryCode)))
      errors.countryCode = "unknownCountry";
    refuseAny(WORDING.appField, errors);

    const source = found.version;
    const group = await newGroupValues(tx, caller, {
      name: appName,
      countryCode,
      appType: source.appType,
    });
    await tx.insert(appGroups).values(group);
    const versionId = randomUUID();
    await tx.insert(appVersions).values(
      versionRow(caller, group, versionId, {
        countryCode,
        name: appName,
        description: source.description,
        categoryId: source.categoryId,
        appType: source.appType,
      }),
    );
    await copyVersionContent(tx, source.id, versionId, withoutRegionalInfo);
    await recordChange(tx, {
      companyId: caller.companyId,
      entityType: "app-group",
      entityId: group.id,
      action: "duplicated",
      toState: "current",
      actor: caller.userId,
      detail: {
        fromVersionId: source.id,
        fromGroupId: source.groupId,
        name: appName,
        countryCode,
      },
    });
    await recordChange(tx, {
      companyId: caller.companyId,
      entityType: "app-version",
      entityId: versionId,
      action: "created",
      toState: VERSION_STATUS.Sandbox,
      actor: caller.userId,
      detail: { groupId: group.id, version: formatVersion(1, 0), duplicateOf: source.id },
    });
    return versionId;
  });
  return { id: newId };
}
