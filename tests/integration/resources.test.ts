/** Lookups over real HTTP: GET resources/* and GET ping/more. */
import { beforeAll, describe, expect, it } from "vitest";
import {
  appCategoriesResponse,
  type ConfigInitAllResponse,
  configInitAllResponse,
  countriesResponse,
  desktopDownloadResponse,
  desktopVersionsResponse,
  FEATURE_FLAGS,
  leapEnvironmentsResponse,
  matterTypesResponse,
  PLATFORM_CODES,
  pingMoreResponse,
  precedentsResponse,
  productVariantsResponse,
} from "~/api/resources/schemas";
import { admin, apiFetch, expectErrorShape, newCompany } from "./support";

async function getJson(path: string, token?: string) {
  const res = await apiFetch(path, {}, token);
  expect(res.status, `${path}: ${res.status}`).toBe(200);
  return res.json() as Promise<unknown>;
}

/** Expects a 400 naming the given field. */
async function expectBadField(path: string, field: string) {
  const res = await apiFetch(path);
  expect(res.status, path).toBe(400);
  const body = await expectErrorShape(res);
  expect(body.field).toBe(field);
  expect(body.detail).toContain(field);
}

describe("GET resources/countries", () => {
  it("answers selectable countries without a token, IE left out, AUB in", async () => {
    const countries = countriesResponse.parse(await getJson("resources/countries"));
    const codes = countries.map((c) => c.code);
    expect(codes).not.toContain("IE");
    expect(codes).toEqual(expect.arrayContaining(["AU", "AUB", "UK", "US", "CA", "NZ"]));
    expect(codes[0]).toBe("AU");
    expect(countries.find((c) => c.code === "AU")).toEqual({
      code: "AU",
      name: "Australia",
      currency: "AUD",
      currencySymbol: "$",
      phoneCode: "+61",
      localeCode: "en-AU",
      displayLanguage: expect.any(String),
    });
    expect(countries.find((c) => c.code === "UK")).toMatchObject({
      currency: "GBP",
      currencySymbol: "£",
      phoneCode: "+44",
    });
  });

  it("rejects a forged token rather than ignoring it", async () => {
    const res = await apiFetch("resources/countries", {}, "not-a-token");
    expect(res.status).toBe(401);
  });
});

describe("GET resources/config-init-all", () => {
  let config: ConfigInitAllResponse;
  const country = (code: string) => config.init.countries.find((c) => c.code === code)!;

  beforeAll(async () => {
    config = configInitAllResponse.parse(await getJson("resources/config-init-all"));
  });

  it("includes every country, IE not selectable and resolved to UK, AUB resolved to AU", () => {
    const codes = config.init.countries.map((c) => c.code);
    expect(codes).toEqual(expect.arrayContaining(["AU", "AUB", "UK", "IE", "US", "CA", "NZ"]));
    expect(country("IE")).toMatchObject({
      selectable: false,
      resourceCountryCode: "UK",
      currency: "EUR",
    });
    expect(country("AUB")).toMatchObject({ selectable: true, resourceCountryCode: "AU" });
    expect(country("IE").settings).toEqual(country("UK").settings);
    expect(country("AUB").settings).toEqual(country("AU").settings);
  });

  it("lists the four platforms in code order with their locations", () => {
    const au = country("AU");
    expect(au.settings.platforms.map((p) => [p.type, p.code])).toEqual(
      Object.entries(PLATFORM_CODES),
    );
    const desktop = au.settings.platforms.find((p) => p.type === "desktop")!;
    const ids = desktop.locations.map((l) => l.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(desktop.locations.find((l) => l.id === "menu-accounting")).toMatchObject({
      type: "menu",
      integratorType: 1,
    });
    expect(desktop.locations.find((l) => l.isCustomView)?.name).toBe("Custom View");
    expect(desktop.locations.find((l) => l.isPrecedentListView)?.viewType).toBe("precedent");
    expect(desktop.locations.find((l) => l.id === "matter-list")?.grids.length).toBeGreaterThan(0);
    for (const code of ["AU", "UK", "US", "CA", "NZ"]) {
      const web = country(code).settings.platforms.find((p) => p.type === "web")!;
      expect(web.locations.length, code).toBeGreaterThan(0);
    }
  });

  it("has each feature flag on in one country and off in another", () => {
    for (const flag of FEATURE_FLAGS) {
      const values = config.init.countries.map((c) => c.featureFlags[flag]);
      expect(values, flag).toContain(true);
      expect(values, flag).toContain(false);
    }
    expect(country("AU").featureFlags["product-variant-enabled"]).toBe(true);
    expect(country("UK").featureFlags["product-variant-enabled"]).toBe(false);
    expect(country("UK").featureFlags["lower-level-entity-enabled"]).toBe(true);
    expect(country("AU").featureFlags["lower-level-entity-enabled"]).toBe(false);
  });
});

describe("GET resources/app-categories", () => {
  it("answers the categories with exactly one Other", async () => {
    const categories = appCategoriesResponse.parse(await getJson("resources/app-categories"));
    expect(categories.length).toBeGreaterThanOrEqual(8);
    expect(categories.filter((c) => c.isOther).map((c) => c.name)).toEqual(["Other"]);
    expect(categories.at(-1)?.name).toBe("Other");
  });

  it("names them in the caller's language (Accept-Language), English when it has none in it", async () => {
    const inLanguage = async (language: string) => {
      const res = await apiFetch("resources/app-categories", {
        headers: { "accept-language": language },
      });
      expect(res.status).toBe(200);
      return appCategoriesResponse.parse(await res.json());
    };
    const [en, nl, fr] = await Promise.all([
      inLanguage("en-AU"),
      inLanguage("nl-NL"),
      inLanguage("fr-FR"),
    ]);
    expect(nl.find((c) => c.id === en.find((e) => e.name === "Accounting")?.id)?.name).toBe(
      "Boekhouding",
    );
    expect(nl.filter((c) => c.isOther).map((c) => c.name)).toEqual(["Overig"]);
    expect(nl.at(-1)?.name).toBe("Overig");
    expect(new Set(nl.map((c) => c.id))).toEqual(new Set(en.map((c) => c.id)));
    expect(fr).toEqual(en);
  });
});

describe("GET resources/matter-types", () => {
  it("answers a folder tree with states", async () => {
    const { data } = matterTypesResponse.parse(
      await getJson("resources/matter-types?countryCode=AU"),
    );
    const byId = new Map(data.map((m) => [m.id, m]));
    expect(data.some((m) => m.type === "Folder" && m.parentId === null)).toBe(true);
    const seen = new Set<string>();
    for (const m of data) {
      if (m.parentId) {
        expect(seen.has(m.parentId), `${m.id} after its parent`).toBe(true);
        expect(byId.get(m.parentId)?.type).toBe("Folder");
      }
      seen.add(m.id);
      if (m.type === "MatterType") expect(m.states.length).toBeGreaterThan(0);
    }
    expect(data.find((m) => m.name === "Purchase")?.states.map((s) => s.name)).toContain("NSW");
    expect(data.some((m) => m.shortcutId !== null)).toBe(true);
  });

  it("treats AUB as AU and IE as UK, and accepts lower case", async () => {
    const au = await getJson("resources/matter-types?countryCode=AU");
    expect(await getJson("resources/matter-types?countryCode=AUB")).toEqual(au);
    expect(await getJson("resources/matter-types?countryCode=au")).toEqual(au);
    expect(await getJson("resources/matter-types?countryCode=IE")).toEqual(
      await getJson("resources/matter-types?countryCode=UK"),
    );
    const uk = matterTypesResponse.parse(await getJson("resources/matter-types?countryCode=UK"));
    expect(uk.data.flatMap((m) => m.states.map((s) => s.name))).toContain("England & Wales");
  });

  it("keeps matter types of every variant and of the asked firm type", async () => {
    const all = matterTypesResponse.parse(
      await getJson("resources/matter-types?countryCode=AU"),
    ).data;
    const conveyancer = matterTypesResponse.parse(
      await getJson("resources/matter-types?countryCode=AU&firmType=2"),
    ).data;
    const lawFirm = matterTypesResponse.parse(
      await getJson("resources/matter-types?countryCode=AU&firmType=1"),
    ).data;
    expect(all.some((m) => m.firmType === 2)).toBe(true);
    expect(conveyancer.every((m) => m.firmType === null || m.firmType === 2)).toBe(true);
    expect(conveyancer.some((m) => m.firmType === 2)).toBe(true);
    expect(lawFirm.every((m) => m.firmType === null || m.firmType === 1)).toBe(true);
    expect(lawFirm.length).toBeLessThan(all.length);
  });

  it("answers 400 naming the field for a missing, unknown or malformed value", async () => {
    await expectBadField("resources/matter-types", "countryCode");
    await expectBadField("resources/matter-types?countryCode=", "countryCode");
    await expectBadField("resources/matter-types?countryCode=XX", "countryCode");
    await expectBadField("resources/matter-types?countryCode=A%201", "countryCode");
    await expectBadField("resources/matter-types?countryCode=AU&firmType=abc", "firmType");
    await expectBadField("resources/matter-types?countryCode=AU&firmType=0", "firmType");
    await expectBadField("resources/matter-types?countryCode=AU&firmType=1.5", "firmType");
  });
});

describe("GET resources/matter-types/{id}/precedents and resources/precedents/{folderId}", () => {
  it("lists the precedents of a matter type, parents first", async () => {
    const { data } = matterTypesResponse.parse(
      await getJson("resources/matter-types?countryCode=AU"),
    );
    const purchase = data.find((m) => m.name === "Purchase" && m.type === "MatterType")!;
    const list = precedentsResponse.parse(
      await getJson(
        `resources/matter-types/${encodeURIComponent(purchase.id)}/precedents?countrycode=AU`,
      ),
    );
    expect(list.length).toBeGreaterThan(3);
    expect(list.every((p) => p.matterTypeId === purchase.id)).toBe(true);
    const ids = new Set<string>();
    for (const p of list) {
      if (p.parentId) expect(ids.has(p.parentId)).toBe(true);
      ids.add(p.precedentId);
    }
    expect(list.some((p) => p.type === "Precedent" && p.precedentType === "Letter")).toBe(true);
    expect(
      await getJson(`resources/matter-types/${purchase.id}/precedents?countrycode=AUB`),
    ).toEqual(list);
  });

  it("answers 404 for a matter type of another country, 400 without countrycode", async () => {
    const { data } = matterTypesResponse.parse(
      await getJson("resources/matter-types?countryCode=AU"),
    );
    const purchase = data.find((m) => m.name === "Purchase")!;
    const res = await apiFetch(`resources/matter-types/${purchase.id}/precedents?countrycode=UK`);
    expect(res.status).toBe(404);
    await expectErrorShape(res);
    await expectBadField(`resources/matter-types/${purchase.id}/precedents`, "countrycode");
    await expectBadField(
      `resources/matter-types/${purchase.id}/precedents?countrycode=ZZ`,
      "countrycode",
    );
  });

  it("walks the precedent tree from root", async () => {
    const top = precedentsResponse.parse(await getJson("resources/precedents/root?countrycode=UK"));
    expect(top.length).toBeGreaterThan(0);
    expect(top.every((p) => p.parentId === null)).toBe(true);
    expect(await getJson("resources/precedents/0?countrycode=UK")).toEqual(top);
    expect(await getJson("resources/precedents/root?countrycode=IE")).toEqual(top);

    const folder = top.find((p) => p.type === "Folder")!;
    const children = precedentsResponse.parse(
      await getJson(
        `resources/precedents/${encodeURIComponent(folder.precedentId)}?countrycode=UK`,
      ),
    );
    expect(children.length).toBeGreaterThan(0);
    expect(children.every((p) => p.parentId === folder.precedentId)).toBe(true);

    const leaf = children.find((p) => p.type === "Precedent");
    if (leaf)
      expect(
        (await apiFetch(`resources/precedents/${leaf.precedentId}?countrycode=UK`)).status,
      ).toBe(404);
    expect(
      (await apiFetch(`resources/precedents/${folder.precedentId}?countrycode=AU`)).status,
    ).toBe(404);
    expect((await apiFetch("resources/precedents/no-such-folder?countrycode=UK")).status).toBe(404);
    await expectBadField("resources/precedents/root", "countrycode");
    await expectBadField("resources/precedents/root?countrycode=XYZ", "countrycode");
  });
});

describe("GET resources/product-variants", () => {
  it("answers variants where the flag is on, AUB as AU, none where it is off", async () => {
    const au = productVariantsResponse.parse(
      await getJson("resources/product-variants?countryCode=AU"),
    );
    expect(au.map((v) => v.firmType)).toEqual([1, 2, 3]);
    expect(au.every((v) => v.name.length > 0)).toBe(true);
    expect(await getJson("resources/product-variants?countryCode=AUB")).toEqual(au);
    expect(
      productVariantsResponse.parse(await getJson("resources/product-variants?countryCode=UK")),
    ).toEqual([]);
    expect(
      productVariantsResponse.parse(await getJson("resources/product-variants?countryCode=US")),
    ).toEqual([]);
  });

  it("answers 400 naming countryCode", async () => {
    await expectBadField("resources/product-variants", "countryCode");
    await expectBadField("resources/product-variants?countryCode=QQ", "countryCode");
  });
});

describe("lookups named in the caller's language (Accept-Language)", () => {
  const inLanguage = async (path: string, language: string) => {
    const res = await apiFetch(path, { headers: { "accept-language": language } });
    expect(res.status, `${path} in ${language}`).toBe(200);
    return res.json() as Promise<unknown>;
  };
  const desktopOf = (config: ConfigInitAllResponse, code: string) =>
    config.init.countries
      .find((c) => c.code === code)!
      .settings.platforms.find((p) => p.type === "desktop")!.locations;

  it("names the locations and their grids in Dutch for nl-NL, in English for en-AU, the rest alike", async () => {
    const [en, nl] = await Promise.all(
      ["en-AU", "nl-NL"].map(async (language) =>
        configInitAllResponse.parse(await inLanguage("resources/config-init-all", language)),
      ),
    );
    const name = (config: ConfigInitAllResponse, id: string) =>
      desktopOf(config, "AU").find((l) => l.id === id)!;
    expect([
      name(en, "matter").name,
      name(en, "menu-tools").name,
      name(en, "custom-view").name,
    ]).toEqual(["Matter", "Tools Menu", "Custom View"]);
    expect([
      name(nl, "matter").name,
      name(nl, "menu-tools").name,
      name(nl, "custom-view").name,
    ]).toEqual(["Dossier", "Extra-menu", "Eigen weergave"]);
    expect(name(en, "time-and-fees").grids.map((g) => g.name)).toEqual(["Fees", "Cost Recoveries"]);
    expect(name(nl, "time-and-fees").grids.map((g) => g.name)).toEqual([
      "Honoraria",
      "Doorbelaste kosten",
    ]);
    // Every location of every country and platform has its Dutch name; only the names differ.
    const strip = (config: ConfigInitAllResponse) =>
      config.init.countries.map((c) =>
        c.settings.platforms.map((p) =>
          p.locations.map((l) => ({
            ...l,
            name: "",
            grids: l.grids.map((g) => ({ ...g, name: "" })),
          })),
        ),
      );
    expect(strip(nl)).toEqual(strip(en));
    const names = (config: ConfigInitAllResponse) =>
      config.init.countries.flatMap((c) =>
        c.settings.platforms.flatMap((p) => p.locations.map((l) => l.name)),
      );
    const english = new Set(names(en));
    expect(names(nl).filter((n) => english.has(n))).toEqual([]);
    // No language asked, or one the provider has no names in: English.
    expect(configInitAllResponse.parse(await getJson("resources/config-init-all"))).toEqual(en);
    expect(
      configInitAllResponse.parse(await inLanguage("resources/config-init-all", "fr-FR")),
    ).toEqual(en);
  });

  it("names the product variants in Dutch for nl-NL, in English for en-AU", async () => {
    const en = productVariantsResponse.parse(
      await inLanguage("resources/product-variants?countryCode=AU", "en-AU"),
    );
    const nl = productVariantsResponse.parse(
      await inLanguage("resources/product-variants?countryCode=AUB", "nl-NL,nl;q=0.9,en;q=0.5"),
    );
    expect(en).toEqual([
      { firmType: 1, name: "Law Firm" },
      { firmType: 2, name: "Conveyancer" },
      { firmType: 3, name: "Barrister" },
    ]);
    expect(nl).toEqual([
      { firmType: 1, name: "Advocatenkantoor" },
      { firmType: 2, name: "Vastgoedjurist" },
      { firmType: 3, name: "Pleitadvocaat" },
    ]);
  });

  it("names the matter types in Dutch for nl-NL, in English for en-AU, in the same tree", async () => {
    for (const code of ["AU", "UK", "US", "CA", "NZ"]) {
      const path = `resources/matter-types?countryCode=${code}`;
      const en = matterTypesResponse.parse(await inLanguage(path, "en-AU")).data;
      const nl = matterTypesResponse.parse(await inLanguage(path, "nl-NL")).data;
      expect(
        nl.map((m) => ({ ...m, name: "" })),
        code,
      ).toEqual(en.map((m) => ({ ...m, name: "" })));
      const english = new Set(en.map((m) => m.name));
      expect(
        nl.filter((m) => english.has(m.name)).map((m) => m.name),
        code,
      ).toEqual([]);
    }
    const au = matterTypesResponse.parse(
      await inLanguage("resources/matter-types?countryCode=AU", "nl-NL"),
    ).data;
    expect(au.find((m) => m.id === "au-mt-family")?.name).toBe("Familierecht");
    expect(au.find((m) => m.id === "au-mt-divorce")?.name).toBe("Echtscheiding");
    expect(
      matterTypesResponse
        .parse(await inLanguage("resources/matter-types?countryCode=AU", "en-AU"))
        .data.find((m) => m.id === "au-mt-divorce")?.name,
    ).toBe("Divorce");
  });
});

describe("GET resources/desktop-versions", () => {
  it("answers a.b.c.d versions, oldest first, exactly one minimum", async () => {
    const versions = desktopVersionsResponse.parse(await getJson("resources/desktop-versions"));
    expect(versions.length).toBeGreaterThanOrEqual(3);
    expect(versions.filter((v) => v.isMinimum)).toHaveLength(1);
  });
});

describe("GET resources/desktop-download", () => {
  it("offers no staging builds to anonymous callers or users without test access", async () => {
    const anonymous = desktopDownloadResponse.parse(await getJson("resources/desktop-download"));
    expect(anonymous.length).toBeGreaterThan(0);
    expect(anonymous.some((d) => d.isStaging)).toBe(false);
    expect(anonymous.every((d) => d.url.startsWith("https://downloads.example.com/"))).toBe(true);

    const company = await newCompany();
    const res = await company.api("resources/desktop-download");
    expect(res.status).toBe(200);
    const list = desktopDownloadResponse.parse(await res.json());
    expect(list.some((d) => d.isStaging)).toBe(false);
  });

  it("adds staging builds for a user with test access", async () => {
    const company = await newCompany();
    const granted = await admin(`users/${company.userId}/access-to-test`, {
      method: "PUT",
      body: JSON.stringify({ hasAccessToTest: true }),
    });
    expect(granted.status).toBe(200);
    const res = await company.api("resources/desktop-download");
    expect(res.status).toBe(200);
    const list = desktopDownloadResponse.parse(await res.json());
    expect(list.some((d) => d.isStaging)).toBe(true);
    expect(list.some((d) => !d.isStaging)).toBe(true);
  });
});

describe("GET resources/leap-environments", () => {
  it("answers DEV, TEST and LIVE per resource country and AU's LIVEB", async () => {
    const envs = leapEnvironmentsResponse.parse(await getJson("resources/leap-environments"));
    expect(new Set(envs.map((e) => e.id)).size).toBe(envs.length);
    for (const code of ["AU", "UK", "US", "CA", "NZ"]) {
      const types = envs.filter((e) => e.countryCode === code).map((e) => e.envType);
      expect(types, code).toEqual(expect.arrayContaining(["DEV", "TEST", "LIVE"]));
    }
    expect(envs.filter((e) => e.envType === "LIVEB").map((e) => e.countryCode)).toEqual(["AU"]);
    expect(envs.some((e) => e.countryCode === "AUB" || e.countryCode === "IE")).toBe(false);
    expect(envs.find((e) => e.countryCode === "AU" && e.envType === "TEST")?.name).toBe("AU Test");
  });
});

describe("GET ping/more", () => {
  it("answers the analytics toggle off and the flags of every country, as config-init-all", async () => {
    const ping = pingMoreResponse.parse(await getJson("ping/more"));
    expect(ping.analytics).toBe(false);
    const config = configInitAllResponse.parse(await getJson("resources/config-init-all"));
    for (const c of config.init.countries)
      expect(ping.countries[c.code], c.code).toEqual(c.featureFlags);
    expect(Object.keys(ping.countries).sort()).toEqual(
      config.init.countries.map((c) => c.code).sort(),
    );
  });
});
