/** Changing a sandbox account: saving its configuration, deleting it. */
import { eq } from "drizzle-orm";
import { normalizeConfiguration, validateConfiguration } from "~/api/instances/rules";
import type { Instance } from "~/api/instances/schemas";
import type { Caller, SandboxContext } from "../context";
import { instanceConfigurations, instances } from "../db/schema/instances";
import { recordChange } from "../history";
import { refuseAny } from "../http/errors";
import { WORDING } from "../wording";
import { answersOf, ownInstance, regionGroups } from "./accounts";
import type { ConfigurationInput } from "./service";

/** Saves the whole configuration: apps of the account's country, each once; a disabled app reset to 200 and LIVE. */
export async function configure(
  { db }: SandboxContext,
  caller: Caller,
  id: string,
  body: ConfigurationInput,
): Promise<Instance> {
  return db.transaction(async (tx) => {
    const row = await ownInstance(tx, caller, id, true);
    const groups = await regionGroups(tx, caller.companyId, row.envCountryCode);
    refuseAny(
      WORDING.instances,
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

export async function remove({ db }: SandboxContext, caller: Caller, id: string): Promise<void> {
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
