import { createStorage } from "unstorage";
import lruCacheDriver from "unstorage/drivers/lru-cache";
import { describe, expect, it } from "vitest";
import { lastKnownAnswers } from "./last-known.server";

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("last-known answers", () => {
  it("are read back by their owner, in their language, in a submission only", async () => {
    const storage = createStorage({ driver: lruCacheDriver({ max: 10 }) });
    lastKnownAnswers("user-1", "en-AU", { read: false }, storage)!.keep("apps/1", {
      name: "Ledger",
    });
    await settle();
    expect(
      await lastKnownAnswers("user-1", "en-AU", { read: true }, storage)!.read("apps/1"),
    ).toEqual({ name: "Ledger" });
    expect(
      await lastKnownAnswers("user-1", "en-AU", { read: false }, storage)!.read("apps/1"),
    ).toBeUndefined();
    expect(
      await lastKnownAnswers("user-2", "en-AU", { read: true }, storage)!.read("apps/1"),
    ).toBeUndefined();
    expect(
      await lastKnownAnswers("user-1", "nl-NL", { read: true }, storage)!.read("apps/1"),
    ).toBeUndefined();
    expect(
      await lastKnownAnswers("user-1", "en-AU", { read: true }, storage)!.read(
        "apps/1?archived=true",
      ),
    ).toBeUndefined();
    // Recalled on purpose by a page, also in a visit; still only by its owner.
    expect(
      await lastKnownAnswers("user-1", "en-AU", { read: false }, storage)!.recall("apps/1"),
    ).toEqual({ name: "Ledger" });
    expect(
      await lastKnownAnswers("user-2", "en-AU", { read: false }, storage)!.recall("apps/1"),
    ).toBeUndefined();
  });

  it("are not kept for a session without its owner", () => {
    expect(lastKnownAnswers(undefined, "en-AU", { read: true })).toBeUndefined();
  });
});
