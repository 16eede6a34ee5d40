/**
 * Reads a form (multipart when it carries files) with limits that keep every typed value even
 * when a file is too big: each file part keeps at most `fileBytes(name)` bytes (one more than
 * a file may have is enough to say it is too big; 0 drops the part), text fields at most
 * `textBytes` each, and the whole body and the number of parts are bounded. A body past a
 * bound throws FormTooLargeError, which the page answers with its form and a message.
 *
 * Forms of large bodies (documents, listing images, a diagram, a registration icon) keep their
 * files on disk, in a temporary folder removed when the page is done with it, and send them on
 * from there; no file is ever held whole in memory:
 *
 *   return withUploadFolder(async (folder) => {
 *     const formData = await readUploadForm(request, limits, folder, (file) => { ... file.blob, file.head ... });
 *     ...
 *   });
 *
 * Forms of at most a megabyte (the platform editor, settings) keep their files' bytes in memory:
 *
 *   const formData = await readBoundedForm(request, limits, (file) => new File([file.bytes], file.fileName));
 *
 * `readForm` reads every other form. All answer a body that is not a form (another content
 * type, broken multipart), or a form with a list index no page sends (`rows[100000].url`,
 * which conform would read into a list that long, seconds of the server's time), with 400
 * and the 'form could not be read' page, never a 500.
 */
import { createWriteStream, openAsBlob } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { json, type UploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import { BODY_LIMITS } from "./body-limits";
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
    for (const [, index] of name.matchAll(/\[(\d+)\]/g))
      if (index.length > 9 || Number(index) > max) return true;
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

/** A file part as read: its name, and the whole file's size (of which at most `fileBytes(name)` bytes are kept). */
export interface FilePartInfo {
  name: string;
  fileName: string;
  contentType: string;
  size: number;
}

/** A file part read in memory: its kept bytes. */
export interface ReadFile extends FilePartInfo {
  bytes: Uint8Array<ArrayBuffer>;
}

/** How many of a stored file's first bytes are kept in memory too, to tell its kind by its content. */
export const HEAD_BYTES = 64 * 1024;

/** A file part kept on disk: its kept bytes read from their temporary file when sent on, and the first of them. */
export interface StoredFile extends FilePartInfo {
  /** The kept bytes, read from disk as they are used (typed with the part's content type). */
  blob: Blob;
  /** The first kept bytes (at most HEAD_BYTES). */
  head: Uint8Array<ArrayBuffer>;
}

/** Where a part's kept bytes go as they arrive; `done` answers what was kept. */
interface Keeper<K> {
  write(chunks: AsyncIterable<Uint8Array>): Promise<void>;
  done(): Promise<K>;
}

/**
 * A form's text fields before its first file part, when the page stopped reading there
 * (`beforeFiles` answered false): the rest of the body, files included, was never read.
 */
export class StoppedBeforeFiles extends Error {
  constructor(readonly fields: FormData) {
    super("The form was refused before its files.");
  }
}

export interface ReadOptions {
  /**
   * Called at the first file part (if any) with the text fields sent before it: false stops
   * reading there (StoppedBeforeFiles), so that a post naming something unknown is refused
   * before its files are read. A browser sends fields in the form's order.
   */
  beforeFiles?: (fields: FormData) => boolean | Promise<boolean>;
}

/**
 * The form's fields; each non-empty file part with bytes to keep goes to `onFile`, whose
 * answer (a File, or nothing) is the field's value. An empty file input (no name, no
 * bytes) is not a file. The kept bytes are held in memory: for forms of at most a megabyte.
 */
export function readBoundedForm(
  request: Request,
  limits: FormLimits,
  onFile: (file: ReadFile) => File | undefined,
  options: ReadOptions = {},
): Promise<FormData> {
  return readParts(request, limits, memoryKeeper, onFile, options);
}

/**
 * As readBoundedForm, with each file part's kept bytes written to a file of `folder` as they
 * arrive (see withUploadFolder), never held whole in memory.
 */
export function readUploadForm(
  request: Request,
  limits: FormLimits,
  folder: UploadFolder,
  onFile: (file: StoredFile) => File | undefined,
  options: ReadOptions = {},
): Promise<FormData> {
  return readParts(request, limits, (contentType) => folder.keeper(contentType), onFile, options);
}

/** A temporary folder of one request's uploads. */
export interface UploadFolder {
  keeper(contentType: string): Keeper<{ blob: Blob; head: Uint8Array<ArrayBuffer> }>;
}

/**
 * Runs `use` with a temporary folder for the files of one form (made in `parent` when the
 * first file arrives), and removes the folder and its files afterwards, whether `use`
 * answered or threw.
 */
export async function withUploadFolder<T>(
  use: (folder: UploadFolder) => Promise<T>,
  parent = tmpdir(),
): Promise<T> {
  let dir: Promise<string> | undefined;
  let count = 0;
  const folder: UploadFolder = {
    keeper(contentType) {
      dir ??= mkdtemp(path.join(parent, "console-upload-"));
      const file = dir.then((d) => path.join(d, String(++count)));
      let head = new Uint8Array(0);
      return {
        async write(chunks) {
          const headChunks: Uint8Array[] = [];
          let headLength = 0;
          async function* teed() {
            for await (const chunk of chunks) {
              if (headLength < HEAD_BYTES) {
                const piece = chunk.subarray(0, HEAD_BYTES - headLength);
                headChunks.push(piece);
                headLength += piece.byteLength;
              }
              yield chunk;
            }
          }
          await pipeline(Readable.from(teed()), createWriteStream(await file));
          head = concat(headChunks, headLength);
        },
        done: async () => ({ blob: await openAsBlob(await file, { type: contentType }), head }),
      };
    },
  };
  try {
    return await use(folder);
  } finally {
    if (dir) await rm(await dir, { recursive: true, force: true });
  }
}

function memoryKeeper(): Keeper<{ bytes: Uint8Array<ArrayBuffer> }> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  return {
    async write(data) {
      for await (const chunk of data) {
        chunks.push(chunk);
        length += chunk.byteLength;
      }
    },
    done: async () => ({ bytes: concat(chunks, length) }),
  };
}

/**
 * The form's fields, each file part's kept bytes going to a keeper of `keep` as they arrive.
 * A body that is not multipart has no files: it is read whole, within the bound of a form
 * of text fields.
 */
async function readParts<K extends object>(
  request: Request,
  limits: FormLimits,
  keep: (contentType: string) => Keeper<K>,
  onFile: (file: FilePartInfo & K) => File | undefined,
  { beforeFiles }: ReadOptions,
): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  if (Number(request.headers.get("content-length") ?? "0") > limits.bodyBytes)
    throw new FormTooLargeError();
  if (!type.toLowerCase().startsWith("multipart/form-data"))
    return readTextForm(
      request,
      Math.min(limits.bodyBytes, Math.max(BODY_LIMITS.form, limits.textBytes)),
    );

  let total = 0;
  let parts = 0;
  const fields = new FormData();
  let filesBegun = false;
  const handler: UploadHandler = async ({ name, filename, contentType, data }) => {
    parts += 1;
    if (parts > limits.parts) throw new FormTooLargeError();
    const isFile = typeof filename === "string";
    if (isFile && !filesBegun) {
      filesBegun = true;
      if (beforeFiles && !(await beforeFiles(withinListBounds(fields))))
        throw new StoppedBeforeFiles(fields);
    }
    const max = isFile ? limits.fileBytes(name) : limits.textBytes;
    let size = 0;
    // Every byte counts against the body's bound; at most `max` of a part's bytes are kept.
    async function* kept() {
      let count = 0;
      for await (const chunk of data) {
        size += chunk.byteLength;
        total += chunk.byteLength;
        if (total > limits.bodyBytes) throw new FormTooLargeError();
        if (count < max) {
          const piece = chunk.subarray(0, max - count);
          count += piece.byteLength;
          yield piece;
        }
      }
    }
    if (!isFile) {
      const text = memoryKeeper();
      await text.write(kept());
      const value = new TextDecoder().decode((await text.done()).bytes);
      fields.append(name, value);
      return value;
    }
    const keeper = max === 0 ? undefined : keep(contentType);
    if (!keeper) {
      for await (const _ of kept()) void _;
      return undefined;
    }
    await keeper.write(kept());
    if (filename === "" && size === 0) return undefined;
    return onFile({ name, fileName: filename, contentType, size, ...(await keeper.done()) });
  };
  let formData: FormData;
  try {
    formData = await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    if (
      error instanceof FormTooLargeError ||
      error instanceof StoppedBeforeFiles ||
      error instanceof Response
    )
      throw error;
    throw unreadableForm();
  }
  return withinListBounds(formData);
}

/** A form without files (urlencoded, say), read whole once it is known to be within `max` bytes. */
async function readTextForm(request: Request, max: number): Promise<FormData> {
  if (Number(request.headers.get("content-length") ?? "0") > max) throw new FormTooLargeError();
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = request.body?.getReader();
  for (let next = await reader?.read(); reader && next && !next.done; next = await reader.read()) {
    length += next.value.byteLength;
    if (length > max) {
      await reader.cancel();
      throw new FormTooLargeError();
    }
    chunks.push(next.value);
  }
  return readForm(
    new Request(request.url, {
      method: request.method,
      headers: request.headers,
      body: reader ? concat(chunks, length) : null,
    }),
  );
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
