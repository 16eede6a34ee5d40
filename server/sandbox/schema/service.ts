/**
 * Platform schemas (spec 02 sections 3, 4.1, 5 and 7; docs/decisions/0055-platform-schema.md):
 * one document per app version and platform (table platform_schemas). A save judges the
 * document by the contract's shape (app/api/schema/schemas.ts) and rules (rules.ts) with the
 * app's country, the company's locations and the minimum desktop version, then makes a NEW
 * version of the app (apps/versions.ts) holding it; the version it was edited on is kept as it
 * was. A validation judges a document the same way for a version, or by the rules that need
 * no app. A read answers one platform of a
 * version; a download the configuration of one environment as a JSON file.
 *
 * Every version is looked up within the caller's company (404 otherwise). Order of refusals
 * of a save: the version (404), its app type and the edit check (409), the document (400 with
 * every failing path's code under `json.`).
 */
import { and, eq } from "drizzle-orm";
import { APP_TYPES, formatVersion } from "~/api/apps/rules";
import { isEditable, statusName } from "~/api/apps/status";
import { INVALID_CHARACTERS } from "~/api/common";
import { imageFormatOf } from "~/api/files/rules";
import {
  checkFunctionIcon,
  decodeSchemaJson,
  everyFunction,
  type LocationCapabilities,
  locationAllowed,
  RULE_MESSAGES,
  type SchemaContext,
  type SchemaErrors,
  validateDocument,
} from "~/api/schema/rules";
import {
  ENVIRONMENTS,
  type Environment,
  PLATFORM_CODES,
  PLATFORM_TYPES,
  type PlatformSchema,
  type PlatformType,
  platformSchema,
  type ReadSchemaResponse,
  type SaveSchemaResponse,
  type SchemaDocument,
  schemaDocument,
  type ValidateSchemaResponse,
} from "~/api/schema/schemas";
import { type DbOrTx, findVersion, type VersionRow } from "../apps/find";
import { createNextVersion } from "../apps/versions";
import { RULE_MESSAGES as APPS_MESSAGES } from "../apps/wording";
import type { Caller, SandboxContext } from "../context";
import {
  companies,
  countries,
  desktopVersions,
  files,
  matterTypes,
  platformLocations,
  platformSchemas,
  precedents,
  productVariants,
  users,
} from "../db/schema";
import { countryFlagOn } from "../feature-flags";
import { imageUrl } from "../files/service";
import { recordChange } from "../history";
import {
  ApiError,
  badRequest,
  ERRORS_MAX,
  forbidden,
  issueCode,
  notFound,
  type RuleCodes,
} from "../http/errors";
import { isUuid, unstorablePath } from "../http/validate";
import { resourceCountryOf } from "../seed/lookups";

/** The API's words of the refusals of the version's state (the edit check's are the apps'). */
export const SCHEMA_STATE_MESSAGES = {
  notStandardApp: "Only a standard app (appType 0) has a platform schema.",
  stagingNeedsTestAccess:
    "The staging configuration is only for users with access to the staging sandbox.",
} as const;

/** What is wrong with a document: each failing path (relative to the document) with its code and English words. */
interface Judgement {
  document?: SchemaDocument;
  errors: RuleCodes;
  messages: Record<string, string>;
}

const pathOf = (path: readonly PropertyKey[]) => path.map(String).join(".");

/**
 * Judges the `json` of a save or validation: its decoding, the shape of the document (a key
 * the schema does not name is `unknownKey` at its own path), the database's text rule, and,
 * once the shape holds, every rule of rules.ts with `context`. A document over the JSON
 * limits (tooDeep, tooLarge) is a 400 at `json`, thrown.
 */
export function judgeDocument(json: unknown, context: SchemaContext): Judgement {
  const errors: RuleCodes = {};
  const messages: Record<string, string> = {};
  let named = 0;
  const fail = (path: string, code: string, message: string) => {
    // Every failing path, the first ERRORS_MAX: many wrong entries get a short answer.
    if (errors[path] || named++ >= ERRORS_MAX) return;
    errors[path] = code;
    messages[path] = message;
  };
  const decoded = decodeSchemaJson(json);
  if ("refused" in decoded) {
    // Over the JSON limits the document is refused before anything walks it.
    if (decoded.refused !== "invalidJson")
      throw badRequest(`json: ${RULE_MESSAGES[decoded.refused]}`, "json", decoded.refused);
    fail("", "invalidJson", RULE_MESSAGES.invalidJson);
    return { errors, messages };
  }
  const unstorable = unstorablePath(decoded.value);
  if (unstorable !== undefined)
    fail(
      unstorable === "body" ? "" : unstorable,
      INVALID_CHARACTERS.params.code,
      INVALID_CHARACTERS.message,
    );
  const parsed = schemaDocument.safeParse(decoded.value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.code === "unrecognized_keys") {
        for (const key of issue.keys)
          fail(pathOf([...issue.path, key]), "unknownKey", RULE_MESSAGES.unknownKey);
      } else {
        const custom = issue.code === "custom" ? issue.params?.code : undefined;
        fail(
          pathOf(issue.path),
          typeof custom === "string" ? custom : issueCode(issue, decoded.value),
          issue.message,
        );
      }
    }
    return { errors, messages };
  }
  if (unstorable !== undefined) return { errors, messages };
  for (const [path, code] of Object.entries(validateDocument(parsed.data, context) as SchemaErrors))
    fail(path, code, RULE_MESSAGES[code]);
  return { document: parsed.data, errors, messages };
}

/** A copy of a document in which every `urls` list of `{ env, url }` is the one `url` of `env`. */
export function forEnvironment(value: unknown, env: Environment): unknown {
  if (Array.isArray(value)) return value.map((item) => forEnvironment(item, env));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === "urls" && Array.isArray(item))
      out.url =
        (item as { env?: string; url?: string }[]).find((entry) => entry.env === env)?.url ?? "";
    else out[key] = forEnvironment(item, env);
  }
  return out;
}

/**
 * A platform is configured (a tab with a dot, a submission not blocked) when it holds a
 * location, an exception URL or app-level product variants; a platform saved empty is not stored.
 */
export const isConfigured = (platform: PlatformSchema) =>
  (platform.views?.length ?? 0) +
    (platform.menus?.length ?? 0) +
    (platform.exceptions?.length ?? 0) >
    0 || platform.productVariants !== undefined;

/** A file name made of safe characters only. */
const fileNamePart = (text: string) =>
  text
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60) || "app";

export type SchemaService = ReturnType<typeof createSchemaService>;

export function createSchemaService(ctx: SandboxContext) {
  const { db } = ctx;

  /**
   * What the rules need to know of a version: its country's product variants, matter types and
   * precedent libraries, the minimum desktop version, the company's locations and integratorType.
   */
  async function contextOf(
    q: DbOrTx,
    version: VersionRow,
  ): Promise<SchemaContext & { allowSvg: boolean }> {
    const [country] = await q
      .select()
      .from(countries)
      .where(eq(countries.code, version.countryCode))
      .limit(1);
    const resourceCode = country ? resourceCountryOf(country) : version.countryCode;
    const [company] = await q
      .select({ integratorType: companies.integratorType })
      .from(companies)
      .where(eq(companies.id, version.companyId))
      .limit(1);
    const integratorType = company?.integratorType ?? 0;
    const [minimum] = await q
      .select({ version: desktopVersions.version })
      .from(desktopVersions)
      .where(eq(desktopVersions.isMinimum, true))
      .limit(1);
    const rows = await q
      .select()
      .from(platformLocations)
      .where(eq(platformLocations.countryCode, resourceCode));
    const locations: Partial<Record<PlatformType, LocationCapabilities[]>> = Object.fromEntries(
      PLATFORM_TYPES.map((type) => [type, [] as LocationCapabilities[]]),
    );
    for (const row of rows) {
      const type = PLATFORM_TYPES[row.platform];
      if (type && locationAllowed(row, integratorType))
        locations[type]!.push({ ...row, viewType: row.viewType ?? undefined });
    }
    const variants = await q
      .select({ firmType: productVariants.firmType })
      .from(productVariants)
      .where(eq(productVariants.countryCode, resourceCode));
    const types = await q
      .select({ id: matterTypes.id })
      .from(matterTypes)
      .where(eq(matterTypes.countryCode, resourceCode));
    const libraryRows = await q
      .select({
        precedentId: precedents.precedentId,
        parentId: precedents.parentId,
        matterTypeId: precedents.matterTypeId,
      })
      .from(precedents)
      .where(eq(precedents.countryCode, resourceCode));
    const libraries: Record<string, { precedentId: string; parentId: string | null }[]> = {};
    for (const row of libraryRows) {
      if (row.matterTypeId === null) continue;
      libraries[row.matterTypeId] ??= [];
      libraries[row.matterTypeId].push({ precedentId: row.precedentId, parentId: row.parentId });
    }
    return {
      productVariantsEnabled: await countryFlagOn(q, resourceCode, "product-variant-enabled"),
      productVariantIds: variants.map((variant) => variant.firmType),
      minimumDesktopVersion: minimum?.version,
      locations,
      matterTypeIds: types.map((type) => type.id),
      precedents: libraries,
      integratorType,
      // Billing modes exist in the UK only (IE uses the UK's resources).
      billingModesAllowed: resourceCode === "UK",
      allowSvg: await countryFlagOn(q, resourceCode, "allow-svg-button"),
    };
  }

  /**
   * Every function icon of a document: an image uploaded by the company (imageNotFound), of
   * the function icon's type, size and bytes (rules.ts `checkFunctionIcon`); paths `….icon`.
   */
  async function iconErrors(
    q: DbOrTx,
    companyId: string,
    document: SchemaDocument,
    allowSvg: boolean,
  ): Promise<SchemaErrors> {
    const errors: SchemaErrors = {};
    for (const [index, platform] of document.platforms.entries()) {
      for (const { path, item } of everyFunction(platform)) {
        if (!item.icon) continue;
        const at = `platforms.${index}.${path}.icon`;
        const [file] = isUuid(item.icon.id)
          ? await q
              .select()
              .from(files)
              .where(
                and(
                  eq(files.id, item.icon.id),
                  eq(files.companyId, companyId),
                  eq(files.kind, "image"),
                ),
              )
              .limit(1)
          : [];
        const code = file
          ? checkFunctionIcon(
              {
                format: imageFormatOf(file.contentType),
                fileSize: file.fileSize,
                width: file.width,
                height: file.height,
              },
              { listItem: item.actionType === "list-item", allowSvg },
            )
          : "imageNotFound";
        if (code) errors[at] = code;
      }
    }
    return errors;
  }

  /** The caller's version, or 404. */
  async function ownVersion(q: DbOrTx, caller: Caller, id: string | undefined, lock = false) {
    const found = await findVersion(q, caller.companyId, id, lock);
    if (!found) throw notFound("app");
    return found;
  }

  // -------------------------------------------------------------------------
  // POST app-schema/validate
  // -------------------------------------------------------------------------

  async function validate(
    caller: Caller,
    body: { json: unknown; appId?: string },
  ): Promise<ValidateSchemaResponse> {
    const judged =
      body.appId === undefined
        ? judgeDocument(body.json, {})
        : await judgeForVersion(
            db,
            caller,
            (await ownVersion(db, caller, body.appId)).version,
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

  /** Judges a document as a save of `version` does: with its context and the company's icons. */
  async function judgeForVersion(
    q: DbOrTx,
    caller: Caller,
    version: VersionRow,
    json: unknown,
  ): Promise<Judgement> {
    const context = await contextOf(q, version);
    const judged = judgeDocument(json, context);
    if (judged.document) {
      for (const [path, code] of Object.entries(
        await iconErrors(q, caller.companyId, judged.document, context.allowSvg),
      )) {
        judged.errors[path] ??= code;
        judged.messages[path] ??= RULE_MESSAGES[code];
      }
    }
    return judged;
  }

  // -------------------------------------------------------------------------
  // POST app-schema
  // -------------------------------------------------------------------------

  async function save(
    caller: Caller,
    body: { appIdOld: string; json: unknown },
  ): Promise<SaveSchemaResponse> {
    const created = await db.transaction(async (tx) => {
      const { version, group } = await ownVersion(tx, caller, body.appIdOld, true);
      if (version.appType !== APP_TYPES.standard)
        throw new ApiError(409, SCHEMA_STATE_MESSAGES.notStandardApp, {
          field: "appIdOld",
          errors: { appIdOld: "notStandardApp" },
        });
      if (!isEditable(version.statusCode, group.isArchived)) {
        const words = group.isArchived
          ? APPS_MESSAGES.archived
          : `${APPS_MESSAGES.notEditable} Its status is ${statusName(version.statusCode)}.`;
        throw new ApiError(409, words, {
          field: "appIdOld",
          errors: { appIdOld: "versionNotEditable" },
        });
      }
      const judged = await judgeForVersion(tx, caller, version, body.json);
      if (!judged.document || Object.keys(judged.errors).length > 0) refuseDocument(judged);
      const document = judged.document!;
      // An icon is stored with the address the provider serves it at, whatever was sent.
      for (const platform of document.platforms) {
        for (const { item } of everyFunction(platform))
          if (item.icon) item.icon = { id: item.icon.id, url: imageUrl(ctx, item.icon.id) };
      }

      const next = await createNextVersion(tx, caller, version, group, "platform-schema-saved");
      for (const platform of document.platforms) {
        const code = PLATFORM_CODES[platform.type];
        if (!isConfigured(platform)) {
          await tx
            .delete(platformSchemas)
            .where(
              and(eq(platformSchemas.appVersionId, next.id), eq(platformSchemas.platform, code)),
            );
          continue;
        }
        await tx
          .insert(platformSchemas)
          .values({ appVersionId: next.id, platform: code, document: platform })
          .onConflictDoUpdate({
            target: [platformSchemas.appVersionId, platformSchemas.platform],
            set: { document: platform, modifiedAt: new Date() },
          });
      }
      await recordChange(tx, {
        companyId: caller.companyId,
        entityType: "app-version",
        entityId: next.id,
        action: "platform-schema-saved",
        actor: caller.userId,
        detail: {
          fromVersionId: version.id,
          platforms: document.platforms.map((platform) => platform.type),
        },
      });
      return next;
    });
    return {
      appId: created.id,
      versionMajor: created.versionMajor,
      versionMinor: created.versionMinor,
      versionNumber: formatVersion(created.versionMajor, created.versionMinor),
    };
  }

  /** The 400 of a document: the first failing path in words, every path's code under `json`. */
  function refuseDocument(judged: Judgement): never {
    const under = (path: string) => (path ? `json.${path}` : "json");
    const errors = Object.fromEntries(
      Object.entries(judged.errors).map(([path, code]) => [under(path), code]),
    );
    const [first] = Object.keys(judged.errors);
    throw new ApiError(400, `${under(first)}: ${judged.messages[first]}`, {
      field: under(first),
      errors,
    });
  }

  // -------------------------------------------------------------------------
  // GET app-schema/{appVersionId}?platform=
  // -------------------------------------------------------------------------

  async function read(
    caller: Caller,
    id: string,
    platform: PlatformType,
  ): Promise<ReadSchemaResponse> {
    const { version, group } = await ownVersion(db, caller, id);
    const [row] = await db
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
  async function download(caller: Caller, id: string, env: string, isInLeapLive: boolean) {
    const { version } = await ownVersion(db, caller, id);
    if (!(ENVIRONMENTS as readonly string[]).includes(env)) throw notFound("environment");
    if (!isInLeapLive) {
      const [user] = await db
        .select({ hasAccessToTest: users.hasAccessToTest })
        .from(users)
        .where(eq(users.id, caller.userId))
        .limit(1);
      if (!user?.hasAccessToTest) throw forbidden(SCHEMA_STATE_MESSAGES.stagingNeedsTestAccess);
    }
    const rows = await db
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

  return { validate, save, read, download, contextOf };
}
