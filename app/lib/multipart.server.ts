/**
 * Reads a form (multipart when it carries files) in memory with limits that keep every typed
 * value even when a file is too big: each file part keeps at most `fileBytes(name)` bytes
 * (one more than a file may have is enough to say it is too big; 0 drops the part), text
 * fields at most `textBytes` each, and the whole body and the number of parts are bounded.
 * A body past a bound throws FormTooLargeError, which the page answers with its form and a
 * message.
 *
 *   const formData = await readBoundedForm(request, limits, (file) => new File([file.bytes], file.fileName));
 *
 * `readForm` reads every other form. Both answer a body that is not a form (another content
 * type, broken multipart), or a form with a list index no page sends (`rows[100000].url`,
 * which conform would read into a list that long, seconds of the server's time), with 400
 * and the 'form could not be read' page, never a 500.
 */
import { json, unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import type { UnreadableForm } from "./errors";

export class FormTooLargeError extends Error {
  constructor() {
    super("The form is too large.");
  }
}

const unreadableForm = () => json<UnreadableForm>({ formError: "unreadable" }, 400);

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** The highest list index a form's field name may hold: no page has a list of more than a thousand rows. */
export const MAX_LIST_INDEX = 999;

/** The form, unless a field name holds a list index past MAX_LIST_INDEX (then the 400 answer). */
function withinListBounds(formData: FormData): FormData {
  if (hasListIndexOver(formData, MAX_LIST_INDEX)) throw unreadableForm();
  return formData;
}

/** The fields of a posted form; a body that is not a form throws the 400 answer. */
export async function readForm(request: Request): Promise<FormData> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (!FORM_TYPES.some((form) => type.startsWith(form))) throw unreadableForm();
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw unreadableForm();
  }
  return withinListBounds(formData);
}

/**
 * Whether a field name of the form holds a list index above `max` (`rows[100000].url`): a
 * form's list is read into an array as long as its highest index, so such a name alone
 * would make reading the form take seconds. No page sends one.
 */
export function hasListIndexOver(formData: FormData, max: number): boolean {
  for (const name of formData.keys()) {
    for (const [, index] of name.matchAll(/\[(\d+)\]/g)) if (index.length > 9 || Number(index) > max) return true;
  }
  return false;
}

export interface FormLimits {
  textBytes: number;
  bodyBytes: number;
  parts: number;
  /** How many bytes of a file part named `name` to keep (0: none, the part is dropped). */
  fileBytes: (name: string) => number;
}

/** A file part as read: at most its kept bytes, and the whole file's size. */
export interface ReadFile {
  name: string;
  fileName: string;
  contentType: string;
  size: number;
  bytes: Uint8Array<ArrayBuffer>;
}

/**
 * The form's fields; each non-empty file part with bytes to keep goes to `onFile`, whose
 * answer (a File, or nothing) is the field's value. An empty file input (no name, no
 * bytes) is not a file.
 */
export async function readBoundedForm(request: Request, limits: FormLimits, onFile: (file: ReadFile) => File | undefined): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  if (Number(request.headers.get("content-length") ?? "0") > limits.bodyBytes) throw new FormTooLargeError();
  if (!type.toLowerCase().startsWith("multipart/form-data")) return readForm(request);

  let total = 0;
  let parts = 0;
  const handler: UploadHandler = async ({ name, filename, contentType, data }) => {
    parts += 1;
    if (parts > limits.parts) throw new FormTooLargeError();
    const isFile = typeof filename === "string";
    const keep = isFile ? limits.fileBytes(name) : limits.textBytes;
    const chunks: Uint8Array[] = [];
    let kept = 0;
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      total += chunk.byteLength;
      if (total > limits.bodyBytes) throw new FormTooLargeError();
      if (kept < keep) {
        const piece = chunk.subarray(0, keep - kept);
        chunks.push(piece);
        kept += piece.byteLength;
      }
    }
    const bytes = concat(chunks, kept);
    if (!isFile) return new TextDecoder().decode(bytes);
    if (keep === 0 || (filename === "" && size === 0)) return undefined;
    return onFile({ name, fileName: filename, contentType, size, bytes });
  };
  let formData: FormData;
  try {
    formData = await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    if (error instanceof FormTooLargeError) throw error;
    throw unreadableForm();
  }
  return withinListBounds(formData);
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
