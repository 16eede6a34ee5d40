/**
 * Uploads (docs/decisions/0016-uploads.md):
 *
 * - `POST files?fileType=0|1`: a document (0) or a data-flow diagram (1), PDF only.
 * - `POST images?purpose=` and `POST images/entities/{id}?purpose=`: an image, checked for
 *   its purpose (icon, banner, screenshot, company-icon, function-icon, or none).
 *   `{id}` must name the caller's company or one of its regional entities, app groups or
 *   app versions; any other id answers 404, as if it did not exist.
 * - `GET files/{id}/download`: the bytes, to the owner company only (404 for anyone else).
 * - `GET images/{id}`: images are public under their unguessable id, with no token, served
 *   with a sandboxing CSP so that even an SVG opened directly cannot run anything.
 *
 * Each upload is one multipart field `file`; the answer is `{ id, url, fileName, fileSize }`
 * (201). The type comes from the content (rules.ts), never from the name or the declared
 * type. Metadata lives in the `files` table, bytes in `ctx.files` under a server-made key.
 * A company's uploads not yet attached to anything have a quota (files/quota.ts): past it,
 * 429 with Retry-After, checked before the body is read and again as the file is kept.
 */
import { and, eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import type * as z from "zod";
import {
  downloadFile,
  getImage,
  uploadDocument,
  uploadEntityImage,
  uploadImage as uploadImageCall,
} from "~/api/files/endpoints";
import { FILE_TYPE_KINDS } from "~/api/files/rules";
import type { AppEnv, SandboxContext } from "../context";
import { appGroups, appVersions } from "../db/schema/apps";
import { companyEntities } from "../db/schema/companies";
import { files } from "../db/schema/files";
import { admitUpload, withinUploadQuota } from "../files/quota";
import { attachmentDisposition, type CheckResult, checkDocument, checkImage } from "../files/rules";
import { type Checked, storeFile } from "../files/service";
import type { Auth } from "../http/auth";
import { ifNoneMatchNames } from "../http/caching";
import { ApiError, badRequest, notFound } from "../http/errors";
import { limitBody } from "../http/limits";
import { guard, route } from "../http/route";
import { isUuid } from "../http/validate";

/** Largest request body of an upload: a 9 MB document plus multipart overhead, rounded up. */
export const maxUploadBodyBytes = 10 * 1024 * 1024;

/** The sandbox an image is served in: no scripts, no loads, inline styles only. */
export const imageContentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

interface Upload {
  bytes: Uint8Array;
  fileName: string;
}

/** The `file` field of a multipart body; a missing field or another body is a 400 naming `file`. */
async function readUpload(c: Context<AppEnv>): Promise<Upload> {
  const contentType = c.req.header("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw badRequest(
      "file: send a multipart/form-data body with the file in a field named 'file'.",
      "file",
      "required",
    );
  }
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw badRequest(
      "file: the multipart/form-data body could not be read.",
      "file",
      "invalidFormat",
    );
  }
  const value = form.get("file");
  if (value === null || typeof value === "string") {
    throw badRequest("file: a file is required in the multipart field 'file'.", "file", "required");
  }
  return { bytes: new Uint8Array(await value.arrayBuffer()), fileName: value.name };
}

/** Refuses a request body over `maxUploadBodyBytes` with 413, before (or while) reading it. */
const uploadLimit = limitBody(
  maxUploadBodyBytes,
  `The upload is too large: a request body may have at most ${maxUploadBodyBytes / (1024 * 1024)} MB.`,
  "file",
);

/** A company at its quota is refused before its body is read. */
const quotaFirst = (ctx: SandboxContext, c: Context<AppEnv>) =>
  admitUpload(ctx, ctx.db, c.get("caller").companyId, 0);

/** Keeps the bytes and the row; answers 201 `{ id, url, fileName, fileSize }`. */
async function save(
  ctx: SandboxContext,
  c: Context<AppEnv>,
  upload: Upload,
  checked: Checked,
  meta: { kind: "document" | "diagram" | "image"; entityId?: string },
) {
  const caller = c.get("caller");
  const stored = await withinUploadQuota(ctx, caller.companyId, upload.bytes.byteLength, (tx) =>
    storeFile(ctx, {
      companyId: caller.companyId,
      uploadedById: caller.userId,
      bytes: upload.bytes,
      fileName: upload.fileName,
      checked,
      kind: meta.kind,
      entityId: meta.entityId,
      tx,
    }),
  );
  c.get("log").info(
    { fileId: stored.id, kind: meta.kind, fileSize: stored.fileSize },
    "file uploaded",
  );
  c.header("Location", stored.url);
  return c.json(stored, 201);
}

function refuse(result: CheckResult): asserts result is Checked {
  if (!result.ok) throw badRequest(result.message, "file", result.code);
}

/** True when `id` is the caller's company or one of its entities, app groups or versions. */
async function ownsEntity({ db }: SandboxContext, companyId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  if (id === companyId) return true;
  const found = await Promise.all([
    db
      .select({ id: companyEntities.id })
      .from(companyEntities)
      .where(and(eq(companyEntities.id, id), eq(companyEntities.companyId, companyId)))
      .limit(1),
    db
      .select({ id: appGroups.id })
      .from(appGroups)
      .where(and(eq(appGroups.id, id), eq(appGroups.companyId, companyId)))
      .limit(1),
    db
      .select({ id: appVersions.id })
      .from(appVersions)
      .where(and(eq(appVersions.id, id), eq(appVersions.companyId, companyId)))
      .limit(1),
  ]);
  return found.some((rows) => rows.length > 0);
}

async function uploadImage(
  ctx: SandboxContext,
  c: Context<AppEnv>,
  { purpose, listItem }: z.output<typeof uploadImageCall.query>,
  entityId?: string,
) {
  await quotaFirst(ctx, c);
  const upload = await readUpload(c);
  const checked = await checkImage(upload.bytes, { purpose, listItem });
  refuse(checked);
  return save(ctx, c, upload, checked, { kind: "image", entityId });
}

/** A stored file's bytes; bytes lost from the store answer 404 as an unknown id does. */
async function storedBytes(
  ctx: SandboxContext,
  c: Context<AppEnv>,
  file: { id: string; storageKey: string },
  what: string,
) {
  const bytes = await ctx.files.get(file.storageKey);
  if (!bytes) {
    c.get("log").error(
      { fileId: file.id, storageKey: file.storageKey },
      "file bytes missing from the store",
    );
    throw notFound(what);
  }
  return asBody(bytes);
}

/** A file's bytes, to its own company only. */
async function download(ctx: SandboxContext, c: Context<AppEnv>, id: string) {
  if (!isUuid(id)) throw notFound("file");
  const [row] = await ctx.db
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.companyId, c.get("caller").companyId)))
    .limit(1);
  if (!row) throw notFound("file");
  return c.body(await storedBytes(ctx, c, { id, storageKey: row.storageKey }, "file"), 200, {
    "Content-Type": row.contentType,
    "Content-Disposition": attachmentDisposition(row.fileName),
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
  });
}

/** Public: an image id is an unguessable UUID; documents are never served here. */
async function serveImage(ctx: SandboxContext, c: Context<AppEnv>, id: string) {
  if (!isUuid(id)) throw notFound("image");
  const [row] = await ctx.db
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.kind, "image"), eq(files.isPublic, true)))
    .limit(1);
  if (!row) throw notFound("image");
  const headers = {
    "Content-Security-Policy": imageContentSecurityPolicy,
    "X-Content-Type-Options": "nosniff",
    // An id always names the same bytes.
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: `"${row.id}"`,
    "Cross-Origin-Resource-Policy": "cross-origin",
  };
  if (ifNoneMatchNames(c.req.header("if-none-match"), headers.ETag)) {
    return c.body(null, 304, headers);
  }
  const bytes = await storedBytes(ctx, c, { id, storageKey: row.storageKey }, "image");
  return c.body(bytes, 200, { ...headers, "Content-Type": row.contentType });
}

export function fileRoutes(ctx: SandboxContext, auth: Auth): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  route(app, uploadDocument, auth.required, uploadLimit, async (c, { query }) => {
    await quotaFirst(ctx, c);
    const upload = await readUpload(c);
    const kind = FILE_TYPE_KINDS[query.fileType];
    const checked = await checkDocument(upload.bytes, kind);
    refuse(checked);
    return save(ctx, c, upload, checked, { kind });
  });

  route(app, uploadImageCall, auth.required, uploadLimit, (c, { query }) =>
    uploadImage(ctx, c, query),
  );

  route(
    app,
    uploadEntityImage,
    auth.required,
    // Checked before the body is read: another company's id is not worth reading 10 MB for.
    guard(uploadEntityImage, async (c, { id }) => {
      if (!(await ownsEntity(ctx, c.get("caller").companyId, id))) throw notFound("entity");
    }),
    uploadLimit,
    (c, { params, query }) => uploadImage(ctx, c, query, params.id),
  );

  route(app, downloadFile, auth.required, (c, { params }) => download(ctx, c, params.id));
  route(app, getImage, (c, { params }) => serveImage(ctx, c, params.id));

  return app;
}

/** The store hands back plain ArrayBuffer-backed bytes; hono's body type wants that said. */
function asBody(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer
    ? (bytes as Uint8Array<ArrayBuffer>)
    : new Uint8Array(bytes);
}
