import { describe, expect, it } from "vitest";
import { languageOfPath, pathInLanguage } from "./language";

describe("pathInLanguage", () => {
  it("replaces the language segment and keeps the rest", () => {
    expect(pathInLanguage("/en-AU/apps?x=1", "nl-NL")).toBe("/nl-NL/apps?x=1");
  });
  it("replaces an unsupported language-like segment", () => {
    expect(pathInLanguage("/fr-FR/apps", "en-AU")).toBe("/en-AU/apps");
    expect(pathInLanguage("/nl/settings", "nl-NL")).toBe("/nl-NL/settings");
  });
  it("adds a segment to a path without one", () => {
    expect(pathInLanguage("/apps/new/details", "en-AU")).toBe("/en-AU/apps/new/details");
    expect(pathInLanguage("/", "nl-NL")).toBe("/nl-NL");
  });
  it("reads the language of a path", () => {
    expect(languageOfPath("/nl-NL/apps")).toBe("nl-NL");
    expect(languageOfPath("/apps")).toBeUndefined();
  });
});
