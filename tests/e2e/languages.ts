/**
 * Which language a browser test written once per language runs in, in each project (decision
 * 49): one language with JavaScript and the other without, alternating from test to test.
 * Pure, so that the fixtures (in the workers) and the run's check of the pairs (a reporter,
 * in the runner) decide alike.
 */
import { createHash } from "node:crypto";
import { LANGS, type Lang } from "./env";

/** The language a test written once per language is for: a describe named after it, or `(nl-NL)` in a title. */
export function languageOfTitles(titles: readonly string[]): Lang | undefined {
  return LANGS.find((lang) =>
    titles.some((title) => title === lang || title.includes(`(${lang})`)),
  );
}

/** The titles with the language taken out: the same for both tests of a pair. */
export const pairKey = (titles: readonly string[]) =>
  titles
    .map((title) => LANGS.reduce((text, each) => text.replaceAll(each, "{lang}"), title))
    .join(" › ");

/**
 * Whether a test written once per language runs in this project (`titlePath` as the test's
 * info gives it: the file first). Each such pair runs one language with JS and the other
 * without, alternating from pair to pair (by a hash of the pair's titles), so every journey
 * runs in both projects and in both languages, at half the cost of every combination.
 * E2E_EVERY_LANGUAGE=1 runs them all. Tests not written per language always run.
 */
export function runsInThisProject(
  titlePath: readonly string[],
  project: "js" | "no-js",
): { runs: boolean; lang?: Lang } {
  const titles = titlePath.slice(1);
  const lang = languageOfTitles(titles);
  if (!lang || process.env.E2E_EVERY_LANGUAGE === "1") return { runs: true, lang };
  const flipped = (createHash("sha256").update(pairKey(titles)).digest()[0] & 1) === 1;
  const withJs: Lang = flipped ? "nl-NL" : "en-AU";
  return { runs: (project === "js") === (lang === withJs), lang };
}
