/**
 * Sandbox accounts
 * (docs/decisions/0058-sandbox-accounts-and-usage.md): records of the sandbox, each in a
 * provider environment, with generated firm, user and staff ids (new credentials) or the
 * ids of an import token's payload (import). A staging account (TEST or DEV) is seen, made
 * and changed only by users with test access (403 `noTestAccess`). The configuration holds
 * one row per app group of the company in the account's country (AU for an AUB account,
 * UK for IE), a disabled app reset to status 200 and endpoint LIVE. The rules are the
 * contract's (app/api/instances/rules.ts); every account is looked up within the caller's
 * company (404 otherwise), and every change is recorded in the state history.
 */
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { formatVersion } from "~/api/apps/rules";
import {
  DEFAULT_FIRM_TYPE,
  environmentCountry,
  type InstanceErrors,
  importEnvironmentType,
  isStagingType,
  normalizeConfiguration,
  validateConfiguration,
  validateImport,
  validateNewInstance,
} from "~/api/instances/rules";
import type {
  ConfigurationItem,
  configurationRequest,
  Instance,
  importInstanceRequest,
  newInstanceRequest,
} from "~/api/instances/schemas";
import type { DbOrTx } from "../apps/find";
import { isUniqueViolation } from "../apps/service";
import type { Caller, SandboxContext } from "../context";
import {
  appGroups,
  appVersions,
  countries,
  environments,
  instanceConfigurations,
  instances,
  productVariants,
  users,
} from "../db/schema";
import { countryFlagOn } from "../feature-flags";
import { recordChange } from "../history";
import { ApiError, notFound } from "../http/errors";
import { isUuid } from "../http/validate";

type InstanceRow = typeof instances.$inferSelect;
export type NewInstanceInput = z.output<typeof newInstanceRequest>;
export type ImportInput = z.output<typeof importInstanceRequest>;
export type ConfigurationInput = z.output<typeof configurationRequest>;

/** How the API words the rules in English (`detail`); `errors` carry the codes. */
export const INSTANCE_MESSAGES: Record<string, string> = {
  required: "is required",
  invalidEmail: "must be a valid email address",
  tooLong: "is too long",
  invalidFirmType: "must be a product variant of the environment's country",
  unknownEnvironment: "must be an environment of the provider",
  unknownRegion: "must be a country of the provider",
  invalidStatus: "must be 0 or 200",
  invalidEndpoint: "must be DEV, TEST, BETA or LIVE",
  unknownApp: "must be an app group of the company in the account's country",
  duplicateApp: "must name each app once",
  usernameTaken: "The company has an account with this username in that environment already.",
};

const NO_TEST_ACCESS =
  "Staging sandbox accounts are only for users with access to the staging sandbox.";

/** A refusal naming the first failing field in words, with every field's rule code. */
function refuse(errors: InstanceErrors, status: 400 | 409 = 400): never {
  const [field, code] = Object.entries(errors)[0];
  const words = INSTANCE_MESSAGES[code] ?? code;
  throw new ApiError(status, status === 409 ? words : `${field}: ${words}`, { field, errors });
}

const refuseIfAny = (errors: InstanceErrors) => {
  if (Object.keys(errors).length > 0) refuse(errors);
};

/** A 403 with the rule code, for a staging account of a user without test access. */
function noTestAccess(field: string): never {
  throw new ApiError(403, NO_TEST_ACCESS, { field, errors: { [field]: "noTestAccess" } });
}

async function hasTestAccess(q: DbOrTx, caller: Caller): Promise<boolean> {
  const [row] = await q
    .select({ flag: users.hasAccessToTest })
    .from(users)
    .where(eq(users.id, caller.userId))
    .limit(1);
  return row?.flag ?? false;
}

/** The firm types an account of the environment country may have: its product variants where the feature is on, else only 1. */
async function allowedFirmTypes(q: DbOrTx, countryCode: string): Promise<number[]> {
  if (!(await countryFlagOn(q, countryCode, "product-variant-enabled"))) return [DEFAULT_FIRM_TYPE];
  const rows = await q
    .select({ firmType: productVariants.firmType })
    .from(productVariants)
    .where(eq(productVariants.countryCode, countryCode));
  return rows.length > 0 ? rows.map((row) => row.firmType) : [DEFAULT_FIRM_TYPE];
}

/** The company's app groups (not archived) in an account's country, with their newest version, by name. */
async function regionGroups(q: DbOrTx, companyId: string, envCountryCode: string) {
  const groups = await q
    .select({ id: appGroups.id, name: appGroups.name, countryCode: appGroups.countryCode })
    .from(appGroups)
    .where(and(eq(appGroups.companyId, companyId), eq(appGroups.isArchived, false)))
    .orderBy(asc(appGroups.name), asc(appGroups.id));
  const mine = groups.filter(
    (group) => environmentCountry(group.countryCode) === envCountryCode.toUpperCase(),
  );
  if (mine.length === 0) return [];
  const versions = await q
    .select({
      groupId: appVersions.groupId,
      name: appVersions.name,
      major: appVersions.versionMajor,
      minor: appVersions.versionMinor,
    })
    .from(appVersions)
    .where(
      inArray(
        appVersions.groupId,
        mine.map((group) => group.id),
      ),
    )
    .orderBy(desc(appVersions.versionMajor), desc(appVersions.versionMinor));
  return mine.map((group) => {
    const newest = versions.find((version) => version.groupId === group.id);
    return {
      id: group.id,
      name: newest?.name ?? group.name,
      version: newest ? formatVersion(newest.major, newest.minor) : "",
    };
  });
}

/** Accounts as the API answers them, each with its configuration. */
async function answersOf(q: DbOrTx, companyId: string, rows: InstanceRow[]): Promise<Instance[]> {
  if (rows.length === 0) return [];
  const saved = await q
    .select()
    .from(instanceConfigurations)
    .where(
      inArray(
        instanceConfigurations.instanceId,
        rows.map((row) => row.id),
      ),
    );
  const groupsByCountry = new Map<string, Awaited<ReturnType<typeof regionGroups>>>();
  const answers: Instance[] = [];
  for (const row of rows) {
    const country = row.envCountryCode.toUpperCase();
    if (!groupsByCountry.has(country))
      groupsByCountry.set(country, await regionGroups(q, companyId, country));
    const configuration = groupsByCountry.get(country)!.map((group): ConfigurationItem => {
      const item = saved.find((s) => s.instanceId === row.id && s.groupId === group.id);
      return {
        appGroupId: group.id,
        appName: group.name,
        appVersion: group.version,
        isEnabled: item?.isEnabled ?? false,
        appStatusCode: item?.appStatusCode ?? 200,
        appEndpoint: item?.appEndpoint ?? "LIVE",
      };
    });
    answers.push({
      id: row.id,
      username: row.username,
      leapEnvCountryCode: row.envCountryCode,
      leapEnvType: row.envType as Instance["leapEnvType"],
      leapFirmId: row.firmId,
      leapUserId: row.userId,
      leapStaffId: row.staffId,
      firmType: row.firmType,
      configuration,
      includeOtherProviders: row.includeOtherProviders,
      applyToAllUsers: row.applyToAllUsers,
      createdAt: row.createdAt.toISOString(),
    });
  }
  return answers;
}

export type InstancesService = ReturnType<typeof createInstancesService>;

export function createInstancesService(ctx: SandboxContext) {
  const { db } = ctx;

  /** The caller's account by id (404 for another company's or an unknown one), 403 when staging without test access. */
  async function ownInstance(
    q: DbOrTx,
    caller: Caller,
    id: string,
    lock = false,
  ): Promise<InstanceRow> {
    if (!isUuid(id)) throw notFound("sandbox account");
    const select = q
      .select()
      .from(instances)
      .where(and(eq(instances.id, id.toLowerCase()), eq(instances.companyId, caller.companyId)))
      .limit(1);
    const [row] = lock ? await select.for("update") : await select;
    if (!row) throw notFound("sandbox account");
    if (isStagingType(row.envType) && !(await hasTestAccess(q, caller)))
      noTestAccess("leapEnvType");
    return row;
  }

  /** Inserts an account; a username the company has in that environment is 409 on `field`. */
  async function insert(
    caller: Caller,
    values: typeof instances.$inferInsert,
    field: string,
  ): Promise<Instance> {
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx.insert(instances).values(values).returning();
        await recordChange(tx, {
          companyId: caller.companyId,
          entityType: "instance",
          entityId: row.id,
          action: row.origin,
          toState: row.envType,
          actor: caller.userId,
          detail: {
            envCountryCode: row.envCountryCode,
            username: row.username,
            firmType: row.firmType,
          },
        });
        return (await answersOf(tx, caller.companyId, [row]))[0];
      });
    } catch (error) {
      if (isUniqueViolation(error)) refuse({ [field]: "usernameTaken" }, 409);
      throw error;
    }
  }

  /** A firm type of the environment's country (1 when left out), else 400 `invalidFirmType`. */
  async function firmTypeOf(
    countryCode: string,
    given: number | null | undefined,
  ): Promise<number> {
    const firmType = given ?? DEFAULT_FIRM_TYPE;
    if (!(await allowedFirmTypes(db, countryCode)).includes(firmType))
      refuse({ firmType: "invalidFirmType" });
    return firmType;
  }

  async function list(caller: Caller): Promise<Instance[]> {
    const rows = await db
      .select()
      .from(instances)
      .where(eq(instances.companyId, caller.companyId))
      .orderBy(desc(instances.createdAt), asc(instances.id));
    const visible = (await hasTestAccess(db, caller))
      ? rows
      : rows.filter((row) => !isStagingType(row.envType));
    return answersOf(db, caller.companyId, visible);
  }

  /** New credentials. Order of refusals: the fields (400), the environment (400), test access (403), the firm type (400), a taken username (409). */
  async function create(caller: Caller, body: NewInstanceInput): Promise<Instance> {
    refuseIfAny(validateNewInstance(body));
    const [environment] = await db
      .select()
      .from(environments)
      .where(eq(environments.id, body.leapEnvironmentsId as number))
      .limit(1);
    if (!environment) refuse({ leapEnvironmentsId: "unknownEnvironment" });
    if (isStagingType(environment.envType) && !(await hasTestAccess(db, caller)))
      noTestAccess("leapEnvironmentsId");
    const firmType = await firmTypeOf(environment.countryCode, body.firmType);
    return insert(
      caller,
      {
        companyId: caller.companyId,
        username: (body.email as string).trim().toLowerCase(),
        envCountryCode: environment.countryCode,
        envType: environment.envType,
        environmentId: environment.id,
        firmId: randomUUID(),
        userId: randomUUID(),
        staffId: randomUUID(),
        firmType,
        firstName: (body.firstName as string).trim(),
        lastName: (body.lastName as string).trim(),
        origin: "created",
      },
      "email",
    );
  }

  /**
   * An account from an import token's payload: the region a country of the provider, its
   * environment of the given type (LIVE of AUB is AU's LIVEB), test access for staging, the
   * firm type of the country. The username is `{userId}@{firmId}`, once per environment.
   */
  async function importAccount(caller: Caller, body: ImportInput): Promise<Instance> {
    refuseIfAny(validateImport(body));
    const region = (body.region as string).trim().toUpperCase();
    const [country] = await db
      .select({ code: countries.code })
      .from(countries)
      .where(eq(countries.code, region))
      .limit(1);
    if (!country) refuse({ region: "unknownRegion" });
    const envType = importEnvironmentType(region, body.environment as string);
    const envCountry = environmentCountry(region);
    const [environment] = await db
      .select()
      .from(environments)
      .where(and(eq(environments.countryCode, envCountry), eq(environments.envType, envType)))
      .limit(1);
    if (!environment) refuse({ environment: "unknownEnvironment" });
    if (isStagingType(envType) && !(await hasTestAccess(db, caller))) noTestAccess("environment");
    const firmType = await firmTypeOf(envCountry, body.firmType);
    const [firmId, staffId, userId] = [body.firmId, body.staffId, body.userId].map((id) =>
      (id as string).trim(),
    );
    return insert(
      caller,
      {
        companyId: caller.companyId,
        username: `${userId}@${firmId}`,
        envCountryCode: environment.countryCode,
        envType: environment.envType,
        environmentId: environment.id,
        firmId,
        userId,
        staffId,
        firmType,
        origin: "imported",
      },
      "userId",
    );
  }

  /** Saves the whole configuration: apps of the account's country, each once; a disabled app reset to 200 and LIVE. */
  async function configure(
    caller: Caller,
    id: string,
    body: ConfigurationInput,
  ): Promise<Instance> {
    return db.transaction(async (tx) => {
      const row = await ownInstance(tx, caller, id, true);
      const groups = await regionGroups(tx, caller.companyId, row.envCountryCode);
      refuseIfAny(
        validateConfiguration(body.configurations, new Set(groups.map((group) => group.id))),
      );
      const items = body.configurations.map((item) =>
        normalizeConfiguration({ ...item, appGroupId: item.appGroupId.trim().toLowerCase() }),
      );
      const [updated] = await tx
        .update(instances)
        .set({
          includeOtherProviders: body.includeOtherProviders,
          applyToAllUsers: body.applyToAllUsers,
        })
        .where(eq(instances.id, row.id))
        .returning();
      await tx.delete(instanceConfigurations).where(eq(instanceConfigurations.instanceId, row.id));
      if (items.length > 0) {
        await tx.insert(instanceConfigurations).values(
          items.map((item) => ({
            instanceId: row.id,
            groupId: item.appGroupId,
            isEnabled: item.isEnabled,
            appStatusCode: item.appStatusCode,
            appEndpoint: item.appEndpoint,
          })),
        );
      }
      await recordChange(tx, {
        companyId: caller.companyId,
        entityType: "instance",
        entityId: row.id,
        action: "configured",
        actor: caller.userId,
        detail: {
          includeOtherProviders: body.includeOtherProviders,
          applyToAllUsers: body.applyToAllUsers,
          enabled: items.filter((item) => item.isEnabled).map((item) => item.appGroupId),
        },
      });
      return (await answersOf(tx, caller.companyId, [updated]))[0];
    });
  }

  async function remove(caller: Caller, id: string): Promise<void> {
    await db.transaction(async (tx) => {
      const row = await ownInstance(tx, caller, id, true);
      await tx.delete(instances).where(eq(instances.id, row.id));
      await recordChange(tx, {
        companyId: caller.companyId,
        entityType: "instance",
        entityId: row.id,
        action: "deleted",
        fromState: row.envType,
        actor: caller.userId,
      });
    });
  }

  return { list, create, importAccount, configure, remove };
}
