/**
 * Countries as the console shows them: `GET resources/countries` with each name in the
 * page's language. The provider names its countries in English; the console names a region
 * of its own (AUB, the AU beta region) from `common:countries`, and any other country by its
 * region code in the page's language (Intl, with the provider's UK as the ISO GB), keeping
 * the provider's name for a code it does not know.
 */

import type { ApiClient } from "~/api/client.server";
import { getCountries as getCountriesCall } from "~/api/resources/endpoints";
import type { CountryItem } from "~/api/resources/schemas";
import i18next from "~/i18next.server";

/** The provider's country codes that are not ISO 3166 region codes. */
const ISO_REGION: Record<string, string> = { UK: "GB" };

export function countryNamer(language: string, own: (code: string) => string | undefined) {
  const regions = new Intl.DisplayNames([language], { type: "region", fallback: "none" });
  return (country: Pick<CountryItem, "code" | "name">): string => {
    const ownName = own(country.code);
    if (ownName) return ownName;
    const region = ISO_REGION[country.code] ?? country.code;
    if (!/^[A-Z]{2}$/.test(region)) return country.name;
    try {
      return regions.of(region) ?? country.name;
    } catch {
      return country.name;
    }
  };
}

/** The pick-list countries (IE is never one, even should a provider list it), named in `language`. */
export async function getCountries(api: ApiClient, language: string): Promise<CountryItem[]> {
  const [countries, t] = await Promise.all([
    api.call(getCountriesCall),
    i18next.getFixedT(language, "common"),
  ]);
  const name = countryNamer(language, (code) => {
    const key = `countries.${code}`;
    const text = t(key, { defaultValue: "" });
    return text && text !== key ? text : undefined;
  });
  return countries
    .filter((country) => country.code !== "IE")
    .map((country) => ({ ...country, name: name(country) }));
}
