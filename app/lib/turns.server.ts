/**
 * Turns on a key: the tasks given one key run one after another, in the order they were
 * given. Within this process by default; across every console process of `npm start` when its
 * supervisor relays (./supervised.server.ts), so that two posts to two processes take turns
 * just as two posts to one do.
 */
import { ask, supervised, tell } from "./supervised.server";

export type Turns = <T>(key: string, task: () => Promise<T>) => Promise<T>;

/** Turns within this process. */
export function processTurns(): Turns {
  const turns = new Map<string, Promise<unknown>>();
  return <T>(key: string, task: () => Promise<T>): Promise<T> => {
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
}

/** Turns kept by the supervisor for all its console processes: each task waits until the key is its. */
export function sharedTurns(): Turns {
  return async <T>(key: string, task: () => Promise<T>): Promise<T> => {
    await ask("turn", key);
    try {
      return await task();
    } finally {
      tell("turn-done", key);
    }
  };
}

/** The turns of this console: shared when its supervisor relays, else this process's. */
export const consoleTurns = (): Turns => (supervised() ? sharedTurns() : processTurns());
