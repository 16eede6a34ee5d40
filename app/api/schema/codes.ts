/**
 * The codes the platform schema's rules answer, and the API's English words for each. The
 * console words a code from `locales/`; the sandbox answers these words in its refusals.
 */
import { JSON_LIMITS } from "../json-limits";
import { SCHEMA_LIMITS } from "./limits";

/** The codes of the schema's rules (shape codes of common.ts come on top: required, tooLong, outOfRange...). */
export const SCHEMA_RULE_CODES = [
  "required",
  "tooLong",
  "tooMany",
  "tooLarge",
  "tooDeep",
  "tooManyFunctions",
  "outOfRange",
  "invalidUrl",
  "invalidType",
  "invalidSize",
  "sizeGreater50KB",
  "invalidVersion",
  "minimumVersionIs",
  "maxVerCannotBeLessMinVer",
  "mustSelectLocation",
  "unknownLocation",
  "duplicateLocation",
  "notAllowedHere",
  "unknownProductVariant",
  "unknownMatterType",
  "unknownPrecedent",
  "integratorOnly",
  "imageNotFound",
  "menuAccountingNotAllowed",
  "updateRequired",
  "missingProductVariants",
  "unknownKey",
  "duplicatePlatform",
  "invalidJson",
] as const;
export type SchemaRuleCode = (typeof SCHEMA_RULE_CODES)[number];
/** Failing paths and the code of the rule each breaks. */
export type SchemaErrors = Record<string, SchemaRuleCode>;

/** The API's English words for each code (the console has its own, from `locales/`). */
export const RULE_MESSAGES: Record<SchemaRuleCode, string> = {
  required: "is required",
  tooLong: "is too long",
  tooMany: "has too many entries",
  tooLarge: `is too large: at most ${SCHEMA_LIMITS.documentMax} characters of compact JSON, ${JSON_LIMITS.textMax} of JSON text`,
  tooDeep: `nests too deeply: at most ${JSON_LIMITS.depthMax} levels of arrays and objects`,
  tooManyFunctions: `has too many functions: at most ${SCHEMA_LIMITS.functionsMax} in a platform, nested ones included`,
  outOfRange: "is out of range",
  invalidUrl: "must be a valid URL",
  invalidType: "has the wrong file type",
  invalidSize: "has the wrong size",
  sizeGreater50KB: "must be at most 50 KB",
  invalidVersion: "must be a version of four dot-separated numbers",
  minimumVersionIs: "is below the minimum desktop version",
  maxVerCannotBeLessMinVer: "must not be less than the minimum version",
  mustSelectLocation: "a location must be chosen",
  unknownLocation: "is not a location of this platform",
  duplicateLocation: "is already present",
  notAllowedHere: "is not allowed in this location",
  unknownProductVariant: "is not a product variant of the app's country",
  unknownMatterType: "names a matter type the app's country does not have",
  unknownPrecedent: "names a precedent that is not in the library of its matter type",
  integratorOnly: "is only for companies of integratorType 1",
  imageNotFound:
    "must be a function icon uploaded by your company (POST images?purpose=function-icon)",
  menuAccountingNotAllowed:
    "the accounting menu takes no cloned button when it already has buttons",
  updateRequired: "the custom view's settings must be configured",
  missingProductVariants: "Missing product variants",
  unknownKey: "is not a key of the platform schema",
  duplicatePlatform: "must appear once",
  invalidJson: "must be a JSON platform schema",
};
