/**
 * The security calls (`apps-auth/*`). `{id}` is the app group's id in
 * each; `isLive` names the tab (Live or Staging). The spec allows PATCH or PUT for the update:
 * this contract uses PUT (docs/decisions/0052-auth-clients-and-permissions.md).
 */
import { endpoint } from "../endpoint";
import {
  authClientList,
  clientUpdate,
  clientUpdateAnswer,
  permissionList,
  tabQuery,
} from "./schemas";

/** The permissions an app of the group's country can be granted. */
export const listPermissions = endpoint({
  method: "GET",
  path: "apps-auth/:id/permission-list",
  uuidParams: ["id"],
  refusals: { 404: true, 409: ["preApprovalRequired"] },
  answer: permissionList,
});

/** The group's clients: both tabs for a user with test access, the Live tab's otherwise. */
export const listClients = endpoint({
  method: "GET",
  path: "apps-auth/:id/clients",
  uuidParams: ["id"],
  refusals: { 404: true, 409: ["preApprovalRequired"] },
  answer: authClientList,
});

/**
 * Generates the tab's two clients (sandbox-app and live-app); where they exist, issues them a
 * new secret and private key. Null body; answers both clients with their secrets, once.
 */
export const generateClients = endpoint({
  method: "POST",
  created: true,
  path: "apps-auth/:id/clients",
  uuidParams: ["id"],
  query: tabQuery,
  refusals: { 403: ["testAccessRequired"], 404: true, 409: ["preApprovalRequired"] },
  answer: authClientList,
});

/** Saves a client's routes and offline access, or its callback URLs. */
export const updateClient = endpoint({
  method: "PUT",
  path: "apps-auth/:id/client",
  uuidParams: ["id"],
  query: tabQuery,
  body: clientUpdate,
  refusals: {
    400: ["callbacksMustBeValidURI", "methodNotOffered", "unknownRoute"],
    403: ["testAccessRequired"],
    404: true,
    409: ["clientsNotGenerated", "liveAppReadOnly", "preApprovalRequired"],
  },
  answer: clientUpdateAnswer,
});
