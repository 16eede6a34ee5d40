/**
 * A console process among the several that `npm start`'s supervisor runs (server/start.ts),
 * and what it asks of the others through the supervisor: a turn on a draft that every process
 * respects, and a copy of a page's answers another process kept. The messages travel on the
 * processes' IPC channel, under a channel name of their own (server/console-relay.ts relays
 * them).
 *
 *   if (supervised()) await ask("turn", { key });
 */
import cluster from "node:cluster";

/** The channel of these messages on the IPC channel (beside cluster's own). */
export const CONSOLE_CHANNEL = "developer-console";

/** The variable by which the supervisor tells its console processes that it relays between them. */
export const SUPERVISED_VARIABLE = "CONSOLE_SUPERVISED";

/** What the supervisor relays: a turn on a key (answered once it is this process's), a copy by key. */
export type AskKind = "turn" | "turn-done" | "recall";

/** A question (from a console to the supervisor, or from the supervisor to a console). */
export interface Question {
  channel: typeof CONSOLE_CHANNEL;
  id: number;
  kind: AskKind;
  key: string;
}

/** The answer to question `answerTo`. */
export interface Answer {
  channel: typeof CONSOLE_CHANNEL;
  answerTo: number;
  value?: unknown;
}

export const isQuestion = (message: unknown): message is Question =>
  isOurs(message) &&
  typeof (message as Question).kind === "string" &&
  typeof (message as Question).key === "string";

export const isAnswer = (message: unknown): message is Answer =>
  isOurs(message) && typeof (message as Answer).answerTo === "number";

const isOurs = (message: unknown) =>
  !!message &&
  typeof message === "object" &&
  (message as { channel?: unknown }).channel === CONSOLE_CHANNEL;

/** Whether this process is a console worker of the supervisor, which relays between its workers. */
export const supervised = () =>
  cluster.isWorker &&
  process.env[SUPERVISED_VARIABLE] === "1" &&
  typeof process.send === "function";

/**
 * The asks waiting for their answers and the answerers of this process, kept once per process:
 * the console's host (server/console.ts) and its build each load a copy of this module, whose
 * ids must not collide on the one channel.
 */
interface State {
  nextId: number;
  waiting: Map<number, (value: unknown) => void>;
  answerers: Map<AskKind, (key: string) => Promise<unknown>>;
  listening: boolean;
}
const STATE = Symbol.for("developer-console.supervised");
const holder = globalThis as { [STATE]?: State };
const state: State = holder[STATE] ?? {
  nextId: 1,
  waiting: new Map(),
  answerers: new Map(),
  listening: false,
};
holder[STATE] = state;

function listen() {
  if (state.listening) return;
  state.listening = true;
  process.on("message", (message: unknown) => {
    if (isAnswer(message)) {
      state.waiting.get(message.answerTo)?.(message.value);
      state.waiting.delete(message.answerTo);
    } else if (isQuestion(message)) {
      const answerer = state.answerers.get(message.kind);
      const reply = (value: unknown) =>
        process.send?.({ channel: CONSOLE_CHANNEL, answerTo: message.id, value } satisfies Answer);
      if (!answerer) reply(undefined);
      else answerer(message.key).then(reply, () => reply(undefined));
    }
  });
}

/** Asks the supervisor; answers its answer. */
export function ask(kind: AskKind, key: string): Promise<unknown> {
  listen();
  const id = state.nextId++;
  return new Promise((resolve) => {
    state.waiting.set(id, resolve);
    process.send!({ channel: CONSOLE_CHANNEL, id, kind, key } satisfies Question);
  });
}

/** Tells the supervisor, expecting no answer. */
export function tell(kind: AskKind, key: string) {
  process.send!({ channel: CONSOLE_CHANNEL, id: 0, kind, key } satisfies Question);
}

/** Answers the supervisor's questions of `kind` (another process's recall) with `answer`. */
export function answer(kind: AskKind, answerer: (key: string) => Promise<unknown>) {
  listen();
  state.answerers.set(kind, answerer);
}
