/**
 * Reading sandbox accounts: the caller's company's accounts as the API answers them (each
 * with the configuration of its country's app groups), and the checks every operation on
 * one account makes: it is the company's (404 otherwise), and a staging one needs test access.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { formatVersion } from "~/api/apps/rules";
import { environmentCountry, isStagingType } from "~/api/instances/rules";
import type { ConfigurationItem, Instance } from "~/api/instances/schemas";
import type { DbOrTx } from "../apps/find";
import type { Caller, SandboxContext } from "../context";
import { appGroups, appVersions } from "../db/schema/apps";
import { users } from "../db/schema/companies";
import { instanceConfigurations, instances } from "../db/schema/instances";
import { notFound, refuse } from "../http/errors";
import { isUuid } from "../http/validate";
import { WORDING } from "../wording";

export type InstanceRow = typeof instances.$inferSelect;

/** A 403 with the rule code, for a staging account of a user without test access. */
export const noTestAccess = (field: string): never =>
  refuse(WORDING.instances, { [field]: "noTestAccess" }, 403);

export async function hasTestAccess(q: DbOrTx, caller: Caller): Promise<boolean> {
  const [row] = await q
    .select({ flag: users.hasAccessToTest })
    .from(users)
    .where(eq(users.id, caller.userId))
    .limit(1);
  return row?.flag ?? false;
}

/** The company's app groups (not archived) in an account's country, with their newest version, by name. */
export async function regionGroups(q: DbOrTx, companyId: string, envCountryCode: string) {
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
export async function answersOf(
  q: DbOrTx,
  companyId: string,
  rows: InstanceRow[],
): Promise<Instance[]> {
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

/** The caller's account by id (404 for another company's or an unknown one), 403 when staging without test access. */
export async function ownInstance(
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
  if (isStagingType(row.envType) && !(await hasTestAccess(q, caller))) noTestAccess("leapEnvType");
  return row;
}

export async function list({ db }: SandboxContext, caller: Caller): Promise<Instance[]> {
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
