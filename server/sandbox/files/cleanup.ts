/**
 * Uploaded files that nothing references are removed after a grace period
 * (docs/decisions/0048-unreferenced-file-cleanup.md). An upload is stored at once (its id goes
 * back to the page, which saves it into a listing, a submission... later); one that no saved
 * record ever took up is not kept for ever.
 *
 * A file is referenced while any of these names it: a listing's images, a pre-approval's or a
 * submission's documents, a data attestation's flow diagram, a regional entity's icon, or a
 * platform schema of the company's versions (function icons, by id anywhere in its document).
 * The job removes the rows of files older than the grace period that nothing references, each
 * in one statement that checks again, then their bytes. A reference taking up the file at the
 * same moment wins: its foreign key makes the removal fail, and the file stays.
 *
 * Every sandbox instance runs the job (the statements make that safe), once shortly after
 * start and then every `intervalMs`; each run that removes something logs what and how much.
 */
import { and, asc, eq, lt, notExists, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { SandboxContext } from "../context";
import type { Database } from "../db";
import {
  appMarketplaceImages,
  appVersions,
  dataAttestations,
  platformSchemas,
  preApprovalDocuments,
  submissionDocuments,
} from "../db/schema/apps";
import { companyEntities } from "../db/schema/companies";
import { files } from "../db/schema/files";

/** One day more than the console keeps a draft (which may hold uploaded images) before it is gone. */
export const DEFAULT_FILE_GRACE_DAYS = 31;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface FileCleanupOptions {
  /** How long an unreferenced upload is kept (default DEFAULT_FILE_GRACE_DAYS). */
  graceMs?: number;
  /** Between two runs (default an hour); 0 runs the job only when asked (`run`). */
  intervalMs?: number;
  /** Rows looked at per batch (default 200). */
  batch?: number;
}

export interface CleanupResult {
  removed: number;
  bytes: number;
  /** Files a reference took up as they were being removed, or whose removal failed. */
  kept: number;
}

/** True while nothing references the file of the outer query. */
export function unreferenced(db: Database): SQL {
  const none = (table: PgTable, column: PgColumn) =>
    notExists(db.select({ one: sql`1` }).from(table).where(eq(column, files.id)));
  return and(
    none(appMarketplaceImages, appMarketplaceImages.fileId),
    none(preApprovalDocuments, preApprovalDocuments.fileId),
    none(submissionDocuments, submissionDocuments.fileId),
    none(dataAttestations, dataAttestations.dataFlowDiagramFileId),
    none(companyEntities, companyEntities.iconFileId),
    notExists(
      db
        .select({ one: sql`1` })
        .from(platformSchemas)
        .innerJoin(appVersions, eq(appVersions.id, platformSchemas.appVersionId))
        .where(
          and(
            eq(appVersions.companyId, files.companyId),
            sql`strpos(${platformSchemas.document}::text, ${files.id}::text) > 0`,
          ),
        ),
    ),
  ) as SQL;
}

/** Removes the unreferenced files uploaded before `now - graceMs`; answers what it did. */
export async function removeUnreferencedFiles(
  ctx: Pick<SandboxContext, "db" | "files" | "log">,
  options: { graceMs: number; now?: number; batch?: number },
): Promise<CleanupResult> {
  const { db } = ctx;
  const cutoff = new Date((options.now ?? Date.now()) - options.graceMs);
  const batch = options.batch ?? 200;
  const result: CleanupResult = { removed: 0, bytes: 0, kept: 0 };
  const skipped = new Set<string>();
  for (;;) {
    const candidates = await db
      .select({ id: files.id })
      .from(files)
      .where(and(lt(files.createdAt, cutoff), unreferenced(db)))
      .orderBy(asc(files.createdAt))
      .limit(batch + skipped.size);
    const fresh = candidates.filter((row) => !skipped.has(row.id));
    for (const { id } of fresh) {
      try {
        // Checked again in the same statement: a reference made since the query keeps the file.
        const [gone] = await db
          .delete(files)
          .where(and(eq(files.id, id), lt(files.createdAt, cutoff), unreferenced(db)))
          .returning({ storageKey: files.storageKey, fileSize: files.fileSize });
        if (!gone) {
          skipped.add(id);
          result.kept++;
          continue;
        }
        result.removed++;
        result.bytes += gone.fileSize;
        await ctx.files.delete(gone.storageKey).catch((err: unknown) => {
          ctx.log.warn(
            { err, fileId: id, storageKey: gone.storageKey },
            "unreferenced file: its bytes could not be removed",
          );
        });
      } catch (err) {
        // A reference took it up as it went (foreign key): it stays.
        skipped.add(id);
        result.kept++;
        ctx.log.debug({ err, fileId: id }, "unreferenced file kept: taken up while being removed");
      }
    }
    if (candidates.length < batch + skipped.size || fresh.length === 0) break;
  }
  return result;
}

/**
 * Runs the job every `intervalMs` (the first run a minute after start, off the start-up's
 * way), logging each run that removed something. `run()` runs it now; `stop()` ends the timer.
 */
export function startFileCleanup(
  ctx: Pick<SandboxContext, "db" | "files" | "log">,
  options: FileCleanupOptions = {},
) {
  const graceMs = options.graceMs ?? DEFAULT_FILE_GRACE_DAYS * DAY_MS;
  const intervalMs = options.intervalMs ?? 60 * 60_000;
  let running: Promise<CleanupResult> | undefined;

  async function run(): Promise<CleanupResult> {
    running ??= (async () => {
      const started = Date.now();
      try {
        const result = await removeUnreferencedFiles(ctx, { graceMs, batch: options.batch });
        const entry = { ...result, graceDays: graceMs / DAY_MS, ms: Date.now() - started };
        if (result.removed > 0 || result.kept > 0)
          ctx.log.info(entry, "unreferenced files removed");
        else ctx.log.debug(entry, "no unreferenced files to remove");
        return result;
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  const tick = () =>
    void run().catch((err: unknown) => ctx.log.warn({ err }, "unreferenced file cleanup failed"));
  const first = intervalMs > 0 ? setTimeout(tick, Math.min(intervalMs, 60_000)) : undefined;
  const timer = intervalMs > 0 ? setInterval(tick, intervalMs) : undefined;
  first?.unref();
  timer?.unref();

  return {
    graceMs,
    run,
    /** Ends the timer and waits for a run under way. */
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
