/**
 * Making app versions: the row of a new version (keys of its own, status Sandbox), the copy
 * of a version's content (listing, its images, platform schemas) into another, and the next
 * version of an app group made from one of its versions. A duplicate (apps service) and a
 * schema save (schema service) both make versions through these.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { formatVersion } from "~/api/apps/rules";
import { VERSION_STATUS } from "~/api/apps/status";
import type { Caller } from "../context";
import type { Tx } from "../db";
import {
  appGroups,
  appMarketplace,
  appMarketplaceImages,
  appVersions,
  platformSchemas,
} from "../db/schema/apps";
import { recordChange } from "../history";
import type { GroupRow, VersionRow } from "./find";

/** A random key of a version (secret key, token). */
export const secret = () => randomBytes(24).toString("base64url");

/** A new version of a group, in status Sandbox, with keys of its own; 1.000 unless a number is given. */
export const versionRow = (
  caller: Caller,
  group: { id: string; apiKey: string },
  id: string,
  values: {
    countryCode: string;
    name: string;
    description: string;
    categoryId: number | null;
    appType: number;
  },
  number: { major: number; minor: number } = { major: 1, minor: 0 },
) => ({
  id,
  groupId: group.id,
  companyId: caller.companyId,
  versionMajor: number.major,
  versionMinor: number.minor,
  statusCode: VERSION_STATUS.Sandbox,
  apiKey: group.apiKey,
  secretKey: secret(),
  token: secret(),
  countryCode: values.countryCode,
  name: values.name,
  description: values.description,
  categoryId: values.categoryId,
  appType: values.appType,
  createdById: caller.userId,
  modifiedById: caller.userId,
});

/**
 * Copies a version's listing, listing images and platform schemas into another version;
 * `schemaCopy` may change each schema document on the way (a duplicate drops regional
 * information).
 */
export async function copyVersionContent(
  tx: Tx,
  sourceId: string,
  targetId: string,
  schemaCopy: (document: unknown) => unknown = (document) => document,
) {
  const [listing] = await tx
    .select()
    .from(appMarketplace)
    .where(eq(appMarketplace.appVersionId, sourceId));
  await tx
    .insert(appMarketplace)
    .values(listing ? { ...listing, appVersionId: targetId } : { appVersionId: targetId });
  const imageRows = await tx
    .select()
    .from(appMarketplaceImages)
    .where(eq(appMarketplaceImages.appVersionId, sourceId));
  if (imageRows.length > 0)
    await tx
      .insert(appMarketplaceImages)
      .values(imageRows.map((row) => ({ ...row, appVersionId: targetId })));
  const schemaRows = await tx
    .select()
    .from(platformSchemas)
    .where(eq(platformSchemas.appVersionId, sourceId));
  if (schemaRows.length > 0) {
    await tx.insert(platformSchemas).values(
      schemaRows.map((row) => ({
        appVersionId: targetId,
        platform: row.platform,
        document: schemaCopy(row.document),
      })),
    );
  }
}

/**
 * The next version of the group of `source`: the same major number and the next minor number
 * of that major within the group, status Sandbox, with the details and content of `source`.
 * `reason` is recorded with it.
 */
export async function createNextVersion(
  tx: Tx,
  caller: Caller,
  source: VersionRow,
  group: GroupRow,
  reason: string,
): Promise<VersionRow> {
  // The group's row is held while the number is chosen (after the source version's, as every
  // write of a version and its group takes them), so two saves never take the same number.
  await tx
    .select({ id: appGroups.id })
    .from(appGroups)
    .where(eq(appGroups.id, group.id))
    .for("update");
  const versions = await tx
    .select({ versionMajor: appVersions.versionMajor, versionMinor: appVersions.versionMinor })
    .from(appVersions)
    .where(eq(appVersions.groupId, group.id));
  const minor =
    Math.max(
      ...versions.filter((v) => v.versionMajor === source.versionMajor).map((v) => v.versionMinor),
      source.versionMinor,
    ) + 1;
  const row = versionRow(caller, group, randomUUID(), source, {
    major: source.versionMajor,
    minor,
  });
  const [created] = await tx.insert(appVersions).values(row).returning();
  await copyVersionContent(tx, source.id, created.id);
  await tx.update(appGroups).set({ modifiedAt: new Date() }).where(eq(appGroups.id, group.id));
  await recordChange(tx, {
    companyId: caller.companyId,
    entityType: "app-version",
    entityId: created.id,
    action: "created",
    toState: VERSION_STATUS.Sandbox,
    actor: caller.userId,
    detail: {
      groupId: group.id,
      version: formatVersion(created.versionMajor, created.versionMinor),
      fromVersionId: source.id,
      reason,
    },
  });
  return created;
}
