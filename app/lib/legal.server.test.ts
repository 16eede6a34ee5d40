import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONSOLE_COOKIES, formatFileSize, termsDocument } from "./legal.server";

describe("formatFileSize", () => {
  it("answers kilobytes, rounded, in the page's language", () => {
    expect(formatFileSize(34_712, "en-AU")).toBe("35 kB");
    expect(formatFileSize(200, "en-AU")).toBe("1 kB");
    expect(formatFileSize(1_250_000, "en-AU")).toBe("1.3 MB");
    expect(formatFileSize(1_250_000, "nl-NL")).toBe("1,3 MB");
  });
});

describe("termsDocument", () => {
  it.each(["en-AU", "nl-NL"] as const)("finds the %s terms in public/legal", async (lang) => {
    const doc = await termsDocument(lang);
    expect(doc.href).toBe(`/legal/terms-of-use-${lang}.pdf`);
    expect(doc.fileName).toBe(`terms-of-use-${lang}.pdf`);
    expect(doc.size).toMatch(/^\d+ kB$/);
  });
});

describe("CONSOLE_COOKIES", () => {
  it("names the cookies the console really sets (the privacy statement lists them)", () => {
    const source = [
      "../session.server.ts",
      "../auth.server.ts",
      "./apps/list-preferences.server.ts",
    ]
      .map((file) => readFileSync(new URL(file, import.meta.url), "utf8"))
      .join("\n");
    for (const name of Object.values(CONSOLE_COOKIES)) expect(source).toContain(`"${name}"`);
  });
});
