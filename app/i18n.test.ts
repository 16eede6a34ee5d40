import { describe, expect, it } from "vitest";
import { bestLanguage, isLanguage, languageFromHeader } from "./i18n";

describe("languageFromHeader", () => {
  it("picks the best supported language by weight", () => {
    expect(languageFromHeader("fr-FR,nl;q=0.8,en;q=0.5")).toBe("nl-NL");
    expect(languageFromHeader("en-GB,en;q=0.9")).toBe("en-AU");
    expect(languageFromHeader("nl-BE;q=0.3, en-AU;q=0.9")).toBe("en-AU");
  });
  it("answers undefined when nothing fits", () => {
    expect(languageFromHeader("fr-FR,de;q=0.8")).toBeUndefined();
    expect(languageFromHeader("")).toBeUndefined();
    expect(languageFromHeader(null)).toBeUndefined();
    expect(languageFromHeader("nl;q=0")).toBeUndefined();
  });
  it("recognises exactly the two languages", () => {
    expect(isLanguage("nl-NL")).toBe(true);
    expect(isLanguage("nl")).toBe(false);
  });
});

describe("bestLanguage", () => {
  it("takes a tag itself before another of its base language, in the header's order", () => {
    expect(bestLanguage("nl-BE, nl;q=0.9", ["en", "nl", "nl-BE"])).toBe("nl-BE");
    expect(bestLanguage("nl-NL", ["en", "nl-BE"])).toBe("nl-BE");
    expect(bestLanguage("en-AU, nl-NL;q=0.5", ["en", "nl-NL"])).toBe("en");
    expect(bestLanguage("fr, nl-NL;q=0.5", ["en", "nl-NL"])).toBe("nl-NL");
    expect(bestLanguage("fr", ["en", "nl-NL"])).toBeUndefined();
  });
});
