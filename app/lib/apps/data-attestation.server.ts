/**
 * The data attestation page's server side (/apps/{appVersionId}/data;
 * docs/decisions/0053-data-attestation.md).
 *
 * - `attestationEnabled`: the country's data-attestation-enabled flag; the page and its tab
 *   exist only where it is on (elsewhere the page sends the person to /apps).
 * - `loadAttestation`: `GET app-data-attestation/{id}`; a 404 is an empty form, any other
 *   failure is shown (the page's error boundary).
 * - `saveAttestation` (the form's action, multipart): the picked diagram is read within the
 *   page's body limit and checked by its content (a PDF under 9 MB, the spec's messages);
 *   a good one is uploaded at once (`POST files?fileType=1`) so that a save failing on a text
 *   keeps it (its id and name come back in the form); then the texts are checked and
 *   `PUT app-data-attestation/{id}` saves. Success comes back to the page with
 *   `?savedData=true` and 'Saved successfully'. A failure answers the form as typed (400 for
 *   fields, the API's status with the error dialog otherwise).
 */

import { createHash } from "node:crypto";
import type { SubmissionResult } from "@conform-to/react";
import { type AppLoadContext, json, redirect } from "@remix-run/node";
import type { TFunction } from "i18next";
import type { AppVersion } from "~/api/apps/schemas";
import { isEditable } from "~/api/apps/status";
import { type ApiClient, ApiError, ProviderUnreachable } from "~/api/client.server";
import { getDataAttestation, saveDataAttestation } from "~/api/data-attestation/endpoints";
import { ATTESTATION_LIMITS, checkDiagram } from "~/api/data-attestation/rules";
import type { DataAttestation } from "~/api/data-attestation/schemas";
import { uploadDocument } from "~/api/files/endpoints";
import { PDF_CONTENT_TYPE } from "~/api/files/rules";
import { hasPdfSignature } from "~/api/submissions/rules";
import { requireUser } from "~/auth.server";
import {
  DATA_FIELDS,
  type DataField,
  DIAGRAM_FILE_FIELD,
  dataRuleMessage,
} from "~/forms/data-attestation";
import { dataAttestationSchema } from "~/forms/data-attestation.server";
import { parseForm } from "~/forms/parse.server";
import { formRules } from "~/forms/rules.server";
import i18next from "~/i18next.server";
import { BODY_LIMITS } from "~/lib/body-limits";
import type { ShownError } from "~/lib/errors";
import { countryFlags } from "~/lib/feature-flags.server";
import {
  FormTooLargeError,
  readUploadForm,
  type UploadFolder,
  withUploadFolder,
} from "~/lib/multipart.server";
import { uploadQuotaMessage } from "~/lib/retry-after";
import { markFailed } from "~/lib/title";
import { redirectWithToast } from "~/session.server";
import { answerStatus, loadFailure, loadVersion } from "./editor.server";

export const DATA_NAMESPACES = ["dataAttestation", "appEditor", "apps", "common"] as const;

/** Whether data attestation is enabled for the country (off when the flags cannot be read: the provider decides anyway). */
export async function attestationEnabled(api: ApiClient, countryCode: string): Promise<boolean> {
  return (await countryFlags(api, countryCode))["data-attestation-enabled"];
}

/** The version, where data attestation is enabled for its country; elsewhere a redirect to /apps. */
export async function loadAttestedVersion(
  request: Request,
  api: ApiClient,
  language: string,
  id: string | undefined,
): Promise<AppVersion> {
  const version = await loadVersion(request, api, id);
  if (!(await attestationEnabled(api, version.details.countryCode)))
    throw redirect(`/${language}/apps`);
  return version;
}

/** The saved attestation; null while none is (a 404: an empty form). */
export async function loadAttestation(
  request: Request,
  api: ApiClient,
  versionId: string,
): Promise<DataAttestation | null> {
  try {
    return await api.call(getDataAttestation, { params: { appVersionId: versionId } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw await loadFailure(request, error, "fetchingData");
  }
}

/** The rules of the form a browser checks, worded in the page's language (the action's schema). */
export const attestationRules = (t: TFunction, language: string) =>
  formRules(dataAttestationSchema(t, language));

/** The answer of a save that did not succeed. */
export interface DataSaveFailure {
  result: SubmissionResult<string[]> | null;
  apiError: ShownError | null;
}

const PAGE_LIMITS = {
  textBytes: 64 * 1024,
  bodyBytes: BODY_LIMITS.diagram,
  parts: 20,
  // One byte past the limit says a file is too big; nothing of any other file part is kept.
  fileBytes: (name: string) =>
    name === DIAGRAM_FILE_FIELD ? ATTESTATION_LIMITS.diagramBytes + 1 : 0,
};

interface Picked {
  fileName: string;
  size: number;
  /** Its bytes (on disk while the page runs). */
  file: Blob;
  isPdf: boolean;
}

/** The rule code of an upload the provider refused, when it names one of the diagram's rules. */
const refusedCode = (error: ApiError) => {
  const code = error.errors?.file;
  return code === "noContent" || code === "mustBePdf" || code === "tooBig" ? code : "uploadFailed";
};

export async function saveAttestation(
  request: Request,
  context: AppLoadContext,
  versionId: string | undefined,
) {
  const { api, language } = await requireUser(request, context);
  // The version (the company's, editable) is checked before a byte of the body is read.
  const version = await loadAttestedVersion(request, api, language, versionId);
  return withUploadFolder((folder) =>
    saveAttestationForm(request, context, { api, language, version }, folder),
  );
}

async function saveAttestationForm(
  request: Request,
  context: AppLoadContext,
  { api, language, version }: { api: ApiClient; language: string; version: AppVersion },
  folder: UploadFolder,
) {
  const t = await i18next.getFixedT(request, [...DATA_NAMESPACES]);
  const page = new URL(request.url).pathname;
  const fail = (data: DataSaveFailure, status: number) => {
    markFailed(context);
    return json<DataSaveFailure>(data, status);
  };
  if (!isEditable(version.statusCode, version.isArchived)) {
    return fail(
      { result: null, apiError: { detail: t("appEditor:notEditable.saveRefused") } },
      409,
    );
  }

  let picked: Picked | undefined;
  let formData: FormData;
  try {
    formData = await readUploadForm(
      request,
      PAGE_LIMITS,
      folder,
      ({ fileName, size, blob, head }) => {
        picked = {
          fileName: fileName.slice(-200) || "diagram.pdf",
          size,
          isPdf: hasPdfSignature(head),
          file: blob.slice(0, blob.size, PDF_CONTENT_TYPE),
        };
        return undefined;
      },
    );
  } catch (error) {
    if (!(error instanceof FormTooLargeError)) throw error;
    return fail({ result: null, apiError: { detail: t("dataAttestation:errors.tooLarge") } }, 413);
  }
  const intents = formData.getAll("intent");
  if (intents.length > 1 || (intents.length === 1 && intents[0] !== "save"))
    throw new Response("Unknown intent.", { status: 400 });

  // The picked diagram: checked by its content, and uploaded when it passes.
  let pickedCode: string | undefined;
  let quota: string | undefined;
  if (picked) {
    pickedCode = checkDiagram({
      fileSize: picked.size,
      contentType: picked.isPdf ? PDF_CONTENT_TYPE : "application/octet-stream",
    });
    if (!pickedCode) {
      const body = new FormData();
      body.append("file", picked.file, picked.fileName);
      try {
        const uploaded = await api.call(uploadDocument, { query: { fileType: "1" }, body });
        formData.set("dataFlowDiagramId", uploaded.id);
        formData.set("dataFlowDiagramName", uploaded.fileName);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        quota = uploadQuotaMessage(t, language, error);
        pickedCode = quota ? undefined : refusedCode(error);
      }
    }
  }

  const submission = parseForm(formData, dataAttestationSchema(t, language, { pickedCode }));
  if (quota)
    return fail(
      {
        result: submission.reply({ fieldErrors: { [DIAGRAM_FILE_FIELD]: [quota] } }),
        apiError: null,
      },
      429,
    );
  if (submission.status !== "success")
    return fail({ result: submission.reply(), apiError: null }, 400);
  try {
    await api.call(saveDataAttestation, {
      params: { appVersionId: version.id },
      body: submission.value,
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 400 && error.errors) {
      const fieldErrors: Record<string, string[]> = {};
      for (const [path, code] of Object.entries(error.errors)) {
        const field = (path === "dataFlowDiagramId" ? DIAGRAM_FILE_FIELD : path) as DataField;
        if (!DATA_FIELDS.includes(field)) continue;
        fieldErrors[field] = [dataRuleMessage(t, language, field, code)];
      }
      if (Object.keys(fieldErrors).length > 0)
        return fail({ result: submission.reply({ fieldErrors }), apiError: null }, 400);
    }
    const shown: ShownError = {
      detail: error.detail,
      traceId: error.traceId,
      fallback: error instanceof ProviderUnreachable ? "unreachable" : "savingData",
    };
    return fail({ result: submission.reply(), apiError: shown }, answerStatus(error));
  }
  return redirectWithToast(`${page}?savedData=true`, { key: "savedSuccessfully" });
}

/** What the form shows: the saved values (or an empty form), and a key that changes with them. */
export function attestationView(attestation: DataAttestation | null) {
  const defaultValue = {
    purposeOfDataUsage: attestation?.purposeOfDataUsage ?? "",
    outlineDataUsage: attestation?.outlineDataUsage ?? "",
    dataSubjects: attestation?.dataSubjects ?? "",
    frequencyOfSync: attestation?.frequencyOfSync ?? "",
    thirdPartyDisclosure: attestation?.thirdPartyDisclosure ?? "",
    dataRetention: attestation?.dataRetention ?? "",
    dataFlowDiagramId: attestation?.dataFlowDiagram?.id ?? "",
    dataFlowDiagramName: attestation?.dataFlowDiagram?.fileName ?? "",
  };
  return {
    defaultValue,
    resetKey: createHash("sha256")
      .update(JSON.stringify(defaultValue))
      .digest("base64url")
      .slice(0, 16),
  };
}
