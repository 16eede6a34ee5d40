/**
 * What a duplicated app leaves behind of its platform schema documents: matter types (and
 * the precedent locations chosen under them) and regional info (states). Plain TypeScript.
 */

/**
 * The keys a duplicate drops from every `visibility` of a platform schema document:
 * matter types (and the precedent locations chosen under them) and regional info (states).
 */
export const DUPLICATE_DROPPED_VISIBILITY_KEYS = ["matterTypes", "states", "location"] as const;

/** A copy of a platform schema document without matter types and regional info. */
export function withoutRegionalInfo<T>(document: T): T {
  const walk = (value: unknown, inVisibility: boolean): unknown => {
    if (Array.isArray(value)) return value.map((item) => walk(item, false));
    if (value === null || typeof value !== "object") return value;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (inVisibility && (DUPLICATE_DROPPED_VISIBILITY_KEYS as readonly string[]).includes(key))
        continue;
      out[key] = walk(item, key === "visibility");
    }
    return out;
  };
  return walk(document, false) as T;
}
