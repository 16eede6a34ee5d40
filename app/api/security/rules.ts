/**
 * The rules of the security screen as pure functions, shared
 * by the console (its forms and the permissions dialog) and the sandbox (its refusals with
 * rule codes): callback URLs, routes granted against the permission list, the offline access
 * permission, and the debug password. Plain TypeScript.
 */
import type { GrantedRoute, Permission } from "./schemas";

/** The methods a route can be granted with, in the order the permissions dialog shows them. */
export const HTTP_METHODS = ["GET", "POST", "PUT", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Limits where the spec is silent (docs/decisions/0052-auth-clients-and-permissions.md). */
export const SECURITY_LIMITS = { callbackUrlsMax: 20, callbackUrlMax: 2000 } as const;

/** New secrets issued to one app group's clients (both tabs together) per hour (docs/decisions/0067-limits-on-secrets-uploads-drafts.md). */
export const SECRET_ISSUES_PER_HOUR = 5;

/** The operation of the permission list that the offline_access toggle grants. */
export const OFFLINE_ACCESS_OPERATION = "offlineAccess";

/** What a refused security call breaks. */
export const SECURITY_RULE_CODES = [
  "required",
  "callbacksMustBeValidURI",
  "tooLong",
  "tooMany",
  "unknownRoute",
  "methodNotOffered",
  // state (409) and access (403)
  "liveAppReadOnly",
  "preApprovalRequired",
  "clientsNotGenerated",
  "testAccessRequired",
  // limit (429, with Retry-After)
  "tooManySecretIssues",
] as const;
export type SecurityRuleCode = (typeof SECURITY_RULE_CODES)[number];
export type SecurityErrors = Record<string, SecurityRuleCode>;

/** The field's text as a list: whitespace removed, split at commas, empty parts dropped. */
export function parseCallbackUrls(text: string): string[] {
  return text
    .replace(/\s+/g, "")
    .split(",")
    .filter((url) => url.length > 0);
}

/** A list as the field shows it. */
export const formatCallbackUrls = (urls: readonly string[]) => urls.join(", ");

/** http:// or https:// (optionally after a leading slash) followed by a host. */
const CALLBACK_URL = /^\/?https?:\/\/[^/?#\s]+/i;

export const isValidCallbackUrl = (url: string) => CALLBACK_URL.test(url);

/** The callback URLs rule: empty is required, each must be an http(s) URL. */
export function validateCallbackUrls(urls: readonly string[]): SecurityRuleCode | undefined {
  if (urls.length === 0) return "required";
  if (urls.length > SECURITY_LIMITS.callbackUrlsMax) return "tooMany";
  if (urls.some((url) => url.length > SECURITY_LIMITS.callbackUrlMax)) return "tooLong";
  if (!urls.every(isValidCallbackUrl)) return "callbacksMustBeValidURI";
  return undefined;
}

/** Two lists of callback URLs are the same list (order kept: it is how the field shows them). */
export const sameUrls = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((url, i) => url === b[i]);

/** The routes of the permission list, each once, with the methods it offers. */
export function offeredRoutes(catalogue: readonly Permission[]): Map<string, Set<HttpMethod>> {
  const routes = new Map<string, Set<HttpMethod>>();
  for (const p of catalogue) {
    if (p.operationId === OFFLINE_ACCESS_OPERATION) continue;
    const methods = routes.get(p.route) ?? new Set<HttpMethod>();
    methods.add(p.method);
    routes.set(p.route, methods);
  }
  return routes;
}

/**
 * Routes as stored: each route once, its methods in the order GET, POST, PUT, DELETE, routes
 * without a method left out, and the refusals of routes or methods the list does not offer
 * (keyed `routes.{index}`).
 */
export function normaliseRoutes(
  routes: readonly GrantedRoute[],
  catalogue: readonly Permission[],
): { routes: GrantedRoute[]; errors: SecurityErrors } {
  const offered = offeredRoutes(catalogue);
  const errors: SecurityErrors = {};
  const granted = new Map<string, Set<HttpMethod>>();
  routes.forEach((item, index) => {
    const methods = offered.get(item.route);
    if (!methods) {
      errors[`routes.${index}`] = "unknownRoute";
      return;
    }
    if (item.methods.some((m) => !methods.has(m))) errors[`routes.${index}`] = "methodNotOffered";
    const set = granted.get(item.route) ?? new Set<HttpMethod>();
    for (const m of item.methods) set.add(m);
    granted.set(item.route, set);
  });
  const order = [...offered.keys()];
  const normal = [...granted.entries()]
    .filter(([, methods]) => methods.size > 0)
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .map(([route, methods]) => ({ route, methods: HTTP_METHODS.filter((m) => methods.has(m)) }));
  return { routes: normal, errors };
}

export interface RouteRow {
  route: string;
  /** The permission of each method the route offers. */
  methods: Partial<Record<HttpMethod, Permission>>;
}
export interface PermissionGroup {
  name: string;
  routes: RouteRow[];
}

/** The dialog's table: routes grouped by permission group, in the list's order; offline access apart. */
export function groupPermissions(catalogue: readonly Permission[]): PermissionGroup[] {
  const groups = new Map<string, Map<string, RouteRow>>();
  for (const p of catalogue) {
    if (p.operationId === OFFLINE_ACCESS_OPERATION) continue;
    const routes = groups.get(p.permissionGroup) ?? new Map<string, RouteRow>();
    const row = routes.get(p.route) ?? { route: p.route, methods: {} };
    row.methods[p.method] = p;
    routes.set(p.route, row);
    groups.set(p.permissionGroup, routes);
  }
  return [...groups.entries()].map(([name, routes]) => ({ name, routes: [...routes.values()] }));
}

/** Whether a client's routes grant `method` on `route`. */
export const grants = (routes: readonly GrantedRoute[], route: string, method: HttpMethod) =>
  routes.some((r) => r.route === route && r.methods.includes(method));

/** The debug password: the prefix followed by the day of the month (UTC). */
export const debugPassword = (prefix: string, now: Date) => `${prefix}${now.getUTCDate()}`;
