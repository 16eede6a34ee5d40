/** Reading platform schemas: POST app-schema/validate, GET app-schema/{id} and the download of one environment's configuration. */
import { and, eq } from "drizzle-orm";
import { APP_TYPES, formatVersion } from "~/api/apps/rules";
import { isEditable } from "~/api/apps/status";
import {
  ENVIRONMENTS,
  type Environment,
  PLATFORM_CODES,
  type PlatformType,
  platformSchema,
  type ReadSchemaResponse,
  type ValidateSchemaResponse,
} from "~/api/schema/schemas";
import type { Caller, SandboxContext } from "../context";
import { platformSchemas } from "../db/schema/apps";
import { users } from "../db/schema/companies";
import { forbidden, notFound } from "../http/errors";
import { WORDING } from "../wording";
import { fileNamePart, forEnvironment, judgeDocument } from "./judge";
import { judgeForVersion, ownVersion } from "./lookups";

export async function validate(
  ctx: SandboxContext,
  caller: Caller,
  body: { json: unknown; appId?: string },
): Promise<ValidateSchemaResponse> {
  const judged =
    body.appId === undefined
      ? judgeDocument(body.json, {})
      : await judgeForVersion(
          ctx.db,
          caller,
          (await ownVersion(ctx.db, caller, body.appId)).version,
          body.json,
        );
  const { errors, messages } = judged;
  return {
    valid: Object.keys(errors).length === 0,
    errors: Object.entries(errors).map(([path, code]) => ({
      path,
      code,
      message: messages[path],
    })),
  };
}

export async function read(
  ctx: SandboxContext,
  caller: Caller,
  id: string,
  platform: PlatformType,
): Promise<ReadSchemaResponse> {
  const { version, group } = await ownVersion(ctx.db, caller, id);
  const [row] = await ctx.db
    .select()
    .from(platformSchemas)
    .where(
      and(
        eq(platformSchemas.appVersionId, version.id),
        eq(platformSchemas.platform, PLATFORM_CODES[platform]),
      ),
    )
    .limit(1);
  // A document stored before the schema was strict is answered as far as it fits.
  const parsed = row ? platformSchema.safeParse(row.document) : undefined;
  return {
    appVersionId: version.id,
    platform,
    schema: parsed?.success ? parsed.data : row ? { type: platform } : null,
    canEdit:
      version.appType === APP_TYPES.standard && isEditable(version.statusCode, group.isArchived),
    modifiedAt: row ? row.modifiedAt.toISOString() : null,
  };
}

// -------------------------------------------------------------------------
// GET app-schema/download/{id}/{env}?isInLeapLive=
// -------------------------------------------------------------------------

/** The configuration file of an environment: its name and content. */
export async function download(
  ctx: SandboxContext,
  caller: Caller,
  id: string,
  env: string,
  isInLeapLive: boolean,
) {
  const { version } = await ownVersion(ctx.db, caller, id);
  if (!(ENVIRONMENTS as readonly string[]).includes(env)) throw notFound("environment");
  if (!isInLeapLive) {
    const [user] = await ctx.db
      .select({ hasAccessToTest: users.hasAccessToTest })
      .from(users)
      .where(eq(users.id, caller.userId))
      .limit(1);
    if (!user?.hasAccessToTest) throw forbidden(WORDING.schema.stagingNeedsTestAccess);
  }
  const rows = await ctx.db
    .select()
    .from(platformSchemas)
    .where(eq(platformSchemas.appVersionId, version.id));
  rows.sort((a, b) => a.platform - b.platform);
  const versionNumber = formatVersion(version.versionMajor, version.versionMinor);
  const content = {
    appId: version.id,
    appName: version.name,
    versionNumber,
    environment: env,
    isInLeapLive,
    platforms: rows.map((row) => forEnvironment(row.document, env as Environment)),
  };
  const fileName = `${fileNamePart(version.name)}-${versionNumber}-${env}-${isInLeapLive ? "live" : "staging"}.json`;
  return { fileName, content };
}
