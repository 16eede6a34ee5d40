/** Wire shapes of the security calls (`apps-auth/*`). */
import * as z from "zod";
import { storableText } from "../common";
import { HTTP_METHODS } from "./rules";

export { HTTP_METHODS, type HttpMethod } from "./rules";

/** The Permission entity: one operation of the provider API an auth client can be granted. */
export const permission = z.object({
  operationId: z.string(),
  method: z.enum(HTTP_METHODS),
  /** The API path the operation is on; a client's routes name it. */
  route: z.string(),
  level: z.string(),
  description: z.string(),
  accessGroup: z.string(),
  permissionGroup: z.string(),
});
export type Permission = z.infer<typeof permission>;
export const permissionList = z.array(permission);

/** A route granted to a client, with the methods granted on it. */
export const grantedRoute = z.object({
  route: storableText({ message: "must be a route of the permission list" }),
  methods: z.array(z.enum(HTTP_METHODS, { message: "must be GET, POST, PUT or DELETE" }), {
    message: "must be a list of methods",
  }),
});
export type GrantedRoute = z.infer<typeof grantedRoute>;

/**
 * The Auth client entity. `isLive`: the Live tab (true) or the Staging tab (false);
 * `isAppLive`: the live-app variant (true) or the sandbox-app variant (false). The secret and
 * the private API key are answered once, by the call that issues them; otherwise null.
 */
export const authClient = z.object({
  id: z.string(),
  isLive: z.boolean(),
  isAppLive: z.boolean(),
  secret: z.string().nullable(),
  publicApiKey: z.string(),
  privateApiKey: z.string().nullable(),
  routes: z.array(grantedRoute),
  redirectUrls: z.array(z.string()),
  offlineAccess: z.boolean(),
});
export type AuthClient = z.infer<typeof authClient>;
export const authClientList = z.array(authClient);

/** `?isLive=true|false`: the tab a call is about. */
export const tabQuery = z.object({
  isLive: z.enum(["true", "false"], { message: "must be true or false" }),
});

/**
 * PUT apps-auth/{id}/client?isLive=: the client is named by its variant; the body carries
 * `routes` (with `offlineAccess`) or `callbackUrls`, or both.
 */
export const clientUpdate = z.object({
  isAppLive: z.boolean({ message: "must be true or false" }),
  routes: z.array(grantedRoute, { message: "must be a list of routes" }).optional(),
  offlineAccess: z.boolean({ message: "must be true or false" }).optional(),
  callbackUrls: z
    .array(storableText({ message: "must be a URL" }), { message: "must be a list of URLs" })
    .optional(),
});
export type ClientUpdate = z.input<typeof clientUpdate>;

/** The answer of a client's update. */
export const clientUpdateAnswer = z.object({
  id: z.string(),
  routes: z.array(grantedRoute),
  redirectUrls: z.array(z.string()),
  offlineAccess: z.boolean(),
});
