/**
 * New sandbox accounts: new credentials (generated firm, user and staff ids) or an import
 * token's payload. The order of refusals: the fields (400), the environment (400), test
 * access (403), the firm type (400), a username the company has in that environment (409).
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import {
  DEFAULT_FIRM_TYPE,
  environmentCountry,
  importEnvironmentType,
  isStagingType,
  validateImport,
  validateNewInstance,
} from "~/api/instances/rules";
import type { Instance } from "~/api/instances/schemas";
import { isUniqueViolation } from "../apps/checks";
import type { DbOrTx } from "../apps/find";
import type { Caller, SandboxContext } from "../context";
import type { Database } from "../db";
import { instances } from "../db/schema/instances";
import { countries, environments, productVariants } from "../db/schema/lookups";
import { countryFlagOn } from "../feature-flags";
import { recordChange } from "../history";
import { refuse, refuseAny } from "../http/errors";
import { WORDING } from "../wording";
import { answersOf, hasTestAccess, noTestAccess } from "./accounts";
import type { ImportInput, NewInstanceInput } from "./service";

/** The firm types an account of the environment country may have: its product variants where the feature is on, else only 1. */
async function allowedFirmTypes(q: DbOrTx, countryCode: string): Promise<number[]> {
  if (!(await countryFlagOn(q, countryCode, "product-variant-enabled"))) return [DEFAULT_FIRM_TYPE];
  const rows = await q
    .select({ firmType: productVariants.firmType })
    .from(productVariants)
    .where(eq(productVariants.countryCode, countryCode));
  return rows.length > 0 ? rows.map((row) => row.firmType) : [DEFAULT_FIRM_TYPE];
}

/** Inserts an account; a username the company has in that environment is 409 on `field`. */
async function insert(
  db: Database,
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
    if (isUniqueViolation(error)) refuse(WORDING.instances, { [field]: "usernameTaken" }, 409);
    throw error;
  }
}

/** A firm type of the environment's country (1 when left out), else 400 `invalidFirmType`. */
async function firmTypeOf(
  db: Database,
  countryCode: string,
  given: number | null | undefined,
): Promise<number> {
  const firmType = given ?? DEFAULT_FIRM_TYPE;
  if (!(await allowedFirmTypes(db, countryCode)).includes(firmType))
    refuse(WORDING.instances, { firmType: "invalidFirmType" });
  return firmType;
}

/** New credentials. Order of refusals: the fields (400), the environment (400), test access (403), the firm type (400), a taken username (409). */
export async function create(
  { db }: SandboxContext,
  caller: Caller,
  body: NewInstanceInput,
): Promise<Instance> {
  refuseAny(WORDING.instances, validateNewInstance(body));
  const [environment] = await db
    .select()
    .from(environments)
    .where(eq(environments.id, body.leapEnvironmentsId as number))
    .limit(1);
  if (!environment) refuse(WORDING.instances, { leapEnvironmentsId: "unknownEnvironment" });
  if (isStagingType(environment.envType) && !(await hasTestAccess(db, caller)))
    noTestAccess("leapEnvironmentsId");
  const firmType = await firmTypeOf(db, environment.countryCode, body.firmType);
  return insert(
    db,
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
export async function importAccount(
  { db }: SandboxContext,
  caller: Caller,
  body: ImportInput,
): Promise<Instance> {
  refuseAny(WORDING.instances, validateImport(body));
  const region = (body.region as string).trim().toUpperCase();
  const [country] = await db
    .select({ code: countries.code })
    .from(countries)
    .where(eq(countries.code, region))
    .limit(1);
  if (!country) refuse(WORDING.instances, { region: "unknownRegion" });
  const envType = importEnvironmentType(region, body.environment as string);
  const envCountry = environmentCountry(region);
  const [environment] = await db
    .select()
    .from(environments)
    .where(and(eq(environments.countryCode, envCountry), eq(environments.envType, envType)))
    .limit(1);
  if (!environment) refuse(WORDING.instances, { environment: "unknownEnvironment" });
  if (isStagingType(envType) && !(await hasTestAccess(db, caller))) noTestAccess("environment");
  const firmType = await firmTypeOf(db, envCountry, body.firmType);
  const [firmId, staffId, userId] = [body.firmId, body.staffId, body.userId].map((id) =>
    (id as string).trim(),
  );
  return insert(
    db,
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
