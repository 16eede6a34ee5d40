/**
 * Wire shapes of the data attestation calls
 * (`app-data-attestation/{appVersionId}`): the Data attestation entity as the GET answers it,
 * the PUT body (the six texts and the id of an uploaded diagram, `POST files?fileType=1`) and
 * the PUT answer. The shapes only: the rules (rules.ts) decide what a value may be.
 */
import * as z from "zod";
import { storableText, stringFields } from "../common";
import { ATTESTATION_TEXT_FIELDS, type AttestationTextField } from "./rules";

/** The six texts of the form (rules.ts, where a browser can read them without zod). */
export { ATTESTATION_TEXT_FIELDS, type AttestationTextField } from "./rules";

/** Text that may be sent as null or left out (then ""); the database must be able to store it. */
const inText = z.preprocess((value) => value ?? "", storableText({ message: "must be text" }));

/** The uploaded diagram as the answer names it. */
export const dataFlowDiagram = z.object({ id: z.string(), fileName: z.string(), url: z.string() });
export type DataFlowDiagram = z.infer<typeof dataFlowDiagram>;

/** The Data attestation entity. `appId` is the app version's id. */
export const dataAttestation = z.object({
  id: z.string(),
  appId: z.string(),
  ...stringFields(ATTESTATION_TEXT_FIELDS),
  dataFlowDiagram: dataFlowDiagram.nullable(),
});
export type DataAttestation = z.infer<typeof dataAttestation>;

/** PUT app-data-attestation/{appVersionId}: the six texts and `dataFlowDiagramId` (a diagram uploaded by the company). */
export const dataAttestationRequest = z.object({
  ...(Object.fromEntries(ATTESTATION_TEXT_FIELDS.map((field) => [field, inText])) as Record<
    AttestationTextField,
    typeof inText
  >),
  dataFlowDiagramId: inText,
});
export type DataAttestationRequest = z.input<typeof dataAttestationRequest>;

/** The answer of a save: the attestation's id and the app version's. */
export const dataAttestationSaved = z.object({ id: z.string(), appId: z.string() });
