/** Translate functions for tests: what a test compares instead of a language's words. */
import type { TFunction } from "i18next";

/** A test's own `t` as i18next's type (tests need none of its overloads). */
export const asT = (translate: (key: string, values?: Record<string, unknown>) => string) =>
  translate as unknown as TFunction;

/** A `t` that answers the key, followed by its values as JSON when it is given any. */
export const keyT = asT((key, values) => (values ? `${key} ${JSON.stringify(values)}` : key));
