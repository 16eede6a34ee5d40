/**
 * The lookups (resources/* and ping/more): their queries and answers,
 * shaped as the contract in app/api/resources/ says.
 *
 * AUB (AU beta) answers AU's resources and IE answers UK's: they are resolved through
 * countries.resourceCountryCode at query time.
 */

import { and, asc, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import type * as resources from "~/api/resources/endpoints";
import {
  type AppCategory,
  type ConfigCountry,
  type ConfigInitAllResponse,
  type CountryItem,
  type DesktopDownload,
  type DesktopVersion,
  FEATURE_FLAGS,
  type FeatureFlags,
  type LeapEnvironment,
  type LocationSetting,
  type MatterTypesResponse,
  type PingMoreResponse,
  PLATFORM_CODES,
  PLATFORM_TYPES,
  PRECEDENT_ROOT_FOLDER_ID,
  type Precedent,
  type ProductVariant,
  SESSION_ANALYTICS_TOGGLE,
} from "~/api/resources/schemas";
import { bestLanguage } from "~/i18n";
import type { Caller } from "../context";
import type { Database } from "../db";
import {
  appCategories,
  countries,
  desktopDownloads,
  desktopVersions,
  environments,
  featureFlags,
  featureToggles,
  matterTypes,
  platformLocations,
  precedents,
  productVariants,
  users,
} from "../db/schema";
import { countryFlagOn } from "../feature-flags";
import { badRequest, notFound } from "../http/errors";
import { nameIn } from "../seed/lookup-names";
import {
  compareVersions,
  inTreeOrder,
  matchesFirmType,
  resourceCountryOf,
  visibleDownloads,
} from "../seed/lookups";

type CountryRow = typeof countries.$inferSelect;
type CategoryRow = typeof appCategories.$inferSelect;

/** The language of a category's `name`; `names` holds the others. */
export const DEFAULT_NAME_LANGUAGE = "en";

/**
 * The language a caller whose Accept-Language is `acceptLanguage` gets names in, of those the
 * rows are named in (`names` by language tag; English, the default, always), and how that
 * language sorts.
 */
export function namingLanguage(
  rows: readonly { names: Record<string, unknown> }[],
  acceptLanguage?: string | null,
) {
  const languages = new Set([
    DEFAULT_NAME_LANGUAGE,
    ...rows.flatMap((row) => Object.keys(row.names)),
  ]);
  const language = bestLanguage(acceptLanguage, [...languages]) ?? DEFAULT_NAME_LANGUAGE;
  return {
    language,
    collator: new Intl.Collator(language, { sensitivity: "base", numeric: true }),
  };
}

/**
 * Categories as the API answers them to a caller whose Accept-Language is `acceptLanguage`:
 * named in the best of their languages for the caller (English when none fits, or for a
 * category not named in it), ordered by `sortOrder`, then by name as that language sorts.
 */
export function categoriesInLanguage(
  rows: readonly CategoryRow[],
  acceptLanguage?: string | null,
): AppCategory[] {
  const { language, collator } = namingLanguage(rows, acceptLanguage);
  return rows
    .map((row) => ({ row, name: nameIn(row, language) }))
    .sort(
      (a, b) =>
        a.row.sortOrder - b.row.sortOrder ||
        collator.compare(a.name, b.name) ||
        a.row.id - b.row.id,
    )
    .map(({ row, name }) => ({ id: row.id, name, isOther: row.isOther }));
}
type PrecedentRow = typeof precedents.$inferSelect;

const countryItemOf = (row: CountryRow): CountryItem => ({
  code: row.code,
  name: row.name,
  currency: row.currency,
  currencySymbol: row.currencySymbol,
  phoneCode: row.phoneCode,
  localeCode: row.localeCode,
  displayLanguage: row.displayLanguage,
});

const precedentOf = (row: PrecedentRow): Precedent => ({
  precedentId: row.precedentId,
  name: row.name,
  parentId: row.parentId,
  matterTypeId: row.matterTypeId,
  shortcutId: row.shortcutId,
  type: row.type as Precedent["type"],
  precedentType: row.precedentType,
});

const noFlags = (): FeatureFlags =>
  Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, false])) as FeatureFlags;

export type ResourcesService = ReturnType<typeof createResourcesService>;

export function createResourcesService(db: Database) {
  const allCountries = () =>
    db.select().from(countries).orderBy(asc(countries.sortOrder), asc(countries.code));

  /** Resolves a known country code to its row and resource country; unknown codes are a 400 naming the field. */
  async function resolveCountry(code: string, field: string) {
    const [row] = await db.select().from(countries).where(eq(countries.code, code)).limit(1);
    if (!row) throw badRequest(`${field}: unknown country '${code}'`, field, "unknownCountry");
    return { row, resourceCode: resourceCountryOf(row) };
  }

  /** Flags per country code: every known flag present, off unless stored on. */
  async function flagsByCountry(codes: string[]): Promise<Record<string, FeatureFlags>> {
    const out: Record<string, FeatureFlags> = Object.fromEntries(
      codes.map((code) => [code, noFlags()]),
    );
    for (const row of await db.select().from(featureFlags)) {
      const flags = out[row.countryCode];
      if (flags && (FEATURE_FLAGS as readonly string[]).includes(row.flag))
        flags[row.flag as keyof FeatureFlags] = row.enabled;
    }
    return out;
  }

  async function selectableCountries() {
    const rows = await allCountries();
    return rows.filter((row) => row.selectable).map(countryItemOf);
  }

  /** Every country with its flags and locations, the locations (and their grids) named in the caller's language. */
  async function configInitAll(acceptLanguage?: string | null) {
    const rows = await allCountries();
    const flags = await flagsByCountry(rows.map((row) => row.code));
    const locations = await db
      .select()
      .from(platformLocations)
      .orderBy(
        asc(platformLocations.platform),
        asc(platformLocations.sortOrder),
        asc(platformLocations.name),
      );
    const { language } = namingLanguage(locations, acceptLanguage);

    const byCountryPlatform = new Map<string, LocationSetting[]>();
    for (const row of locations) {
      const key = `${row.countryCode}:${row.platform}`;
      const list = byCountryPlatform.get(key) ?? [];
      list.push({
        id: row.id,
        name: nameIn(row, language),
        type: row.kind as LocationSetting["type"],
        viewType: (row.viewType ??
          (row.kind === "menu" ? "menu" : "matter")) as LocationSetting["viewType"],
        integratorType: row.integratorType,
        allowButtons: row.allowButtons,
        allowContextAtRoot: row.allowContextAtRoot,
        allowContextMenu: row.allowContextMenu,
        allowDefinableTableApp: row.allowDefinableTableApp,
        allowSecondaryTabButtons: row.allowSecondaryTabButtons,
        isCustomView: row.isCustomView,
        isPrecedentListView: row.isPrecedentListView,
        grids: row.grids.map((grid) => ({ gridId: grid.gridId, name: nameIn(grid, language) })),
      });
      byCountryPlatform.set(key, list);
    }

    const answer: ConfigInitAllResponse = {
      init: {
        countries: rows.map((row): ConfigCountry => {
          const resourceCode = resourceCountryOf(row);
          return {
            ...countryItemOf(row),
            selectable: row.selectable,
            resourceCountryCode: resourceCode,
            settings: {
              platforms: PLATFORM_TYPES.map((type) => ({
                type,
                code: PLATFORM_CODES[type],
                locations: byCountryPlatform.get(`${resourceCode}:${PLATFORM_CODES[type]}`) ?? [],
              })),
            },
            featureFlags: flags[row.code] ?? noFlags(),
          };
        }),
      },
    };
    return answer;
  }

  /** The categories named in the caller's language, in their order; alphabetical within one place of the order. */
  async function appCategoriesList(acceptLanguage?: string | null) {
    const rows = await db.select().from(appCategories);
    return categoriesInLanguage(rows, acceptLanguage);
  }

  /** The country's matter types (those of every variant and of the asked one), named in the caller's language. */
  async function matterTypesOf(
    q: z.output<typeof resources.getMatterTypes.query>,
    acceptLanguage?: string | null,
  ) {
    const { resourceCode } = await resolveCountry(q.countryCode, "countryCode");
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

  async function matterTypePrecedents(
    matterTypeId: string,
    q: z.output<typeof resources.getMatterTypePrecedents.query>,
  ) {
    const { resourceCode } = await resolveCountry(q.countrycode, "countrycode");
    const [type] = await db
      .select({ id: matterTypes.id })
      .from(matterTypes)
      .where(and(eq(matterTypes.id, matterTypeId), eq(matterTypes.countryCode, resourceCode)))
      .limit(1);
    if (!type) throw notFound("matter type");
    const rows = await db
      .select()
      .from(precedents)
      .where(
        and(eq(precedents.countryCode, resourceCode), eq(precedents.matterTypeId, matterTypeId)),
      )
      .orderBy(asc(precedents.sortOrder), asc(precedents.name));
    const ordered = inTreeOrder(
      rows,
      (row) => row.precedentId,
      (row) => row.parentId,
    );
    return ordered.map(precedentOf);
  }

  async function precedentsIn(folderId: string, q: z.output<typeof resources.getPrecedents.query>) {
    const { resourceCode } = await resolveCountry(q.countrycode, "countrycode");
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
  async function productVariantsOf(
    q: z.output<typeof resources.getProductVariants.query>,
    acceptLanguage?: string | null,
  ) {
    const { resourceCode } = await resolveCountry(q.countryCode, "countryCode");
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

  async function desktopVersionsList() {
    const rows = await db.select().from(desktopVersions);
    rows.sort((a, b) => compareVersions(a.version, b.version));
    return rows.map((row): DesktopVersion => ({ version: row.version, isMinimum: row.isMinimum }));
  }

  async function desktopDownload(caller: Caller | undefined) {
    let hasAccessToTest = false;
    if (caller) {
      const [user] = await db
        .select({ hasAccessToTest: users.hasAccessToTest })
        .from(users)
        .where(eq(users.id, caller.userId))
        .limit(1);
      hasAccessToTest = user?.hasAccessToTest ?? false;
    }
    const rows = await db.select().from(desktopDownloads).orderBy(asc(desktopDownloads.id));
    return visibleDownloads(rows, hasAccessToTest).map(
      (row): DesktopDownload => ({
        url: row.url,
        country: row.country,
        versionNumber: row.versionNumber,
        isStaging: row.isStaging,
      }),
    );
  }

  async function leapEnvironments() {
    const rows = await db.select().from(environments).orderBy(asc(environments.id));
    return rows.map(
      (row): LeapEnvironment => ({
        id: row.id,
        envType: row.envType as LeapEnvironment["envType"],
        countryCode: row.countryCode,
        name: row.name,
      }),
    );
  }

  async function pingMore() {
    const rows = await allCountries();
    const [analytics] = await db
      .select({ enabled: featureToggles.enabled })
      .from(featureToggles)
      .where(eq(featureToggles.name, SESSION_ANALYTICS_TOGGLE))
      .limit(1);
    const answer: PingMoreResponse = {
      analytics: analytics?.enabled ?? false,
      countries: await flagsByCountry(rows.map((row) => row.code)),
    };
    return answer;
  }

  return {
    countries: selectableCountries,
    configInitAll,
    appCategories: appCategoriesList,
    matterTypes: matterTypesOf,
    matterTypePrecedents,
    precedents: precedentsIn,
    productVariants: productVariantsOf,
    desktopVersions: desktopVersionsList,
    desktopDownload,
    leapEnvironments,
    pingMore,
  };
}
