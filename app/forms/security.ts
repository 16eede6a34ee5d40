/**
 * The forms of the security page and their checks, shared by the
 * action (its zod schema: security.server.ts) and the browser (conform's onValidate with
 * `checkForm`):
 *
 * - callback URLs of a client: one text field, comma-separated, whitespace removed, each
 *   http:// or https:// (optionally after a leading slash), else callbacksMustBeValidURI;
 *   empty is required (app/api/security/rules.ts);
 * - permissions of a sandbox-app client: a checkbox per route and method (`grant` =
 *   `{METHOD} {route}`) and the offline_access toggle.
 *
 * Messages come from the `security` namespace; `t` is i18next's (or a fixed one on the server).
 */
import type { TFunction } from "i18next";
import {
  HTTP_METHODS,
  type HttpMethod,
  parseCallbackUrls,
  SECURITY_LIMITS,
  SECURITY_RULE_CODES,
  type SecurityRuleCode,
  validateCallbackUrls,
} from "~/api/security/rules";
import type { GrantedRoute } from "~/api/security/schemas";
import { isStorableText } from "~/api/text";

export const CALLBACKS_INTENT = "callbacks";
export const PERMISSIONS_INTENT = "permissions";

/** A rule code of the security calls in the user's words. */
export function securityRuleMessage(t: TFunction, code: SecurityRuleCode | string): string {
  return (SECURITY_RULE_CODES as readonly string[]).includes(code)
    ? t(`security:errors.${code}`, {
        max: SECURITY_LIMITS.callbackUrlsMax,
        length: SECURITY_LIMITS.callbackUrlMax,
      })
    : t("security:errors.invalid");
}

/** The callback URL form's text as the list the API is sent, or the message of the rule it breaks. */
export function checkCallbackUrls(
  t: TFunction,
  text: string | undefined,
): { urls: string[]; error?: undefined } | { urls?: undefined; error: string } {
  const value = text ?? "";
  if (!isStorableText(value)) return { error: t("security:errors.callbacksMustBeValidURI") };
  const urls = parseCallbackUrls(value);
  const code = validateCallbackUrls(urls);
  return code ? { error: securityRuleMessage(t, code) } : { urls };
}

/** The name and value of a route's method checkbox. */
export const GRANT_FIELD = "grant";
export const grantValue = (method: HttpMethod, route: string) => `${method} ${route}`;

/**
 * The permissions form's routes and offline access; undefined when a value is not one the
 * form sends (a grant that is not `{METHOD} {route}`, offlineAccess other than once "on").
 */
export function readPermissions(
  formData: FormData,
): { routes: GrantedRoute[]; offlineAccess: boolean } | undefined {
  const byRoute = new Map<string, Set<HttpMethod>>();
  for (const value of formData.getAll(GRANT_FIELD)) {
    if (typeof value !== "string" || !isStorableText(value)) return undefined;
    const space = value.indexOf(" ");
    const method = value.slice(0, space) as HttpMethod;
    const route = value.slice(space + 1);
    if (space < 1 || !HTTP_METHODS.includes(method) || !route || /\s/.test(route)) return undefined;
    byRoute.set(route, (byRoute.get(route) ?? new Set()).add(method));
  }
  const offline = formData.getAll("offlineAccess");
  if (offline.length > 1 || (offline.length === 1 && offline[0] !== "on")) return undefined;
  return {
    routes: [...byRoute.entries()].map(([route, methods]) => ({
      route,
      methods: HTTP_METHODS.filter((m) => methods.has(m)),
    })),
    offlineAccess: offline.length === 1,
  };
}
