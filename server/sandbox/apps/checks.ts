/**
 * The checks and writes that creating, updating and duplicating an app share: the rules of
 * the contract (app/api/apps/), the lookups they need, and the listing's rows.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import {
  checkListingImage,
  type FieldErrors,
  validateDetails,
  validateMarketplace,
} from "~/api/apps/rules";
import { prefixErrors } from "~/api/common";
import type { Caller } from "../context";
import type { Tx } from "../db";
import { appMarketplace, appMarketplaceImages, appVersions } from "../db/schema/apps";
import { files } from "../db/schema/files";
import { appCategories, countries } from "../db/schema/lookups";
import { countryFlagOn } from "../feature-flags";
import { isUuid } from "../http/validate";
import type { DbOrTx } from "./find";
import type { NormalizedDetails, NormalizedListing } from "./input";

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** Every version of a group; `lock` holds them until the transaction ends (no status change meanwhile). */
export const versionsOfGroup = async (q: DbOrTx, groupId: string, lock = false) => {
  const select = q.select().from(appVersions).where(eq(appVersions.groupId, groupId));
  return lock ? select.for("update") : select;
};

export async function selectableCountry(q: DbOrTx, code: string) {
  if (!code) return undefined;
  const [row] = await q
    .select()
    .from(countries)
    .where(and(eq(countries.code, code), eq(countries.selectable, true)))
    .limit(1);
  return row;
}

async function categoryExists(q: DbOrTx, id: number | null) {
  if (!id) return false;
  const [row] = await q
    .select({ id: appCategories.id })
    .from(appCategories)
    .where(eq(appCategories.id, id))
    .limit(1);
  return Boolean(row);
}

/** Details rules, the category lookup and (for a new app) the country lookup. */
export async function checkDetails(
  q: DbOrTx,
  details: NormalizedDetails,
  options: { newCountry: boolean },
): Promise<FieldErrors> {
  const errors = prefixErrors("details", validateDetails(details));
  if (!errors["details.categoryId"] && !(await categoryExists(q, details.categoryId)))
    errors["details.categoryId"] = "unknownCategory";
  if (
    options.newCountry &&
    !errors["details.countryCode"] &&
    !(await selectableCountry(q, details.countryCode))
  ) {
    errors["details.countryCode"] = "unknownCountry";
  }
  return errors;
}

/** Listing rules and every image: the company's own image file, of the right type, size and dimensions. */
export async function checkListing(
  q: DbOrTx,
  companyId: string,
  listing: NormalizedListing,
  appType: number | null,
  countryCode: string,
) {
  const errors = prefixErrors("marketplace", validateMarketplace(listing.values, { appType }));
  const allowSvg = await countryFlagOn(q, countryCode, "allow-svg-button");
  const tooMany = (kind: string) => Boolean(errors[`marketplace.promo.${kind}s`]);
  for (const entry of listing.images) {
    if (entry.kind !== "icon" && tooMany(entry.kind)) continue;
    const [file] = isUuid(entry.id)
      ? await q
          .select()
          .from(files)
          .where(
            and(eq(files.id, entry.id), eq(files.companyId, companyId), eq(files.kind, "image")),
          )
          .limit(1)
      : [];
    const problem = file
      ? checkListingImage(
          entry.kind,
          {
            contentType: file.contentType,
            width: file.width,
            height: file.height,
            fileSize: file.fileSize,
          },
          { allowSvg },
        )
      : "imageNotFound";
    if (problem && !errors[entry.path]) errors[entry.path] = problem;
  }
  return errors;
}

export async function writeListing(tx: Tx, versionId: string, listing: NormalizedListing) {
  await tx
    .insert(appMarketplace)
    .values({ appVersionId: versionId, ...listing.row })
    .onConflictDoUpdate({ target: appMarketplace.appVersionId, set: listing.row });
  await tx.delete(appMarketplaceImages).where(eq(appMarketplaceImages.appVersionId, versionId));
  if (listing.images.length > 0) {
    await tx.insert(appMarketplaceImages).values(
      listing.images.map((i) => ({
        appVersionId: versionId,
        kind: i.kind,
        position: i.position,
        fileId: i.id,
      })),
    );
  }
}

/** Defaults of a new app group (docs/decisions/0003-app-group-flags.md). */
export async function newGroupValues(
  q: DbOrTx,
  caller: Caller,
  values: { name: string; countryCode: string; appType: number },
) {
  return {
    id: randomUUID(),
    companyId: caller.companyId,
    name: values.name,
    countryCode: values.countryCode,
    appType: values.appType,
    appLevel: 1,
    isArchived: false,
    isPreApprovalRequired: true,
    isPriceRequired: await countryFlagOn(q, values.countryCode, "monetisation-enabled"),
    apiKey: randomUUID(),
  };
}
