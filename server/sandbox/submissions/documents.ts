/**
 * The supporting documents of a submission or pre-approval: ids of uploaded documents
 * (`POST files?fileType=0`) of the caller's company, held to the documents rules of the
 * contract (app/api/submissions/rules.ts `checkDocuments`), and listed back with their names.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { checkDocuments } from "~/api/submissions/rules";
import type { DocumentRef } from "~/api/submissions/schemas";
import type { SandboxContext } from "../context";
import { files } from "../db/schema/files";
import { downloadUrl } from "../files/service";
import { isUuid } from "../http/validate";
import type { DbOrTx } from "./moves";

type FileRow = typeof files.$inferSelect;

/**
 * The documents named by `ids`, in order, and what they break: an id that is not an uploaded
 * document of the company (`documents.N`: documentNotFound), named twice (duplicateDocument),
 * and the rules of the files themselves.
 */
export async function resolveDocuments(
  q: DbOrTx,
  companyId: string,
  ids: readonly string[],
  field = "documents",
) {
  const errors: Record<string, string> = {};
  const wanted = [...new Set(ids.map((id) => id.trim().toLowerCase()).filter((id) => isUuid(id)))];
  const rows = wanted.length
    ? await q
        .select()
        .from(files)
        .where(
          and(
            inArray(files.id, wanted),
            eq(files.companyId, companyId),
            eq(files.kind, "document"),
          ),
        )
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const seen = new Set<string>();
  const found: FileRow[] = [];
  ids.forEach((raw, index) => {
    const id = raw.trim().toLowerCase();
    const row = byId.get(id);
    if (!row) errors[`${field}.${index}`] = "documentNotFound";
    else if (seen.has(id)) errors[`${field}.${index}`] = "duplicateDocument";
    else {
      seen.add(id);
      found.push(row);
    }
  });
  const ruleErrors = checkDocuments(
    found.map((row) => ({ fileSize: row.fileSize, contentType: row.contentType })),
    field,
  );
  // The rules index the documents found; name them by their place in the request.
  for (const [path, code] of Object.entries(ruleErrors)) {
    const index = /\.(\d+)$/.exec(path)?.[1];
    const at =
      index === undefined
        ? path
        : `${field}.${ids.findIndex((raw) => raw.trim().toLowerCase() === found[Number(index)].id)}`;
    errors[at] ??= code;
  }
  // More ids than the rules allow is refused whether or not each names a document.
  if (
    ids.length > found.length &&
    checkDocuments(
      ids.map(() => ({ fileSize: 1, contentType: "application/pdf" })),
      field,
    )[field] === "tooManyFiles"
  ) {
    errors[field] = "tooManyFiles";
  }
  return { files: found, errors };
}

export function documentRefs(
  ctx: SandboxContext,
  rows: readonly Pick<FileRow, "id" | "fileName" | "fileSize">[],
): DocumentRef[] {
  return rows.map((row) => ({
    id: row.id,
    fileName: row.fileName,
    fileSize: row.fileSize,
    url: downloadUrl(ctx, row.id),
  }));
}

/** A link table (`submission_documents`, `pre_approval_documents`) and its column naming the owner. */
export interface DocumentLink {
  table: PgTable & { fileId: PgColumn };
  owner: PgColumn;
}

/** The documents linked to each of `ownerIds` through a link table, by file name. */
export async function linkedDocuments(
  ctx: SandboxContext,
  q: DbOrTx,
  link: DocumentLink,
  ownerIds: readonly string[],
): Promise<Map<string, DocumentRef[]>> {
  const byOwner = new Map<string, DocumentRef[]>();
  if (ownerIds.length === 0) return byOwner;
  const rows = await q
    .select({
      ownerId: link.owner,
      id: files.id,
      fileName: files.fileName,
      fileSize: files.fileSize,
    })
    .from(link.table)
    .innerJoin(files, eq(files.id, link.table.fileId))
    .where(inArray(link.owner, [...ownerIds]))
    .orderBy(asc(files.fileName), asc(files.id));
  for (const row of rows) {
    const owner = String(row.ownerId);
    byOwner.set(owner, [...(byOwner.get(owner) ?? []), ...documentRefs(ctx, [row])]);
  }
  return byOwner;
}
