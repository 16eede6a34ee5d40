import type { Worker } from "node:cluster";
import { describe, expect, it } from "vitest";
import { type Answer, CONSOLE_CHANNEL, type Question } from "~/lib/supervised.server";
import { consoleRelay } from "./console-relay";
import { restartWaitMs, STABLE_MS } from "./supervisor";

/** A console process as the relay sees it: what it was sent, and whether it is connected. */
function fakeWorker() {
  const sent: (Answer | Question)[] = [];
  let connected = true;
  const worker = {
    isConnected: () => connected,
    send: (message: Answer | Question) => {
      sent.push(message);
      return true;
    },
  } as unknown as Worker;
  return { worker, sent, end: () => (connected = false) };
}

const question = (id: number, kind: Question["kind"], key: string): Question => ({
  channel: CONSOLE_CHANNEL,
  id,
  kind,
  key,
});
const answerOf = (answerTo: number, value?: unknown): Answer => ({
  channel: CONSOLE_CHANNEL,
  answerTo,
  value,
});
const granted = (sent: (Answer | Question)[]) =>
  sent.filter((m): m is Answer => "answerTo" in m).map((m) => m.answerTo);

describe("turns kept by the supervisor", () => {
  it("grants a key to one process at a time, in the order asked, and the next once the holder is done", () => {
    const [a, b] = [fakeWorker(), fakeWorker()];
    const relay = consoleRelay(() => [a.worker, b.worker]);
    relay.received(a.worker, question(1, "turn", "draft-1"));
    relay.received(b.worker, question(7, "turn", "draft-1"));
    relay.received(b.worker, question(8, "turn", "draft-2"));
    expect(granted(a.sent)).toEqual([1]);
    expect(granted(b.sent), "another key is free at once").toEqual([8]);
    relay.received(b.worker, question(0, "turn-done", "draft-1"));
    expect(granted(b.sent), "a process that does not hold the key cannot release it").toEqual([8]);
    relay.received(a.worker, question(0, "turn-done", "draft-1"));
    expect(granted(b.sent)).toEqual([8, 7]);
  });

  it("gives the turns of a process that ended to the next in line", () => {
    const [a, b, c] = [fakeWorker(), fakeWorker(), fakeWorker()];
    const relay = consoleRelay(() => [a.worker, b.worker, c.worker]);
    relay.received(a.worker, question(1, "turn", "k"));
    relay.received(b.worker, question(2, "turn", "k"));
    relay.received(c.worker, question(3, "turn", "k"));
    relay.ended(b.worker);
    relay.ended(a.worker);
    expect(granted(b.sent)).toEqual([]);
    expect(granted(c.sent)).toEqual([3]);
  });
});

describe("a recall relayed to the other processes", () => {
  it("answers the first copy found, and nothing when no other process kept one", () => {
    const [a, b, c] = [fakeWorker(), fakeWorker(), fakeWorker()];
    const relay = consoleRelay(() => [a.worker, b.worker, c.worker]);
    relay.received(a.worker, question(5, "recall", "page"));
    expect(a.sent).toEqual([]);
    const [toB] = b.sent as Question[];
    const [toC] = c.sent as Question[];
    expect(toB).toMatchObject({ kind: "recall", key: "page" });
    relay.received(b.worker, answerOf(toB.id, undefined));
    expect(a.sent).toEqual([]);
    relay.received(c.worker, answerOf(toC.id, { name: "kept" }));
    expect(a.sent).toEqual([answerOf(5, { name: "kept" })]);

    relay.received(b.worker, question(6, "recall", "other"));
    const asked = [a.sent.at(-1), c.sent.at(-1)] as Question[];
    relay.received(a.worker, answerOf(asked[0].id));
    relay.ended(c.worker);
    expect(b.sent.at(-1)).toEqual(answerOf(6, undefined));
  });

  it("answers at once when the asker is alone", () => {
    const a = fakeWorker();
    const relay = consoleRelay(() => [a.worker]);
    relay.received(a.worker, question(9, "recall", "page"));
    expect(a.sent).toEqual([answerOf(9, undefined)]);
  });
});

describe("the wait before a restart", () => {
  it("is none after a process that ran a while, and doubles while it keeps ending soon after its start, up to 30 s", () => {
    expect(STABLE_MS).toBe(10_000);
    expect([0, 1, 2, 3, 4, 8, 20].map(restartWaitMs)).toEqual([
      0, 250, 500, 1_000, 2_000, 30_000, 30_000,
    ]);
  });
});
