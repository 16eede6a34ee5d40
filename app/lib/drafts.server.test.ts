import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createStorage } from "unstorage";
import fsDriver from "unstorage/drivers/fs";
import memoryDriver from "unstorage/drivers/memory";
import { describe, expect, it } from "vitest";
import { createDraftStore, DRAFT_SUBJECTS_MAX, DRAFT_TTL_DAYS } from "./drafts.server";

const day = 24 * 60 * 60 * 1000;

function store(start = 1_000_000) {
  let now = start;
  const storage = createStorage({ driver: memoryDriver() });
  return {
    drafts: createDraftStore(storage, () => now),
    storage,
    advance: (ms: number) => (now += ms),
  };
}

describe("the draft store", () => {
  it("keeps parts per owner and subject, each apart", async () => {
    const { drafts } = store();
    await drafts.write("user-a", "v1", "details", { name: "A" });
    await drafts.write("user-a", "v1", "listing", { copyright: "A" });
    await drafts.write("user-b", "v1", "details", { name: "B" });
    expect(await drafts.read("user-a", "v1")).toEqual({
      details: { name: "A" },
      listing: { copyright: "A" },
    });
    expect(await drafts.read("user-b", "v1")).toEqual({ details: { name: "B" } });
    expect(await drafts.read("user-a", "v2")).toEqual({});
  });

  it("drops one part and the entry with its last part", async () => {
    const { drafts, storage } = store();
    await drafts.write("user-a", "v1", "details", 1);
    await drafts.write("user-a", "v1", "listing", 2);
    await drafts.drop("user-a", "v1", "details");
    expect(await drafts.read("user-a", "v1")).toEqual({ listing: 2 });
    await drafts.drop("user-a", "v1", "listing");
    expect(await storage.getKeys()).toEqual([]);
  });

  it(`forgets a part not written for ${DRAFT_TTL_DAYS} days`, async () => {
    const { drafts, advance } = store();
    await drafts.write("user-a", "v1", "details", 1);
    advance((DRAFT_TTL_DAYS - 1) * day);
    await drafts.write("user-a", "v1", "listing", 2);
    advance(2 * day);
    expect(await drafts.read("user-a", "v1")).toEqual({ listing: 2 });
  });

  it("names entries by a hash of the owner, never by the owner's id itself", async () => {
    const { drafts, storage } = store();
    await drafts.write("../../etc/passwd:x", "v1", "details", 1);
    const keys = (await storage.getKeys()).sort();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{40}:v1$/);
    // The owner's index of subjects, under the same hash.
    expect(keys[1]).toBe(`index:${keys[0].split(":")[0]}`);
    await expect(drafts.write("user-a", "../v1", "details", 1)).rejects.toThrow();
  });

  it("reads a damaged entry as no draft", async () => {
    const { drafts, storage } = store();
    await drafts.write("user-a", "v1", "details", 1);
    const [key] = await storage.getKeys();
    await storage.setItem(key, "not an entry");
    expect(await drafts.read("user-a", "v1")).toEqual({});
    await storage.setItem(key, { parts: { details: { value: 1 } } });
    expect(await drafts.read("user-a", "v1")).toEqual({});
  });
});

describe("the draft store under changes posted at once", () => {
  /** A store that rewrites an entry as a file is rewritten: emptied first, then written a moment later. */
  function slowStore() {
    const memory = createStorage({ driver: memoryDriver() });
    const storage = createStorage({
      driver: {
        name: "rewritten-in-two-steps",
        hasItem: (key) => memory.hasItem(key),
        getItem: (key) => memory.getItem(key),
        async setItem(key, value) {
          await memory.setItem(key, "");
          await new Promise((resolve) => setTimeout(resolve, 5));
          await memory.setItem(key, value);
        },
        removeItem: (key) => memory.removeItem(key),
        getKeys: () => memory.getKeys(),
      },
    });
    return createDraftStore(storage);
  }

  it("lands every part written at once and never reads an entry half-written", async () => {
    const drafts = slowStore();
    await drafts.write("user-a", "v1", "first", 0);
    const reads: Record<string, unknown>[] = [];
    await Promise.all([
      ...Array.from({ length: 8 }, (_, index) =>
        drafts.write("user-a", "v1", `part-${index}`, index),
      ),
      ...Array.from({ length: 8 }, () =>
        drafts.read("user-a", "v1").then((read) => reads.push(read)),
      ),
    ]);
    expect(Object.keys(await drafts.read("user-a", "v1")).sort()).toEqual(
      ["first", ...Array.from({ length: 8 }, (_, index) => `part-${index}`)].sort(),
    );
    for (const read of reads) expect(read).toHaveProperty("first", 0);
  });
});

describe(`at most ${DRAFT_SUBJECTS_MAX} subjects per person`, () => {
  /** The memory store, and the disk store in a folder of its own. */
  const kinds = {
    memory: () => ({ storage: createStorage({ driver: memoryDriver() }), done: () => {} }),
    disk: () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), "drafts-bound-"));
      return {
        storage: createStorage({ driver: fsDriver({ base: dir }) }),
        done: () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  };

  it.each(Object.keys(kinds) as (keyof typeof kinds)[])(
    "a new subject past them removes the one written longest ago and names it (%s)",
    async (kind) => {
      const { storage, done } = kinds[kind]();
      let now = 1_000_000;
      const drafts = createDraftStore(storage, () => (now += 1000));
      try {
        for (let i = 0; i < DRAFT_SUBJECTS_MAX; i++)
          expect(await drafts.write("user-a", `v${i}`, "details", i, `App ${i} 1.000`)).toEqual({
            evicted: [],
          });
        // v0 is touched again: v1 is now the one written longest ago.
        expect(await drafts.write("user-a", "v0", "listing", "again")).toEqual({ evicted: [] });
        // Another person's drafts count apart.
        expect(await drafts.write("user-b", "v1", "details", "b")).toEqual({ evicted: [] });

        expect(await drafts.write("user-a", "new", "details", "new", "New app 2.000")).toEqual({
          evicted: ["App 1 1.000"],
        });
        expect(await drafts.read("user-a", "v1")).toEqual({});
        expect(await drafts.read("user-a", "v0")).toEqual({ details: 0, listing: "again" });
        expect(await drafts.read("user-a", "new")).toEqual({ details: "new" });
        expect(await drafts.read("user-b", "v1")).toEqual({ details: "b" });

        // A subject whose draft was dropped frees its place.
        await drafts.drop("user-a", "v2", "details");
        expect(await drafts.write("user-a", "newer", "details", 1, "Newer app 1.000")).toEqual({
          evicted: [],
        });
        expect(await drafts.write("user-a", "newest", "details", 1, "Newest app 1.000")).toEqual({
          evicted: ["App 3 1.000"],
        });
      } finally {
        done();
      }
    },
  );
});
