/**
 * The working copy of the platform schema editor: a server-side draft
 * per user, app version and platform, kept in the console's draft store
 * (app/lib/drafts.server.ts: a folder on disk, Redis when REDIS_URL is set). Every dialog of
 * the editor changes the draft and redirects; Save sends it to `POST app-schema`, Discard
 * drops it. The draft belongs to the provider's user id, not to a session, so it survives a
 * reload, a sign-out and another console instance.
 *
 * - `loadPlatformDraft(session, versionId, platform, saved)`: the document to show, the draft
 *   when there is one and it still reads as a platform document within the JSON limits, else
 *   `saved`; with `isDraft` and `differs` (whether it differs from `saved`: Save, Discard and
 *   the question on leaving), and `unreadable` (why) when a draft is kept that cannot be shown.
 * - `keepPlatformDraft(session, versionId, platform, saved, document, label)`: replaces the draft
 *   by `document` (a document equal to `saved` is no draft: keeping it drops the draft), and
 *   answers the labels of drafts removed to make room (`label` names this one). False
 *   when it could not be kept (no user id in the session, or the store failed): the action
 *   says so and changes nothing.
 * - `discardPlatformDraft(session, versionId, platform)`: drops the draft (Discard, and after
 *   a successful Save); a failure only leaves the draft behind.
 * - `differsFromSaved(document, saved)`: whether two documents differ (key order aside, an empty
 *   list the same as none: `samePlatform` of changes.ts).
 *
 * Each takes the store as a last argument for tests; the console's own by default.
 */
import { checkPlatformLimits, type PlatformLimitCode } from "~/api/schema/json";
import { type PlatformSchema, platformSchema } from "~/api/schema/schemas";
import { type DraftStore, type DraftWrite, draftStore } from "~/lib/drafts.server";
import { logger } from "~/lib/log.server";
import { samePlatform } from "~/lib/platform/changes";
import type { ConsoleSession } from "~/session.server";

/** The platforms the editor has (the mobile platform has no editor). */
export type EditedPlatform = "desktop" | "web" | "reporting";

/** The draft's part in the store; the subject is the version and the platform, apart from the app editor's drafts of the version. */
const PART = "schema";
const subjectOf = (versionId: string, platform: EditedPlatform) => `${versionId}-${platform}`;
const ownerOf = (session: ConsoleSession) => session.get("userId");

export function differsFromSaved(document: PlatformSchema, saved: PlatformSchema): boolean {
  return !samePlatform(document, saved);
}

export interface LoadedPlatformDraft {
  document: PlatformSchema;
  /** A draft is shown (it may equal the saved document only when it was written elsewhere). */
  isDraft: boolean;
  /** The document shown differs from the saved one. */
  differs: boolean;
  /** A draft is kept that cannot be shown (the saved document is): why. Discard drops it. */
  unreadable?: UnreadableDraft;
}

/** Why a kept draft cannot be shown: over the JSON limits, or not a platform document. */
export type UnreadableDraft = PlatformLimitCode | "invalid";

export async function loadPlatformDraft(
  session: ConsoleSession,
  versionId: string,
  platform: EditedPlatform,
  saved: PlatformSchema,
  given?: DraftStore,
): Promise<LoadedPlatformDraft> {
  const shown = { document: saved, isDraft: false, differs: false };
  const owner = ownerOf(session);
  if (!owner) return shown;
  const store = given ?? draftStore();
  let stored: Record<string, unknown>;
  try {
    stored = await store.read(owner, subjectOf(versionId, platform));
  } catch (error) {
    logger.warn({ err: error }, "a platform draft could not be read");
    return shown;
  }
  if (!(PART in stored)) return shown;
  // Over the JSON limits (kept before they were), nothing walks it: what is saved is shown, with why and Discard.
  const limit = checkPlatformLimits(stored[PART]);
  if (limit) return { ...shown, unreadable: limit };
  const read = platformSchema.safeParse(stored[PART]);
  // Written by an older console or damaged: likewise.
  if (!read.success) return { ...shown, unreadable: "invalid" };
  return { document: read.data, isDraft: true, differs: differsFromSaved(read.data, saved) };
}

export async function keepPlatformDraft(
  session: ConsoleSession,
  versionId: string,
  platform: EditedPlatform,
  saved: PlatformSchema,
  document: PlatformSchema,
  label: string,
  given?: DraftStore,
): Promise<DraftWrite | false> {
  const owner = ownerOf(session);
  if (!owner) return false;
  const store = given ?? draftStore();
  try {
    if (differsFromSaved(document, saved))
      return await store.write(owner, subjectOf(versionId, platform), PART, document, label);
    await store.drop(owner, subjectOf(versionId, platform), PART);
    return { evicted: [] };
  } catch (error) {
    logger.error({ err: error }, "a platform draft could not be kept");
    return false;
  }
}

export async function discardPlatformDraft(
  session: ConsoleSession,
  versionId: string,
  platform: EditedPlatform,
  given?: DraftStore,
): Promise<void> {
  const owner = ownerOf(session);
  if (!owner) return;
  await (given ?? draftStore())
    .drop(owner, subjectOf(versionId, platform), PART)
    .catch((error: unknown) =>
      logger.warn({ err: error }, "a platform draft could not be dropped"),
    );
}
