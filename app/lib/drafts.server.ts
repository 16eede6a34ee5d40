/**
 * The console's own store of work in progress ('drafts'): what a person typed into a form
 * and has not saved yet, kept on the server so that it survives moving between pages, a
 * reload and a browser without JavaScript. One entry per user and subject (an app version),
 * on disk in DATA_DIR/console/drafts by default, in Redis when REDIS_URL is set (so that
 * several console instances share them). An entry not written for DRAFT_TTL_DAYS is gone.
 *
 * A draft is a comfort: when the store cannot be read, the page shows what is saved; when it
 * cannot be written, the caller says so and keeps the form on the page.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { createStorage, type Storage } from "unstorage";
import fsDriver from "unstorage/drivers/fs";
import redisDriver from "unstorage/drivers/redis";
import { env } from "~/env.server";

export const DRAFT_TTL_DAYS = 30;
const TTL_MS = DRAFT_TTL_DAYS * 24 * 60 * 60 * 1000;

/** A stored entry: its parts by name, each with the time it was written. */
interface Entry {
  parts: Record<string, { savedAt: number; value: unknown }>;
}

export interface DraftStore {
  /** The parts of a subject's draft (expired ones left out). */
  read(owner: string, subject: string): Promise<Record<string, unknown>>;
  /** Writes one part, keeping the others. */
  write(owner: string, subject: string, part: string, value: unknown): Promise<void>;
  /** Drops one part (the whole entry when it was the last). */
  drop(owner: string, subject: string, part: string): Promise<void>;
}

/**
 * The key of an entry: the owner is hashed (a provider's user id may hold any character),
 * the subject must be a plain id.
 */
function keyOf(owner: string, subject: string): string {
  if (!/^[\w-]{1,100}$/.test(subject)) throw new Error("A draft's subject must be a plain id.");
  return `${createHash("sha256").update(owner).digest("hex").slice(0, 40)}:${subject}`;
}

export function createDraftStore(storage: Storage, now: () => number = Date.now): DraftStore {
  // One entry's reads and writes take turns within the process: a file being rewritten is
  // never read half-written (which would read as no draft), and two changes posted at once
  // both land.
  const turns = new Map<string, Promise<unknown>>();
  const inTurn = <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const run = (turns.get(key) ?? Promise.resolve()).then(task, task);
    const done = run.then(
      () => undefined,
      () => undefined,
    );
    turns.set(key, done);
    void done.then(() => {
      if (turns.get(key) === done) turns.delete(key);
    });
    return run;
  };
  const load = async (key: string): Promise<Entry> => {
    const entry = (await storage.getItem<Entry>(key)) ?? null;
    const parts: Entry["parts"] = {};
    if (entry && typeof entry === "object" && entry.parts && typeof entry.parts === "object") {
      for (const [name, part] of Object.entries(entry.parts)) {
        if (part && typeof part.savedAt === "number" && now() - part.savedAt < TTL_MS) parts[name] = part;
      }
    }
    return { parts };
  };
  const save = async (key: string, entry: Entry) => {
    if (Object.keys(entry.parts).length === 0) await storage.removeItem(key);
    else await storage.setItem(key, entry);
  };
  return {
    async read(owner, subject) {
      const key = keyOf(owner, subject);
      const { parts } = await inTurn(key, () => load(key));
      return Object.fromEntries(Object.entries(parts).map(([name, part]) => [name, part.value]));
    },
    async write(owner, subject, part, value) {
      const key = keyOf(owner, subject);
      await inTurn(key, async () => {
        const entry = await load(key);
        entry.parts[part] = { savedAt: now(), value };
        await save(key, entry);
      });
    },
    async drop(owner, subject, part) {
      const key = keyOf(owner, subject);
      await inTurn(key, async () => {
        const entry = await load(key);
        if (!(part in entry.parts)) return;
        delete entry.parts[part];
        await save(key, entry);
      });
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
    store = createDraftStore(createStorage({ driver }));
  }
  return store;
}
