import { describe, expect, it } from "vitest";
import { APP_CATEGORY_ROWS } from "../seed/lookups";
import { categoriesInLanguage } from "./naming";

const rows = APP_CATEGORY_ROWS.map((row) => ({
  id: row.id,
  name: row.name,
  names: row.names ?? {},
  isOther: row.isOther ?? false,
  sortOrder: row.sortOrder ?? 0,
}));

describe("categoriesInLanguage", () => {
  it("names the categories in Dutch for a Dutch caller, alphabetically, Other (Overig) last", () => {
    const nl = categoriesInLanguage(rows, "nl-NL");
    expect(nl.map((c) => c.name)).toEqual([
      "Boekhouding",
      "Documentautomatisering",
      "E-mail",
      "Facturering",
      "Formulieren",
      "Identiteitsverificatie",
      "Marketing",
      "Productiviteit",
      "Rapportage",
      "Tijdregistratie",
      "Overig",
    ]);
    expect(nl.filter((c) => c.isOther)).toEqual([{ id: 99, name: "Overig", isOther: true }]);
    expect(categoriesInLanguage(rows, "nl-BE,nl;q=0.9,en;q=0.8")[0]?.name).toBe("Boekhouding");
  });

  it("answers English for an English caller, a language it does not have, or none", () => {
    for (const header of ["en-AU", "fr-FR", "", undefined, "en-GB, nl-NL;q=0.5"]) {
      const names = categoriesInLanguage(rows, header).map((c) => c.name);
      expect(names[0], String(header)).toBe("Accounting");
      expect(names.at(-1)).toBe("Other");
    }
  });

  it("keeps the English name of a category not named in the caller's language", () => {
    const added = [
      ...rows,
      { id: 11, name: "Compliance", names: {}, isOther: false, sortOrder: 10 },
    ];
    const nl = categoriesInLanguage(added, "nl-NL").map((c) => c.name);
    expect(nl).toContain("Compliance");
    expect(nl.indexOf("Compliance")).toBeLessThan(nl.indexOf("Documentautomatisering"));
  });
});
