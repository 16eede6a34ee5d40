/** Whether a feature flag of a country is on (a flag not set is off). */
import { and, eq } from "drizzle-orm";
import type { FeatureFlag } from "~/api/resources/schemas";
import type { DbOrTx } from "./apps/find";
import { featureFlags } from "./db/schema/lookups";

export async function countryFlagOn(
  q: DbOrTx,
  countryCode: string,
  flag: FeatureFlag,
): Promise<boolean> {
  const [row] = await q
    .select({ enabled: featureFlags.enabled })
    .from(featureFlags)
    .where(and(eq(featureFlags.countryCode, countryCode), eq(featureFlags.flag, flag)))
    .limit(1);
  return row?.enabled ?? false;
}
