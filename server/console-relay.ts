/**
 * What the supervisor keeps for its console processes (app/lib/supervised.server.ts): the
 * turns on drafts, one holder per key at a time, the others queued in the order they asked;
 * and the relay of a recall, asked of every other console process, answered by the first copy
 * found. A process that ends gives up its turns and answers nothing more.
 */
import type { Worker } from "node:cluster";
import {
  type Answer,
  CONSOLE_CHANNEL,
  isAnswer,
  isQuestion,
  type Question,
} from "~/lib/supervised.server";

/** How long a recall waits for the other processes (a busy one answers nothing in time: no copy). */
const RECALL_WAIT_MS = 2_000;

interface Waiter {
  worker: Worker;
  id: number;
}

export interface ConsoleRelay {
  /** A message from one of the console processes. */
  received(worker: Worker, message: unknown): void;
  /** A console process ended. */
  ended(worker: Worker): void;
}

const answerTo = (worker: Worker, id: number, value?: unknown) => {
  if (worker.isConnected())
    worker.send({ channel: CONSOLE_CHANNEL, answerTo: id, value } satisfies Answer);
};

/** The relay between the console processes `others()` lists. */
export function consoleRelay(others: () => Worker[]): ConsoleRelay {
  // The first of each queue holds the turn.
  const turns = new Map<string, Waiter[]>();
  let nextId = 1;
  // The recalls asked of the other processes: their answers until the first copy, or all none.
  const recalls = new Map<
    number,
    { asker: Waiter; waitingFor: Set<Worker>; timer: NodeJS.Timeout }
  >();

  const grantNext = (key: string) => {
    const queue = turns.get(key);
    if (!queue || queue.length === 0) turns.delete(key);
    else answerTo(queue[0].worker, queue[0].id);
  };
  const release = (key: string, worker: Worker) => {
    const queue = turns.get(key);
    if (queue?.[0]?.worker !== worker) return;
    queue.shift();
    grantNext(key);
  };
  const settle = (relayId: number, value: unknown) => {
    const recall = recalls.get(relayId);
    if (!recall) return;
    recalls.delete(relayId);
    clearTimeout(recall.timer);
    answerTo(recall.asker.worker, recall.asker.id, value);
  };
  const recalled = (relayId: number, from: Worker, value: unknown) => {
    const recall = recalls.get(relayId);
    if (!recall) return;
    recall.waitingFor.delete(from);
    if (value !== undefined && value !== null) settle(relayId, value);
    else if (recall.waitingFor.size === 0) settle(relayId, undefined);
  };

  const asked = (worker: Worker, question: Question) => {
    if (question.kind === "turn") {
      const queue = turns.get(question.key) ?? [];
      queue.push({ worker, id: question.id });
      turns.set(question.key, queue);
      if (queue.length === 1) grantNext(question.key);
    } else if (question.kind === "turn-done") {
      release(question.key, worker);
    } else if (question.kind === "recall") {
      const asked = others().filter((other) => other !== worker && other.isConnected());
      if (asked.length === 0) return answerTo(worker, question.id);
      const relayId = nextId++;
      const timer = setTimeout(() => settle(relayId, undefined), RECALL_WAIT_MS);
      timer.unref();
      recalls.set(relayId, {
        asker: { worker, id: question.id },
        waitingFor: new Set(asked),
        timer,
      });
      for (const other of asked)
        other.send({
          channel: CONSOLE_CHANNEL,
          id: relayId,
          kind: "recall",
          key: question.key,
        } satisfies Question);
    }
  };

  return {
    received(worker, message) {
      if (isQuestion(message)) asked(worker, message);
      else if (isAnswer(message)) recalled(message.answerTo, worker, message.value);
    },
    ended(worker) {
      for (const [key, queue] of [...turns]) {
        const held = queue[0]?.worker === worker;
        turns.set(
          key,
          queue.filter((waiter) => waiter.worker !== worker),
        );
        if (held) grantNext(key);
        else if (turns.get(key)!.length === 0) turns.delete(key);
      }
      for (const [relayId, recall] of [...recalls]) {
        if (recall.asker.worker === worker) {
          clearTimeout(recall.timer);
          recalls.delete(relayId);
        } else if (recall.waitingFor.has(worker)) recalled(relayId, worker, undefined);
      }
    },
  };
}
