/**
 * The lookups (resources/* and ping/more): their queries and answers,
 * shaped as the contract in app/api/resources/ says.
 *
 * AUB (AU beta) answers AU's resources and IE answers UK's: they are resolved through
 * countries.resourceCountryCode at query time.
 */

import type { z } from "zod";
import type * as resources from "~/api/resources/endpoints";
import type { Caller } from "../context";
import type { Database } from "../db";
import { configInitAll, leapEnvironments, pingMore, selectableCountries } from "./countries";
import { desktopDownload, desktopVersionsList } from "./desktop";
import {
  appCategoriesList,
  matterTypePrecedents,
  matterTypesOf,
  precedentsIn,
  productVariantsOf,
} from "./matters";

type Language = string | null | undefined;

export type ResourcesService = ReturnType<typeof createResourcesService>;

export function createResourcesService(db: Database) {
  return {
    countries: () => selectableCountries(db),
    configInitAll: (acceptLanguage?: Language) => configInitAll(db, acceptLanguage),
    appCategories: (acceptLanguage?: Language) => appCategoriesList(db, acceptLanguage),
    matterTypes: (q: z.output<typeof resources.getMatterTypes.query>, acceptLanguage?: Language) =>
      matterTypesOf(db, q, acceptLanguage),
    matterTypePrecedents: (
      matterTypeId: string,
      q: z.output<typeof resources.getMatterTypePrecedents.query>,
    ) => matterTypePrecedents(db, matterTypeId, q),
    precedents: (folderId: string, q: z.output<typeof resources.getPrecedents.query>) =>
      precedentsIn(db, folderId, q),
    productVariants: (
      q: z.output<typeof resources.getProductVariants.query>,
      acceptLanguage?: Language,
    ) => productVariantsOf(db, q, acceptLanguage),
    desktopVersions: () => desktopVersionsList(db),
    desktopDownload: (caller: Caller | undefined) => desktopDownload(db, caller),
    leapEnvironments: () => leapEnvironments(db),
    pingMore: () => pingMore(db),
  };
}
