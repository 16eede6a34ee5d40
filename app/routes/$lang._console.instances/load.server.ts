/**
 * The sandbox accounts page's data: the signed-in user's
 * accounts split into the staging (TEST, DEV) and live (LIVE, LIVEB) tabs, each card's
 * product variant name where the variant feature is on for its country, the desktop
 * downloads, and for the new-credentials dialog the countries with an environment of each
 * sandbox and their product variants. The rules are the contract's (app/api/instances/rules.ts).
 */
import type { ApiClient } from "~/api/client.server";
import { listInstances } from "~/api/instances/endpoints";
import { enabledCount, environmentFor, isStagingType } from "~/api/instances/rules";
import type { Instance } from "~/api/instances/schemas";
import {
  getDesktopDownload,
  getLeapEnvironments,
  getPingMore,
  getProductVariants,
} from "~/api/resources/endpoints";
import { flagsOf, type LeapEnvironment, type ProductVariant } from "~/api/resources/schemas";
import { getCompanyDetails } from "~/api/settings/endpoints";
import { getUser } from "~/api/user/endpoints";
import { env } from "~/env.server";
import { getCountries } from "~/lib/countries.server";
import { type Sandbox, TABS, tabOf, tabOfType } from "./links";

/** Staging builds use the DEV environment in a development build, TEST otherwise. */
export const isDevelopmentBuild = () => env().NODE_ENV === "development";

/** Product variants by country code, asked once per country (none when they cannot be read). */
async function variantsOf(
  api: ApiClient,
  countries: readonly string[],
): Promise<Record<string, ProductVariant[]>> {
  const unique = [...new Set(countries.map((code) => code.toUpperCase()))];
  const lists = await Promise.all(
    unique.map((countryCode) =>
      api.call(getProductVariants, { query: { countryCode } }).catch(() => [] as ProductVariant[]),
    ),
  );
  return Object.fromEntries(unique.map((code, index) => [code, lists[index]]));
}

/** A card of the page: what it shows and the configuration dialog's rows. */
export function cardOf(instance: Instance, variantName: string | null) {
  return {
    id: instance.id,
    username: instance.username,
    countryCode: instance.leapEnvCountryCode,
    envType: instance.leapEnvType,
    isBeta: instance.leapEnvType === "LIVEB",
    variantName,
    firmId: instance.leapFirmId,
    userId: instance.leapUserId,
    staffId: instance.leapStaffId,
    enabledApps: enabledCount(instance.configuration),
    configuration: instance.configuration,
    includeOtherProviders: instance.includeOtherProviders,
    applyToAllUsers: instance.applyToAllUsers,
  };
}
export type Card = ReturnType<typeof cardOf>;

/** A country the new-credentials dialog offers for a sandbox, with its product variants (empty where the feature is off). */
export interface CountryChoice {
  code: string;
  name: string;
  environmentId: number;
  variants: ProductVariant[];
}

/** The countries with an environment of each sandbox, for the new-credentials dialog. */
export async function countryChoices(
  api: ApiClient,
  language: string,
  flags: Awaited<ReturnType<typeof getPingMoreFlags>>,
) {
  const [countries, environments] = await Promise.all([
    getCountries(api, language),
    api.call(getLeapEnvironments),
  ]);
  const variants = await variantsOf(
    api,
    countries.map((c) => c.code),
  );
  const development = isDevelopmentBuild();
  const choices = (sandbox: Sandbox): CountryChoice[] =>
    countries.flatMap((country) => {
      const environment = environmentFor(environments, {
        countryCode: country.code,
        sandbox,
        development,
      });
      if (!environment) return [];
      const on = flagsOf(flags, country.code)["product-variant-enabled"];
      return [
        {
          code: country.code,
          name: country.name,
          environmentId: environment.id,
          variants: on ? (variants[country.code] ?? []) : [],
        },
      ];
    });
  return { staging: choices("staging"), live: choices("live") };
}

/** Every country's feature flags (none on when they cannot be read). */
export async function getPingMoreFlags(api: ApiClient) {
  return api
    .call(getPingMore)
    .then((toggles) => toggles.countries)
    .catch(() => ({}));
}

/** The country of the company's default regional entry, where the new-credentials dialog opens (null when it cannot be read). */
export const defaultCountryOf = (api: ApiClient): Promise<string | null> =>
  api
    .call(getCompanyDetails)
    .then(
      (details) => details.entityInformation.find((entry) => entry.isDefault)?.countryId ?? null,
    )
    .catch((error: unknown) => {
      if (error instanceof Response) throw error; // signed out
      return null;
    });

/** The environments of the provider, for the action's choice of environment. */
export const loadEnvironments = (api: ApiClient): Promise<LeapEnvironment[]> =>
  api.call(getLeapEnvironments);

/**
 * The accounts, and whether they could be read: when they cannot, the list stays as it was
 *, the last one the provider gave this person (empty when none is kept).
 */
async function readInstances(api: ApiClient): Promise<{ instances: Instance[]; failed: boolean }> {
  try {
    return { instances: await api.call(listInstances), failed: false };
  } catch (error) {
    if (error instanceof Response) throw error; // signed out
    return { instances: (await api.lastAnswer(listInstances)) ?? [], failed: true };
  }
}

/**
 * The page: the user, the tab's cards and both tabs' counts, the downloads. `failed` when the
 * accounts cannot be read (the page says so, above the last list it had).
 */
export async function loadPage(api: ApiClient, requestedTab: string | null) {
  const [user, { instances, failed }, downloads, flags] = await Promise.all([
    api.call(getUser),
    readInstances(api),
    api.call(getDesktopDownload).catch(() => []),
    getPingMoreFlags(api),
  ]);
  const tab = tabOf(requestedTab, user.hasAccessToTest);
  const visible = instances.filter(
    (instance) => user.hasAccessToTest || !isStagingType(instance.leapEnvType),
  );
  const shown = visible.filter((instance) => tabOfType(instance.leapEnvType) === tab);
  const variantCountries = shown
    .map((i) => i.leapEnvCountryCode)
    .filter((code) => flagsOf(flags, code)["product-variant-enabled"]);
  const variants = await variantsOf(api, variantCountries);
  const variantName = (instance: Instance) =>
    variants[instance.leapEnvCountryCode.toUpperCase()]?.find(
      (variant) => variant.firmType === instance.firmType,
    )?.name ?? null;
  return {
    user: {
      hasAccessToTest: user.hasAccessToTest,
      firstName: user.firstName,
      lastName: user.lastName,
    },
    tab,
    tabs: (user.hasAccessToTest ? TABS : (["live"] as const)).map((key) => ({
      key,
      count: visible.filter((i) => tabOfType(i.leapEnvType) === key).length,
    })),
    failed,
    cards: shown.map((instance) => cardOf(instance, variantName(instance))),
    downloads: downloads.map((d) => ({
      url: d.url,
      country: d.country,
      versionNumber: d.versionNumber,
    })),
    flags,
  };
}
