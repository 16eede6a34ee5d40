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

export const getCountries = endpoint({
  method: "GET",
  path: "resources/countries",
  answer: countriesResponse,
  public: true,
});

export const getConfigInitAll = endpoint({
  method: "GET",
  path: "resources/config-init-all",
  answer: configInitAllResponse,
  public: true,
});

export const getAppCategories = endpoint({
  method: "GET",
  path: "resources/app-categories",
  answer: appCategoriesResponse,
  public: true,
});

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

export const getDesktopVersions = endpoint({
  method: "GET",
  path: "resources/desktop-versions",
  answer: desktopVersionsResponse,
  public: true,
});

export const getDesktopDownload = endpoint({
  method: "GET",
  path: "resources/desktop-download",
  answer: desktopDownloadResponse,
  public: true,
});

export const getLeapEnvironments = endpoint({
  method: "GET",
  path: "resources/leap-environments",
  answer: leapEnvironmentsResponse,
  public: true,
});

/** Feature toggles and every country's feature flags. */
export const getPingMore = endpoint({
  method: "GET",
  path: "ping/more",
  answer: pingMoreResponse,
  public: true,
});
