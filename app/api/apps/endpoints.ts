/**
 * The apps calls. A version's id and a group's id are UUIDs (the
 * client makes a new app's id).
 */
import * as z from "zod";
import { endpoint, lookup, noContent } from "../endpoint";
import {
  appGroup,
  appListResponse,
  appSaveResponse,
  appVersion,
  appVersionInput,
  duplicateRequest,
  duplicateResponse,
  setArchivedResponse,
} from "./schemas";

/** The codes of an app form's 400s beyond the request's shape: its listing's images and its lookups. */
const APP_FORM_CODES = [
  "imageNotFound",
  "imageSizeInvalid",
  "imageTypeInvalid",
  "invalidAppType",
  "noContent",
  "sizeGreater400KB",
  "sizeGreater50KB",
  "sizeGreater800KB",
  "tooMany",
  "unknownCategory",
  "unknownCountry",
];

/** The company's app groups: -1 all (default), 0 current, 1 archived. */
export const listApps = endpoint({
  method: "GET",
  path: "apps",
  query: z.object({
    archived: z
      .enum(["-1", "0", "1"], { error: "must be -1 (all), 0 (current) or 1 (archived)" })
      .optional(),
  }),
  answer: appListResponse,
});

/** One group with its versions, flags and the history of its archived versions. */
export const getAppGroup = lookup("apps/group/:groupId", appGroup);

/** One version with its details and listing. */
export const getApp = lookup("apps/:id", appVersion, { uuidParams: ["id"] });

/** A new app: a new group with version 1.000 in status Sandbox, under the client-made `id`. */
export const createApp = endpoint({
  method: "POST",
  created: true,
  path: "apps",
  body: appVersionInput,
  refusals: {
    400: APP_FORM_CODES,
    409: ["taken"],
  },
  answer: appSaveResponse,
});

/** A version's details, and its whole listing when sent; only while the version is editable. */
export const updateApp = endpoint({
  method: "PUT",
  path: "apps/:id",
  uuidParams: ["id"],
  body: appVersionInput,
  refusals: {
    400: APP_FORM_CODES,
    404: true,
    409: ["locked"],
  },
  answer: appSaveResponse,
});

/** Deletes the whole group of the version. */
export const deleteApp = endpoint({
  method: "DELETE",
  path: "apps/delete/:id",
  refusals: { 404: true, 409: true },
  answer: noContent,
});

export const setArchived = endpoint({
  method: "PUT",
  path: "apps/group/:groupId/setArchived",
  query: z.object({ flag: z.enum(["true", "false"], { error: "must be true or false" }) }),
  refusals: { 404: true, 409: true },
  answer: setArchivedResponse,
});

/** A new group from a version (matter types and regional information are not copied). */
export const duplicateApp = endpoint({
  method: "POST",
  created: true,
  path: "apps/:id/duplicate",
  uuidParams: ["id"],
  body: duplicateRequest,
  refusals: { 400: ["unknownCountry"], 404: true, 409: ["taken"] },
  answer: duplicateResponse,
});
