/** Columns every table that keeps its history has. */
import { timestamp } from "drizzle-orm/pg-core";

export const createdAt = () =>
  timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const modifiedAt = () =>
  timestamp("modified_at", { withTimezone: true }).notNull().defaultNow();
