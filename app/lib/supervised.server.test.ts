import { afterEach, describe, expect, it, vi } from "vitest";
import { CONSOLE_CHANNEL, type Question } from "./supervised.server";

const realSend = process.send;
afterEach(() => {
  process.send = realSend;
});

describe("asking the supervisor", () => {
  it("keeps apart the asks of two copies of the module in one process (the host's and the build's)", async () => {
    const sent: Question[] = [];
    process.send = ((message: Question) => {
      sent.push(message);
      return true;
    }) as typeof process.send;
    const before = process.listeners("message");
    const host = await import("./supervised.server");
    vi.resetModules();
    const build = await import("./supervised.server");
    expect(build).not.toBe(host);

    const fromHost = host.ask("turn", "a");
    const fromBuild = build.ask("turn", "b");
    const [toHost, toBuild] = sent;
    expect(toHost.id).not.toBe(toBuild.id);
    // One listener for both copies, which gets each answer once.
    const added = process.listeners("message").filter((listener) => !before.includes(listener));
    expect(added).toHaveLength(1);
    const [listener] = added as ((message: unknown) => void)[];
    listener({ channel: CONSOLE_CHANNEL, answerTo: toBuild.id, value: "b's" });
    listener({ channel: CONSOLE_CHANNEL, answerTo: toHost.id, value: "a's" });
    expect(await fromBuild).toBe("b's");
    expect(await fromHost).toBe("a's");
  });
});
