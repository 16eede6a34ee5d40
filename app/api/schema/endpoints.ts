/**
 * The platform schema calls (`app-schema*`). A version of another
 * company is not found (404). docs/decisions/0055-platform-schema.md.
 */
import { endpoint, rawAnswer } from "../endpoint";
import {
  downloadSchemaQuery,
  readSchemaQuery,
  readSchemaResponse,
  saveSchemaRequest,
  saveSchemaResponse,
  validateSchemaRequest,
  validateSchemaResponse,
} from "./schemas";

/**
 * Saves a schema edited on version `appIdOld`: 201 with the NEW app version that holds it
 * (the old version and its schema are kept). Only a version the edit check allows (409
 * `versionNotEditable` otherwise); a document breaking the rules is 400 with each path's code.
 */
export const saveSchema = endpoint({
  method: "POST",
  created: true,
  path: "app-schema",
  body: saveSchemaRequest,
  refusals: {
    400: [
      "duplicateLocation",
      "duplicatePlatform",
      "imageNotFound",
      "integratorOnly",
      "invalidSize",
      "invalidVersion",
      "minimumVersionIs",
      "missingProductVariants",
      "notAllowedHere",
      "tooMany",
      "tooManyFunctions",
      "unknownKey",
      "unknownLocation",
      "unknownMatterType",
      "unknownPrecedent",
      "unknownProductVariant",
      "updateRequired",
    ],
    404: true,
    409: ["notStandardApp", "versionNotEditable"],
  },
  answer: saveSchemaResponse,
});

/**
 * Judges a document without saving it: 200 `{ valid, errors: [{ path, message, code }] }`
 * (a body without `json` is 400); with `appId`, as a save of that version would (another
 * company's version: 404).
 */
export const validateSchema = endpoint({
  method: "POST",
  path: "app-schema/validate",
  body: validateSchemaRequest,
  refusals: { 404: true },
  answer: validateSchemaResponse,
});

/**
 * The configuration file of one environment (dev, test, beta, live) of a version's schema:
 * a JSON attachment. `isInLeapLive=false` (staging) only for users with test access (403).
 */
export const downloadSchema = endpoint({
  method: "GET",
  path: "app-schema/download/:id/:env",
  uuidParams: ["id"],
  query: downloadSchemaQuery,
  refusals: { 404: true },
  answer: rawAnswer,
});

/** The saved schema of one platform of a version (`?platform=desktop` or `0`). */
export const getSchema = endpoint({
  method: "GET",
  path: "app-schema/:appVersionId",
  uuidParams: ["appVersionId"],
  query: readSchemaQuery,
  refusals: { 404: true },
  answer: readSchemaResponse,
});
