/**
 * Writes tagged PDF documents of plain text with PDFKit: a title, headings, paragraphs
 * and bulleted lists, set in the standard Helvetica fonts (nothing embedded) with the
 * WinAnsi encoding, so Dutch and other Western European letters (ë, é, ï, €) print.
 *
 * The document is tagged (Document > H1, H2, P, L/LI/Lbl/LBody; the page footers are
 * pagination artifacts) with its language and title, so screen readers and reflow work.
 * A heading is never left alone at the bottom of a page, and a paragraph is not split so
 * that a single line stands on either side of a page break.
 *
 * The output is reproducible: the same input gives the same bytes (fixed dates, a file ID
 * derived from them, and uncompressed streams, whose bytes do not depend on the zlib build
 * of the machine), so the committed files can be compared with what this makes.
 *
 * Used by `terms-pdf.ts` to make the terms of use in public/legal/.
 */
import { buffer } from "node:stream/consumers";
import PDFDocument from "pdfkit";

/** What a document is made of, in reading order. Consecutive bullets form one list. */
export type Block =
  | { kind: "title"; text: string }
  | { kind: "subtitle"; text: string }
  | { kind: "heading"; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "bullet"; text: string };

export interface DocumentInput {
  title: string;
  /** BCP 47 tag of the text, e.g. nl-NL. */
  lang: string;
  author: string;
  subject: string;
  /** Written as CreationDate and ModDate (and so fixes the file ID): the output is reproducible. */
  date: Date;
  blocks: Block[];
  /** The footer text of a page (1-based), e.g. 'Page 2 of 5'. */
  pageLabel: (page: number, pages: number) => string;
  /** The footer's left-hand text (the document's name). */
  footer: string;
}

/** A4 portrait, in points. */
const PAGE = { width: 595, height: 842, marginX: 64, marginTop: 72, marginBottom: 80 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.marginX;
const BULLET_INDENT = 18;
const FONTS = { regular: "Helvetica", bold: "Helvetica-Bold" } as const;
const BLACK = "#000000";

/** Type settings of each kind of block: font, size, line height, space before, colour, structure type. */
const STYLES: Record<
  Block["kind"],
  {
    font: keyof typeof FONTS;
    size: number;
    leading: number;
    before: number;
    colour: string;
    tag: string;
  }
> = {
  title: { font: "bold", size: 22, leading: 28, before: 0, colour: BLACK, tag: "H1" },
  subtitle: { font: "regular", size: 10, leading: 14, before: 6, colour: "#4d4d4d", tag: "P" },
  heading: { font: "bold", size: 13, leading: 18, before: 16, colour: BLACK, tag: "H2" },
  paragraph: { font: "regular", size: 10.5, leading: 15, before: 6, colour: BLACK, tag: "P" },
  bullet: { font: "regular", size: 10.5, leading: 15, before: 4, colour: BLACK, tag: "LBody" },
};

/** Characters of the WinAnsi encoding outside Latin-1 (its 0x80..0x9F block). */
const WIN_ANSI_EXTRA = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";

/**
 * Throws on a character the standard fonts cannot show (they are limited to WinAnsi), which
 * would otherwise print as the wrong letters.
 */
export function assertWinAnsi(text: string): string {
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (
      (code >= 0x20 && code <= 0x7e) ||
      (code >= 0xa0 && code <= 0xff) ||
      WIN_ANSI_EXTRA.includes(char)
    )
      continue;
    throw new Error(
      `Character U+${code.toString(16).toUpperCase().padStart(4, "0")} (${JSON.stringify(char)}) cannot be written in WinAnsi: "${text}"`,
    );
  }
  return text;
}

/** A PDF 1.7 document, tagged, with the page's size and margins and the input's metadata. */
function newDocument(input: DocumentInput) {
  return new PDFDocument({
    pdfVersion: "1.7",
    tagged: true,
    lang: input.lang,
    displayTitle: true,
    compress: false,
    bufferPages: true,
    size: [PAGE.width, PAGE.height],
    margins: {
      top: PAGE.marginTop,
      bottom: PAGE.marginBottom,
      left: PAGE.marginX,
      right: PAGE.marginX,
    },
    info: {
      Title: input.title,
      Author: input.author,
      Subject: input.subject,
      Creator: "server/tools/terms-pdf.ts",
      CreationDate: input.date,
      ModDate: input.date,
    },
  });
}

type Pdf = ReturnType<typeof newDocument>;

/** How blocks are set on the document's pages: where each starts, and its text. */
function layoutOf(doc: Pdf, blocks: Block[]) {
  /** Selects the block's font and size; answers the options that set its lines `leading` apart, baseline at the bottom of each. */
  const textOptions = (kind: Block["kind"]) => {
    const style = STYLES[kind];
    doc.font(FONTS[style.font]).fontSize(style.size);
    const width = kind === "bullet" ? CONTENT_WIDTH - BULLET_INDENT : CONTENT_WIDTH;
    return {
      width,
      lineGap: style.leading - doc.currentLineHeight(true),
      baseline: -style.leading,
    };
  };
  const lineCount = (block: Block) =>
    Math.round(
      doc.heightOfString(block.text, textOptions(block.kind)) / STYLES[block.kind].leading,
    );
  const atTop = () => doc.y <= PAGE.marginTop + 0.01;
  const room = () => doc.page.maxY() - doc.y;

  /**
   * Whether the block can start in `space` points: a heading if it fits and what follows can
   * start after it, any other block if it fits or splits with two lines on each side.
   */
  const startsIn = (index: number, space: number, atPageTop: boolean): boolean => {
    const block = blocks[index];
    const style = STYLES[block.kind];
    const lines = lineCount(block);
    const before = atPageTop ? 0 : style.before;
    const height = before + lines * style.leading;
    if (block.kind === "heading" || block.kind === "title") {
      return (
        height <= space &&
        (index + 1 === blocks.length || startsIn(index + 1, space - height, false))
      );
    }
    if (height <= space) return true;
    const fitting = Math.floor((space - before) / style.leading + 1e-6);
    return lines >= 4 && fitting >= 2 && lines - fitting >= 2;
  };

  return {
    textOptions,
    /** Moves to the next page when the block cannot start on this one, then adds the space before it. */
    placeBlock(index: number) {
      if (atTop()) return;
      if (!startsIn(index, room(), false)) doc.addPage();
      if (!atTop()) doc.y += STYLES[blocks[index].kind].before;
    },
    writeText(block: Block, x: number) {
      const options = textOptions(block.kind);
      doc.fillColor(STYLES[block.kind].colour).text(assertWinAnsi(block.text), x, doc.y, options);
    },
  };
}

/** The blocks, each in its structure element: paragraphs and headings, bullets in a list. */
function writeBlocks(doc: Pdf, blocks: Block[]) {
  const { textOptions, placeBlock, writeText } = layoutOf(doc, blocks);
  const root = doc.struct("Document");
  doc.addStructure(root);
  let list: PDFKit.PDFStructureElement | undefined;
  blocks.forEach((block, index) => {
    placeBlock(index);
    if (block.kind !== "bullet") {
      list?.end();
      list = undefined;
      root.add(doc.struct(STYLES[block.kind].tag, {}, () => writeText(block, PAGE.marginX)));
      return;
    }
    if (!list) {
      list = doc.struct("L");
      root.add(list);
    }
    const item = doc.struct("LI");
    list.add(item);
    const y = doc.y;
    item.add(
      doc.struct("Lbl", {}, () => {
        const options = textOptions("bullet");
        doc
          .fillColor(BLACK)
          .text("•", PAGE.marginX + 4, y, { lineBreak: false, baseline: options.baseline });
      }),
    );
    item.add(doc.struct("LBody", {}, () => writeText(block, PAGE.marginX + BULLET_INDENT)));
    item.end();
  });
  list?.end();
  root.end();
}

/** Footers, once the number of pages is known: a rule, the document's name and the page label. */
function writeFooters(doc: Pdf, input: DocumentInput) {
  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page++) {
    doc.switchToPage(page);
    const baseline = PAGE.height - PAGE.marginBottom + 36;
    const label = assertWinAnsi(input.pageLabel(page - start + 1, count));
    doc.markContent("Artifact", { type: "Pagination", attached: ["Bottom"] });
    doc
      .moveTo(PAGE.marginX, baseline - 14)
      .lineTo(PAGE.width - PAGE.marginX, baseline - 14)
      .lineWidth(0.5)
      .stroke("#999999");
    doc.font(FONTS.regular).fontSize(9).fillColor("#4d4d4d");
    const footerText = { lineBreak: false, baseline: "alphabetic" } as const;
    doc.text(assertWinAnsi(input.footer), PAGE.marginX, baseline, footerText);
    doc.text(label, PAGE.width - PAGE.marginX - doc.widthOfString(label), baseline, footerText);
    doc.endMarkedContent();
  }
}

/** Writes the document as a tagged PDF 1.7 file. */
export async function renderPdf(input: DocumentInput): Promise<Buffer> {
  const doc = newDocument(input);
  writeBlocks(doc, input.blocks);
  writeFooters(doc, input);
  doc.end();
  return buffer(doc);
}
