/**
 * The supporting documents of a pre-approval, as the form posts them (multipart, field
 * `files`, several): read within the body limit of the page, checked by the contract's
 * document rules (a PDF by its first bytes, not empty, at most 9 MB each, 80 MB together, at
 * most 10) with the spec's messages, then uploaded one by one (`POST files?fileType=0`).
 */
import type { TFunction } from "i18next";
import { type ApiClient, ApiError } from "~/api/client.server";
import { uploadDocument } from "~/api/files/endpoints";
import { PDF_CONTENT_TYPE } from "~/api/files/rules";
import { checkDocuments, hasPdfSignature, SUBMISSION_LIMITS } from "~/api/submissions/rules";
import { FILES_FIELD } from "~/forms/review";
import { BODY_LIMITS } from "~/lib/body-limits";
import { type ReadOptions, readUploadForm, type UploadFolder } from "~/lib/multipart.server";
import { uploadQuotaMessage } from "~/lib/retry-after";

export interface PickedDocument {
  fileName: string;
  size: number;
  isPdf: boolean;
  /** Its bytes (on disk while the page runs). */
  file: Blob;
}

/**
 * The form, its text fields and the documents picked, each kept in `folder` up to one byte
 * past the limit (enough to say a file is too big). `beforeFiles` may refuse the form by the
 * fields before its documents, which are then never read.
 */
export async function readApprovalForm(
  request: Request,
  folder: UploadFolder,
  options: ReadOptions = {},
): Promise<{ formData: FormData; documents: PickedDocument[] }> {
  const documents: PickedDocument[] = [];
  const formData = await readUploadForm(
    request,
    {
      textBytes: 64 * 1024,
      bodyBytes: BODY_LIMITS.documents,
      parts: 40,
      fileBytes: (name) => (name === FILES_FIELD ? SUBMISSION_LIMITS.documentBytes + 1 : 0),
    },
    folder,
    ({ fileName, size, blob, head }) => {
      documents.push({
        fileName: fileName || "document.pdf",
        size,
        isPdf: hasPdfSignature(head),
        file: blob.slice(0, blob.size, PDF_CONTENT_TYPE),
      });
      return undefined;
    },
    options,
  );
  return { formData, documents };
}

const mb = (bytes: number, language: string) =>
  `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))} MB`;

/** The messages of the document rules the picked files break (empty when they pass). */
export function documentMessages(
  t: TFunction,
  language: string,
  documents: readonly PickedDocument[],
): string[] {
  const errors = checkDocuments(
    documents.map((d) => ({
      fileSize: d.size,
      contentType: d.isPdf ? PDF_CONTENT_TYPE : "application/octet-stream",
    })),
  );
  const messages: string[] = [];
  const empty: string[] = [];
  documents.forEach((document, index) => {
    const code = errors[`documents.${index}`];
    if (code === "noContent") empty.push(document.fileName);
    else if (code === "mustBePdf")
      messages.push(`${document.fileName}: ${t("review:documents.errors.mustBePdf")}`);
    else if (code === "tooBig")
      messages.push(t("review:documents.errors.tooBig", { name: document.fileName }));
  });
  if (empty.length)
    messages.unshift(
      t("review:documents.errors.noContent", { count: empty.length, names: empty.join(", ") }),
    );
  if (errors.documents === "tooManyFiles")
    messages.push(t("review:documents.errors.tooMany", { count: SUBMISSION_LIMITS.documentsMax }));
  if (errors.documents === "totalTooBig")
    messages.push(
      t("review:documents.errors.totalTooBig", {
        size: mb(
          documents.reduce((sum, d) => sum + d.size, 0),
          language,
        ),
      }),
    );
  return messages;
}

/** The message of a document rule code the provider names (its upload or the pre-approval's refusal). */
export function documentCodeMessage(t: TFunction, code: string, name: string): string | undefined {
  switch (code) {
    case "noContent":
      return t("review:documents.errors.noContent", { count: 1, names: name });
    case "mustBePdf":
      return `${name}: ${t("review:documents.errors.mustBePdf")}`;
    case "tooBig":
      return t("review:documents.errors.tooBig", { name });
    case "tooManyFiles":
      return t("review:documents.errors.tooMany", { count: SUBMISSION_LIMITS.documentsMax });
    default:
      return undefined;
  }
}

/** Uploads the documents; answers their ids, or the messages of those the provider refused. */
export async function uploadDocuments(
  api: ApiClient,
  t: TFunction,
  language: string,
  documents: readonly PickedDocument[],
): Promise<{ ids: string[]; messages: string[] }> {
  const ids: string[] = [];
  const messages: string[] = [];
  for (const document of documents) {
    const body = new FormData();
    body.append("file", document.file, document.fileName);
    try {
      ids.push((await api.call(uploadDocument, { query: { fileType: "0" }, body })).id);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const quota = uploadQuotaMessage(t, language, error);
      if (quota) {
        messages.push(quota);
        break;
      }
      const code = Object.values(error.errors ?? {})[0];
      messages.push(
        (code && documentCodeMessage(t, code, document.fileName)) ||
          t("review:documents.errors.uploadFailed", { name: document.fileName }),
      );
    }
  }
  return { ids, messages };
}
