/** Columns many tables share: keys, owners, instants, and text that is empty until set. */
import { type AnyPgColumn, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** An instant, always with its time zone. */
export const instant = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => instant("created_at").notNull().defaultNow();
export const modifiedAt = () => instant("modified_at").notNull().defaultNow();

/** The reviewer's decision on what was sent for review: when, and the notes given. */
export const reviewed = () => ({
  reviewedAt: instant("reviewed_at"),
  reviewNotes: text("review_notes"),
});

/** A random uuid primary key. */
export const id = () => uuid("id").primaryKey().defaultRandom();

/** The row this one belongs to: required, and removing it removes this one. */
export const ownedBy = (name: string, owner: () => AnyPgColumn) =>
  uuid(name).notNull().references(owner, { onDelete: "cascade" });

const blank = (name: string) => text(name).notNull().default("");

/** Text never null, empty until set; each column named after its key in snake case. */
export function blankTexts<K extends string>(...keys: K[]) {
  const columns = keys.map((key) => [
    key,
    blank(key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)),
  ]);
  return Object.fromEntries(columns) as { [P in K]: ReturnType<typeof blank> };
}
