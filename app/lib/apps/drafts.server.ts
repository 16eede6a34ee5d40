/**
 * Unsaved changes of an app version's editor pages (moving between the
 * app's own Details and Marketplace pages asks nothing, so nothing typed may be lost there).
 * The page tabs post the form with `intent=go:{page}`: what the form holds is kept here as a
 * draft of its part (`details` or `listing`) and shown again when the person comes back,
 * until Save stores it or Discard drops it. With and without JavaScript alike.
 *
 * Each part remembers what was saved when it was written (`base`, a hash of the saved
 * values it replaces). When the saved values changed since (a save in another tab, another
 * user), the draft is out of date and is dropped rather than shown over newer values. A part
 * that matches what is saved is no draft: keeping it drops it. Keeping a draft answers the
 * drafts removed to make room (app/lib/drafts.server.ts: a bound per person).
 */
import { createHash } from "node:crypto";
import * as z from "zod";
import { sanitizeOverview } from "~/api/apps/overview.server";
import {
  type AppVersion,
  type Marketplace,
  marketplace as marketplaceSchema,
} from "~/api/apps/schemas";
import { clean, lineBreaks } from "~/forms/app-editor";
import { type ListingValue, listingBody, listingTexts } from "~/forms/app-editor.server";
import { type DraftStore, type DraftWrite, draftLabel, draftStore } from "~/lib/drafts.server";
import { logger } from "~/lib/log.server";
import type { ConsoleSession } from "~/session.server";

export type DraftPartName = "details" | "listing";

/** The details a draft holds: what the details page lets a person change. */
export const detailsDraft = z.object({
  categoryId: z.number().int().nullable(),
  name: z.string(),
  description: z.string(),
});
export type DetailsDraft = z.infer<typeof detailsDraft>;

export interface EditorDrafts {
  details?: DetailsDraft;
  listing?: Marketplace;
  /** When each part was kept (part of the page's reset key: the form shows new values). */
  keptAt: Partial<Record<DraftPartName, number>>;
}

const part = <T extends z.ZodType>(value: T) =>
  z.object({ base: z.string(), keptAt: z.number(), value });
const PARTS = { details: part(detailsDraft), listing: part(marketplaceSchema) };

/** The saved values a part replaces, as they are compared (texts trimmed, the overview as stored). */
function comparable(
  name: DraftPartName,
  version: Pick<AppVersion, "details" | "marketplace">,
): unknown {
  if (name === "details") {
    const { categoryId, name: appName, description } = version.details;
    return {
      categoryId: categoryId ?? null,
      name: clean(appName),
      description: clean(description),
    };
  }
  return listingBody(version.marketplace as ListingValue, sanitizeOverview);
}

const hashOf = (value: unknown) =>
  createHash("sha256").update(JSON.stringify(value)).digest("base64url");

/** The owner of a session's drafts: the provider's id of its user (sessions from before it was kept have none). */
const ownerOf = (session: ConsoleSession) => session.get("userId");

/** A version with one part replaced by a draft's value. */
function withPart(
  version: AppVersion,
  name: DraftPartName,
  value: DetailsDraft | Marketplace,
): Pick<AppVersion, "details" | "marketplace"> {
  return name === "details"
    ? {
        details: { ...version.details, ...(value as DetailsDraft) },
        marketplace: version.marketplace,
      }
    : { details: version.details, marketplace: value as Marketplace };
}

/** The drafts of a version that are still up to date; out-of-date ones are dropped. */
export async function readEditorDrafts(
  session: ConsoleSession,
  version: AppVersion,
  given?: DraftStore,
): Promise<EditorDrafts> {
  const owner = ownerOf(session);
  const drafts: EditorDrafts = { keptAt: {} };
  if (!owner) return drafts;
  const store = given ?? draftStore();
  let stored: Record<string, unknown>;
  try {
    stored = await store.read(owner, version.id);
  } catch (error) {
    logger.warn({ err: error }, "drafts could not be read");
    return drafts;
  }
  for (const name of Object.keys(PARTS) as DraftPartName[]) {
    if (!(name in stored)) continue;
    const read = PARTS[name].safeParse(stored[name]);
    if (!read.success || read.data.base !== hashOf(comparable(name, version))) {
      await store.drop(owner, version.id, name).catch(() => undefined);
      continue;
    }
    if (name === "details") drafts.details = read.data.value as DetailsDraft;
    else drafts.listing = read.data.value as Marketplace;
    drafts.keptAt[name] = read.data.keptAt;
  }
  return drafts;
}

/**
 * Keeps what a form holds as the draft of its part (or drops the draft when it matches what
 * is saved), answering the drafts removed to make room. False when a change could not be
 * kept: no owner, or the store failed.
 */
export async function keepEditorDraft(
  session: ConsoleSession,
  version: AppVersion,
  name: DraftPartName,
  value: DetailsDraft | Marketplace,
  given?: DraftStore,
): Promise<DraftWrite | false> {
  const owner = ownerOf(session);
  const base = hashOf(comparable(name, version));
  const unchanged = hashOf(comparable(name, withPart(version, name, value))) === base;
  // Nothing to keep needs no owner: a session from before owners were kept still moves on.
  if (!owner) return unchanged && { evicted: [] };
  const store = given ?? draftStore();
  try {
    if (!unchanged)
      return await store.write(
        owner,
        version.id,
        name,
        { base, keptAt: Date.now(), value },
        draftLabel(version.details.name, version.versionNumberDisplay),
      );
    await store.drop(owner, version.id, name);
    return { evicted: [] };
  } catch (error) {
    logger.error({ err: error }, "a draft could not be kept");
    return false;
  }
}

/** Drops a part's draft (after Save, or on Discard); a failure only leaves an out-of-date draft behind. */
export async function dropEditorDraft(
  session: ConsoleSession,
  versionId: string,
  name: DraftPartName,
  given?: DraftStore,
) {
  const owner = ownerOf(session);
  if (!owner) return;
  await (given ?? draftStore())
    .drop(owner, versionId, name)
    .catch((error: unknown) => logger.warn({ err: error }, "a draft could not be dropped"));
}

/** The page a `go:{page}` intent moves to; undefined for any other intent. */
export function goTarget(intent: string): "details" | "marketplace" | undefined {
  const match = /^go:(details|marketplace)$/.exec(intent);
  return match ? (match[1] as "details" | "marketplace") : undefined;
}

/** The details of the details form as typed (nothing checked: a draft may be incomplete). */
export function detailsDraftOf(formData: FormData, saved: DetailsDraft): DetailsDraft {
  const text = (name: string, fallback: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? lineBreaks(value) : fallback;
  };
  const category = formData.get("categoryId");
  return {
    categoryId:
      typeof category === "string"
        ? /^\d{1,9}$/.test(category)
          ? Number(category)
          : null
        : saved.categoryId,
    name: text("name", saved.name),
    description: text("description", saved.description),
  };
}

/** The listing of the listing form as typed, with its images (nothing checked; the overview reduced to the allowed tags). */
export function listingDraftOf(
  value: ListingValue,
  images: Pick<Marketplace["promo"], "appIcon" | "banners" | "screenshots">,
): Marketplace {
  const { detail, legal, youtubeUrl } = listingTexts(value, lineBreaks, sanitizeOverview);
  return {
    detail,
    legal,
    promo: {
      appIcon: images.appIcon,
      banners: images.banners,
      screenshots: images.screenshots,
      youtubeUrl,
    },
    visibility: value.visibility ?? false,
  };
}
