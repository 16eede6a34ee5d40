/**
 * The quota of a company's unattached uploads: files nothing references yet (the cleanup's
 * `unreferenced`), uploaded within the grace period (older ones are the cleanup's to remove).
 * Past it an upload is refused with 429, Retry-After saying when the oldest of them expires
 * (docs/decisions/0067-limits-on-secrets-uploads-drafts.md).
 */
import { and, count, eq, gte, min, sum } from "drizzle-orm";
import { overUploadQuota } from "~/api/files/rules";
import type { SandboxContext } from "../context";
import type { Tx } from "../db";
import { companies } from "../db/schema/companies";
import { files } from "../db/schema/files";
import { ApiError } from "../http/errors";
import { unreferenced } from "./cleanup";

export interface UnattachedUsage {
  files: number;
  bytes: number;
  /** When the oldest of them was uploaded. */
  oldest: Date | null;
}

type QuotaContext = Pick<SandboxContext, "db" | "quotas" | "fileGraceMs">;

export async function unattachedUsage(
  ctx: QuotaContext,
  q: SandboxContext["db"] | Tx,
  companyId: string,
  now = Date.now(),
): Promise<UnattachedUsage> {
  const [row] = await q
    .select({ files: count(), bytes: sum(files.fileSize), oldest: min(files.createdAt) })
    .from(files)
    .where(
      and(
        eq(files.companyId, companyId),
        gte(files.createdAt, new Date(now - ctx.fileGraceMs)),
        unreferenced(ctx.db),
      ),
    );
  return {
    files: Number(row?.files ?? 0),
    bytes: Number(row?.bytes ?? 0),
    oldest: row?.oldest ? new Date(row.oldest) : null,
  };
}

/** Throws the 429 refusing an upload of `incomingBytes` past the company's quota. */
export async function admitUpload(
  ctx: QuotaContext,
  q: SandboxContext["db"] | Tx,
  companyId: string,
  incomingBytes: number,
  now = Date.now(),
) {
  const quota = ctx.quotas.unattachedUploads;
  const held = await unattachedUsage(ctx, q, companyId, now);
  if (!overUploadQuota(held, incomingBytes, quota)) return;
  const expires = (held.oldest?.getTime() ?? now) + ctx.fileGraceMs;
  const wait = Math.max(1, Math.ceil((expires - now) / 1000));
  throw new ApiError(
    429,
    `file: the company has ${held.files} uploads (${Math.ceil(held.bytes / (1024 * 1024))} MB) not yet attached to anything, at most ${quota.files} files or ${quota.bytes / (1024 * 1024)} MB; attach or wait until the oldest expires at ${new Date(expires).toISOString()}.`,
    {
      field: "file",
      errors: { file: "uploadQuotaReached" },
      headers: { "Retry-After": String(wait) },
    },
  );
}

/**
 * Stores an upload within the quota: the company's row is locked while its usage is counted
 * and the file written, so uploads at once cannot all slip under it.
 */
export async function withinUploadQuota<T>(
  ctx: QuotaContext,
  companyId: string,
  incomingBytes: number,
  store: (tx: Tx) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for("no key update");
    await admitUpload(ctx, tx, companyId, incomingBytes);
    return store(tx);
  });
}
