/**
 * The data attestation calls. Both answer only where data attestation is
 * enabled for the app's country (409 `dataAttestationNotEnabled` elsewhere); another company's
 * version is not found (404). The diagram is uploaded first with `POST files?fileType=1`
 * (app/api/files/endpoints.ts `uploadDocument`). docs/decisions/0053-data-attestation.md.
 */
import { endpoint } from "../endpoint";
import { dataAttestation, dataAttestationRequest, dataAttestationSaved } from "./schemas";

/** The version's attestation; 404 while none was saved (the console shows an empty form). */
export const getDataAttestation = endpoint({
  method: "GET",
  path: "app-data-attestation/:appVersionId",
  uuidParams: ["appVersionId"],
  refusals: { 404: true, 409: ["dataAttestationNotEnabled"] },
  answer: dataAttestation,
});

/** Saves the version's attestation (created or replaced) while the version is editable: `{ id, appId }`. */
export const saveDataAttestation = endpoint({
  method: "PUT",
  path: "app-data-attestation/:appVersionId",
  uuidParams: ["appVersionId"],
  body: dataAttestationRequest,
  refusals: {
    400: ["diagramNotFound", "mustBePdf", "noContent", "tooBig"],
    404: true,
    409: ["dataAttestationNotEnabled", "versionNotEditable"],
  },
  answer: dataAttestationSaved,
});
