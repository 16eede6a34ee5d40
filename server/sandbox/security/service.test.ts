import { describe, expect, it } from "vitest";
import { PERMISSION_ROWS } from "../seed/lookups";
import { permissionsInLanguage } from "./service";

type Row = Parameters<typeof permissionsInLanguage>[0][number];
const rows: Row[] = PERMISSION_ROWS.map((row) => ({ names: {}, countries: null, ...row }) as Row);

describe("the permission list in the caller's language", () => {
  it("names descriptions and groups in Dutch for a Dutch caller, grouped as Dutch sorts", () => {
    const nl = permissionsInLanguage(rows, "nl-NL,nl;q=0.9,en;q=0.8");
    expect(nl.find((p) => p.operationId === "getCards")).toMatchObject({
      permissionGroup: "Kaarten",
      route: "/api/v1/cards",
      method: "GET",
    });
    const groups = [...new Set(nl.map((p) => p.permissionGroup))];
    expect(groups).toEqual([
      "Documenten",
      "Dossiers",
      "Facturering",
      "Kaarten",
      "Medewerkers",
      "Offline",
      "Taken",
    ]);
    expect(nl.every((p) => !("names" in p) && !("countries" in p))).toBe(true);
  });

  it("answers English to any other caller, and for a permission not named in the caller's language", () => {
    const en = permissionsInLanguage(rows, "en-AU");
    expect([...new Set(en.map((p) => p.permissionGroup))]).toEqual([
      "Billing",
      "Cards",
      "Documents",
      "Matters",
      "Offline",
      "Staff",
      "Tasks",
    ]);
    expect(permissionsInLanguage(rows, "fr-FR")).toEqual(en);
    expect(permissionsInLanguage(rows, undefined)).toEqual(en);
    const unnamed = permissionsInLanguage([{ ...rows[0], names: {} }, rows[1]], "nl-NL");
    expect(unnamed.map((p) => p.permissionGroup)).toEqual(["Dossiers", "Matters"]);
  });

  it("orders routes within a group, then methods GET, POST, PUT, DELETE", () => {
    const cards = permissionsInLanguage(rows, "en-AU").filter((p) => p.permissionGroup === "Cards");
    expect(cards.map((p) => `${p.method} ${p.route}`)).toEqual([
      "GET /api/v1/cards",
      "POST /api/v1/cards",
      "GET /api/v1/cards/{cardId}",
      "PUT /api/v1/cards/{cardId}",
      "DELETE /api/v1/cards/{cardId}",
    ]);
  });
});
