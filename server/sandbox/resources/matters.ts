/** A country's matter types, their precedents, product variants, and the app categories. */
import { and, asc, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import type * as resources from "~/api/resources/endpoints";
import {
  type MatterTypesResponse,
  PRECEDENT_ROOT_FOLDER_ID,
  type Precedent,
  type ProductVariant,
} from "~/api/resources/schemas";
import type { Database } from "../db";
import { appCategories, matterTypes, precedents, productVariants } from "../db/schema/lookups";
import { countryFlagOn } from "../feature-flags";
import { notFound } from "../http/errors";
import { nameIn } from "../seed/lookup-names";
import { inTreeOrder, matchesFirmType } from "../seed/lookups";
import { resolveCountry } from "./countries";
import { categoriesInLanguage, namingLanguage } from "./naming";

type PrecedentRow = typeof precedents.$inferSelect;

const precedentOf = (row: PrecedentRow): Precedent => ({
  precedentId: row.precedentId,
  name: row.name,
  parentId: row.parentId,
  matterTypeId: row.matterTypeId,
  shortcutId: row.shortcutId,
  type: row.type as Precedent["type"],
  precedentType: row.precedentType,
});

/** The categories named in the caller's language, in their order; alphabetical within one place of the order. */
export async function appCategoriesList(db: Database, acceptLanguage?: string | null) {
  const rows = await db.select().from(appCategories);
  return categoriesInLanguage(rows, acceptLanguage);
}

/** The country's matter types (those of every variant and of the asked one), named in the caller's language. */
export async function matterTypesOf(
  db: Database,
  q: z.output<typeof resources.getMatterTypes.query>,
  acceptLanguage?: string | null,
) {
  const { resourceCode } = await resolveCountry(db, q.countryCode, "countryCode");
  const rows = await db
    .select()
    .from(matterTypes)
    .where(eq(matterTypes.countryCode, resourceCode))
    .orderBy(asc(matterTypes.sortOrder), asc(matterTypes.name));
  const kept = inTreeOrder(
    rows.filter((row) => matchesFirmType(row.firmType, q.firmType)),
    (row) => row.id,
    (row) => row.parentId,
  );
  const { language } = namingLanguage(kept, acceptLanguage);
  const answer: MatterTypesResponse = {
    data: kept.map((row) => ({
      id: row.id,
      name: nameIn(row, language),
      type: row.type as "Folder" | "MatterType",
      parentId: row.parentId,
      states: row.states,
      shortcutId: row.shortcutId,
      firmType: row.firmType,
    })),
  };
  return answer;
}

export async function matterTypePrecedents(
  db: Database,
  matterTypeId: string,
  q: z.output<typeof resources.getMatterTypePrecedents.query>,
) {
  const { resourceCode } = await resolveCountry(db, q.countrycode, "countrycode");
  const [type] = await db
    .select({ id: matterTypes.id })
    .from(matterTypes)
    .where(and(eq(matterTypes.id, matterTypeId), eq(matterTypes.countryCode, resourceCode)))
    .limit(1);
  if (!type) throw notFound("matter type");
  const rows = await db
    .select()
    .from(precedents)
    .where(and(eq(precedents.countryCode, resourceCode), eq(precedents.matterTypeId, matterTypeId)))
    .orderBy(asc(precedents.sortOrder), asc(precedents.name));
  const ordered = inTreeOrder(
    rows,
    (row) => row.precedentId,
    (row) => row.parentId,
  );
  return ordered.map(precedentOf);
}

export async function precedentsIn(
  db: Database,
  folderId: string,
  q: z.output<typeof resources.getPrecedents.query>,
) {
  const { resourceCode } = await resolveCountry(db, q.countrycode, "countrycode");
  const isRoot = folderId === PRECEDENT_ROOT_FOLDER_ID || folderId === "0";
  if (!isRoot) {
    const [folderRow] = await db
      .select({ type: precedents.type })
      .from(precedents)
      .where(and(eq(precedents.precedentId, folderId), eq(precedents.countryCode, resourceCode)))
      .limit(1);
    if (folderRow?.type !== "Folder") throw notFound("precedent folder");
  }
  const rows = await db
    .select()
    .from(precedents)
    .where(
      and(
        eq(precedents.countryCode, resourceCode),
        isRoot ? isNull(precedents.parentId) : eq(precedents.parentId, folderId),
      ),
    )
    .orderBy(asc(precedents.sortOrder), asc(precedents.name));
  return rows.map(precedentOf);
}

/** The country's product variants (none where the feature is off), named in the caller's language. */
export async function productVariantsOf(
  db: Database,
  q: z.output<typeof resources.getProductVariants.query>,
  acceptLanguage?: string | null,
) {
  const { resourceCode } = await resolveCountry(db, q.countryCode, "countryCode");
  // AUB is treated as AU for this check.
  if (!(await countryFlagOn(db, resourceCode, "product-variant-enabled")))
    return [] as ProductVariant[];
  const rows = await db
    .select()
    .from(productVariants)
    .where(eq(productVariants.countryCode, resourceCode))
    .orderBy(asc(productVariants.firmType));
  const { language } = namingLanguage(rows, acceptLanguage);
  return rows.map(
    (row): ProductVariant => ({ firmType: row.firmType, name: nameIn(row, language) }),
  );
}
