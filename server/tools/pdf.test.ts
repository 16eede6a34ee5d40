import { beforeAll, describe, expect, it } from "vitest";
import { assertWinAnsi, type Block, type DocumentInput, renderPdf } from "./pdf";

describe("assertWinAnsi", () => {
  it("accepts ASCII, Latin-1 and the WinAnsi punctuation", () => {
    const text = "Aa ~ ëéïó € – — ‘’ “” • … a\u00a0b";
    expect(assertWinAnsi(text)).toBe(text);
  });
  it("refuses characters the standard fonts cannot show", () => {
    expect(() => assertWinAnsi("ok ✓")).toThrow(/U\+2713/);
    expect(() => assertWinAnsi("Łódź")).toThrow(/U\+0141/);
    expect(() => assertWinAnsi("tab\there")).toThrow(/U\+0009/);
  });
});

/** WinAnsi's 0x80..0x9F block (the rest is Latin-1). */
const WIN_ANSI_80 = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";
const winAnsi = (bytes: Buffer) =>
  [...bytes]
    .map((byte) =>
      byte >= 0x80 && byte <= 0x9f ? WIN_ANSI_80[byte - 0x80] : String.fromCharCode(byte),
    )
    .join("");

interface MarkedSequence {
  tag: string;
  properties: string;
  /** The text shown in it, one entry per line (text object), decoded from WinAnsi. */
  lines: string[];
  /** The baseline of each line, in PDF coordinates (from the bottom). */
  baselines: number[];
}

/** Reads an uncompressed PDF the way a reader does: the xref offsets, the objects, the pages' content and the structure tree. */
function parsePdf(pdf: Buffer) {
  const text = pdf.toString("latin1");
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n?$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 5)).toBe("xref\n");
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref)) ?? [];
  expect(Number(first)).toBe(0);
  const objects = new Map<number, string>();
  text
    .slice(startxref)
    .split("\n")
    .slice(3, 2 + Number(count))
    .forEach((entry, index) => {
      const n = index + 1;
      const offset = Number(entry.slice(0, 10));
      expect(text.startsWith(`${n} 0 obj\n`, offset), `object ${n} at its xref offset`).toBe(true);
      objects.set(
        n,
        text.slice(offset + `${n} 0 obj\n`.length, text.indexOf("\nendobj\n", offset)),
      );
    });
  const trailer = text.slice(text.indexOf("trailer", startxref));
  const object = (n: number | string) => {
    const body = objects.get(Number(n));
    if (body === undefined) throw new Error(`no object ${n}`);
    return body;
  };
  /** The value of `key` in a dictionary, with an indirect reference followed. */
  const entry = (dict: string, key: string) => {
    const match = new RegExp(`/${key} (\\d+) 0 R`).exec(dict);
    return match ? object(match[1]) : new RegExp(`/${key} ([^\\n]*)`).exec(dict)?.[1];
  };
  const catalog = object(/\/Root (\d+) 0 R/.exec(trailer)![1]);
  const info = object(/\/Info (\d+) 0 R/.exec(trailer)![1]);
  const pageRefs = [...entry(catalog, "Pages")!.matchAll(/(\d+) 0 R/g)].map((match) =>
    Number(match[1]),
  );
  const pages = pageRefs.map((ref) => {
    const stream = entry(object(ref), "Contents")!;
    const content = stream.slice(stream.indexOf("stream\n") + 7, stream.lastIndexOf("endstream"));
    const sequences: MarkedSequence[] = [];
    for (const [, tag, properties, body] of content.matchAll(
      /\/(\w+) <<\n([\s\S]*?)>> BDC\n([\s\S]*?)\nEMC/g,
    )) {
      const lines: string[] = [];
      const baselines: number[] = [];
      for (const [, y, shown] of body.matchAll(
        /BT\n1 0 0 1 [\d.]+ ([\d.]+) Tm\n[^\n]*Tf\n\[(.*)\] TJ\nET/g,
      )) {
        baselines.push(Number(y));
        lines.push(
          [...shown.matchAll(/<([0-9a-f]*)>/g)]
            .map(([, hex]) => winAnsi(Buffer.from(hex, "hex")))
            .join(""),
        );
      }
      sequences.push({ tag, properties, lines, baselines });
    }
    return { ref, sequences };
  });
  // The structure elements, and which marked-content sequence (page, MCID) belongs to which.
  const elements = [...objects].filter(([, body]) => /^<<\n\/S \//.test(body));
  const typeOf = new Map<number, string>(
    elements.map(([n, body]) => [n, /\/S \/(\w+)/.exec(body)![1]]),
  );
  const owner = new Map<string, number>();
  const kidsOf = new Map<number, number[]>();
  for (const [n, raw] of elements) {
    const body = raw.replace(/\s+/g, " ");
    const page = /\/Pg (\d+) 0 R/.exec(body.replace(/<< \/Type \/MCR[^>]*>>/g, ""))?.[1];
    const kids = /\/K \[([^\]]*)\]/.exec(body)?.[1] ?? "";
    for (const [, pg, mcid] of kids.matchAll(/<< \/Type \/MCR \/Pg (\d+) 0 R \/MCID (\d+) >>/g))
      owner.set(`${pg}:${mcid}`, n);
    const rest = kids.replace(/<<[^>]*>>/g, " ");
    kidsOf.set(
      n,
      [...rest.matchAll(/(\d+) 0 R/g)].map(([, kid]) => Number(kid)),
    );
    for (const mcid of rest.replace(/\d+ 0 R/g, " ").match(/\d+/g) ?? [])
      owner.set(`${page}:${mcid}`, n);
  }
  return { catalog, info, entry, pages, typeOf, owner, kidsOf };
}

const sample = (n: number) =>
  `Alinea ${n}. ${"Wij kunnen deze voorwaarden wijzigen, en beëindiging is mogelijk met € 6.000 aan kosten. ".repeat(2 + (n % 4) * 3)}`;
const longDocument: Block[] = [
  { kind: "title", text: "Gebruiksvoorwaarden" },
  { kind: "subtitle", text: "Versie 2.0 · geldig vanaf 1 november 2026" },
  ...Array.from({ length: 12 }, (_, i): Block[] => [
    { kind: "heading", text: `${i + 1}. Opschorting en beëindiging` },
    { kind: "paragraph", text: sample(i) },
    { kind: "bullet", text: "‘Enkel’ en “dubbel” aangehaald – kort — lang…" },
    { kind: "bullet", text: "Nog een punt" },
  ]).flat(),
];

const input: DocumentInput = {
  title: "Voorwaarden – proef",
  lang: "nl-NL",
  author: "Test",
  subject: "Test",
  date: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
  blocks: longDocument,
  pageLabel: (page, pages) => `Pagina ${page} van ${pages}`,
  footer: "Proef – voettekst",
};

describe("renderPdf", () => {
  let pdf: Buffer;
  let parsed: ReturnType<typeof parsePdf>;
  beforeAll(async () => {
    pdf = await renderPdf(input);
    parsed = parsePdf(pdf);
  });
  type Parsed = ReturnType<typeof parsePdf>;
  type Page = Parsed["pages"][number];
  const content = (page: Page) => page.sequences.filter((sequence) => sequence.tag !== "Artifact");
  /** The structure element a marked-content sequence belongs to, and its type. */
  const ownerOf = (doc: Parsed, page: Page, sequence: MarkedSequence) =>
    doc.owner.get(`${page.ref}:${/\/MCID (\d+)/.exec(sequence.properties)?.[1]}`);
  const typeOf = (doc: Parsed, page: Page, sequence: MarkedSequence) =>
    doc.typeOf.get(ownerOf(doc, page, sequence) ?? -1);

  it("is a tagged PDF 1.7 file with its language, title and dates", () => {
    expect(pdf.subarray(0, 9).toString("latin1")).toBe("%PDF-1.7\n");
    expect(parsed.catalog).toContain("/Lang (nl-NL)");
    expect(parsed.entry(parsed.catalog, "MarkInfo")).toMatch(/\/Marked true/);
    expect(parsed.entry(parsed.catalog, "ViewerPreferences")).toMatch(/\/DisplayDocTitle true/);
    expect(parsed.entry(parsed.catalog, "StructTreeRoot")).toContain("/Type /StructTreeRoot");
    // A text string outside ASCII: UTF-16BE after a byte-order mark, in a literal string.
    const title = parsed.entry(parsed.info, "Title")!;
    const escapes: Record<string, string> = { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" };
    const bytes = Buffer.from(
      title.slice(1, -1).replace(/\\(.)/g, (_, c: string) => escapes[c] ?? c),
      "latin1",
    );
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xfe, 0xff]));
    expect(Buffer.from(bytes.subarray(2)).swap16().toString("utf16le")).toBe("Voorwaarden – proef");
    expect(parsed.entry(parsed.info, "CreationDate")).toBe("(D:20260102030405Z)");
    expect(parsed.entry(parsed.info, "ModDate")).toBe("(D:20260102030405Z)");
  });

  it("breaks pages and keeps the text inside the margins", () => {
    expect(parsed.pages.length).toBeGreaterThan(2);
    for (const page of parsed.pages) {
      for (const { baselines } of content(page)) {
        for (const y of baselines) {
          expect(y).toBeGreaterThanOrEqual(80);
          expect(y).toBeLessThanOrEqual(842 - 72);
        }
      }
    }
  });

  it("prints the Dutch letters and punctuation", () => {
    const all = parsed.pages
      .flatMap((page) => content(page).flatMap((sequence) => sequence.lines))
      .join("\n");
    expect(all).toContain("Opschorting en beëindiging");
    expect(all).toContain("€ 6.000");
    expect(all).toContain("‘Enkel’ en “dubbel” aangehaald – kort — lang…");
    expect(all).toContain("•");
  });

  it("tags every piece of content: the title, headings, paragraphs and lists", () => {
    const types = [...parsed.typeOf.values()];
    for (const type of ["Document", "H1", "H2", "P", "L", "LI", "Lbl", "LBody"])
      expect(types).toContain(type);
    expect(types.filter((type) => type === "H2")).toHaveLength(12);
    expect(types.filter((type) => type === "L")).toHaveLength(12);
    expect(types.filter((type) => type === "LI")).toHaveLength(24);
    // A list is made of items, and an item of a label (the bullet) and a body (the text).
    for (const [n, type] of parsed.typeOf) {
      const kids = parsed.kidsOf.get(n)!.map((kid) => parsed.typeOf.get(kid));
      if (type === "L") expect(kids).toEqual(["LI", "LI"]);
      if (type === "LI") expect(kids).toEqual(["Lbl", "LBody"]);
    }
    for (const page of parsed.pages) {
      for (const sequence of content(page)) {
        expect(sequence.properties).toMatch(/\/MCID \d+/);
        expect(typeOf(parsed, page, sequence), `${sequence.tag} ${sequence.lines[0]}`).toBe(
          sequence.tag,
        );
      }
    }
    const first = parsed.pages[0];
    expect(
      content(first)
        .map((sequence) => [typeOf(parsed, first, sequence), sequence.lines[0]])
        .slice(0, 5),
    ).toEqual([
      ["H1", "Gebruiksvoorwaarden"],
      ["P", "Versie 2.0 · geldig vanaf 1 november 2026"],
      ["H2", "1. Opschorting en beëindiging"],
      ["P", expect.stringMatching(/^Alinea 0\. Wij kunnen/)],
      ["Lbl", "•"],
    ]);
  });

  it("writes the page footers as pagination artifacts, with the page number of the whole", () => {
    parsed.pages.forEach((page, index) => {
      const footers = page.sequences.filter((sequence) => sequence.tag === "Artifact");
      expect(footers).toHaveLength(1);
      expect(footers[0].properties).toContain("/Type /Pagination");
      expect(footers[0].lines).toEqual([
        "Proef – voettekst",
        `Pagina ${index + 1} van ${parsed.pages.length}`,
      ]);
      expect(
        content(page).some((sequence) => sequence.lines.some((line) => line.startsWith("Pagina "))),
      ).toBe(false);
    });
  });

  it("never ends a page with a heading, nor leaves a single line of a paragraph on either side of a break", async () => {
    // The document after an opening paragraph of 0 to 15 sentences, so that its headings and
    // paragraphs meet the bottom of a page at every line.
    let split = 0;
    for (let sentences = 0; sentences < 16; sentences++) {
      const opening = `Begin. ${"Een zin van ongeveer een regel tekst, om de rest van het document te verschuiven. ".repeat(sentences)}`;
      const doc = parsePdf(
        await renderPdf({
          ...input,
          blocks: [longDocument[0], { kind: "paragraph", text: opening }, ...longDocument.slice(1)],
        }),
      );
      doc.pages.forEach((page, index) => {
        const where = `page ${index + 1} after ${sentences} sentences`;
        const last = content(page).at(-1)!;
        expect(typeOf(doc, page, last), where).not.toMatch(/^H/);
        const next = doc.pages[index + 1];
        if (next && ownerOf(doc, next, content(next)[0]) === ownerOf(doc, page, last)) {
          split += 1;
          expect(last.lines.length, where).toBeGreaterThanOrEqual(2);
          expect(content(next)[0].lines.length, where).toBeGreaterThanOrEqual(2);
        }
      });
    }
    expect(split).toBeGreaterThan(0); // the samples do split paragraphs
  });

  it("is reproducible: the same input gives the same bytes, and the file ID follows the date", async () => {
    expect((await renderPdf(input)).equals(pdf)).toBe(true);
    const id = (bytes: Buffer) => /\/ID \[(<[0-9a-f]+>)/.exec(bytes.toString("latin1"))?.[1];
    expect(id(pdf)).toBeDefined();
    expect(id(await renderPdf({ ...input, date: new Date(Date.UTC(2026, 0, 3)) }))).not.toBe(
      id(pdf),
    );
  });

  it("refuses text the standard fonts cannot show", async () => {
    await expect(
      renderPdf({ ...input, blocks: [{ kind: "paragraph", text: "ok ✓" }] }),
    ).rejects.toThrow(/U\+2713/);
    await expect(renderPdf({ ...input, footer: "Łódź" })).rejects.toThrow(/U\+0141/);
  });
});
