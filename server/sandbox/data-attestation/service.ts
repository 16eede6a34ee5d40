/**
 * Data attestations: one per app version, where data attestation is enabled for the version's country. GET
 * answers 404 while none was saved (the console shows an empty form); PUT creates or replaces
 * it while the version is editable, with the six texts (each required, at most 2,000
 * characters) and a data flow diagram uploaded by the caller's company (`POST
 * files?fileType=1`, a PDF under 9 MB). The rules are the contract's
 * (app/api/data-attestation/rules.ts); the version is looked up within the caller's company
 * (404 otherwise); every save is recorded in the state history.
 *
 * Order of refusals: the version (404), the country's flag (409 dataAttestationNotEnabled),
 * the version's status (409 versionNotEditable), the fields (400), the diagram (400
 * diagramNotFound).
 */
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { isEditable, statusName } from "~/api/apps/status";
import { validateAttestation } from "~/api/data-attestation/rules";
import {
  ATTESTATION_TEXT_FIELDS,
  type DataAttestation,
  type dataAttestationRequest,
} from "~/api/data-attestation/schemas";
import { findVersion } from "../apps/find";
import type { Caller, SandboxContext } from "../context";
import type { Tx } from "../db";
import { dataAttestations } from "../db/schema/apps";
import { files } from "../db/schema/files";
import { countryFlagOn } from "../feature-flags";
import { downloadUrl } from "../files/service";
import { recordChange } from "../history";
import { notFound, refuse, refuseAny } from "../http/errors";
import { isUuid } from "../http/validate";
import { WORDING } from "../wording";

export type AttestationInput = z.output<typeof dataAttestationRequest>;
type AttestationRow = typeof dataAttestations.$inferSelect;

export type DataAttestationService = ReturnType<typeof createDataAttestationService>;

export function createDataAttestationService(ctx: SandboxContext) {
  return {
    get: (caller: Caller, versionId: string) => getAttestation(ctx, caller, versionId),
    save: (caller: Caller, versionId: string, body: AttestationInput) =>
      saveAttestation(ctx, caller, versionId, body),
  };
}

/** The caller's version where data attestation is on: 404 for another company's or an unknown one, 409 where the flag is off. */
async function attestedVersion(
  tx: Tx,
  caller: Caller,
  versionId: string | undefined,
  lock = false,
) {
  const found = await findVersion(tx, caller.companyId, versionId, lock);
  if (!found) throw notFound("app version");
  if (!(await countryFlagOn(tx, found.version.countryCode, "data-attestation-enabled")))
    refuse(WORDING.attestation, { appVersionId: "dataAttestationNotEnabled" }, 409);
  return found;
}

async function answerOf(
  ctx: SandboxContext,
  tx: Tx,
  row: AttestationRow,
): Promise<DataAttestation> {
  const [diagram] = row.dataFlowDiagramFileId
    ? await tx
        .select({ id: files.id, fileName: files.fileName })
        .from(files)
        .where(eq(files.id, row.dataFlowDiagramFileId))
        .limit(1)
    : [];
  return {
    id: row.id,
    appId: row.appVersionId,
    purposeOfDataUsage: row.purposeOfDataUsage,
    outlineDataUsage: row.outlineDataUsage,
    dataSubjects: row.dataSubjects,
    frequencyOfSync: row.frequencyOfSync,
    thirdPartyDisclosure: row.thirdPartyDisclosure,
    dataRetention: row.dataRetention,
    dataFlowDiagram: diagram
      ? { id: diagram.id, fileName: diagram.fileName, url: downloadUrl(ctx, diagram.id) }
      : null,
  };
}

/** The version's attestation: 404 while none was saved. */
export async function getAttestation(
  ctx: SandboxContext,
  caller: Caller,
  versionId: string,
): Promise<DataAttestation> {
  return ctx.db.transaction(async (tx) => {
    const { version } = await attestedVersion(tx, caller, versionId);
    const [row] = await tx
      .select()
      .from(dataAttestations)
      .where(eq(dataAttestations.appVersionId, version.id))
      .limit(1);
    if (!row) throw notFound("data attestation");
    return answerOf(ctx, tx, row);
  });
}

/** The diagram named, when it is a diagram uploaded by the company. */
async function diagramOf(tx: Tx, companyId: string, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await tx
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        eq(files.id, id.toLowerCase()),
        eq(files.companyId, companyId),
        eq(files.kind, "diagram"),
      ),
    )
    .limit(1);
  return row;
}

/** The attestation's values, once every refusal has passed: the texts trimmed, the diagram's file. */
async function checkedValues(tx: Tx, caller: Caller, body: AttestationInput) {
  const errors = validateAttestation(body);
  refuseAny(WORDING.attestation, errors);
  const diagram = await diagramOf(tx, caller.companyId, body.dataFlowDiagramId.trim());
  if (!diagram) refuse(WORDING.attestation, { dataFlowDiagramId: "diagramNotFound" });
  return {
    ...(Object.fromEntries(
      ATTESTATION_TEXT_FIELDS.map((field) => [field, body[field].trim()]),
    ) as Record<(typeof ATTESTATION_TEXT_FIELDS)[number], string>),
    dataFlowDiagramFileId: diagram.id,
  };
}

/** Creates or replaces the version's attestation. */
export async function saveAttestation(
  { db }: SandboxContext,
  caller: Caller,
  versionId: string,
  body: AttestationInput,
): Promise<{ id: string; appId: string }> {
  return db.transaction(async (tx) => {
    const { version, group } = await attestedVersion(tx, caller, versionId, true);
    if (!isEditable(version.statusCode, group.isArchived)) {
      refuse(
        WORDING.attestation,
        { appVersionId: "versionNotEditable" },
        409,
        group.isArchived
          ? " The app is archived."
          : ` Its status is ${statusName(version.statusCode)}.`,
      );
    }
    const values = await checkedValues(tx, caller, body);
    const [before] = await tx
      .select()
      .from(dataAttestations)
      .where(eq(dataAttestations.appVersionId, version.id))
      .for("update");
    const [row] = before
      ? await tx
          .update(dataAttestations)
          .set({ ...values, modifiedAt: new Date() })
          .where(eq(dataAttestations.id, before.id))
          .returning()
      : await tx
          .insert(dataAttestations)
          .values({ appVersionId: version.id, ...values })
          .returning();
    await recordChange(tx, {
      companyId: caller.companyId,
      entityType: "data-attestation",
      entityId: row.id,
      action: before ? "updated" : "created",
      actor: caller.userId,
      detail: { appVersionId: version.id, dataFlowDiagramId: values.dataFlowDiagramFileId },
    });
    return { id: row.id, appId: version.id };
  });
}
