/**
 * The Dutch names of the sandbox's lookups that are named in words: platform locations and
 * their grids, product variants and matter types, by their English name. The provider
 * answers them to a caller whose Accept-Language asks for Dutch (resources/naming.ts), as it
 * does the app categories. Pure data: the seed (lookups.ts) and the browser tests read it.
 */

/** Language tag → name, as the lookup tables keep it (`names`). */
export type Names = Record<string, string>;

export const DUTCH_NAMES: Readonly<Record<string, string>> = {
  // Locations (and the grids of their views)
  Matter: "Dossier",
  "Matter (External Window)": "Dossier (extern venster)",
  "Matter List": "Dossierlijst",
  "Matter Documents": "Dossierdocumenten",
  "Time and Fees": "Tijd en honoraria",
  "Card List": "Kaartenlijst",
  Card: "Kaart",
  Person: "Persoon",
  "Precedent List": "Modellenlijst",
  "Custom View": "Eigen weergave",
  Help: "Hulp",
  "Matter Menu": "Dossiermenu",
  "Tools Menu": "Extra-menu",
  "Accounting Menu": "Boekhoudmenu",
  "Help Menu": "Hulpmenu",
  "Apps Menu": "Apps-menu",
  "Matter Reports": "Dossierrapporten",
  "Firm Reports": "Kantoorrapporten",
  "Accounting Reports": "Boekhoudrapporten",
  "Trust Accounting Menu": "Derdengeldenmenu",
  "Legal Aid Menu": "Rechtsbijstandmenu",
  "Court Calendar": "Rechtbankagenda",
  Documents: "Documenten",
  Fees: "Honoraria",
  "Cost Recoveries": "Doorbelaste kosten",
  Cards: "Kaarten",
  // Product variants
  "Law Firm": "Advocatenkantoor",
  Conveyancer: "Vastgoedjurist",
  Barrister: "Pleitadvocaat",
  // Matter types and their folders
  Conveyancing: "Vastgoedoverdracht",
  Purchase: "Aankoop",
  Sale: "Verkoop",
  "Off the Plan Purchase": "Aankoop op tekening",
  "Commercial Property": "Bedrijfsvastgoed",
  "Commercial Lease": "Bedrijfshuur",
  "Commercial Purchase": "Aankoop bedrijfsvastgoed",
  "Settlement Only": "Alleen afwikkeling",
  "Family Law": "Familierecht",
  Divorce: "Echtscheiding",
  "Property Settlement": "Vermogensverdeling",
  "Parenting Orders": "Ouderschapsbeschikkingen",
  "Consent Orders": "Beschikkingen met instemming",
  Litigation: "Procesvoering",
  "Civil Claims": "Civiele vorderingen",
  "Local Court Claim": "Vordering bij de lokale rechtbank",
  "Magistrates Court Claim": "Vordering bij de kantonrechter",
  "Supreme Court Claim": "Vordering bij het hooggerechtshof",
  "Debt Recovery": "Incasso",
  "Personal Injury": "Letselschade",
  "Brief to Counsel": "Instructie aan de pleitadvocaat",
  "Wills and Estates": "Testamenten en nalatenschappen",
  Will: "Testament",
  "Power of Attorney": "Volmacht",
  Probate: "Verklaring van erfrecht",
  "Estate Administration": "Boedelafwikkeling",
  Commercial: "Ondernemingsrecht",
  "Sale of Business": "Verkoop van een onderneming",
  "Shareholders Agreement": "Aandeelhoudersovereenkomst",
  "Residential Purchase": "Aankoop woning",
  "Residential Sale": "Verkoop woning",
  Remortgage: "Hypotheek oversluiten",
  "Missives (Scotland)": "Koopbrieven (Schotland)",
  "Financial Remedy": "Financiële voorziening",
  "Child Arrangements": "Zorgregeling kinderen",
  "Civil Litigation": "Civiele procedures",
  "Small Claims Track": "Procedure voor kleine vorderingen",
  "Fast Track": "Versnelde procedure",
  "Multi-Track": "Uitgebreide procedure",
  "Employment Tribunal": "Arbeidsgeschil",
  "Wills and Probate": "Testamenten en erfrecht",
  "Lasting Power of Attorney": "Levenstestament",
  "Company Formation": "Oprichting van een vennootschap",
  "Real Estate": "Onroerend goed",
  "Commercial Real Estate": "Commercieel onroerend goed",
  "Child Custody": "Gezag over kinderen",
  "Prenuptial Agreement": "Huwelijkse voorwaarden",
  "Contract Dispute": "Contractgeschil",
  "Small Claims": "Kleine vorderingen",
  "Estate Planning": "Nalatenschapsplanning",
  "Living Trust": "Levende trust",
  Corporate: "Vennootschapsrecht",
  "LLC Formation": "Oprichting van een LLC",
  "Mortgage Refinance": "Hypotheek herfinancieren",
  "Separation Agreement": "Scheidingsconvenant",
  "Civil Action": "Civiele procedure",
  Property: "Vastgoed",
  Refinance: "Herfinanciering",
  "Dissolution of Marriage": "Ontbinding van het huwelijk",
  "Relationship Property": "Relatievermogen",
  "Care of Children": "Zorg voor kinderen",
  "District Court Claim": "Vordering bij de districtsrechtbank",
  "Disputes Tribunal": "Geschillencommissie",
  "Enduring Power of Attorney": "Duurzame volmacht",
};

/** The names of a lookup in other languages than English, as its table keeps them. */
export function namesOf(name: string): Names {
  const dutch = DUTCH_NAMES[name];
  return dutch === undefined ? {} : { "nl-NL": dutch };
}

/** A lookup's name in `language` as the provider answers it: English when it has none in it. */
export const nameIn = (row: { name: string; names?: Names }, language: string): string =>
  row.names?.[language] ?? row.name;
