/** The countries and what each has: feature flags, platform locations, environments. */
import { asc, eq } from "drizzle-orm";
import {
  type ConfigCountry,
  type ConfigInitAllResponse,
  type CountryItem,
  FEATURE_FLAGS,
  type FeatureFlags,
  type LeapEnvironment,
  type LocationSetting,
  type PingMoreResponse,
  PLATFORM_CODES,
  PLATFORM_TYPES,
  SESSION_ANALYTICS_TOGGLE,
} from "~/api/resources/schemas";
import type { Database } from "../db";
import {
  countries,
  environments,
  featureFlags,
  featureToggles,
  platformLocations,
} from "../db/schema/lookups";
import { badRequest } from "../http/errors";
import { nameIn } from "../seed/lookup-names";
import { resourceCountryOf } from "../seed/lookups";
import { namingLanguage } from "./naming";

type CountryRow = typeof countries.$inferSelect;

const allCountries = (db: Database) =>
  db.select().from(countries).orderBy(asc(countries.sortOrder), asc(countries.code));

const countryItemOf = (row: CountryRow): CountryItem => ({
  code: row.code,
  name: row.name,
  currency: row.currency,
  currencySymbol: row.currencySymbol,
  phoneCode: row.phoneCode,
  localeCode: row.localeCode,
  displayLanguage: row.displayLanguage,
});

const noFlags = (): FeatureFlags =>
  Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, false])) as FeatureFlags;

/** Resolves a known country code to its row and resource country; unknown codes are a 400 naming the field. */
export async function resolveCountry(db: Database, code: string, field: string) {
  const [row] = await db.select().from(countries).where(eq(countries.code, code)).limit(1);
  if (!row) throw badRequest(`${field}: unknown country '${code}'`, field, "unknownCountry");
  return { row, resourceCode: resourceCountryOf(row) };
}

/** Flags per country code: every known flag present, off unless stored on. */
async function flagsByCountry(
  db: Database,
  codes: string[],
): Promise<Record<string, FeatureFlags>> {
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

export async function selectableCountries(db: Database) {
  const rows = await allCountries(db);
  return rows.filter((row) => row.selectable).map(countryItemOf);
}

/** Every country with its flags and locations, the locations (and their grids) named in the caller's language. */
export async function configInitAll(db: Database, acceptLanguage?: string | null) {
  const rows = await allCountries(db);
  const flags = await flagsByCountry(
    db,
    rows.map((row) => row.code),
  );
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

export async function leapEnvironments(db: Database) {
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

export async function pingMore(db: Database) {
  const rows = await allCountries(db);
  const [analytics] = await db
    .select({ enabled: featureToggles.enabled })
    .from(featureToggles)
    .where(eq(featureToggles.name, SESSION_ANALYTICS_TOGGLE))
    .limit(1);
  const answer: PingMoreResponse = {
    analytics: analytics?.enabled ?? false,
    countries: await flagsByCountry(
      db,
      rows.map((row) => row.code),
    ),
  };
  return answer;
}
