/**
 * The last answers the provider gave a signed-in person's pages (the GET calls of the console),
 * kept for LAST_KNOWN_MINUTES. They serve one case only: a form posted while the provider
 * cannot be reached. Its save fails with the error dialog, and the page around the typed
 * values is shown from these copies instead of an error page; a browser without JavaScript
 * gets that page in the answer to the same post. A page that is merely visited (GET) never
 * reads them (it shows the provider's answers or its error), but for a page whose spec keeps
 * its last data when a read fails, which recalls it explicitly (`recall`): the sandbox accounts.
 *
 * In this process's memory by default (bounded), in Redis when REDIS_URL is set, so that
 * every console instance has the copies of the pages another one served. In memory, a copy
 * this process lacks is asked of the other console processes of `npm start` (through their
 * supervisor), so that a post served by another process than the page finds the page's
 * answers: only on that rare path, never on every call.
 */
import { createHash } from "node:crypto";
import { createStorage, type Storage } from "unstorage";
import lruCacheDriver from "unstorage/drivers/lru-cache";
import redisDriver from "unstorage/drivers/redis";
import type { LastKnown } from "~/api/client.server";
import { env } from "~/env.server";
import { logger } from "~/lib/log.server";
import { answer, ask, supervised } from "~/lib/supervised.server";

export const LAST_KNOWN_MINUTES = 15;

let storage: Storage | undefined;

function store(): Storage {
  if (!storage) {
    const { REDIS_URL } = env();
    const driver = REDIS_URL
      ? redisDriver({ url: REDIS_URL, base: "console:last-known", ttl: LAST_KNOWN_MINUTES * 60 })
      : lruCacheDriver({ max: 5_000, maxSize: 64 * 1024 * 1024, ttl: LAST_KNOWN_MINUTES * 60_000 });
    storage = createStorage({ driver });
    const local = storage;
    if (!REDIS_URL && supervised())
      answer("recall", async (key) => (await local.getItem(key)) ?? undefined);
  }
  return storage;
}

/** Whether a copy missing here may be kept by another console process: in memory, under the supervisor (Redis is shared already). */
const siblingsKeep = () => !env().REDIS_URL && supervised();

/** An entry's key: the owner, language and path hashed together (a path may hold any character). */
const keyOf = (owner: string, language: string, path: string) =>
  createHash("sha256").update(`${owner}\u0000${language}\u0000${path}`).digest("hex").slice(0, 48);

let warned = false;

/**
 * The copies of one person's answers in one language: kept on every call, read only when
 * `read` (the request is a submission). Undefined without an owner (nothing to key them by).
 */
export function lastKnownAnswers(
  owner: string | undefined,
  language: string,
  options: { read: boolean },
  given?: Storage,
): LastKnown | undefined {
  if (!owner) return undefined;
  const storage = given ?? store();
  const askSiblings = !given && siblingsKeep();
  async function recall(path: string) {
    try {
      const key = keyOf(owner!, language, path);
      return (
        (await storage.getItem(key)) ??
        (askSiblings ? await ask("recall", key) : undefined) ??
        undefined
      );
    } catch (err) {
      logger.warn({ err }, "last-known answers: could not read a copy");
      return undefined;
    }
  }
  return {
    keep(path, data) {
      storage.setItem(keyOf(owner, language, path), data as never).catch((err: unknown) => {
        if (!warned) logger.warn({ err }, "last-known answers: could not keep a copy");
        warned = true;
      });
    },
    read: (path) => (options.read ? recall(path) : Promise.resolve(undefined)),
    reads: options.read,
    recall,
  };
}
