/**
 * The console's own store of work in progress ('drafts'): what a person typed into a form
 * and has not saved yet, kept on the server so that it survives moving between pages, a
 * reload and a browser without JavaScript. One entry per user and subject (an app version),
 * on disk in DATA_DIR/console/drafts by default, in Redis when REDIS_URL is set (so that
 * several console instances share them). An entry not written for DRAFT_TTL_DAYS is gone.
 * A person keeps at most DRAFT_SUBJECTS_MAX subjects: writing a new one past them removes the
 * one written longest ago, and the writer learns its label (an index per owner tells which;
 * docs/decisions/0067-limits-on-secrets-uploads-drafts.md).
 *
 * A draft is a comfort: when the store cannot be read, the page shows what is saved; when it
 * cannot be written, the caller says so and keeps the form on the page.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { redirect } from "@remix-run/node";
import { createStorage, type Storage } from "unstorage";
import fsDriver from "unstorage/drivers/fs";
import redisDriver from "unstorage/drivers/redis";
import { env } from "~/env.server";
import { consoleTurns, processTurns, type Turns } from "~/lib/turns.server";
import { redirectWithToast } from "~/session.server";

export const DRAFT_TTL_DAYS = 30;
const TTL_MS = DRAFT_TTL_DAYS * 24 * 60 * 60 * 1000;
/** Subjects (app versions, a platform of one) a person has drafts of at once. */
export const DRAFT_SUBJECTS_MAX = 20;

/** What writing a part did besides: the labels of the subjects whose drafts went to make room. */
export interface DraftWrite {
  evicted: string[];
}

/** A stored entry: its parts by name, each with the time it was written. */
interface Entry {
  parts: Record<string, { savedAt: number; value: unknown }>;
}

export interface DraftStore {
  /** The parts of a subject's draft (expired ones left out). */
  read(owner: string, subject: string): Promise<Record<string, unknown>>;
  /**
   * Writes one part, keeping the others; `label` names the subject to people. A new subject
   * past DRAFT_SUBJECTS_MAX removes the owner's one written longest ago.
   */
  write(
    owner: string,
    subject: string,
    part: string,
    value: unknown,
    label?: string,
  ): Promise<DraftWrite>;
  /** Drops one part (the whole entry when it was the last). */
  drop(owner: string, subject: string, part: string): Promise<void>;
}

/**
 * The key of an entry: the owner is hashed (a provider's user id may hold any character),
 * the subject must be a plain id.
 */
const ownerKey = (owner: string) => createHash("sha256").update(owner).digest("hex").slice(0, 40);

function keyOf(owner: string, subject: string): string {
  if (!/^[\w-]{1,100}$/.test(subject)) throw new Error("A draft's subject must be a plain id.");
  return `${ownerKey(owner)}:${subject}`;
}

/** The key of an owner's index (beside, never among, its entries: no owner key is "index"). */
const indexKeyOf = (owner: string) => `index:${ownerKey(owner)}`;

export function createDraftStore(
  storage: Storage,
  now: () => number = Date.now,
  inTurn: Turns = processTurns(),
): DraftStore {
  // One entry's reads and writes take turns (across the console's processes when its
  // supervisor relays): a file being rewritten is never read half-written (which would read
  // as no draft), and two changes posted at once both land.
  const load = async (key: string): Promise<Entry> => {
    const entry = (await storage.getItem<Entry>(key)) ?? null;
    const parts: Entry["parts"] = {};
    if (entry && typeof entry === "object" && entry.parts && typeof entry.parts === "object") {
      for (const [name, part] of Object.entries(entry.parts)) {
        if (part && typeof part.savedAt === "number" && now() - part.savedAt < TTL_MS)
          parts[name] = part;
      }
    }
    return { parts };
  };
  const save = async (key: string, entry: Entry) => {
    if (Object.keys(entry.parts).length === 0) await storage.removeItem(key);
    else await storage.setItem(key, entry);
  };
  // An owner's index is an entry too: a part per subject, written when the subject was, its value the subject's label.
  const labelOf = (value: unknown) => (typeof value === "string" ? value : undefined);
  /** Records a write of `subject`; past the bound, removes the subjects written longest ago. */
  const touch = (
    owner: string,
    subject: string,
    label: string | undefined,
  ): Promise<DraftWrite> => {
    const key = indexKeyOf(owner);
    return inTurn(key, async () => {
      const index = await load(key);
      index.parts[subject] = {
        savedAt: now(),
        value: label ?? labelOf(index.parts[subject]?.value),
      };
      const oldest = Object.entries(index.parts)
        .filter(([name]) => name !== subject)
        .sort(([, a], [, b]) => a.savedAt - b.savedAt);
      const evicted: string[] = [];
      for (const [name, seen] of oldest.slice(
        0,
        Math.max(0, oldest.length + 1 - DRAFT_SUBJECTS_MAX),
      )) {
        const gone = keyOf(owner, name);
        await inTurn(gone, () => storage.removeItem(gone));
        delete index.parts[name];
        evicted.push(labelOf(seen.value) ?? name);
      }
      await save(key, index);
      return { evicted };
    });
  };
  /** Forgets a subject whose entry is gone. */
  const forget = (owner: string, subject: string) => {
    const key = indexKeyOf(owner);
    return inTurn(key, async () => {
      const index = await load(key);
      if (!(subject in index.parts)) return;
      delete index.parts[subject];
      await save(key, index);
    });
  };
  return {
    async read(owner, subject) {
      const key = keyOf(owner, subject);
      const { parts } = await inTurn(key, () => load(key));
      return Object.fromEntries(Object.entries(parts).map(([name, part]) => [name, part.value]));
    },
    async write(owner, subject, part, value, label) {
      const key = keyOf(owner, subject);
      await inTurn(key, async () => {
        const entry = await load(key);
        entry.parts[part] = { savedAt: now(), value };
        await save(key, entry);
      });
      return touch(owner, subject, label);
    },
    async drop(owner, subject, part) {
      const key = keyOf(owner, subject);
      const emptied = await inTurn(key, async () => {
        const entry = await load(key);
        if (!(part in entry.parts)) return false;
        delete entry.parts[part];
        await save(key, entry);
        return Object.keys(entry.parts).length === 0;
      });
      if (emptied) await forget(owner, subject);
    },
  };
}

let store: DraftStore | undefined;

/** The store of this console: Redis when REDIS_URL is set, else a folder in DATA_DIR. */
export function draftStore(): DraftStore {
  if (!store) {
    const { REDIS_URL, DATA_DIR } = env();
    const driver = REDIS_URL
      ? redisDriver({ url: REDIS_URL, base: "console:drafts", ttl: DRAFT_TTL_DAYS * 24 * 60 * 60 })
      : fsDriver({ base: path.resolve(DATA_DIR, "console", "drafts") });
    store = createDraftStore(createStorage({ driver }), Date.now, consoleTurns());
  }
  return store;
}

/** A subject's label for people: the app's name and its version number. */
export const draftLabel = (appName: string, versionNumber: string) => `${appName} ${versionNumber}`;

/** The redirect after a draft was kept: to `to`, with a toast naming the drafts removed to make room. */
export function redirectAfterDraft(to: string, kept: DraftWrite) {
  if (kept.evicted.length === 0) return redirect(to);
  return redirectWithToast(to, {
    key: "draftsEvicted",
    values: { versions: kept.evicted.join(", "), max: String(DRAFT_SUBJECTS_MAX) },
  });
}
