import { describe, expect, it } from "vitest";
import { layout, PAGE, pdfString, pdfTextString, renderPdf, textWidth, toWinAnsi, wrapText, type Block } from "./pdf";

describe("toWinAnsi", () => {
  it("keeps ASCII and Latin-1 as they are and maps the WinAnsi extras", () => {
    expect(toWinAnsi("Aa ~")).toEqual([0x41, 0x61, 0x20, 0x7e]);
    expect(toWinAnsi("ëéïó")).toEqual([0xeb, 0xe9, 0xef, 0xf3]);
    expect(toWinAnsi("€–—‘’“”•…")).toEqual([0x80, 0x96, 0x97, 0x91, 0x92, 0x93, 0x94, 0x95, 0x85]);
  });
  it("refuses characters the standard fonts cannot show", () => {
    expect(() => toWinAnsi("ok ✓")).toThrow(/U\+2713/);
    expect(() => toWinAnsi("Łódź")).toThrow(/U\+0141/);
    expect(() => toWinAnsi("tab\there")).toThrow(/U\+0009/);
  });
});

describe("pdfString", () => {
  it("escapes backslash and parentheses", () => {
    expect(pdfString("a(b)c\\d")).toBe("(a\\(b\\)c\\\\d)");
    expect(pdfString("(unbalanced")).toBe("(\\(unbalanced)");
  });
  it("writes bytes outside printable ASCII as three-digit octal escapes", () => {
    expect(pdfString("beëindiging")).toBe("(be\\353indiging)");
    expect(pdfString("€ 6.000")).toBe("(\\200 6.000)");
    expect(pdfString("a\u00a0b")).toBe("(a\\240b)");
  });
  it("leaves plain text alone", () => {
    expect(pdfString("Terms of use, version 2.0")).toBe("(Terms of use, version 2.0)");
  });
});

describe("pdfTextString", () => {
  it("writes ASCII as an escaped literal and anything else as UTF-16BE with a byte-order mark", () => {
    expect(pdfTextString("Terms (AU)")).toBe("(Terms \\(AU\\))");
    expect(pdfTextString("Opschorting & beëindiging")).toBe(
      `<FEFF${[..."Opschorting & beëindiging"].map((c) => c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")).join("")}>`
    );
  });
});

describe("textWidth", () => {
  it("adds the Helvetica widths of the characters", () => {
    // H 722 + e 556 + l 222 + l 222 + o 556 = 2278 thousandths of an em.
    expect(textWidth("Hello", "regular", 10)).toBeCloseTo(22.78);
    // Bold: H 722 + e 556 + l 278 + l 278 + o 611.
    expect(textWidth("Hello", "bold", 10)).toBeCloseTo(24.45);
    expect(textWidth("ë", "regular", 1000)).toBe(556);
    expect(textWidth("'", "regular", 1000)).toBe(191);
  });
});

describe("wrapText", () => {
  const text =
    "Wij kunnen een app, een authenticatieclient of uw toegang tot de diensten opschorten, zo nodig onmiddellijk en zonder voorafgaande kennisgeving.";

  it("keeps every line within the width and loses no word", () => {
    const lines = wrapText(text, "regular", 10.5, 200);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(textWidth(line, "regular", 10.5)).toBeLessThanOrEqual(200);
    expect(lines.join(" ")).toBe(text);
  });
  it("fills lines greedily: the next word never fits on the line before", () => {
    const lines = wrapText(text, "regular", 10.5, 200);
    for (let i = 0; i < lines.length - 1; i++) {
      const nextWord = lines[i + 1].split(" ")[0];
      expect(textWidth(`${lines[i]} ${nextWord}`, "regular", 10.5)).toBeGreaterThan(200);
    }
  });
  it("collapses white space and answers no line for empty text", () => {
    expect(wrapText("  a \n  b\t c ", "regular", 10, 500)).toEqual(["a b c"]);
    expect(wrapText("   ", "regular", 10, 500)).toEqual([]);
  });
  it("holds words joined by a no-break space together", () => {
    const lines = wrapText("aaaa bbbb cc\u00a0dd", "regular", 10, textWidth("aaaa bbbb cc", "regular", 10) + 1);
    expect(lines).toEqual(["aaaa bbbb", "cc\u00a0dd"]);
  });
  it("cuts a word longer than a line", () => {
    const url = "https://developer-console.example/a/very/long/path/that/does/not/fit";
    const lines = wrapText(`see ${url}`, "regular", 10, 80);
    for (const line of lines) expect(textWidth(line, "regular", 10)).toBeLessThanOrEqual(80);
    expect(lines[0]).toBe("see");
    expect(lines.slice(1).join("")).toBe(url);
  });
});

const paragraph = (n: number) =>
  `Paragraph ${n}. ${"Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. ".repeat(3 + (n % 4) * 4)}`;
const longDocument: Block[] = [
  { kind: "title", text: "Title" },
  { kind: "subtitle", text: "Subtitle" },
  ...Array.from({ length: 12 }, (_, i): Block[] => [
    { kind: "heading", text: `${i + 1}. Heading` },
    { kind: "paragraph", text: paragraph(i) },
    { kind: "bullet", text: "An item of a list" },
    { kind: "bullet", text: "Another item" },
  ]).flat(),
];

describe("layout", () => {
  const { lines, pages } = layout(longDocument);

  it("breaks pages and keeps every line inside the margins", () => {
    expect(pages).toBeGreaterThan(2);
    for (const line of lines) {
      expect(line.y).toBeGreaterThanOrEqual(PAGE.marginBottom);
      expect(line.y).toBeLessThanOrEqual(PAGE.height - PAGE.marginTop);
      expect(line.page).toBeLessThan(pages);
    }
  });
  it("never leaves a heading as the last line of a page", () => {
    for (let i = 0; i < lines.length - 1; i++) {
      if (longDocument[lines[i].block].kind === "heading") expect(lines[i + 1].page).toBe(lines[i].page);
    }
  });
  it("never leaves a single line of a paragraph on either side of a page break", () => {
    const byBlock = new Map<number, number[]>();
    for (const line of lines) byBlock.set(line.block, [...(byBlock.get(line.block) ?? []), line.page]);
    let split = 0;
    for (const pagesOfBlock of byBlock.values()) {
      const counts = [...new Set(pagesOfBlock)].map((p) => pagesOfBlock.filter((q) => q === p).length);
      if (counts.length > 1) split += 1;
      if (counts.length > 1) for (const count of counts) expect(count).toBeGreaterThanOrEqual(2);
    }
    expect(split).toBeGreaterThan(0); // the sample does split paragraphs
  });
});

/** Reads a PDF the way a reader does: startxref, the cross-reference table, each object. */
function parsePdf(pdf: Buffer) {
  const text = pdf.toString("latin1");
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 5)).toBe("xref\n");
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref)) ?? [];
  expect(Number(first)).toBe(0);
  const entries = text
    .slice(startxref)
    .split("\n")
    .slice(2, 2 + Number(count));
  const objects = new Map<number, string>();
  entries.forEach((entry, n) => {
    expect(entry).toHaveLength(19); // 20 bytes with the newline
    if (n === 0) return expect(entry).toBe("0000000000 65535 f ");
    const offset = Number(entry.slice(0, 10));
    expect(text.slice(offset).startsWith(`${n} 0 obj\n`)).toBe(true);
    objects.set(n, text.slice(offset, text.indexOf("\nendobj\n", offset)));
  });
  const trailer = text.slice(text.indexOf("trailer", startxref));
  expect(trailer).toContain(`/Size ${count}`);
  return { text, objects };
}

describe("renderPdf", () => {
  const render = (blocks: Block[]) =>
    renderPdf({
      title: "Voorwaarden – proef",
      lang: "nl-NL",
      author: "Test",
      subject: "Test",
      date: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
      blocks,
      pageLabel: (page, pages) => `Pagina ${page} van ${pages}`,
      footer: "Proef",
    });

  it("writes a well-formed PDF 1.4 file: header, every xref offset on its object, trailer", () => {
    const pdf = render(longDocument);
    expect(pdf.subarray(0, 9).toString("latin1")).toBe("%PDF-1.4\n");
    const { objects } = parsePdf(pdf);
    const catalog = objects.get(1)!;
    expect(catalog).toContain("/Type /Catalog");
    expect(catalog).toContain("/Lang (nl-NL)");
    expect(catalog).toContain("/MarkInfo << /Marked true >>");
    const pages = layout(longDocument).pages;
    expect(objects.get(2)).toContain(`/Count ${pages}`);
    expect(objects.get(5)).toContain("/CreationDate (D:20260102030405Z)");
  });

  it("gives every content stream its exact length and keeps the file 7-bit after the header", () => {
    const pdf = render(longDocument);
    const { objects } = parsePdf(pdf);
    let streams = 0;
    for (const body of objects.values()) {
      const match = /^\d+ 0 obj\n<< \/Length (\d+) >>\nstream\n/.exec(body);
      if (!match) continue;
      streams += 1;
      const content = body.slice(match[0].length);
      expect(content.endsWith("endstream")).toBe(true);
      expect(content.length - "endstream".length).toBe(Number(match[1]));
    }
    expect(streams).toBe(layout(longDocument).pages);
    expect(/[^\x09\x0a\x0d\x20-\x7e]/.test(pdf.subarray(15).toString("latin1"))).toBe(false);
  });

  it("tags the content: headings, paragraphs and lists in the structure tree, footers as artifacts", () => {
    const { text } = parsePdf(render(longDocument));
    for (const tag of ["/S /Document", "/S /H1", "/S /H2", "/S /P", "/S /L", "/S /LI", "/S /Lbl", "/S /LBody"]) expect(text).toContain(tag);
    expect(text).toContain("/Artifact <</Type /Pagination /Subtype /Footer>> BDC");
    expect(text).toContain("(Pagina 1 van ");
  });

  it("is reproducible", () => {
    expect(render(longDocument).equals(render(longDocument))).toBe(true);
  });
});
