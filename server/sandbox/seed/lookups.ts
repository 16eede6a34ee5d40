/**
 * Lookup data of the provider sandbox: countries, feature flags, platform locations,
 * app categories, matter types, precedents, product variants, environments, desktop
 * versions and downloads, API permissions.
 *
 * `seedLookups` is idempotent and safe under concurrency: every insert is
 * `ON CONFLICT DO NOTHING` on a stable key, so it runs at every start and from several
 * test processes against one database. Rows already there are left as they are.
 *
 * Locations (and their grids), product variants and matter types are named in English and
 * Dutch (lookup-names.ts), as the app categories are; the API answers the caller's language.
 *
 * Resource countries: AUB (the AU beta region) uses AU's resources and IE maps to UK, so
 * locations, matter types, precedents, product variants and environments are stored for
 * AU, UK, US, CA and NZ only; the API resolves AUB and IE at query time.
 */
import { getTableColumns, sql } from "drizzle-orm";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { FEATURE_FLAGS, type FeatureFlag, SESSION_ANALYTICS_TOGGLE } from "~/api/resources/schemas";
import type { Database } from "../db";
import {
  appCategories,
  countries,
  desktopDownloads,
  desktopVersions,
  environments,
  featureFlags,
  featureToggles,
  matterTypes,
  permissions,
  platformLocations,
  precedents,
  productVariants,
} from "../db/schema/lookups";
import { namesOf } from "./lookup-names";

// ---------------------------------------------------------------------------
// Pure helpers (also used by the API)
// ---------------------------------------------------------------------------

/** The country whose resources a country uses: AUB → AU, IE → UK, others themselves. */
export function resourceCountryOf(country: {
  code: string;
  resourceCountryCode: string | null;
}): string {
  return country.resourceCountryCode ?? country.code;
}

/** Compares dotted numeric versions ('2.10.0.1' > '2.9.5.0'): the contract's, also used by the desktop version rules. */
export { compareVersions } from "~/api/schema/settings";

/** Staging downloads are offered only to users with test access. */
export function visibleDownloads<T extends { isStaging: boolean }>(
  rows: T[],
  hasAccessToTest: boolean,
): T[] {
  return hasAccessToTest ? rows : rows.filter((row) => !row.isStaging);
}

/** Keeps matter types of every variant (firmType null) and those of the given variant. */
export function matchesFirmType(rowFirmType: number | null, firmType: number | undefined): boolean {
  return firmType === undefined || rowFirmType === null || rowFirmType === firmType;
}

// ---------------------------------------------------------------------------
// Countries and flags
// ---------------------------------------------------------------------------

type CountryRow = typeof countries.$inferInsert;

export const COUNTRY_ROWS: CountryRow[] = [
  {
    code: "AU",
    name: "Australia",
    currency: "AUD",
    currencySymbol: "$",
    phoneCode: "+61",
    localeCode: "en-AU",
    displayLanguage: "English (Australia)",
    regionCode: 1,
    selectable: true,
    resourceCountryCode: null,
    sortOrder: 10,
  },
  {
    code: "AUB",
    name: "Australia (Beta)",
    currency: "AUD",
    currencySymbol: "$",
    phoneCode: "+61",
    localeCode: "en-AU",
    displayLanguage: "English (Australia)",
    regionCode: 7,
    selectable: true,
    resourceCountryCode: "AU",
    sortOrder: 20,
  },
  {
    code: "UK",
    name: "United Kingdom",
    currency: "GBP",
    currencySymbol: "£",
    phoneCode: "+44",
    localeCode: "en-GB",
    displayLanguage: "English (United Kingdom)",
    regionCode: 2,
    selectable: true,
    resourceCountryCode: null,
    sortOrder: 30,
  },
  {
    code: "IE",
    name: "Ireland",
    currency: "EUR",
    currencySymbol: "€",
    phoneCode: "+353",
    localeCode: "en-IE",
    displayLanguage: "English (Ireland)",
    regionCode: 6,
    selectable: false,
    resourceCountryCode: "UK",
    sortOrder: 35,
  },
  {
    code: "US",
    name: "United States",
    currency: "USD",
    currencySymbol: "$",
    phoneCode: "+1",
    localeCode: "en-US",
    displayLanguage: "English (United States)",
    regionCode: 3,
    selectable: true,
    resourceCountryCode: null,
    sortOrder: 40,
  },
  {
    code: "CA",
    name: "Canada",
    currency: "CAD",
    currencySymbol: "$",
    phoneCode: "+1",
    localeCode: "en-CA",
    displayLanguage: "English (Canada)",
    regionCode: 4,
    selectable: true,
    resourceCountryCode: null,
    sortOrder: 50,
  },
  // "Country code 5 means region nz" (import token).
  {
    code: "NZ",
    name: "New Zealand",
    currency: "NZD",
    currencySymbol: "$",
    phoneCode: "+64",
    localeCode: "en-NZ",
    displayLanguage: "English (New Zealand)",
    regionCode: 5,
    selectable: true,
    resourceCountryCode: null,
    sortOrder: 60,
  },
];

/** Countries that hold resources (AUB and IE resolve to AU and UK). */
export const RESOURCE_COUNTRIES = ["AU", "UK", "US", "CA", "NZ"] as const;
type ResourceCountry = (typeof RESOURCE_COUNTRIES)[number];

type Flag = FeatureFlag;

const AU_FLAGS: Record<Flag, boolean> = {
  "monetisation-enabled": true,
  "product-variant-enabled": true,
  "data-attestation-enabled": true,
  "allow-svg-button": true,
  "lower-level-entity-enabled": false,
};
const UK_FLAGS: Record<Flag, boolean> = {
  "monetisation-enabled": true,
  "product-variant-enabled": false,
  "data-attestation-enabled": true,
  "allow-svg-button": false,
  "lower-level-entity-enabled": true,
};

/** Each flag is on in at least one country and off in at least one other. AUB mirrors AU, IE mirrors UK. */
export const FLAG_MATRIX: Record<string, Record<Flag, boolean>> = {
  AU: AU_FLAGS,
  AUB: { ...AU_FLAGS },
  UK: UK_FLAGS,
  IE: { ...UK_FLAGS },
  US: {
    "monetisation-enabled": false,
    "product-variant-enabled": false,
    "data-attestation-enabled": false,
    "allow-svg-button": true,
    "lower-level-entity-enabled": false,
  },
  CA: {
    "monetisation-enabled": false,
    "product-variant-enabled": false,
    "data-attestation-enabled": false,
    "allow-svg-button": false,
    "lower-level-entity-enabled": false,
  },
  NZ: {
    "monetisation-enabled": true,
    "product-variant-enabled": true,
    "data-attestation-enabled": false,
    "allow-svg-button": true,
    "lower-level-entity-enabled": false,
  },
};

export const FEATURE_TOGGLE_ROWS: (typeof featureToggles.$inferInsert)[] = [
  // Left out on purpose (docs/decisions/0018-nothing-third-party.md): nothing third-party is loaded; the toggle stays off.
  { name: SESSION_ANALYTICS_TOGGLE, enabled: false, value: null },
];

// ---------------------------------------------------------------------------
// Platform locations
// ---------------------------------------------------------------------------

const DESKTOP = 0;
const WEB = 1;
const MOBILE = 2;
const REPORTING = 3;

type LocationSeed = Omit<
  typeof platformLocations.$inferInsert,
  "countryCode" | "platform" | "sortOrder"
>;

const view = (
  id: string,
  name: string,
  viewType: string,
  extra: Partial<LocationSeed> = {},
): LocationSeed => ({
  id,
  name,
  kind: "view",
  viewType,
  ...extra,
});
const menu = (id: string, name: string, extra: Partial<LocationSeed> = {}): LocationSeed => ({
  id,
  name,
  kind: "menu",
  viewType: "menu",
  allowButtons: false,
  ...extra,
});

const DESKTOP_LOCATIONS: LocationSeed[] = [
  view("matter", "Matter", "matter", {
    allowButtons: true,
    allowContextAtRoot: true,
    allowContextMenu: true,
    allowDefinableTableApp: true,
    allowSecondaryTabButtons: true,
  }),
  view("matter-external-window", "Matter (External Window)", "matter", {
    integratorType: 1,
    allowButtons: true,
  }),
  view("matter-list", "Matter List", "matter-list", {
    allowButtons: true,
    allowContextMenu: true,
    grids: [{ gridId: "matter-list-grid", name: "Matter List" }],
  }),
  view("matter-documents", "Matter Documents", "matter", {
    allowButtons: true,
    allowContextMenu: true,
    grids: [{ gridId: "document-list-grid", name: "Documents" }],
  }),
  view("time-and-fees", "Time and Fees", "matter", {
    allowButtons: true,
    allowContextMenu: true,
    grids: [
      { gridId: "fee-list-grid", name: "Fees" },
      { gridId: "cost-recovery-grid", name: "Cost Recoveries" },
    ],
  }),
  view("card-list", "Card List", "card", {
    allowButtons: true,
    allowContextMenu: true,
    grids: [{ gridId: "card-list-grid", name: "Cards" }],
  }),
  view("card", "Card", "card", {
    allowButtons: true,
    allowContextAtRoot: true,
    allowSecondaryTabButtons: true,
  }),
  view("person", "Person", "person", { allowButtons: true, allowContextAtRoot: true }),
  view("precedent-list", "Precedent List", "precedent", {
    isPrecedentListView: true,
    allowContextMenu: true,
  }),
  view("custom-view", "Custom View", "matter", { isCustomView: true, allowButtons: true }),
  view("help", "Help", "help"),
  menu("menu-matter", "Matter Menu"),
  menu("menu-tools", "Tools Menu"),
  menu("menu-accounting", "Accounting Menu", { integratorType: 1 }),
  menu("menu-help", "Help Menu"),
];

const WEB_LOCATIONS: LocationSeed[] = [
  view("matter", "Matter", "matter", {
    allowButtons: true,
    allowContextAtRoot: true,
    allowContextMenu: true,
    allowSecondaryTabButtons: true,
  }),
  view("matter-list", "Matter List", "matter-list", {
    allowButtons: true,
    allowContextMenu: true,
    grids: [{ gridId: "matter-list-grid", name: "Matter List" }],
  }),
  view("matter-documents", "Matter Documents", "matter", {
    allowButtons: true,
    allowContextMenu: true,
    grids: [{ gridId: "document-list-grid", name: "Documents" }],
  }),
  view("card", "Card", "card", { allowButtons: true, allowContextAtRoot: true }),
  view("person", "Person", "person", { allowButtons: true }),
  view("precedent-list", "Precedent List", "precedent", {
    isPrecedentListView: true,
    allowContextMenu: true,
  }),
  view("custom-view", "Custom View", "matter", { isCustomView: true, allowButtons: true }),
  view("help", "Help", "help"),
  menu("menu-apps", "Apps Menu"),
  menu("menu-tools", "Tools Menu"),
  menu("menu-accounting", "Accounting Menu", { integratorType: 1 }),
];

const MOBILE_LOCATIONS: LocationSeed[] = [
  view("matter", "Matter", "matter", { allowButtons: true }),
  menu("menu-apps", "Apps Menu"),
];

const REPORTING_LOCATIONS: LocationSeed[] = [
  view("matter-reports", "Matter Reports", "matter", { allowButtons: true }),
  menu("menu-firm-reports", "Firm Reports"),
  menu("menu-accounting-reports", "Accounting Reports", { integratorType: 1 }),
];

/** Locations that exist in one country only. */
const COUNTRY_EXTRA_LOCATIONS: Partial<
  Record<ResourceCountry, { platform: number; location: LocationSeed }[]>
> = {
  AU: [
    {
      platform: DESKTOP,
      location: menu("menu-trust-accounting", "Trust Accounting Menu", { integratorType: 1 }),
    },
  ],
  UK: [{ platform: DESKTOP, location: menu("menu-legal-aid", "Legal Aid Menu") }],
  US: [
    {
      platform: DESKTOP,
      location: view("court-calendar", "Court Calendar", "matter", { allowButtons: true }),
    },
  ],
};

/** Countries whose mobile platform has locations. */
const MOBILE_COUNTRIES: ResourceCountry[] = ["AU", "UK"];

export function locationRows(): (typeof platformLocations.$inferInsert)[] {
  const rows: (typeof platformLocations.$inferInsert)[] = [];
  for (const countryCode of RESOURCE_COUNTRIES) {
    const byPlatform: [number, LocationSeed[]][] = [
      [DESKTOP, DESKTOP_LOCATIONS],
      [WEB, WEB_LOCATIONS],
      [MOBILE, MOBILE_COUNTRIES.includes(countryCode) ? MOBILE_LOCATIONS : []],
      [REPORTING, REPORTING_LOCATIONS],
    ];
    for (const [platform, list] of byPlatform) {
      const extras = (COUNTRY_EXTRA_LOCATIONS[countryCode] ?? [])
        .filter((e) => e.platform === platform)
        .map((e) => e.location);
      [...list, ...extras].forEach((location, index) => {
        const grids = (location.grids ?? []).map((grid) => ({
          ...grid,
          names: namesOf(grid.name),
        }));
        rows.push({
          ...location,
          names: namesOf(location.name),
          grids,
          countryCode,
          platform,
          sortOrder: (index + 1) * 10,
        });
      });
    }
  }
  return rows;
}

// ---------------------------------------------------------------------------
// App categories
// ---------------------------------------------------------------------------

/**
 * The categories, named in English and Dutch (the provider answers the caller's language:
 * resources/naming.ts). They share one place in the order, so each language lists them
 * alphabetically; Other comes last.
 */
export const APP_CATEGORY_ROWS: (typeof appCategories.$inferInsert)[] = [
  ["Accounting", "Boekhouding"],
  ["Billing", "Facturering"],
  ["Document Automation", "Documentautomatisering"],
  ["Email", "E-mail"],
  ["Forms", "Formulieren"],
  ["Identity Verification", "Identiteitsverificatie"],
  ["Marketing", "Marketing"],
  ["Productivity", "Productiviteit"],
  ["Reporting", "Rapportage"],
  ["Time Recording", "Tijdregistratie"],
].map(([name, nl], index) => ({
  id: index + 1,
  name,
  names: { "nl-NL": nl },
  isOther: false,
  sortOrder: 10,
}));
APP_CATEGORY_ROWS.push({
  id: 99,
  name: "Other",
  names: { "nl-NL": "Overig" },
  isOther: true,
  sortOrder: 999,
});

// ---------------------------------------------------------------------------
// Matter types
// ---------------------------------------------------------------------------

interface MatterTypeSeed {
  key: string;
  name: string;
  /** Default: every state of the country. */
  states?: string[];
  firmType?: number;
  /** Key of the matter type this one is a shortcut to. */
  shortcutTo?: string;
  children?: MatterTypeSeed[];
}

const folder = (key: string, name: string, children: MatterTypeSeed[]): MatterTypeSeed => ({
  key,
  name,
  children,
});
const mt = (
  key: string,
  name: string,
  extra: Omit<MatterTypeSeed, "key" | "name" | "children"> = {},
): MatterTypeSeed => ({ key, name, ...extra });

export const COUNTRY_STATES: Record<ResourceCountry, string[]> = {
  AU: ["NSW", "VIC", "QLD", "WA", "SA", "TAS", "ACT", "NT"],
  UK: ["England & Wales", "Scotland", "Northern Ireland"],
  US: ["California", "New York", "Texas", "Florida", "Illinois"],
  CA: ["Ontario", "British Columbia", "Alberta", "Quebec"],
  NZ: ["New Zealand"],
};

/** Product variants (firmType → name) of the countries where the variant flag is on. */
export const PRODUCT_VARIANTS: Partial<
  Record<ResourceCountry, { firmType: number; name: string }[]>
> = {
  AU: [
    { firmType: 1, name: "Law Firm" },
    { firmType: 2, name: "Conveyancer" },
    { firmType: 3, name: "Barrister" },
  ],
  NZ: [
    { firmType: 1, name: "Law Firm" },
    { firmType: 2, name: "Conveyancer" },
  ],
};

/** The product variants as their table keeps them, named in English and Dutch. */
export function productVariantRows(): (typeof productVariants.$inferInsert)[] {
  return Object.entries(PRODUCT_VARIANTS).flatMap(([countryCode, list]) =>
    (list ?? []).map((variant) => ({ countryCode, ...variant, names: namesOf(variant.name) })),
  );
}

const MATTER_TREES: Record<ResourceCountry, MatterTypeSeed[]> = {
  AU: [
    folder("conveyancing", "Conveyancing", [
      mt("purchase", "Purchase"),
      mt("sale", "Sale"),
      mt("off-the-plan", "Off the Plan Purchase", { states: ["NSW", "VIC", "QLD"] }),
      folder("commercial-property", "Commercial Property", [
        mt("commercial-lease", "Commercial Lease"),
        mt("commercial-purchase", "Commercial Purchase"),
      ]),
      mt("settlement-only", "Settlement Only", {
        states: ["NSW", "VIC", "QLD", "WA"],
        firmType: 2,
      }),
    ]),
    folder("family", "Family Law", [
      mt("divorce", "Divorce"),
      mt("property-settlement", "Property Settlement"),
      mt("parenting-orders", "Parenting Orders"),
      mt("consent-orders", "Consent Orders"),
    ]),
    folder("litigation", "Litigation", [
      folder("civil", "Civil Claims", [
        mt("local-court", "Local Court Claim", { states: ["NSW", "WA", "SA", "NT"] }),
        mt("magistrates-court", "Magistrates Court Claim", {
          states: ["VIC", "QLD", "TAS", "ACT"],
        }),
        mt("supreme-court", "Supreme Court Claim"),
      ]),
      mt("debt-recovery", "Debt Recovery"),
      mt("personal-injury", "Personal Injury"),
      mt("barrister-brief", "Brief to Counsel", { firmType: 3 }),
    ]),
    folder("wills-estates", "Wills and Estates", [
      mt("will", "Will"),
      mt("power-of-attorney", "Power of Attorney"),
      mt("probate", "Probate"),
      mt("estate-administration", "Estate Administration"),
    ]),
    folder("commercial", "Commercial", [
      mt("business-sale", "Sale of Business"),
      mt("shareholders-agreement", "Shareholders Agreement"),
      mt("commercial-lease-shortcut", "Commercial Lease", { shortcutTo: "commercial-lease" }),
    ]),
  ],
  UK: [
    folder("conveyancing", "Conveyancing", [
      mt("purchase", "Residential Purchase", { states: ["England & Wales", "Northern Ireland"] }),
      mt("sale", "Residential Sale", { states: ["England & Wales", "Northern Ireland"] }),
      mt("remortgage", "Remortgage"),
      mt("missives", "Missives (Scotland)", { states: ["Scotland"] }),
      folder("commercial-property", "Commercial Property", [
        mt("commercial-lease", "Commercial Lease"),
        mt("commercial-purchase", "Commercial Purchase"),
      ]),
    ]),
    folder("family", "Family Law", [
      mt("divorce", "Divorce"),
      mt("financial-remedy", "Financial Remedy", { states: ["England & Wales"] }),
      mt("child-arrangements", "Child Arrangements"),
    ]),
    folder("litigation", "Litigation", [
      folder("civil", "Civil Litigation", [
        mt("small-claims", "Small Claims Track", { states: ["England & Wales"] }),
        mt("fast-track", "Fast Track", { states: ["England & Wales"] }),
        mt("multi-track", "Multi-Track", { states: ["England & Wales"] }),
      ]),
      mt("employment-tribunal", "Employment Tribunal"),
      mt("personal-injury", "Personal Injury"),
    ]),
    folder("wills-estates", "Wills and Probate", [
      mt("will", "Will"),
      mt("lasting-power-of-attorney", "Lasting Power of Attorney", { states: ["England & Wales"] }),
      mt("probate", "Probate"),
    ]),
    folder("commercial", "Commercial", [
      mt("company-formation", "Company Formation"),
      mt("commercial-lease-shortcut", "Commercial Lease", { shortcutTo: "commercial-lease" }),
    ]),
  ],
  US: [
    folder("conveyancing", "Real Estate", [
      mt("purchase", "Residential Purchase"),
      mt("sale", "Residential Sale"),
      folder("commercial-property", "Commercial Real Estate", [
        mt("commercial-lease", "Commercial Lease"),
        mt("commercial-purchase", "Commercial Purchase"),
      ]),
    ]),
    folder("family", "Family Law", [
      mt("divorce", "Divorce"),
      mt("child-custody", "Child Custody"),
      mt("prenuptial", "Prenuptial Agreement"),
    ]),
    folder("litigation", "Litigation", [
      folder("civil", "Civil Litigation", [
        mt("contract-dispute", "Contract Dispute"),
        mt("personal-injury", "Personal Injury"),
      ]),
      mt("small-claims", "Small Claims"),
    ]),
    folder("wills-estates", "Estate Planning", [
      mt("will", "Will"),
      mt("living-trust", "Living Trust"),
      mt("probate", "Probate"),
    ]),
    folder("commercial", "Corporate", [mt("llc-formation", "LLC Formation")]),
  ],
  CA: [
    folder("conveyancing", "Real Estate", [
      mt("purchase", "Purchase"),
      mt("sale", "Sale"),
      mt("refinance", "Mortgage Refinance"),
    ]),
    folder("family", "Family Law", [
      mt("divorce", "Divorce"),
      mt("separation-agreement", "Separation Agreement"),
    ]),
    folder("litigation", "Litigation", [
      mt("civil-action", "Civil Action"),
      mt("small-claims", "Small Claims", { states: ["Ontario", "British Columbia", "Alberta"] }),
    ]),
    folder("wills-estates", "Wills and Estates", [
      mt("will", "Will"),
      mt("power-of-attorney", "Power of Attorney"),
      mt("estate-administration", "Estate Administration"),
    ]),
  ],
  NZ: [
    folder("conveyancing", "Property", [
      mt("purchase", "Purchase"),
      mt("sale", "Sale"),
      mt("refinance", "Refinance"),
      mt("settlement-only", "Settlement Only", { firmType: 2 }),
    ]),
    folder("family", "Family Law", [
      mt("divorce", "Dissolution of Marriage"),
      mt("relationship-property", "Relationship Property"),
      mt("care-of-children", "Care of Children"),
    ]),
    folder("litigation", "Litigation", [
      mt("district-court", "District Court Claim"),
      mt("disputes-tribunal", "Disputes Tribunal"),
    ]),
    folder("wills-estates", "Wills and Estates", [
      mt("will", "Will"),
      mt("enduring-power-of-attorney", "Enduring Power of Attorney"),
      mt("estate-administration", "Estate Administration"),
    ]),
  ],
};

export const matterTypeId = (countryCode: string, key: string) =>
  `${countryCode.toLowerCase()}-mt-${key}`;

export function matterTypeRows(): (typeof matterTypes.$inferInsert)[] {
  const rows: (typeof matterTypes.$inferInsert)[] = [];
  for (const countryCode of RESOURCE_COUNTRIES) {
    const walk = (nodes: MatterTypeSeed[], parentId: string | null) => {
      nodes.forEach((node, index) => {
        const id = matterTypeId(countryCode, node.key);
        const isFolder = node.children !== undefined;
        rows.push({
          id,
          countryCode,
          name: node.name,
          names: namesOf(node.name),
          type: isFolder ? "Folder" : "MatterType",
          parentId,
          states: isFolder
            ? []
            : (node.states ?? COUNTRY_STATES[countryCode]).map((name) => ({ name })),
          shortcutId: node.shortcutTo ? matterTypeId(countryCode, node.shortcutTo) : null,
          firmType: node.firmType ?? null,
          sortOrder: (index + 1) * 10,
        });
        if (node.children) walk(node.children, id);
      });
    };
    walk(MATTER_TREES[countryCode], null);
  }
  return rows;
}

// ---------------------------------------------------------------------------
// Precedents
// ---------------------------------------------------------------------------

interface PrecedentSeed {
  key: string;
  name: string;
  precedentType?: string;
  /** Key of the precedent this one is a shortcut to. */
  shortcutTo?: string;
  children?: PrecedentSeed[];
}

const pf = (key: string, name: string, children: PrecedentSeed[]): PrecedentSeed => ({
  key,
  name,
  children,
});
const pd = (
  key: string,
  name: string,
  precedentType: string,
  shortcutTo?: string,
): PrecedentSeed => ({ key, name, precedentType, shortcutTo });

/** A top-level folder of the precedent library, bound to a matter type (or null for general ones). */
interface PrecedentLibrary {
  matterType: string | null;
  folder: PrecedentSeed;
}

function conveyancingLibraries(
  c: ResourceCountry,
  forms: { purchase: [string, string][]; sale: [string, string][] },
): PrecedentLibrary[] {
  const side = (
    key: "purchase" | "sale",
    title: string,
    letters: [string, string][],
  ): PrecedentLibrary => ({
    matterType: key,
    folder: pf(`${key}`, title, [
      pf(
        `${key}-correspondence`,
        "Correspondence",
        letters.map(([k, name]) => pd(`${key}-${k}`, name, "Letter")),
      ),
      pf(
        `${key}-forms`,
        "Forms",
        forms[key].map(([k, name]) => pd(`${key}-${k}`, name, "Form")),
      ),
      pd(`${key}-checklist`, `${title} Checklist`, "Checklist"),
    ]),
  });
  const purchaseTitle = c === "US" || c === "UK" ? "Residential Purchase" : "Purchase";
  const saleTitle = c === "US" || c === "UK" ? "Residential Sale" : "Sale";
  return [
    side("purchase", purchaseTitle, [
      ["engagement", "Letter to Client - Engagement"],
      ["contract-received", "Letter to Client - Contract Received"],
      ["requisitions", "Letter to Other Side - Requisitions"],
      ["settlement-complete", "Letter to Client - Settlement Completed"],
    ]),
    side("sale", saleTitle, [
      ["engagement", "Letter to Client - Engagement"],
      ["contract-issued", "Letter to Other Side - Contract Issued"],
      ["settlement-complete", "Letter to Client - Settlement Completed"],
    ]),
  ];
}

function commonLibraries(c: ResourceCountry): PrecedentLibrary[] {
  const willTitle = c === "US" ? "Estate Planning" : "Wills";
  const divorceForm =
    c === "AU"
      ? "Application for Divorce"
      : c === "UK"
        ? "Divorce Application (D8)"
        : c === "NZ"
          ? "Application for Dissolution"
          : "Petition for Divorce";
  const libraries: PrecedentLibrary[] = [
    {
      matterType: "will",
      folder: pf("will", willTitle, [
        pf("will-agreements", "Wills", [
          pd("will-simple", "Simple Will", "Agreement"),
          pd("will-mirror", "Mirror Wills", "Agreement"),
          pd("will-testamentary-trust", "Will with Testamentary Trust", "Agreement"),
        ]),
        pf("will-correspondence", "Correspondence", [
          pd("will-instructions", "Letter to Client - Will Instructions", "Letter"),
          pd("will-signing", "Letter to Client - Signing Appointment", "Letter"),
          pd("will-safe-custody", "Safe Custody Receipt", "Form"),
        ]),
      ]),
    },
    {
      matterType: "divorce",
      folder: pf("divorce", "Divorce", [
        pd("divorce-application", divorceForm, "Form"),
        pd("divorce-client-letter", "Letter to Client - Divorce Process", "Letter"),
        pd("divorce-service-affidavit", "Affidavit of Service", "Form"),
      ]),
    },
    {
      matterType: null,
      folder: pf("general", "General", [
        pd("general-file-note", "File Note", "Memo"),
        pd(
          "general-costs-agreement",
          c === "UK" ? "Client Care Letter" : "Costs Agreement",
          "Agreement",
        ),
        pd("general-email-update", "Email to Client - Matter Update", "Email"),
        pd("general-authority", "Authority to Act", "Form"),
      ]),
    },
  ];
  return libraries;
}

const PRECEDENT_LIBRARIES: Record<ResourceCountry, PrecedentLibrary[]> = {
  AU: [
    ...conveyancingLibraries("AU", {
      purchase: [
        ["transfer", "Transfer"],
        ["notice-of-acquisition", "Notice of Acquisition"],
        ["duties-declaration", "Duties Online Declaration"],
      ],
      sale: [
        ["contract", "Contract for the Sale of Land"],
        ["vendor-statement", "Vendor Statement (Section 32)"],
        ["discharge-of-mortgage", "Discharge of Mortgage Authority"],
      ],
    }),
    ...commonLibraries("AU"),
    {
      matterType: "debt-recovery",
      folder: pf("debt-recovery", "Debt Recovery", [
        pd("debt-letter-of-demand", "Letter of Demand", "Letter"),
        pd("debt-statement-of-claim", "Statement of Claim", "Form"),
        pd("debt-demand-shortcut", "Letter of Demand", "Letter", "debt-letter-of-demand"),
      ]),
    },
  ],
  UK: [
    ...conveyancingLibraries("UK", {
      purchase: [
        ["tr1", "Transfer of Whole (TR1)"],
        ["sdlt1", "SDLT Return (SDLT1)"],
        ["ap1", "Application to Change the Register (AP1)"],
      ],
      sale: [
        ["ta6", "Property Information Form (TA6)"],
        ["ta10", "Fittings and Contents Form (TA10)"],
      ],
    }),
    ...commonLibraries("UK"),
    {
      matterType: "small-claims",
      folder: pf("small-claims", "Small Claims", [
        pd("small-claims-letter-before-claim", "Letter Before Claim", "Letter"),
        pd("small-claims-n1", "Claim Form (N1)", "Form"),
      ]),
    },
  ],
  US: [
    ...conveyancingLibraries("US", {
      purchase: [
        ["purchase-agreement", "Residential Purchase Agreement"],
        ["closing-disclosure", "Closing Disclosure Review"],
      ],
      sale: [
        ["listing-agreement", "Listing Agreement Review"],
        ["deed", "Grant Deed"],
      ],
    }),
    ...commonLibraries("US"),
  ],
  CA: [
    ...conveyancingLibraries("CA", {
      purchase: [
        ["aps", "Agreement of Purchase and Sale"],
        ["land-transfer-tax", "Land Transfer Tax Affidavit"],
      ],
      sale: [
        ["statement-of-adjustments", "Statement of Adjustments"],
        ["undertaking", "Vendor's Undertaking"],
      ],
    }),
    ...commonLibraries("CA"),
  ],
  NZ: [
    ...conveyancingLibraries("NZ", {
      purchase: [
        ["sale-and-purchase", "Agreement for Sale and Purchase"],
        ["aml-cft", "AML/CFT Client Verification"],
      ],
      sale: [
        ["settlement-statement", "Settlement Statement"],
        ["authority-and-instruction", "Authority and Instruction Form"],
      ],
    }),
    ...commonLibraries("NZ"),
  ],
};

export const precedentId = (countryCode: string, key: string) =>
  `${countryCode.toLowerCase()}-pr-${key}`;

export function precedentRows(): (typeof precedents.$inferInsert)[] {
  const rows: (typeof precedents.$inferInsert)[] = [];
  for (const countryCode of RESOURCE_COUNTRIES) {
    PRECEDENT_LIBRARIES[countryCode].forEach((library, libraryIndex) => {
      const mtId = library.matterType ? matterTypeId(countryCode, library.matterType) : null;
      const walk = (node: PrecedentSeed, parentId: string | null, index: number) => {
        const id = precedentId(countryCode, node.key);
        const isFolder = node.children !== undefined;
        rows.push({
          precedentId: id,
          countryCode,
          name: node.name,
          parentId,
          matterTypeId: mtId,
          shortcutId: node.shortcutTo ? precedentId(countryCode, node.shortcutTo) : null,
          type: isFolder ? "Folder" : "Precedent",
          precedentType: isFolder ? null : (node.precedentType ?? null),
          sortOrder: (index + 1) * 10,
        });
        node.children?.forEach((child, childIndex) => {
          walk(child, id, childIndex);
        });
      };
      walk(library.folder, null, libraryIndex);
    });
  }
  return rows;
}

// ---------------------------------------------------------------------------
// Environments, desktop versions and downloads
// ---------------------------------------------------------------------------

const ENV_BASE: Record<ResourceCountry, number> = { AU: 1, UK: 11, US: 21, CA: 31, NZ: 41 };

export function environmentRows(): (typeof environments.$inferInsert)[] {
  const rows: (typeof environments.$inferInsert)[] = [];
  for (const countryCode of RESOURCE_COUNTRIES) {
    const base = ENV_BASE[countryCode];
    rows.push(
      { id: base, envType: "DEV", countryCode, name: `${countryCode} Dev` },
      { id: base + 1, envType: "TEST", countryCode, name: `${countryCode} Test` },
      { id: base + 2, envType: "LIVE", countryCode, name: `${countryCode} Live` },
    );
    // The AUB (AU beta) live environment is AU's LIVEB (docs/decisions/0005-aub-region.md).
    if (countryCode === "AU")
      rows.push({ id: base + 3, envType: "LIVEB", countryCode, name: "AU Live (Beta)" });
  }
  return rows;
}

export const DESKTOP_VERSION_ROWS: (typeof desktopVersions.$inferInsert)[] = [
  { version: "2.3.4.210", isMinimum: false, releasedAt: new Date("2024-03-11T00:00:00Z") },
  { version: "2.4.0.88", isMinimum: true, releasedAt: new Date("2024-07-22T00:00:00Z") },
  { version: "2.5.2.17", isMinimum: false, releasedAt: new Date("2024-11-04T00:00:00Z") },
  { version: "2.6.1.5", isMinimum: false, releasedAt: new Date("2025-03-17T00:00:00Z") },
  { version: "2.7.0.31", isMinimum: false, releasedAt: new Date("2025-08-25T00:00:00Z") },
];

const CURRENT_DESKTOP = "2.7.0.31";
const PREVIOUS_DESKTOP = "2.6.1.5";
const STAGING_DESKTOP = "2.8.0.4";

export function desktopDownloadRows(): (typeof desktopDownloads.$inferInsert)[] {
  const url = (country: string, version: string, staging: boolean) =>
    `https://downloads.example.com/${staging ? "staging/" : ""}leap-desktop/${country.toLowerCase()}/${version}/LEAPDesktopSetup.exe`;
  const builds: [string, string, boolean][] = [
    ["AU", CURRENT_DESKTOP, false],
    ["AU", PREVIOUS_DESKTOP, false],
    ["AU", STAGING_DESKTOP, true],
    ["UK", CURRENT_DESKTOP, false],
    ["UK", STAGING_DESKTOP, true],
    ["US", CURRENT_DESKTOP, false],
    ["CA", CURRENT_DESKTOP, false],
    ["NZ", CURRENT_DESKTOP, false],
    ["NZ", PREVIOUS_DESKTOP, false],
  ];
  // Explicit ids: the stable key that makes re-seeding a no-op.
  return builds.map(([country, versionNumber, isStaging], index) => ({
    id: index + 1,
    url: url(country, versionNumber, isStaging),
    country,
    versionNumber,
    isStaging,
  }));
}

// ---------------------------------------------------------------------------
// API permissions
// ---------------------------------------------------------------------------

type PermissionRow = typeof permissions.$inferInsert;

/** The permission groups in Dutch (the provider answers the caller's language: security/service.ts). */
const PERMISSION_GROUPS_NL: Record<string, string> = {
  Matters: "Dossiers",
  Cards: "Kaarten",
  Documents: "Documenten",
  Billing: "Facturering",
  Tasks: "Taken",
  Staff: "Medewerkers",
  Offline: "Offline",
};

const perm = (
  operationId: string,
  method: string,
  route: string,
  level: "firm" | "staff",
  permissionGroup: string,
  /** In English and in Dutch. */
  [description, descriptionNl]: [string, string],
  /** The resource countries that offer it; every country when left out. */
  countries: ResourceCountry[] | null = null,
): PermissionRow => ({
  operationId,
  method,
  route,
  level,
  description,
  accessGroup: method === "GET" ? "read" : "write",
  permissionGroup,
  names: {
    "nl-NL": { description: descriptionNl, permissionGroup: PERMISSION_GROUPS_NL[permissionGroup] },
  },
  countries,
});

export const PERMISSION_ROWS: PermissionRow[] = [
  perm("getMatters", "GET", "/api/v1/matters", "firm", "Matters", [
    "List the firm's matters.",
    "De dossiers van het kantoor opvragen.",
  ]),
  perm("getMatter", "GET", "/api/v1/matters/{matterId}", "firm", "Matters", [
    "Read one matter with its details.",
    "Eén dossier met alle gegevens inzien.",
  ]),
  perm("createMatter", "POST", "/api/v1/matters", "firm", "Matters", [
    "Open a new matter.",
    "Een nieuw dossier openen.",
  ]),
  perm("updateMatter", "PUT", "/api/v1/matters/{matterId}", "firm", "Matters", [
    "Update the details of a matter.",
    "De gegevens van een dossier bijwerken.",
  ]),
  perm("getMatterCards", "GET", "/api/v1/matters/{matterId}/cards", "firm", "Matters", [
    "List the cards (parties) of a matter.",
    "De kaarten (partijen) van een dossier opvragen.",
  ]),
  perm("getCards", "GET", "/api/v1/cards", "firm", "Cards", [
    "List the firm's cards (people, companies, government bodies, trusts).",
    "De kaarten van het kantoor opvragen (personen, bedrijven, overheidsinstanties, trusts).",
  ]),
  perm("getCard", "GET", "/api/v1/cards/{cardId}", "firm", "Cards", [
    "Read one card.",
    "Eén kaart inzien.",
  ]),
  perm("createCard", "POST", "/api/v1/cards", "firm", "Cards", [
    "Create a card.",
    "Een kaart aanmaken.",
  ]),
  perm("updateCard", "PUT", "/api/v1/cards/{cardId}", "firm", "Cards", [
    "Update a card.",
    "Een kaart bijwerken.",
  ]),
  perm("deleteCard", "DELETE", "/api/v1/cards/{cardId}", "firm", "Cards", [
    "Delete a card that is not used on a matter.",
    "Een kaart verwijderen die in geen enkel dossier wordt gebruikt.",
  ]),
  perm("getDocuments", "GET", "/api/v1/matters/{matterId}/documents", "staff", "Documents", [
    "List the documents of a matter.",
    "De documenten van een dossier opvragen.",
  ]),
  perm("getDocument", "GET", "/api/v1/documents/{documentId}", "staff", "Documents", [
    "Download a document.",
    "Een document downloaden.",
  ]),
  perm("createDocument", "POST", "/api/v1/matters/{matterId}/documents", "staff", "Documents", [
    "Save a new document to a matter.",
    "Een nieuw document in een dossier opslaan.",
  ]),
  perm("deleteDocument", "DELETE", "/api/v1/documents/{documentId}", "staff", "Documents", [
    "Delete a document.",
    "Een document verwijderen.",
  ]),
  perm("getFeeEntries", "GET", "/api/v1/matters/{matterId}/fees", "staff", "Billing", [
    "List the time and fee entries of a matter.",
    "De geschreven uren en honoraria van een dossier opvragen.",
  ]),
  perm("createFeeEntry", "POST", "/api/v1/matters/{matterId}/fees", "staff", "Billing", [
    "Record time or a fee on a matter.",
    "Tijd of een honorarium op een dossier schrijven.",
  ]),
  perm("getInvoices", "GET", "/api/v1/matters/{matterId}/invoices", "firm", "Billing", [
    "List the invoices of a matter.",
    "De facturen van een dossier opvragen.",
  ]),
  perm(
    "getTrustBalance",
    "GET",
    "/api/v1/matters/{matterId}/trust-balance",
    "firm",
    "Billing",
    [
      "Read the trust account balance of a matter.",
      "Het saldo op de derdengeldenrekening van een dossier inzien.",
    ],
    ["AU", "UK", "NZ"],
  ),
  perm(
    "getCourtDeadlines",
    "GET",
    "/api/v1/matters/{matterId}/court-deadlines",
    "staff",
    "Tasks",
    ["List the court deadlines of a matter.", "De proceduretermijnen van een dossier opvragen."],
    ["US", "CA"],
  ),
  perm("getStaff", "GET", "/api/v1/staff", "firm", "Staff", [
    "List the firm's staff.",
    "De medewerkers van het kantoor opvragen.",
  ]),
  perm("getCurrentStaff", "GET", "/api/v1/staff/me", "staff", "Staff", [
    "Read the signed-in staff member.",
    "De aangemelde medewerker inzien.",
  ]),
  perm("getTasks", "GET", "/api/v1/matters/{matterId}/tasks", "staff", "Tasks", [
    "List the tasks of a matter.",
    "De taken van een dossier opvragen.",
  ]),
  perm("createTask", "POST", "/api/v1/matters/{matterId}/tasks", "staff", "Tasks", [
    "Create a task on a matter.",
    "Een taak in een dossier aanmaken.",
  ]),
  perm("offlineAccess", "POST", "/oauth/token", "firm", "Offline", [
    "Keep access while no user is signed in (refresh tokens).",
    "Toegang behouden terwijl niemand is aangemeld (vernieuwingstokens).",
  ]),
];

// ---------------------------------------------------------------------------
// Seeding
// ---------------------------------------------------------------------------

/** Inserts in slices so a single statement stays well under parameter limits. */
async function insertAll<T>(rows: T[], insert: (slice: T[]) => Promise<unknown>, size = 200) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * Writes the rows, replacing a row of the same key: the seed is the provider's reference
 * data, so a sandbox whose database outlives a change of it (a PostgreSQL database, a data
 * folder kept across upgrades) gets the new values at its next start.
 */
function upsert<T extends PgTable>(db: Database, table: T, rows: T["$inferInsert"][]) {
  const config = getTableConfig(table);
  const key = config.primaryKeys[0]?.columns ?? config.columns.filter((column) => column.primary);
  const keyNames = new Set(key.map((column) => column.name));
  const written = new Set(rows.flatMap((row) => Object.keys(row as object)));
  const set = Object.fromEntries(
    Object.entries(getTableColumns(table))
      .filter(([property, column]) => written.has(property) && !keyNames.has(column.name))
      .map(([property, column]) => [property, sql.raw(`excluded."${column.name}"`)]),
  );
  const insert = db.insert(table).values(rows as never);
  return Object.keys(set).length
    ? insert.onConflictDoUpdate({ target: key, set: set as never })
    : insert.onConflictDoNothing();
}

/** Seeds every lookup table, replacing rows seeded before with this version's values; runs at every start. */
export async function seedLookups(db: Database): Promise<void> {
  // Countries first: the other lookup tables reference them.
  await upsert(db, countries, COUNTRY_ROWS);

  const flagRows = Object.entries(FLAG_MATRIX).flatMap(([countryCode, flags]) =>
    FEATURE_FLAGS.map((flag) => ({ countryCode, flag, enabled: flags[flag] })),
  );
  await upsert(db, featureFlags, flagRows);
  await upsert(db, featureToggles, FEATURE_TOGGLE_ROWS);

  await insertAll(locationRows(), (slice) => upsert(db, platformLocations, slice));
  await upsert(db, appCategories, APP_CATEGORY_ROWS);
  await insertAll(matterTypeRows(), (slice) => upsert(db, matterTypes, slice));
  await insertAll(precedentRows(), (slice) => upsert(db, precedents, slice));

  await upsert(db, productVariants, productVariantRows());

  await upsert(db, environments, environmentRows());
  await upsert(db, desktopVersions, DESKTOP_VERSION_ROWS);
  await upsert(db, desktopDownloads, desktopDownloadRows());
  await upsert(db, permissions, PERMISSION_ROWS);
}

/**
 * Orders a flat tree parents first (depth-first, siblings in the given order). Rows whose
 * parent is missing from the list are treated as roots, so a filtered list keeps every row.
 */
export function inTreeOrder<T>(
  rows: T[],
  idOf: (row: T) => string,
  parentOf: (row: T) => string | null,
): T[] {
  const ids = new Set(rows.map(idOf));
  const children = new Map<string | null, T[]>();
  for (const row of rows) {
    const parent = parentOf(row);
    const key = parent !== null && ids.has(parent) ? parent : null;
    const list = children.get(key) ?? [];
    list.push(row);
    children.set(key, list);
  }
  const out: T[] = [];
  const visit = (key: string | null) => {
    for (const row of children.get(key) ?? []) {
      out.push(row);
      visit(idOf(row));
    }
  };
  visit(null);
  return out;
}
