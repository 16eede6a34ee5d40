/** Keeping an uploaded file: bytes in the file store, metadata in the `files` table. */
import { randomUUID } from "node:crypto";
import type { SandboxContext } from "../context";
import type { Tx } from "../db";
import { files } from "../db/schema/files";
import { type CheckResult, sanitizeFileName } from "./rules";

export type Checked = Extract<CheckResult, { ok: true }>;

export interface StoredFile {
  id: string;
  url: string;
  fileName: string;
  fileSize: number;
}

export const imageUrl = (ctx: SandboxContext, id: string) => `${ctx.config.url}/api/images/${id}`;
export const downloadUrl = (ctx: SandboxContext, id: string) =>
  `${ctx.config.url}/api/files/${id}/download`;

/**
 * Stores checked bytes for a company. Inside a transaction (`tx`), the row is part of it;
 * when the row cannot be written, the bytes are removed again.
 */
export async function storeFile(
  ctx: SandboxContext,
  input: {
    companyId: string;
    uploadedById: string | null;
    bytes: Uint8Array;
    fileName: string;
    checked: Checked;
    kind: "document" | "diagram" | "image";
    entityId?: string;
    tx?: Tx;
  },
): Promise<StoredFile> {
  const id = randomUUID();
  const storageKey = `${id.slice(0, 2)}/${id}`;
  const fileName = sanitizeFileName(input.fileName, `${input.kind}.${input.checked.extension}`);
  const isImage = input.kind === "image";
  await ctx.files.put(storageKey, input.bytes);
  try {
    await (input.tx ?? ctx.db).insert(files).values({
      id,
      companyId: input.companyId,
      uploadedById: input.uploadedById,
      kind: input.kind,
      entityId: input.entityId ?? null,
      fileName,
      contentType: input.checked.contentType,
      fileSize: input.bytes.byteLength,
      width: isImage ? (input.checked.width ?? null) : null,
      height: isImage ? (input.checked.height ?? null) : null,
      storageKey,
      isPublic: isImage,
    });
  } catch (error) {
    await ctx.files.delete(storageKey).catch(() => {});
    throw error;
  }
  return {
    id,
    url: isImage ? imageUrl(ctx, id) : downloadUrl(ctx, id),
    fileName,
    fileSize: input.bytes.byteLength,
  };
}
