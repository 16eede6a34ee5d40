/**
 * Lookups: `resources/*` and `ping/more`. Readable without a token
 * (registration needs countries and flags); a token, when sent, must be valid.
 */
import * as z from "zod";
import { storableText, wholeNumber } from "../common";
import { endpoint } from "../endpoint";
import {
  appCategoriesResponse,
  configInitAllResponse,
  countriesResponse,
  desktopDownloadResponse,
  desktopVersionsResponse,
  leapEnvironmentsResponse,
  matterTypesResponse,
  pingMoreResponse,
  precedentsResponse,
  productVariantsResponse,
} from "./schemas";

/** A country code in the query: required, letters only, case-insensitive. */
const countryCode = storableText({ message: "is required" })
  .trim()
  .min(1, { message: "is required" })
  .max(8, { message: "must be a country code such as AU" })
  .regex(/^[A-Za-z]+$/, { message: "must be a country code such as AU" })
  .transform((value) => value.toUpperCase());

/** A product variant (firm type): a whole number from 1 to 1000 in the query. */
const firmType = z.preprocess(
  (value) => (value === "" || value === undefined ? undefined : Number(value)),
  wholeNumber({ min: 1, max: 1000 }).optional(),
);

/** The precedent calls spell the parameter in lower case. */
const precedentsQuery = z.object({ countrycode: countryCode });

/** A read anyone may make, without parameters. */
const publicRead = <const P extends string, A extends z.ZodType>(path: P, answer: A) =>
  endpoint({ method: "GET", path, answer, public: true });

export const getCountries = publicRead("resources/countries", countriesResponse);

export const getConfigInitAll = publicRead("resources/config-init-all", configInitAllResponse);

export const getAppCategories = publicRead("resources/app-categories", appCategoriesResponse);

export const getMatterTypes = endpoint({
  method: "GET",
  path: "resources/matter-types",
  query: z.object({ countryCode, firmType }),
  refusals: { 400: ["unknownCountry"] },
  answer: matterTypesResponse,
  public: true,
});

export const getMatterTypePrecedents = endpoint({
  method: "GET",
  path: "resources/matter-types/:matterTypeId/precedents",
  query: precedentsQuery,
  refusals: { 400: ["unknownCountry"], 404: true },
  answer: precedentsResponse,
  public: true,
});

export const getPrecedents = endpoint({
  method: "GET",
  path: "resources/precedents/:folderId",
  query: precedentsQuery,
  refusals: { 400: ["unknownCountry"], 404: true },
  answer: precedentsResponse,
  public: true,
});

export const getProductVariants = endpoint({
  method: "GET",
  path: "resources/product-variants",
  query: z.object({ countryCode }),
  refusals: { 400: ["unknownCountry"] },
  answer: productVariantsResponse,
  public: true,
});

export const getDesktopVersions = publicRead("resources/desktop-versions", desktopVersionsResponse);

export const getDesktopDownload = publicRead("resources/desktop-download", desktopDownloadResponse);

export const getLeapEnvironments = publicRead(
  "resources/leap-environments",
  leapEnvironmentsResponse,
);

/** Feature toggles and every country's feature flags. */
export const getPingMore = publicRead("ping/more", pingMoreResponse);
