/**
 * Platform schemas (docs/decisions/0055-platform-schema.md): one document per app version and
 * platform (table platform_schemas). A save judges the document by the contract's shape
 * (app/api/schema/schemas.ts) and rules (rules.ts) with the app's country, the company's
 * locations and the minimum desktop version, then makes a NEW version of the app
 * (apps/versions.ts) holding it; the version it was edited on is kept as it was. A validation
 * judges a document the same way for a version, or by the rules that need no app. A read
 * answers one platform of a version; a download the configuration of one environment as a
 * JSON file.
 *
 * Every version is looked up within the caller's company (404 otherwise). Order of refusals
 * of a save: the version (404), its app type and the edit check (409), the document (400 with
 * every failing path's code under `json.`).
 */
import type { PlatformType } from "~/api/schema/schemas";
import type { Caller, SandboxContext } from "../context";
import { contextOf } from "./lookups";
import { download, read, validate } from "./read";
import { save } from "./save";

export { forEnvironment, isConfigured, judgeDocument } from "./judge";

export type SchemaService = ReturnType<typeof createSchemaService>;

export function createSchemaService(ctx: SandboxContext) {
  return {
    validate: (caller: Caller, body: { json: unknown; appId?: string }) =>
      validate(ctx, caller, body),
    save: (caller: Caller, body: { appIdOld: string; json: unknown }) => save(ctx, caller, body),
    read: (caller: Caller, id: string, platform: PlatformType) => read(ctx, caller, id, platform),
    download: (caller: Caller, id: string, env: string, isInLeapLive: boolean) =>
      download(ctx, caller, id, env, isInLeapLive),
    contextOf,
  };
}
