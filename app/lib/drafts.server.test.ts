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
