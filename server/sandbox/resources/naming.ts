/**
 * Lookup names in the caller's language: a row's `name` is English, `names` holds the others
 * by language tag; the caller gets the best of them for their Accept-Language.
 */
import type { AppCategory } from "~/api/resources/schemas";
import { bestLanguage } from "~/i18n";
import type { appCategories } from "../db/schema/lookups";
import { nameIn } from "../seed/lookup-names";

type CategoryRow = typeof appCategories.$inferSelect;

/** The language of a category's `name`; `names` holds the others. */
export const DEFAULT_NAME_LANGUAGE = "en";

/**
 * The language a caller whose Accept-Language is `acceptLanguage` gets names in, of those the
 * rows are named in (`names` by language tag; English, the default, always), and how that
 * language sorts.
 */
export function namingLanguage(
  rows: readonly { names: Record<string, unknown> }[],
  acceptLanguage?: string | null,
) {
  const languages = new Set([
    DEFAULT_NAME_LANGUAGE,
    ...rows.flatMap((row) => Object.keys(row.names)),
  ]);
  const language = bestLanguage(acceptLanguage, [...languages]) ?? DEFAULT_NAME_LANGUAGE;
  return {
    language,
    collator: new Intl.Collator(language, { sensitivity: "base", numeric: true }),
  };
}

/**
 * Categories as the API answers them to a caller whose Accept-Language is `acceptLanguage`:
 * named in the best of their languages for the caller (English when none fits, or for a
 * category not named in it), ordered by `sortOrder`, then by name as that language sorts.
 */
export function categoriesInLanguage(
  rows: readonly CategoryRow[],
  acceptLanguage?: string | null,
): AppCategory[] {
  const { language, collator } = namingLanguage(rows, acceptLanguage);
  return rows
    .map((row) => ({ row, name: nameIn(row, language) }))
    .sort(
      (a, b) =>
        a.row.sortOrder - b.row.sortOrder ||
        collator.compare(a.name, b.name) ||
        a.row.id - b.row.id,
    )
    .map(({ row, name }) => ({ id: row.id, name, isOther: row.isOther }));
}
