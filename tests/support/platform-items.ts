/**
 * Functions of a platform schema for tests and benchmarks: an item of any action type with
 * its endpoint URL in each environment (`https://{env}.example.com/{path}`).
 */
import type { PlatformFunction } from "../../app/api/schema/schemas";

/** An endpoint URL per environment, at `path` of `{env}.example.com`. */
export const endpointUrls = (path: string) =>
  (["dev", "test", "beta", "live"] as const).map((env) => ({
    env,
    url: `https://${env}.example.com/${path}`,
  }));

/** A function named and labelled `name`, its URLs at the name with spaces as dashes. */
export const platformItem = (
  actionType: PlatformFunction["actionType"],
  name: string,
  extra: Partial<PlatformFunction> = {},
): PlatformFunction => ({
  actionType,
  name,
  label: name,
  description: `${name}: opens the app's page for it, with the matter's details.`,
  urls: endpointUrls(name.replace(/\s+/g, "-")),
  ...extra,
});
