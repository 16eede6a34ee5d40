/**
 * The settings calls (`settings/*`): the company's regional entries
 * (any user of the company) and its bank details (admins only: 403 for others). Another
 * company's record is not found (404). docs/decisions/0059-settings-and-users.md.
 */
import * as z from "zod";
import { endpoint } from "../endpoint";
import { bankDetails, bankDetailsRequest, companyDetails, companyDetailsRequest } from "./schemas";

/** Bank details are for the company's admins only. */
const ADMIN_ONLY = ["adminOnly"] as const;
/** What bank details may break: a BSB of 6 digits, an account number of at most 30 digits. */
const BANK_VALUES = ["atMost30Digits", "bsbMustBe6Digits", "mustBeDigits"] as const;

export const getCompanyDetails = endpoint({
  method: "GET",
  path: "settings/company-details",
  answer: companyDetails,
});

/** Saves every entry (one left out is deleted) and submits the details for the provider's review: answers the saved company. */
export const saveCompanyDetails = endpoint({
  method: "PUT",
  path: "settings/company-details",
  body: companyDetailsRequest,
  refusals: {
    400: [
      "imageNotFound",
      "imageSizeInvalid",
      "imageTypeInvalid",
      "noContent",
      "noDuplicateCountry",
      "oneCountryMustBeDefault",
      "oneCountryMustBeSelected",
      "sizeGreater400KB",
      "unknownCountry",
    ],
  },
  answer: companyDetails,
});

/** The company's bank details: a list of at most one. */
export const getBankDetails = endpoint({
  method: "GET",
  path: "settings/bank-details",
  refusals: { 403: ADMIN_ONLY },
  answer: z.array(bankDetails),
});

/** The first bank details: 201 with them (a second is refused with 409 `bankDetailsExist`: update them). */
export const createBankDetails = endpoint({
  method: "POST",
  created: true,
  path: "settings/bank-details",
  body: bankDetailsRequest,
  refusals: { 400: BANK_VALUES, 403: ADMIN_ONLY, 409: ["bankDetailsExist"] },
  answer: bankDetails,
});

export const updateBankDetails = endpoint({
  method: "PUT",
  path: "settings/bank-details/:id",
  uuidParams: ["id"],
  body: bankDetailsRequest,
  refusals: { 400: BANK_VALUES, 403: ADMIN_ONLY, 404: true },
  answer: bankDetails,
});
