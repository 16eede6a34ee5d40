/**
 * What judging a document for an app version needs from the database: the rules' context of
 * its country and company, and the company's function icons.
 */
import { and, eq } from "drizzle-orm";
import { imageFormatOf } from "~/api/files/rules";
import { RULE_MESSAGES, type SchemaErrors } from "~/api/schema/codes";
import type { LocationCapabilities, SchemaContext } from "~/api/schema/context";
import { checkFunctionIcon } from "~/api/schema/items";
import { everyFunction, locationAllowed } from "~/api/schema/locations";
import { PLATFORM_TYPES, type PlatformType, type SchemaDocument } from "~/api/schema/schemas";
import { type DbOrTx, findVersion, type VersionRow } from "../apps/find";
import type { Caller } from "../context";
import { companies } from "../db/schema/companies";
import { files } from "../db/schema/files";
import {
  countries,
  desktopVersions,
  matterTypes,
  platformLocations,
  precedents,
  productVariants,
} from "../db/schema/lookups";
import { countryFlagOn } from "../feature-flags";
import { notFound } from "../http/errors";
import { isUuid } from "../http/validate";
import { resourceCountryOf } from "../seed/lookups";
import { type Judgement, judgeDocument } from "./judge";

/**
 * What the rules need to know of a version: its country's product variants, matter types and
 * precedent libraries, the minimum desktop version, the company's locations and integratorType.
 */
export async function contextOf(
  q: DbOrTx,
  version: VersionRow,
): Promise<SchemaContext & { allowSvg: boolean }> {
  const [country] = await q
    .select()
    .from(countries)
    .where(eq(countries.code, version.countryCode))
    .limit(1);
  const resourceCode = country ? resourceCountryOf(country) : version.countryCode;
  const [company] = await q
    .select({ integratorType: companies.integratorType })
    .from(companies)
    .where(eq(companies.id, version.companyId))
    .limit(1);
  const integratorType = company?.integratorType ?? 0;
  const [minimum] = await q
    .select({ version: desktopVersions.version })
    .from(desktopVersions)
    .where(eq(desktopVersions.isMinimum, true))
    .limit(1);
  const rows = await q
    .select()
    .from(platformLocations)
    .where(eq(platformLocations.countryCode, resourceCode));
  const locations: Partial<Record<PlatformType, LocationCapabilities[]>> = Object.fromEntries(
    PLATFORM_TYPES.map((type) => [type, [] as LocationCapabilities[]]),
  );
  for (const row of rows) {
    const type = PLATFORM_TYPES[row.platform];
    if (type && locationAllowed(row, integratorType))
      locations[type]!.push({ ...row, viewType: row.viewType ?? undefined });
  }
  const variants = await q
    .select({ firmType: productVariants.firmType })
    .from(productVariants)
    .where(eq(productVariants.countryCode, resourceCode));
  const types = await q
    .select({ id: matterTypes.id })
    .from(matterTypes)
    .where(eq(matterTypes.countryCode, resourceCode));
  const libraryRows = await q
    .select({
      precedentId: precedents.precedentId,
      parentId: precedents.parentId,
      matterTypeId: precedents.matterTypeId,
    })
    .from(precedents)
    .where(eq(precedents.countryCode, resourceCode));
  const libraries: Record<string, { precedentId: string; parentId: string | null }[]> = {};
  for (const row of libraryRows) {
    if (row.matterTypeId === null) continue;
    libraries[row.matterTypeId] ??= [];
    libraries[row.matterTypeId].push({ precedentId: row.precedentId, parentId: row.parentId });
  }
  return {
    productVariantsEnabled: await countryFlagOn(q, resourceCode, "product-variant-enabled"),
    productVariantIds: variants.map((variant) => variant.firmType),
    minimumDesktopVersion: minimum?.version,
    locations,
    matterTypeIds: types.map((type) => type.id),
    precedents: libraries,
    integratorType,
    // Billing modes exist in the UK only (IE uses the UK's resources).
    billingModesAllowed: resourceCode === "UK",
    allowSvg: await countryFlagOn(q, resourceCode, "allow-svg-button"),
  };
}

/**
 * Every function icon of a document: an image uploaded by the company (imageNotFound), of
 * the function icon's type, size and bytes (rules.ts `checkFunctionIcon`); paths `….icon`.
 */
export async function iconErrors(
  q: DbOrTx,
  companyId: string,
  document: SchemaDocument,
  allowSvg: boolean,
): Promise<SchemaErrors> {
  const errors: SchemaErrors = {};
  for (const [index, platform] of document.platforms.entries()) {
    for (const { path, item } of everyFunction(platform)) {
      if (!item.icon) continue;
      const at = `platforms.${index}.${path}.icon`;
      const [file] = isUuid(item.icon.id)
        ? await q
            .select()
            .from(files)
            .where(
              and(
                eq(files.id, item.icon.id),
                eq(files.companyId, companyId),
                eq(files.kind, "image"),
              ),
            )
            .limit(1)
        : [];
      const code = file
        ? checkFunctionIcon(
            {
              format: imageFormatOf(file.contentType),
              fileSize: file.fileSize,
              width: file.width,
              height: file.height,
            },
            { listItem: item.actionType === "list-item", allowSvg },
          )
        : "imageNotFound";
      if (code) errors[at] = code;
    }
  }
  return errors;
}

/** The caller's version, or 404. */
export async function ownVersion(q: DbOrTx, caller: Caller, id: string | undefined, lock = false) {
  const found = await findVersion(q, caller.companyId, id, lock);
  if (!found) throw notFound("app");
  return found;
}

/** Judges a document as a save of `version` does: with its context and the company's icons. */
export async function judgeForVersion(
  q: DbOrTx,
  caller: Caller,
  version: VersionRow,
  json: unknown,
): Promise<Judgement> {
  const context = await contextOf(q, version);
  const judged = judgeDocument(json, context);
  if (judged.document) {
    for (const [path, code] of Object.entries(
      await iconErrors(q, caller.companyId, judged.document, context.allowSvg),
    )) {
      judged.errors[path] ??= code;
      judged.messages[path] ??= RULE_MESSAGES[code];
    }
  }
  return judged;
}
