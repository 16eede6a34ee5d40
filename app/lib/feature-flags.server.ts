/** The feature flags of a country from `GET ping/more`: every flag off when they cannot be read (the provider decides anyway). */
import type { ApiClient } from "~/api/client.server";
import { getPingMore } from "~/api/resources/endpoints";
import { type FeatureFlags, flagsOf } from "~/api/resources/schemas";

export async function countryFlags(api: ApiClient, countryCode: string): Promise<FeatureFlags> {
  try {
    const toggles = await api.call(getPingMore);
    return flagsOf(toggles.countries, countryCode);
  } catch {
    return flagsOf({}, countryCode);
  }
}
