/**
 * A map of at most `capacity` entries that forgets the least recently used one first: memory
 * stays bounded however many keys pass through it.
 */
export function boundedCache<V>(capacity: number) {
  // A Map iterates in insertion order: the first key is the least recently used.
  const entries = new Map<string, V>();
  return {
    get(key: string): V | undefined {
      const value = entries.get(key);
      if (value === undefined) return undefined;
      // Used now: moved to the end.
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set(key: string, value: V) {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > capacity) entries.delete(entries.keys().next().value as string);
    },
    delete(key: string) {
      entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}
