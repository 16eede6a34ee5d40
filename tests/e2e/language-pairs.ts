/**
 * A reporter that stops the run before any test when a test named for one language (a
 * describe `nl-NL`, or `(nl-NL)` in a title) has no twin for the other language in its
 * file: such a test would run in one project only (tests/e2e/languages.ts). Name a
 * one-language test without the language code, e.g. 'in Dutch'.
 */
import type { FullConfig, Reporter, Suite } from "@playwright/test/reporter";
import type { Lang } from "./env";
import { languageOfTitles, pairKey } from "./languages";

export default class LanguagePairs implements Reporter {
  printsToStdio() {
    return false;
  }

  onBegin(_config: FullConfig, suite: Suite) {
    const pairs = new Map<string, { langs: Set<Lang>; title: string }>();
    for (const test of suite.allTests()) {
      // ['', project, file, ...describes, title]
      const [, project, file, ...titles] = test.titlePath();
      const lang = languageOfTitles(titles);
      if (!lang) continue;
      const key = [project, file, pairKey(titles)].join(" › ");
      const pair = pairs.get(key) ?? {
        langs: new Set<Lang>(),
        title: [file, ...titles].join(" › "),
      };
      pair.langs.add(lang);
      pairs.set(key, pair);
    }
    const lonely = [
      ...new Set(
        [...pairs.values()].filter((pair) => pair.langs.size < 2).map((pair) => pair.title),
      ),
    ];
    if (lonely.length > 0) {
      throw new Error(
        `These tests are named for one language but have no twin in the other, so they would run in one project only; ` +
          `name them without the language code (e.g. 'in Dutch'):\n${lonely.map((title) => `- ${title}`).join("\n")}`,
      );
    }
  }
}
