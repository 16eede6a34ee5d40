/**
 * The sandbox-account calls (`leapinstances*`). Each answers only the
 * caller's company's accounts (another company's is not found, 404); a staging account
 * (TEST or DEV) is seen and changed only by users with test access (403 `noTestAccess`).
 * docs/decisions/0058-sandbox-accounts-and-usage.md.
 */
import { endpoint, noContent } from "../endpoint";
import {
  configurationRequest,
  importInstanceRequest,
  instance,
  instanceList,
  newInstanceRequest,
} from "./schemas";

/** A staging account is for users with test access only. */
const TEST_ACCESS = ["noTestAccess"] as const;
/** What a new account's values may break: its firm type, its environment, a username taken. */
const NEW_ACCOUNT = {
  400: ["invalidFirmType", "unknownEnvironment"],
  409: ["usernameTaken"],
} as const;

export const listInstances = endpoint({
  method: "GET",
  path: "leapinstances",
  answer: instanceList,
});

/** New credentials: 201 with the created account (its firm, user and staff ids generated). */
export const createInstance = endpoint({
  method: "POST",
  created: true,
  path: "leapinstances",
  body: newInstanceRequest,
  refusals: { ...NEW_ACCOUNT, 403: TEST_ACCESS },
  answer: instance,
});

/** An account from an import token's payload: 201 with it. */
export const importInstance = endpoint({
  method: "POST",
  created: true,
  path: "leapinstances/import",
  body: importInstanceRequest,
  refusals: { ...NEW_ACCOUNT, 400: [...NEW_ACCOUNT[400], "unknownRegion"], 403: TEST_ACCESS },
  answer: instance,
});

/** Saves the account's configuration: answers the account as saved. */
export const updateConfiguration = endpoint({
  method: "PUT",
  path: "leapinstances/:id/configuration",
  uuidParams: ["id"],
  body: configurationRequest,
  refusals: {
    400: ["duplicateApp", "invalidEndpoint", "invalidStatus", "unknownApp"],
    403: TEST_ACCESS,
    404: true,
  },
  answer: instance,
});

/** Deletes the account: 204. */
export const deleteInstance = endpoint({
  method: "DELETE",
  path: "leapinstances/:id",
  uuidParams: ["id"],
  refusals: { 403: TEST_ACCESS, 404: true },
  answer: noContent,
});
