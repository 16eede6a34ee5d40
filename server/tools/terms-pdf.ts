/**
 * Makes the terms of use, one PDF per console language, in public/legal/:
 *
 *   node_modules/.bin/tsx server/tools/terms-pdf.ts           write the files
 *   node_modules/.bin/tsx server/tools/terms-pdf.ts --check   fail if they are out of date
 *
 * The text lives here; edit it, bump the version and date, and run the script again.
 * The output is reproducible, and a unit test checks that the committed files match.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type Block, renderPdf } from "./pdf";

export const TERMS_LANGUAGES = ["en-AU", "nl-NL"] as const;
export type TermsLanguage = (typeof TERMS_LANGUAGES)[number];

/** Where the console serves them from: /legal/terms-of-use-{lang}.pdf. */
export const termsPath = (lang: TermsLanguage) =>
  path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    "../../public/legal",
    `terms-of-use-${lang}.pdf`,
  );

const EFFECTIVE = new Date(Date.UTC(2026, 10, 1));

/** A section: its heading and its content; a list of strings is a bulleted list. */
type Section = [heading: string, ...content: (string | string[])[]];

interface Terms {
  title: string;
  subtitle: string;
  footer: string;
  subject: string;
  author: string;
  pageLabel: (page: number, pages: number) => string;
  sections: Section[];
}

const EN: Terms = {
  title: "Terms of use",
  subtitle:
    "Developer Console of the practice-management platform marketplace · Version 2.0, effective 1 November 2026",
  footer: "Developer Console – Terms of use, version 2.0",
  subject: "The terms of use of the Developer Console, its sandboxes, APIs and marketplace",
  author: "Developer Console",
  pageLabel: (page, pages) => `Page ${page} of ${pages}`,
  sections: [
    [
      "About these terms",
      "These terms of use (the terms) govern your access to and use of the Developer Console (the console), the sandbox environments, the application programming interfaces (APIs) and the app marketplace of the practice-management platform (together, the services). The services are provided by the operator of the practice-management platform (we, us, our).",
      "You accept these terms on behalf of the company you register (you, your) when you register, or when you tick the box to accept them in the console. The person who accepts them confirms that they are authorised to bind that company. If you do not accept the terms, you may not use the services.",
      "These terms apply together with the API documentation, the marketplace listing guidelines and our privacy statement, which form part of them. If they conflict, these terms prevail.",
    ],
    [
      "Accounts",
      "You must give accurate and complete information when you register your company, and keep it up to date: your company details, your bank account and your contact people.",
      "The first user of a company is its administrator. Administrators may invite other users, give them roles and remove them. You are responsible for everything done with the accounts of your company. You must:",
      [
        "keep passwords confidential and not share an account between people;",
        "tell us without delay at security@developer-console.example if you suspect that an account, a client secret or an API key has been compromised;",
        "remove users who no longer work for you or no longer need access;",
        "use the sandbox accounts only to develop and test your apps.",
      ],
      "We may refuse a registration, or ask for more information about your company, where this is needed to protect the marketplace or its users.",
    ],
    [
      "Apps and review",
      "You may create public apps and connector apps in the console. Each app has a country, which decides the marketplace it is offered in, and may have versions for the desktop, web and reporting platforms.",
      "Before a version can be published, you submit it for review. Where we ask for it, an app also needs pre-approval before its first submission. A review checks at least that:",
      [
        "the app works as described and does not harm the platform, its performance or the data of its users;",
        "the app requests only the API permissions it needs for the functions it offers;",
        "the marketplace listing, the data attestation and the supporting documents are complete and accurate;",
        "the app meets the security requirements of the API documentation.",
      ],
      "We may approve or reject a submission, and we give reasons when we reject one. Approval is not a warranty by us that an app is fit for any purpose, and it does not take away your responsibility for the app. You may withdraw a submission while it awaits review.",
      "You may ask us to pause, unpause or archive a live or beta version. We carry out such requests within a reasonable time.",
    ],
    [
      "Marketplace listing",
      "Your marketplace listing must describe your app fairly and accurately. It must include a working support address, a privacy policy and terms of service for the end users of your app, and it must not:",
      [
        "infringe the intellectual property or other rights of anyone;",
        "make misleading claims about the app, its price or its relationship with us;",
        "contain malware, hidden functions or links to unlawful content.",
      ],
      "You grant us a non-exclusive, worldwide, royalty-free licence to reproduce and display your name, logo, icons, screenshots and listing text to operate and promote the marketplace for as long as your app is listed, and for a reasonable time afterwards in archived material.",
      "We may adjust the presentation of a listing (for example, to fit a layout or to correct an obvious error) but we will not change its meaning without asking you.",
    ],
    [
      "Use of the APIs",
      "We grant you a non-exclusive, non-transferable, revocable licence to use the APIs and the sandboxes while these terms apply, only to develop, test, support and operate apps listed in the marketplace. You must:",
      [
        "use only the authentication clients, keys and permissions issued to you, and keep client secrets on your servers, never in apps that run on end users' devices;",
        "stay within the rate limits and quotas of the API documentation, and not try to get around them;",
        "not access the data of firms that have not installed and authorised your app;",
        "not reverse engineer the platform, probe it for vulnerabilities without our written consent, or interfere with other users of the services;",
        "handle errors and changes of the APIs as the documentation describes.",
      ],
      "We may change the APIs. We announce changes that break existing integrations at least 90 days in advance, unless a shorter period is needed for security or legal reasons.",
    ],
    [
      "Fees and payment",
      "Use of the console and the sandboxes is free of charge. Where monetisation is available in a country, you may set a price for your app: free, per user or per firm. An app that has been approved as free stays free.",
      "You submit price changes in the console. They apply from the date we approve, at least 30 days after the submission, so that firms can be told in time. We collect fees from firms and pay you your share, less the commission and taxes set out in your agreement, every month into the bank account registered for your company.",
      "You are responsible for your own taxes. Amounts are in the currency of the app's country.",
    ],
    [
      "Data protection and security",
      "When your app processes personal data from the platform, you do so as a separate controller or, where you act on the instructions of a firm, as its processor. You must comply with the data protection laws that apply, including the Privacy Act 1988 (Cth) in Australia and the General Data Protection Regulation (GDPR) in the European Union.",
      "The data attestation you give for each app must accurately describe what data the app uses, why, how often it synchronises, with whom the data is shared and how long it is kept. Tell us, and update the attestation, before you change any of these.",
      "You must protect the data you receive with appropriate technical and organisational measures, and notify us of any security incident affecting platform data without undue delay, and in any case within 72 hours.",
      "How we handle the personal data of you and your users is described in our privacy statement.",
    ],
    [
      "Suspension and termination",
      "We may suspend an app, an authentication client or your access to the services, at once and without prior notice where necessary, if:",
      [
        "you breach these terms and do not remedy the breach within 14 days of our notice (or at once, if it cannot be remedied);",
        "your app puts the security or stability of the platform, or the data of its users, at risk;",
        "the law or a competent authority requires us to.",
      ],
      "You may stop using the services and close your company's account at any time. We may end these terms with 90 days' notice. When they end, your apps are removed from the marketplace, your licences end, and you must delete platform data you no longer have a legal basis to keep. The sections on fees due, data protection, liability and governing law survive the end of these terms.",
    ],
    [
      "Liability",
      "The services are provided as they are. To the extent permitted by law, we do not warrant that they will be uninterrupted or free of errors, and the sandboxes may be reset at any time.",
      "Neither party is liable for indirect or consequential loss, loss of profits or loss of data. Each party's total liability under these terms in any twelve months is limited to the greater of the fees paid to you through the marketplace in that period and AUD 10,000 (or € 6,000 for companies contracting under Dutch law).",
      "These limits do not apply to liability that cannot be limited by law, to fraud, or to a breach of the section on data protection. Nothing in these terms excludes rights you have under the Australian Consumer Law or other mandatory law.",
      "You indemnify us against claims of third parties arising from your apps, your listing or your breach of these terms.",
    ],
    [
      "Changes to these terms",
      "We may change these terms. We tell the administrators of your company by email and in the console at least 30 days before a material change takes effect. The next time a user of your company signs in after that, they are asked to accept the new version. If you do not accept it, you may stop using the services before it takes effect.",
      "The version and its effective date are shown at the top of this document. Earlier versions are available on request.",
    ],
    [
      "Governing law and disputes",
      "These terms are governed by the law of New South Wales, Australia, for companies registered in Australia or New Zealand, and by the law of the Netherlands for all other companies. The United Nations Convention on Contracts for the International Sale of Goods does not apply.",
      "The parties first try to resolve a dispute by talking to each other. If that fails within 30 days, the courts of Sydney or, under Dutch law, the competent court in Amsterdam have exclusive jurisdiction.",
      "These terms are available in English and in Dutch. Both versions have the same meaning; where they differ, the English version prevails.",
    ],
    [
      "Contact",
      "Questions about these terms: legal@developer-console.example. Security incidents: security@developer-console.example.",
    ],
  ],
};

const NL: Terms = {
  title: "Gebruiksvoorwaarden",
  subtitle:
    "Developer Console van de marketplace van het praktijkbeheerplatform · Versie 2.0, geldig vanaf 1 november 2026",
  footer: "Developer Console – Gebruiksvoorwaarden, versie 2.0",
  subject:
    "De gebruiksvoorwaarden van de Developer Console, de sandboxen, de API's en de marketplace",
  author: "Developer Console",
  pageLabel: (page, pages) => `Pagina ${page} van ${pages}`,
  sections: [
    [
      "Over deze voorwaarden",
      "Deze gebruiksvoorwaarden (de voorwaarden) zijn van toepassing op uw toegang tot en gebruik van de Developer Console (de console), de sandboxomgevingen, de application programming interfaces (API's) en de app-marketplace van het praktijkbeheerplatform (samen: de diensten). De diensten worden geleverd door de exploitant van het praktijkbeheerplatform (wij, ons, onze).",
      "U aanvaardt deze voorwaarden namens het bedrijf dat u registreert (u, uw) wanneer u zich registreert, of wanneer u in de console het vakje aanvinkt om ze te accepteren. Wie de voorwaarden aanvaardt, verklaart bevoegd te zijn dat bedrijf te binden. Als u de voorwaarden niet aanvaardt, mag u de diensten niet gebruiken.",
      "Deze voorwaarden gelden samen met de API-documentatie, de richtlijnen voor marketplace-vermeldingen en onze privacyverklaring, die er deel van uitmaken. Bij tegenstrijdigheid gaan deze voorwaarden voor.",
    ],
    [
      "Accounts",
      "U geeft bij de registratie van uw bedrijf juiste en volledige informatie en houdt die actueel: uw bedrijfsgegevens, uw bankrekening en uw contactpersonen.",
      "De eerste gebruiker van een bedrijf is de beheerder. Beheerders kunnen andere gebruikers uitnodigen, hun rollen toekennen en hen verwijderen. U bent verantwoordelijk voor alles wat met de accounts van uw bedrijf gebeurt. U moet:",
      [
        "wachtwoorden geheimhouden en een account niet met meerdere personen delen;",
        "ons onverwijld informeren via security@developer-console.example als u vermoedt dat een account, een clientgeheim of een API-sleutel is gecompromitteerd;",
        "gebruikers verwijderen die niet meer voor u werken of geen toegang meer nodig hebben;",
        "de sandbox-accounts alleen gebruiken om uw apps te ontwikkelen en te testen.",
      ],
      "Wij kunnen een registratie weigeren, of om meer informatie over uw bedrijf vragen, als dat nodig is om de marketplace of haar gebruikers te beschermen.",
    ],
    [
      "Apps en beoordeling",
      "In de console kunt u openbare apps en connector-apps maken. Elke app heeft een land, dat bepaalt in welke marketplace de app wordt aangeboden, en kan versies hebben voor de platforms desktop, web en rapportage.",
      "Voordat een versie kan worden gepubliceerd, dient u haar in ter beoordeling. Als wij daarom vragen, heeft een app vóór de eerste indiening ook voorafgaande goedkeuring nodig. Bij de beoordeling controleren wij ten minste of:",
      [
        "de app werkt zoals beschreven en het platform, de prestaties ervan of de gegevens van gebruikers niet schaadt;",
        "de app alleen de API-rechten vraagt die nodig zijn voor de functies die zij biedt;",
        "de marketplace-vermelding, de gegevensverklaring en de ondersteunende documenten volledig en juist zijn;",
        "de app voldoet aan de beveiligingseisen van de API-documentatie.",
      ],
      "Wij kunnen een indiening goedkeuren of afwijzen; bij een afwijzing geven wij de redenen. Goedkeuring is geen garantie van ons dat een app voor enig doel geschikt is en neemt uw verantwoordelijkheid voor de app niet weg. U kunt een indiening intrekken zolang zij op beoordeling wacht.",
      "U kunt ons vragen een live- of bètaversie te pauzeren, te hervatten of te archiveren. Wij voeren zulke verzoeken binnen een redelijke termijn uit.",
    ],
    [
      "Marketplace-vermelding",
      "Uw marketplace-vermelding beschrijft uw app eerlijk en juist. Zij bevat een werkend supportadres, een privacybeleid en gebruiksvoorwaarden voor de eindgebruikers van uw app, en zij mag niet:",
      [
        "inbreuk maken op intellectuele-eigendomsrechten of andere rechten van wie dan ook;",
        "misleidende beweringen doen over de app, de prijs ervan of uw relatie met ons;",
        "malware, verborgen functies of links naar onrechtmatige inhoud bevatten.",
      ],
      "U verleent ons een niet-exclusieve, wereldwijde en royaltyvrije licentie om uw naam, logo, pictogrammen, schermafbeeldingen en vermeldingstekst te verveelvoudigen en te tonen om de marketplace te exploiteren en te promoten, zolang uw app vermeld staat en daarna nog een redelijke tijd in gearchiveerd materiaal.",
      "Wij kunnen de opmaak van een vermelding aanpassen (bijvoorbeeld om in een lay-out te passen of een duidelijke fout te herstellen), maar wij veranderen de betekenis niet zonder het u te vragen.",
    ],
    [
      "Gebruik van de API's",
      "Wij verlenen u een niet-exclusieve, niet-overdraagbare en herroepbare licentie om de API's en de sandboxen te gebruiken zolang deze voorwaarden gelden, uitsluitend om apps die in de marketplace vermeld staan te ontwikkelen, te testen, te ondersteunen en te exploiteren. U moet:",
      [
        "alleen de authenticatieclients, sleutels en rechten gebruiken die aan u zijn verstrekt, en clientgeheimen op uw servers bewaren, nooit in apps die op apparaten van eindgebruikers draaien;",
        "binnen de limieten en quota van de API-documentatie blijven en niet proberen die te omzeilen;",
        "geen gegevens raadplegen van kantoren die uw app niet hebben geïnstalleerd en geautoriseerd;",
        "het platform niet reverse-engineeren, het zonder onze schriftelijke toestemming niet op kwetsbaarheden onderzoeken en andere gebruikers van de diensten niet hinderen;",
        "fouten en wijzigingen van de API's afhandelen zoals de documentatie beschrijft.",
      ],
      "Wij kunnen de API's wijzigen. Wijzigingen die bestaande koppelingen breken, kondigen wij ten minste 90 dagen van tevoren aan, tenzij een kortere termijn nodig is om redenen van beveiliging of wetgeving.",
    ],
    [
      "Vergoedingen en betaling",
      "Het gebruik van de console en de sandboxen is kosteloos. Waar monetisering in een land beschikbaar is, kunt u een prijs voor uw app instellen: gratis, per gebruiker of per kantoor. Een app die als gratis is goedgekeurd, blijft gratis.",
      "Prijswijzigingen dient u in via de console. Zij gelden vanaf de datum die wij goedkeuren, ten minste 30 dagen na de indiening, zodat kantoren op tijd kunnen worden geïnformeerd. Wij innen de vergoedingen bij de kantoren en betalen u elke maand uw aandeel, na aftrek van de commissie en belastingen uit uw overeenkomst, uit op de bankrekening die voor uw bedrijf is geregistreerd.",
      "U bent zelf verantwoordelijk voor uw belastingen. Bedragen luiden in de valuta van het land van de app.",
    ],
    [
      "Gegevensbescherming en beveiliging",
      "Wanneer uw app persoonsgegevens van het platform verwerkt, doet u dat als zelfstandige verwerkingsverantwoordelijke of, als u in opdracht van een kantoor handelt, als diens verwerker. U leeft de toepasselijke wetgeving inzake gegevensbescherming na, waaronder de Algemene verordening gegevensbescherming (AVG) in de Europese Unie en de Privacy Act 1988 (Cth) in Australië.",
      "De gegevensverklaring die u voor elke app afgeeft, beschrijft juist welke gegevens de app gebruikt, waarom, hoe vaak zij synchroniseert, met wie de gegevens worden gedeeld en hoe lang zij worden bewaard. Informeer ons, en werk de verklaring bij, voordat u hier iets aan verandert.",
      "U beschermt de gegevens die u ontvangt met passende technische en organisatorische maatregelen, en u meldt ons elk beveiligingsincident dat platformgegevens raakt zonder onredelijke vertraging, en in elk geval binnen 72 uur.",
      "Hoe wij met de persoonsgegevens van u en uw gebruikers omgaan, staat in onze privacyverklaring.",
    ],
    [
      "Opschorting en beëindiging",
      "Wij kunnen een app, een authenticatieclient of uw toegang tot de diensten opschorten, zo nodig onmiddellijk en zonder voorafgaande kennisgeving, als:",
      [
        "u deze voorwaarden schendt en de tekortkoming niet binnen 14 dagen na onze kennisgeving herstelt (of direct, als herstel niet mogelijk is);",
        "uw app de beveiliging of stabiliteit van het platform, of de gegevens van gebruikers, in gevaar brengt;",
        "de wet of een bevoegde autoriteit ons daartoe verplicht.",
      ],
      "U kunt op elk moment stoppen met het gebruik van de diensten en het account van uw bedrijf opheffen. Wij kunnen deze voorwaarden met een opzegtermijn van 90 dagen beëindigen. Bij beëindiging worden uw apps uit de marketplace verwijderd, eindigen uw licenties en verwijdert u platformgegevens die u niet langer op een wettelijke grondslag mag bewaren. De bepalingen over verschuldigde vergoedingen, gegevensbescherming, aansprakelijkheid en toepasselijk recht blijven na beëindiging gelden.",
    ],
    [
      "Aansprakelijkheid",
      "De diensten worden geleverd zoals zij zijn. Voor zover de wet het toestaat, garanderen wij niet dat zij ononderbroken of foutloos werken; de sandboxen kunnen op elk moment worden teruggezet.",
      "Geen van de partijen is aansprakelijk voor indirecte schade of gevolgschade, gederfde winst of verlies van gegevens. De totale aansprakelijkheid van elke partij onder deze voorwaarden is per periode van twaalf maanden beperkt tot het hoogste van de vergoedingen die in die periode via de marketplace aan u zijn betaald en AUD 10.000 (of € 6.000 voor bedrijven die onder Nederlands recht contracteren).",
      "Deze beperkingen gelden niet voor aansprakelijkheid die wettelijk niet kan worden beperkt, voor fraude of voor een schending van de bepalingen over gegevensbescherming. Niets in deze voorwaarden sluit rechten uit die u hebt op grond van de Australian Consumer Law of ander dwingend recht.",
      "U vrijwaart ons voor aanspraken van derden die voortvloeien uit uw apps, uw vermelding of uw schending van deze voorwaarden.",
    ],
    [
      "Wijziging van deze voorwaarden",
      "Wij kunnen deze voorwaarden wijzigen. Wij informeren de beheerders van uw bedrijf per e-mail en in de console ten minste 30 dagen voordat een wezenlijke wijziging ingaat. Wie van uw bedrijf zich daarna voor het eerst aanmeldt, wordt gevraagd de nieuwe versie te accepteren. Als u die niet aanvaardt, kunt u stoppen met het gebruik van de diensten voordat de wijziging ingaat.",
      "Het versienummer en de ingangsdatum staan bovenaan dit document. Eerdere versies zijn op verzoek verkrijgbaar.",
    ],
    [
      "Toepasselijk recht en geschillen",
      "Op deze voorwaarden is het recht van New South Wales, Australië, van toepassing voor bedrijven die in Australië of Nieuw-Zeeland zijn geregistreerd, en Nederlands recht voor alle andere bedrijven. Het Weens Koopverdrag is niet van toepassing.",
      "Partijen proberen een geschil eerst in onderling overleg op te lossen. Lukt dat niet binnen 30 dagen, dan is uitsluitend de rechter in Sydney bevoegd of, onder Nederlands recht, de bevoegde rechter in Amsterdam.",
      "Deze voorwaarden zijn beschikbaar in het Engels en in het Nederlands. Beide versies hebben dezelfde betekenis; bij verschil gaat de Engelse versie voor.",
    ],
    [
      "Contact",
      "Vragen over deze voorwaarden: legal@developer-console.example. Beveiligingsincidenten: security@developer-console.example.",
    ],
  ],
};

export const TERMS: Record<TermsLanguage, Terms> = { "en-AU": EN, "nl-NL": NL };

/** The blocks of a language's terms: title, subtitle, then numbered sections. */
export function termsBlocks(terms: Terms): Block[] {
  const blocks: Block[] = [
    { kind: "title", text: terms.title },
    { kind: "subtitle", text: terms.subtitle },
  ];
  terms.sections.forEach(([heading, ...content], index) => {
    blocks.push({ kind: "heading", text: `${index + 1}. ${heading}` });
    for (const part of content) {
      if (typeof part === "string") blocks.push({ kind: "paragraph", text: part });
      else for (const item of part) blocks.push({ kind: "bullet", text: item });
    }
  });
  return blocks;
}

export function renderTerms(lang: TermsLanguage): Promise<Buffer> {
  const terms = TERMS[lang];
  return renderPdf({
    title: terms.title,
    lang,
    author: terms.author,
    subject: terms.subject,
    date: EFFECTIVE,
    blocks: termsBlocks(terms),
    pageLabel: terms.pageLabel,
    footer: terms.footer,
  });
}

async function main(args: string[]) {
  const check = args.includes("--check");
  let stale = 0;
  for (const lang of TERMS_LANGUAGES) {
    const file = termsPath(lang);
    const pdf = await renderTerms(lang);
    if (check) {
      let current: Buffer | undefined;
      try {
        current = readFileSync(file);
      } catch {
        current = undefined;
      }
      if (!current?.equals(pdf)) {
        stale += 1;
        console.error(
          `${path.relative(process.cwd(), file)} is out of date: run node_modules/.bin/tsx server/tools/terms-pdf.ts`,
        );
      }
      continue;
    }
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, pdf);
    console.log(`${path.relative(process.cwd(), file)}: ${pdf.length} bytes`);
  }
  if (stale) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href)
  main(process.argv.slice(2));
