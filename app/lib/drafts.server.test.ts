import { createStorage } from "unstorage";
import memoryDriver from "unstorage/drivers/memory";
import { describe, expect, it } from "vitest";
import { createDraftStore, DRAFT_TTL_DAYS } from "./drafts.server";

const day = 24 * 60 * 60 * 1000;

function store(start = 1_000_000) {
  let now = start;
  const storage = createStorage({ driver: memoryDriver() });
  return { drafts: createDraftStore(storage, () => now), storage, advance: (ms: number) => (now += ms) };
}

describe("the draft store", () => {
  it("keeps parts per owner and subject, each apart", async () => {
    const { drafts } = store();
    await drafts.write("user-a", "v1", "details", { name: "A" });
    await drafts.write("user-a", "v1", "listing", { copyright: "A" });
    await drafts.write("user-b", "v1", "details", { name: "B" });
    expect(await drafts.read("user-a", "v1")).toEqual({ details: { name: "A" }, listing: { copyright: "A" } });
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
    const keys = await storage.getKeys();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{40}:v1$/);
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
      ...Array.from({ length: 8 }, (_, index) => drafts.write("user-a", "v1", `part-${index}`, index)),
      ...Array.from({ length: 8 }, () => drafts.read("user-a", "v1").then((read) => reads.push(read))),
    ]);
    expect(Object.keys(await drafts.read("user-a", "v1")).sort()).toEqual(["first", ...Array.from({ length: 8 }, (_, index) => `part-${index}`)].sort());
    for (const read of reads) expect(read).toHaveProperty("first", 0);
  });
});
