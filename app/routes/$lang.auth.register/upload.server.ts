/**
 * Reads the registration form (multipart, because of the company icon) in memory, with
 * limits that keep every typed value even when the icon is too big:
 * - the icon keeps at most 400 KB + 1 byte: one byte more than allowed is enough for the
 *   'at most 400 KB' message, and the rest of the form is still read;
 * - text fields keep at most 64 KB each (the longest, about, is 10,000 characters);
 * - other files are read and dropped; the whole body may not pass 10 MB.
 * The console never stores the icon: it is forwarded to the provider in the registration.
 */
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { COMPANY_ICON_MAX_BYTES } from "./company-icon";

export const ICON_FIELD = "companyIcon";
const TEXT_MAX_BYTES = 64 * 1024;
const BODY_MAX_BYTES = 10 * 1024 * 1024;
const MAX_PARTS = 64;

export class FormTooLargeError extends Error {
  constructor() {
    super("The registration form is too large.");
  }
}

export async function readRegistrationForm(request: Request): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > BODY_MAX_BYTES) throw new FormTooLargeError();
  if (!type.startsWith("multipart/form-data")) return request.formData();

  let total = 0;
  let parts = 0;
  const handler: UploadHandler = async ({ name, filename, contentType, data }) => {
    parts += 1;
    if (parts > MAX_PARTS) throw new FormTooLargeError();
    const isFile = typeof filename === "string";
    const keep = isFile ? (name === ICON_FIELD ? COMPANY_ICON_MAX_BYTES + 1 : 0) : TEXT_MAX_BYTES;
    const chunks: Uint8Array[] = [];
    let kept = 0;
    for await (const chunk of data) {
      total += chunk.byteLength;
      if (total > BODY_MAX_BYTES) throw new FormTooLargeError();
      if (kept < keep) {
        const piece = chunk.subarray(0, keep - kept);
        chunks.push(piece);
        kept += piece.byteLength;
      }
    }
    if (!isFile) return new TextDecoder().decode(concat(chunks, kept));
    // An empty file input sends a part without a name or bytes: no icon.
    if (name !== ICON_FIELD || (filename === "" && kept === 0)) return undefined;
    return new File([concat(chunks, kept)], filename, { type: contentType });
  };
  return unstable_parseMultipartFormData(request, handler);
}

function concat(chunks: Uint8Array[], length: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
