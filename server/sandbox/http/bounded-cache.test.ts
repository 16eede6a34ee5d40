import { describe, expect, it } from "vitest";
import { boundedCache } from "./bounded-cache";

describe("boundedCache", () => {
  it("keeps at most its capacity, forgetting the least recently used first", () => {
    const cache = boundedCache<number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1);
    cache.set("c", 3);
    expect(cache.size).toBe(2);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(1);
    expect(cache.get("c")).toBe(3);
  });

  it("replaces a key's value without growing, and forgets a deleted key", () => {
    const cache = boundedCache<string>(2);
    cache.set("a", "x");
    cache.set("a", "y");
    expect(cache.size).toBe(1);
    expect(cache.get("a")).toBe("y");
    cache.delete("a");
    expect(cache.get("a")).toBeUndefined();
  });
});
