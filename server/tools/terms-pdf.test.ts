import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderTerms, TERMS, TERMS_LANGUAGES, termsBlocks, termsPath } from "./terms-pdf";

describe("the terms of use PDFs", () => {
  it.each(TERMS_LANGUAGES)(
    "public/legal/terms-of-use-%s.pdf is what the generator makes (run server/tools/terms-pdf.ts after editing)",
    async (lang) => {
      expect(readFileSync(termsPath(lang)).equals(await renderTerms(lang))).toBe(true);
    },
  );

  it("has the same sections, paragraphs and lists in every language", () => {
    const shape = (lang: (typeof TERMS_LANGUAGES)[number]) =>
      termsBlocks(TERMS[lang]).map((block) => block.kind);
    expect(shape("nl-NL")).toEqual(shape("en-AU"));
  });
});
