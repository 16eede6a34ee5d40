/**
 * Registration's field rules that need no zod, for the forms that show them (registration,
 * the company settings, the user dialog) and for the contract's schemas (./schemas.ts).
 */

export const USER_TITLES = ["mr", "mrs", "ms", "master", "miss", "dr"] as const;
/** Entity type: 0 external (Standard), 1 internal (Advanced), 2 entry. */
export const ENTITY_TYPES = { external: 0, internal: 1, entry: 2 } as const;
export const ABOUT_LIMITS = { min: 200, max: 10_000 } as const;
export const SOCIAL_PRESENCE_MAX = 1000;

/** Counts the characters of about-text as a reader sees them (trimmed, tags removed). */
export function plainTextLength(value: string): number {
  return value.replace(/<[^>]*>/g, "").trim().length;
}
