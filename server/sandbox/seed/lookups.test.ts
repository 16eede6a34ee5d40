import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FEATURE_FLAGS, flagsOf } from "~/api/resources/schemas";
import {
  APP_CATEGORY_ROWS,
  COUNTRY_ROWS,
  compareVersions,
  DESKTOP_VERSION_ROWS,
  desktopDownloadRows,
  environmentRows,
  FLAG_MATRIX,
  inTreeOrder,
  locationRows,
  matchesFirmType,
  matterTypeRows,
  PERMISSION_ROWS,
  PRODUCT_VARIANTS,
  precedentRows,
  productVariantRows,
  RESOURCE_COUNTRIES,
  resourceCountryOf,
  visibleDownloads,
} from "./lookups";

describe("pure helpers", () => {
  it("resolves the resource country: AUB → AU, IE → UK, others themselves", () => {
    const byCode = new Map(COUNTRY_ROWS.map((row) => [row.code, row]));
    const resolve = (code: string) => {
      const row = byCode.get(code)!;
      return resourceCountryOf({
        code: row.code,
        resourceCountryCode: row.resourceCountryCode ?? null,
      });
    };
    expect(resolve("AUB")).toBe("AU");
    expect(resolve("IE")).toBe("UK");
    for (const code of RESOURCE_COUNTRIES) expect(resolve(code)).toBe(code);
  });

  it("compares dotted versions numerically", () => {
    expect(compareVersions("2.10.0.1", "2.9.9.9")).toBeGreaterThan(0);
    expect(compareVersions("2.4.0.88", "2.4.0.88")).toBe(0);
    expect(compareVersions("2.4", "2.4.0.1")).toBeLessThan(0);
    const sorted = ["2.7.0.31", "2.3.4.210", "2.10.0.0", "2.4.0.88"].sort(compareVersions);
    expect(sorted).toEqual(["2.3.4.210", "2.4.0.88", "2.7.0.31", "2.10.0.0"]);
  });

  it("offers staging downloads only with test access", () => {
    const rows = [{ isStaging: false }, { isStaging: true }];
    expect(visibleDownloads(rows, false)).toEqual([{ isStaging: false }]);
    expect(visibleDownloads(rows, true)).toEqual(rows);
  });

  it("keeps matter types of every variant and of the asked variant", () => {
    expect(matchesFirmType(null, 2)).toBe(true);
    expect(matchesFirmType(2, 2)).toBe(true);
    expect(matchesFirmType(3, 2)).toBe(false);
    expect(matchesFirmType(3, undefined)).toBe(true);
  });

  it("orders a flat tree parents first and keeps orphans as roots", () => {
    const rows = [
      { id: "c", parent: "b" },
      { id: "a", parent: null },
      { id: "b", parent: "a" },
      { id: "x", parent: "missing" },
      { id: "d", parent: "a" },
    ];
    const ordered = inTreeOrder(
      rows,
      (r) => r.id,
      (r) => r.parent,
    ).map((r) => r.id);
    expect(ordered).toEqual(["a", "b", "c", "d", "x"]);
  });

  it("reads flags with every flag present and unknown countries off", () => {
    const flags = flagsOf({ AU: FLAG_MATRIX.AU }, "au");
    expect(flags["monetisation-enabled"]).toBe(true);
    expect(Object.values(flagsOf({}, "ZZ")).every((v) => v === false)).toBe(true);
  });
});

describe("seed data", () => {
  it("has the countries of the spec, IE not selectable and mapped to UK, NZ region 5", () => {
    const codes = COUNTRY_ROWS.map((row) => row.code);
    expect(codes.sort()).toEqual(["AU", "AUB", "CA", "IE", "NZ", "UK", "US"]);
    const ie = COUNTRY_ROWS.find((row) => row.code === "IE")!;
    expect(ie.selectable).toBe(false);
    expect(ie.resourceCountryCode).toBe("UK");
    const aub = COUNTRY_ROWS.find((row) => row.code === "AUB")!;
    expect(aub.selectable).toBe(true);
    expect(aub.resourceCountryCode).toBe("AU");
    expect(COUNTRY_ROWS.find((row) => row.code === "NZ")!.regionCode).toBe(5);
    expect(new Set(COUNTRY_ROWS.map((row) => row.regionCode)).size).toBe(COUNTRY_ROWS.length);
  });

  it("sets every flag for every country; each flag is on somewhere and off somewhere", () => {
    for (const row of COUNTRY_ROWS)
      expect(Object.keys(FLAG_MATRIX[row.code]).sort()).toEqual([...FEATURE_FLAGS].sort());
    for (const flag of FEATURE_FLAGS) {
      const values = Object.values(FLAG_MATRIX).map((flags) => flags[flag]);
      expect(values, flag).toContain(true);
      expect(values, flag).toContain(false);
    }
    expect(FLAG_MATRIX.AUB).toEqual(FLAG_MATRIX.AU);
    expect(FLAG_MATRIX.IE).toEqual(FLAG_MATRIX.UK);
  });

  it("has product variants exactly where the variant flag is on", () => {
    for (const code of RESOURCE_COUNTRIES) {
      const variants = PRODUCT_VARIANTS[code] ?? [];
      expect(variants.length > 0, code).toBe(FLAG_MATRIX[code]["product-variant-enabled"]);
    }
  });

  it("has locations per resource country and platform with unique ids and the special views", () => {
    const rows = locationRows();
    const keys = rows.map((row) => `${row.countryCode}:${row.platform}:${row.id}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const code of RESOURCE_COUNTRIES) {
      for (const platform of [0, 1, 3])
        expect(
          rows.some((r) => r.countryCode === code && r.platform === platform),
          `${code} ${platform}`,
        ).toBe(true);
      for (const platform of [0, 1]) {
        const list = rows.filter((r) => r.countryCode === code && r.platform === platform);
        expect(list.filter((r) => r.isCustomView)).toHaveLength(1);
        expect(list.filter((r) => r.isPrecedentListView)).toHaveLength(1);
        expect(list.find((r) => r.id === "menu-accounting")?.integratorType).toBe(1);
        expect(list.find((r) => r.id === "matter-list")?.grids?.length).toBeGreaterThan(0);
      }
    }
    expect(rows.some((r) => r.platform === 2)).toBe(true);
    expect(rows.some((r) => r.countryCode === "AUB" || r.countryCode === "IE")).toBe(false);
  });

  it("has one Other category", () => {
    expect(APP_CATEGORY_ROWS.filter((row) => row.isOther).map((row) => row.name)).toEqual([
      "Other",
    ]);
    expect(new Set(APP_CATEGORY_ROWS.map((row) => row.id)).size).toBe(APP_CATEGORY_ROWS.length);
  });

  it("names every category in Dutch, as the migration that added the names gave them to a sandbox seeded before", () => {
    const migration = readFileSync(
      new URL("../db/migrations/0002_app_category_names.sql", import.meta.url),
      "utf8",
    );
    for (const row of APP_CATEGORY_ROWS) {
      const nl = row.names?.["nl-NL"];
      expect(nl, row.name).toBeTruthy();
      expect(migration).toContain(
        `(${row.id}, '${JSON.stringify({ "nl-NL": nl })}', ${row.sortOrder})`,
      );
    }
  });

  it("names every location, grid, product variant and matter type in Dutch as well, never as in English", () => {
    const dutch = (row: { name: string; names?: Record<string, string> }) => {
      const nl = row.names?.["nl-NL"];
      expect(nl, row.name).toBeTruthy();
      expect(nl, row.name).not.toBe(row.name);
    };
    for (const row of locationRows()) {
      dutch(row);
      for (const grid of row.grids ?? []) dutch(grid);
    }
    for (const row of matterTypeRows()) dutch(row);
    for (const row of productVariantRows()) dutch(row);
  });

  it("builds consistent matter-type trees", () => {
    const rows = matterTypeRows();
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.size).toBe(rows.length);
    let deepest = 0;
    for (const row of rows) {
      let depth = 0;
      for (let p = row.parentId; p; p = byId.get(p)!.parentId) {
        const parent = byId.get(p);
        expect(parent, `${row.id} parent`).toBeDefined();
        expect(parent!.type).toBe("Folder");
        expect(parent!.countryCode).toBe(row.countryCode);
        depth++;
      }
      deepest = Math.max(deepest, depth);
      if (row.type === "MatterType") expect(row.states!.length, row.id).toBeGreaterThan(0);
      if (row.shortcutId) expect(byId.get(row.shortcutId)?.type).toBe("MatterType");
      if (row.firmType != null) {
        const variants = PRODUCT_VARIANTS[row.countryCode as keyof typeof PRODUCT_VARIANTS] ?? [];
        expect(
          variants.map((v) => v.firmType),
          row.id,
        ).toContain(row.firmType);
      }
    }
    expect(deepest).toBeGreaterThanOrEqual(2);
    for (const code of RESOURCE_COUNTRIES)
      expect(rows.some((row) => row.countryCode === code)).toBe(true);
  });

  it("builds precedent trees linked to matter types of the same country", () => {
    const types = new Map(matterTypeRows().map((row) => [row.id, row]));
    const rows = precedentRows();
    const byId = new Map(rows.map((row) => [row.precedentId, row]));
    expect(byId.size).toBe(rows.length);
    for (const row of rows) {
      if (row.parentId) {
        expect(byId.get(row.parentId)?.type, row.precedentId).toBe("Folder");
        expect(byId.get(row.parentId)?.matterTypeId).toBe(row.matterTypeId);
      }
      if (row.matterTypeId) {
        const type = types.get(row.matterTypeId);
        expect(type?.type, row.precedentId).toBe("MatterType");
        expect(type?.countryCode).toBe(row.countryCode);
      }
      if (row.type === "Precedent") expect(row.precedentType).toBeTruthy();
      if (row.shortcutId) expect(byId.get(row.shortcutId)?.type).toBe("Precedent");
    }
  });

  it("has DEV, TEST and LIVE per resource country and LIVEB for AU only", () => {
    const rows = environmentRows();
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    for (const code of RESOURCE_COUNTRIES) {
      const types = rows.filter((row) => row.countryCode === code).map((row) => row.envType);
      expect(types).toEqual(
        code === "AU" ? ["DEV", "TEST", "LIVE", "LIVEB"] : ["DEV", "TEST", "LIVE"],
      );
    }
  });

  it("has exactly one minimum desktop version and at least one staging download", () => {
    expect(DESKTOP_VERSION_ROWS.filter((row) => row.isMinimum)).toHaveLength(1);
    for (const row of DESKTOP_VERSION_ROWS) expect(row.version).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    const downloads = desktopDownloadRows();
    expect(downloads.some((row) => row.isStaging)).toBe(true);
    expect(new Set(downloads.map((row) => row.id)).size).toBe(downloads.length);
    for (const row of downloads) expect(row.url).toMatch(/^https:\/\/downloads\.example\.com\//);
  });

  it("has a permission catalogue with unique operation ids", () => {
    expect(PERMISSION_ROWS.length).toBeGreaterThanOrEqual(20);
    expect(new Set(PERMISSION_ROWS.map((row) => row.operationId)).size).toBe(
      PERMISSION_ROWS.length,
    );
    for (const row of PERMISSION_ROWS) {
      expect(["GET", "POST", "PUT", "DELETE"]).toContain(row.method);
      expect(["firm", "staff"]).toContain(row.level);
    }
  });

  it("names every permission and its group in Dutch as well, one Dutch name per group", () => {
    const groups = new Map<string, Set<string>>();
    for (const row of PERMISSION_ROWS) {
      const nl = row.names?.["nl-NL"];
      expect(nl?.description, row.operationId).toMatch(/\S/);
      expect(nl?.description).not.toBe(row.description);
      expect(nl?.permissionGroup, row.operationId).toMatch(/\S/);
      groups.set(
        row.permissionGroup,
        (groups.get(row.permissionGroup) ?? new Set()).add(nl!.permissionGroup),
      );
    }
    for (const names of groups.values()) expect(names.size).toBe(1);
  });
});
