/**
 * A small writer of tagged PDF 1.4 documents of plain text: a title, headings, paragraphs
 * and bulleted lists, set in the standard Helvetica fonts (nothing embedded) with the
 * WinAnsi encoding, so Dutch and other Western European letters (ë, é, ï, €) print.
 *
 * Lines are wrapped with the fonts' real character widths, pages break with no heading
 * left alone at the bottom and no single line of a paragraph cut off. The document is
 * tagged (H1, H2, P, L/LI/Lbl/LBody; page footers are artifacts) with its language and
 * title, so screen readers and reflow work. Output is deterministic: the same input gives
 * the same bytes.
 *
 * Used by `terms-pdf.ts` to make the terms of use in public/legal/.
 */

export type FontStyle = "regular" | "bold";

/** Advance widths (1/1000 em) of Helvetica for WinAnsi codes 32..126 and 160..255 (Adobe AFM). */
const WIDTHS: Record<FontStyle, { ascii: number[]; latin1: number[]; extra: Record<number, number> }> = {
  regular: {
    ascii: [
      278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 584, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584,
      556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278,
      278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
      260, 334, 584,
    ],
    latin1: [
      278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333, 400, 584, 333, 333, 333, 556, 537, 278, 333, 333, 365, 556, 834, 834, 834,
      611, 667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278, 722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722,
      667, 667, 611, 556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278, 556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556,
      556, 500, 556, 500,
    ],
    // Euro, quotesinglbase, quotedblbase, ellipsis, quoteleft, quoteright, quotedblleft,
    // quotedblright, bullet, endash, emdash, trademark.
    extra: { 0x80: 556, 0x82: 222, 0x84: 333, 0x85: 1000, 0x91: 222, 0x92: 222, 0x93: 333, 0x94: 333, 0x95: 350, 0x96: 556, 0x97: 1000, 0x99: 1000 },
  },
  bold: {
    ascii: [
      278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 584, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584,
      611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333,
      584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280,
      389, 584,
    ],
    latin1: [
      278, 333, 556, 556, 556, 556, 280, 556, 333, 737, 370, 556, 584, 333, 737, 333, 400, 584, 333, 333, 333, 611, 556, 278, 333, 333, 365, 556, 834, 834, 834,
      611, 722, 722, 722, 722, 722, 722, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278, 722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722,
      667, 667, 611, 556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278, 611, 611, 611, 611, 611, 611, 611, 584, 611, 611, 611, 611,
      611, 556, 611, 556,
    ],
    extra: { 0x80: 556, 0x82: 278, 0x84: 500, 0x85: 1000, 0x91: 278, 0x92: 278, 0x93: 500, 0x94: 500, 0x95: 350, 0x96: 556, 0x97: 1000, 0x99: 1000 },
  },
};

/** Characters of WinAnsi's 0x80..0x9F block that are not Latin-1 (the ones we have widths for). */
const WIN_ANSI_EXTRA: Record<string, number> = {
  "€": 0x80,
  "‚": 0x82,
  "„": 0x84,
  "…": 0x85,
  "‘": 0x91,
  "’": 0x92,
  "“": 0x93,
  "”": 0x94,
  "•": 0x95,
  "–": 0x96,
  "—": 0x97,
  "™": 0x99,
};

/** The WinAnsi byte of each character; throws on one the standard fonts cannot show. */
export function toWinAnsi(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) bytes.push(code);
    else if (char in WIN_ANSI_EXTRA) bytes.push(WIN_ANSI_EXTRA[char]);
    else throw new Error(`Character U+${code.toString(16).toUpperCase().padStart(4, "0")} (${JSON.stringify(char)}) cannot be written in WinAnsi: "${text}"`);
  }
  return bytes;
}

/**
 * A PDF literal string of WinAnsi text: backslash and parentheses escaped, every byte
 * outside printable ASCII as a three-digit octal escape (so the file stays 7-bit).
 */
export function pdfString(text: string): string {
  let out = "(";
  for (const byte of toWinAnsi(text)) {
    if (byte === 0x5c || byte === 0x28 || byte === 0x29) out += `\\${String.fromCharCode(byte)}`;
    else if (byte < 0x20 || byte > 0x7e) out += `\\${byte.toString(8).padStart(3, "0")}`;
    else out += String.fromCharCode(byte);
  }
  return `${out})`;
}

/** A PDF text string (document information, /Lang): ASCII as a literal, otherwise UTF-16BE with a byte-order mark. */
export function pdfTextString(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
  let hex = "FEFF";
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).toUpperCase().padStart(4, "0");
  return `<${hex}>`;
}

function charWidth(byte: number, style: FontStyle): number {
  const table = WIDTHS[style];
  if (byte >= 32 && byte <= 126) return table.ascii[byte - 32];
  if (byte >= 160 && byte <= 255) return table.latin1[byte - 160];
  const extra = table.extra[byte];
  if (extra === undefined) throw new Error(`No width for WinAnsi byte ${byte}`);
  return extra;
}

/** The width of `text` in points at `size`. */
export function textWidth(text: string, style: FontStyle, size: number): number {
  return (toWinAnsi(text).reduce((sum, byte) => sum + charWidth(byte, style), 0) * size) / 1000;
}

/**
 * Splits `text` into lines no wider than `maxWidth` points: greedy, at spaces (runs of
 * white space count as one; a no-break space holds words together); a word wider than a
 * whole line is cut where it has to be.
 */
export function wrapText(text: string, style: FontStyle, size: number, maxWidth: number): string[] {
  const words = text.split(/[ \t\r\n]+/).filter(Boolean);
  const lines: string[] = [];
  let line = "";
  const fits = (candidate: string) => textWidth(candidate, style, size) <= maxWidth;
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    if (fits(word)) {
      line = word;
      continue;
    }
    // Longer than a line (a long URL): cut it into pieces that fit.
    let piece = "";
    for (const char of word) {
      if (piece && !fits(piece + char)) {
        lines.push(piece);
        piece = "";
      }
      piece += char;
    }
    line = piece;
  }
  if (line) lines.push(line);
  return lines;
}

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
  /** Written as CreationDate and ModDate: fixed, so the output is reproducible. */
  date: Date;
  blocks: Block[];
  /** The footer text of a page (1-based), e.g. 'Page 2 of 5'. */
  pageLabel: (page: number, pages: number) => string;
  /** The footer's left-hand text (the document's name). */
  footer: string;
}

/** A4 portrait, in points. */
export const PAGE = { width: 595, height: 842, marginX: 64, marginTop: 72, marginBottom: 80 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.marginX;
const BULLET_INDENT = 18;

/** Type settings of each kind of block: font, size, line height, space before. */
const STYLES: Record<Block["kind"], { font: FontStyle; size: number; leading: number; before: number; grey?: boolean }> = {
  title: { font: "bold", size: 22, leading: 28, before: 0 },
  subtitle: { font: "regular", size: 10, leading: 14, before: 6, grey: true },
  heading: { font: "bold", size: 13, leading: 18, before: 16 },
  paragraph: { font: "regular", size: 10.5, leading: 15, before: 6 },
  bullet: { font: "regular", size: 10.5, leading: 15, before: 4 },
};

/** The structure type of each kind of block. */
const TAGS: Record<Block["kind"], string> = { title: "H1", subtitle: "P", heading: "H2", paragraph: "P", bullet: "LBody" };

/** A placed line: its page, baseline and text, and the block it belongs to. */
export interface PlacedLine {
  page: number;
  x: number;
  y: number;
  text: string;
  block: number;
}

/**
 * Places every line of every block on pages. A heading moves to the next page unless it
 * and two lines of what follows fit; a paragraph splits only with two lines on each side.
 */
export function layout(blocks: Block[]): { lines: PlacedLine[]; pages: number } {
  const top = PAGE.height - PAGE.marginTop;
  const bottom = PAGE.marginBottom;
  const wrapped = blocks.map((block) => {
    const style = STYLES[block.kind];
    const width = block.kind === "bullet" ? CONTENT_WIDTH - BULLET_INDENT : CONTENT_WIDTH;
    return wrapText(block.text, style.font, style.size, width);
  });
  const lines: PlacedLine[] = [];
  let page = 0;
  // `y` is the baseline of the last line placed; `top` on a fresh page.
  let y = top;
  let fresh = true;
  const heightOf = (index: number, count: number) => (fresh ? 0 : STYLES[blocks[index].kind].before) + count * STYLES[blocks[index].kind].leading;
  const room = () => y - bottom;
  const newPage = () => {
    page += 1;
    y = top;
    fresh = true;
  };

  blocks.forEach((block, index) => {
    const style = STYLES[block.kind];
    const own = wrapped[index];
    if (block.kind === "heading" || block.kind === "title") {
      // Keep with the next block: the heading and two lines of what follows (all of it
      // when it is too short to be split).
      const next = wrapped[index + 1];
      const nextStyle = next ? STYLES[blocks[index + 1].kind] : undefined;
      const following = next && nextStyle ? (next.length >= 4 ? 2 : next.length) * nextStyle.leading + nextStyle.before : 0;
      if (!fresh && heightOf(index, own.length) + following > room()) newPage();
    } else if (heightOf(index, own.length) > room()) {
      const fitting = Math.floor((room() - (fresh ? 0 : style.before)) / style.leading);
      const canSplit = own.length >= 4 && fitting >= 2 && own.length - fitting >= 2;
      if (!fresh && !canSplit) newPage();
    }
    if (!fresh) y -= style.before;
    own.forEach((text) => {
      if (y - style.leading < bottom) newPage();
      y -= style.leading;
      fresh = false;
      lines.push({ page, x: PAGE.marginX + (block.kind === "bullet" ? BULLET_INDENT : 0), y, text, block: index });
    });
  });
  return { lines, pages: page + 1 };
}

const num = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0+$/, "").replace(/\.$/, ""));

function pdfDate(date: Date) {
  const p = (n: number) => String(n).padStart(2, "0");
  return `D:${date.getUTCFullYear()}${p(date.getUTCMonth() + 1)}${p(date.getUTCDate())}${p(date.getUTCHours())}${p(date.getUTCMinutes())}${p(
    date.getUTCSeconds()
  )}Z`;
}

/** Writes the document as a PDF 1.4 file. */
export function renderPdf(doc: DocumentInput): Buffer {
  const { lines, pages } = layout(doc.blocks);

  // Object numbers: 1 catalog, 2 page tree, 3 and 4 fonts, 5 info, 6 structure tree root,
  // 7 the Document element, then a page and its content per page, then the other elements.
  const objects: string[] = [];
  const pageObj = (page: number) => 8 + page * 2;
  const contentObj = (page: number) => 9 + page * 2;
  let nextObj = 8 + pages * 2;
  const allocate = () => nextObj++;

  // Structure: one element per block (bullets: LI > Lbl + LBody inside an L per run).
  interface Element {
    obj: number;
    type: string;
    parent: number;
    kids: (number | { page: number; mcid: number })[];
  }
  const elements: Element[] = [];
  const documentKids: number[] = [];
  const blockElement: number[] = [];
  const bulletLabel: number[] = [];
  let currentList: Element | undefined;
  doc.blocks.forEach((block, index) => {
    if (block.kind === "bullet") {
      if (!currentList) {
        currentList = { obj: allocate(), type: "L", parent: 7, kids: [] };
        elements.push(currentList);
        documentKids.push(currentList.obj);
      }
      const item: Element = { obj: allocate(), type: "LI", parent: currentList.obj, kids: [] };
      const label: Element = { obj: allocate(), type: "Lbl", parent: item.obj, kids: [] };
      const body: Element = { obj: allocate(), type: "LBody", parent: item.obj, kids: [] };
      item.kids.push(label.obj, body.obj);
      currentList.kids.push(item.obj);
      elements.push(item, label, body);
      blockElement[index] = elements.indexOf(body);
      bulletLabel[index] = elements.indexOf(label);
      return;
    }
    currentList = undefined;
    const element: Element = { obj: allocate(), type: TAGS[block.kind], parent: 7, kids: [] };
    elements.push(element);
    documentKids.push(element.obj);
    blockElement[index] = elements.length - 1;
  });

  // Content streams, with a marked-content id per block and page for the structure tree.
  const streams: string[] = Array.from({ length: pages }, () => "");
  const parentTree: number[][] = Array.from({ length: pages }, () => []);
  const mark = (page: number, elementIndex: number) => {
    const mcid = parentTree[page].length;
    parentTree[page].push(elements[elementIndex].obj);
    elements[elementIndex].kids.push({ page, mcid });
    return mcid;
  };
  const fontRef = (style: FontStyle) => (style === "bold" ? "/F2" : "/F1");
  const textOp = (style: FontStyle, size: number, x: number, y: number, text: string) =>
    `BT ${fontRef(style)} ${num(size)} Tf 1 0 0 1 ${num(x)} ${num(y)} Tm ${pdfString(text)} Tj ET\n`;

  let i = 0;
  while (i < lines.length) {
    // The lines of one block on one page form one marked-content sequence.
    const { page, block } = lines[i];
    const kind = doc.blocks[block].kind;
    const style = STYLES[kind];
    let ops = "";
    const first = i;
    while (i < lines.length && lines[i].page === page && lines[i].block === block) {
      ops += textOp(style.font, style.size, lines[i].x, lines[i].y, lines[i].text);
      i++;
    }
    const colour = style.grey ? "0.3 g\n" : "0 g\n";
    if (kind === "bullet" && first === lines.findIndex((line) => line.block === block)) {
      const labelMcid = mark(page, bulletLabel[block]);
      streams[page] += `/Lbl <</MCID ${labelMcid}>> BDC\n0 g\n${textOp("regular", style.size, PAGE.marginX + 4, lines[first].y, "•")}EMC\n`;
    }
    const mcid = mark(page, blockElement[block]);
    streams[page] += `/${TAGS[kind]} <</MCID ${mcid}>> BDC\n${colour}${ops}EMC\n`;
  }
  for (let page = 0; page < pages; page++) {
    const label = doc.pageLabel(page + 1, pages);
    const y = PAGE.marginBottom - 36;
    streams[page] +=
      `/Artifact <</Type /Pagination /Subtype /Footer>> BDC\n0.6 G 0.5 w ${PAGE.marginX} ${y + 14} m ${PAGE.width - PAGE.marginX} ${y + 14} l S\n0.3 g\n` +
      textOp("regular", 9, PAGE.marginX, y, doc.footer) +
      textOp("regular", 9, PAGE.width - PAGE.marginX - textWidth(label, "regular", 9), y, label) +
      "EMC\n";
  }

  const ref = (n: number) => `${n} 0 R`;
  objects[1] =
    `<< /Type /Catalog /Pages 2 0 R /Lang ${pdfTextString(doc.lang)} /MarkInfo << /Marked true >> /StructTreeRoot 6 0 R ` +
    `/ViewerPreferences << /DisplayDocTitle true >> >>`;
  objects[2] = `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, p) => ref(pageObj(p))).join(" ")}] /Count ${pages} >>`;
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";
  objects[4] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>";
  const date = pdfDate(doc.date);
  objects[5] =
    `<< /Title ${pdfTextString(doc.title)} /Author ${pdfTextString(doc.author)} /Subject ${pdfTextString(doc.subject)} ` +
    `/Creator (server/tools/terms-pdf.ts) /Producer (server/tools/pdf.ts) /CreationDate (${date}) /ModDate (${date}) >>`;
  const nums = parentTree.map((kids, page) => `${page} [${kids.map(ref).join(" ")}]`).join(" ");
  objects[6] = `<< /Type /StructTreeRoot /K ${ref(7)} /ParentTree << /Nums [${nums}] >> /ParentTreeNextKey ${pages} >>`;
  objects[7] = `<< /Type /StructElem /S /Document /P ${ref(6)} /K [${documentKids.map(ref).join(" ")}] >>`;
  for (let page = 0; page < pages; page++) {
    objects[pageObj(page)] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Contents ${ref(contentObj(page))} ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> /ProcSet [/PDF /Text] >> /StructParents ${page} >>`;
    const stream = streams[page];
    objects[contentObj(page)] = `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}endstream`;
  }
  for (const element of elements) {
    const kids = element.kids.map((kid) => (typeof kid === "number" ? ref(kid) : `<< /Type /MCR /Pg ${ref(pageObj(kid.page))} /MCID ${kid.mcid} >>`));
    objects[element.obj] = `<< /Type /StructElem /S /${element.type} /P ${ref(element.parent)} /K [${kids.join(" ")}] >>`;
  }

  // The file: header (with a binary comment, as the spec advises), objects, xref, trailer.
  let out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  for (let n = 1; n < objects.length; n++) {
    offsets[n] = Buffer.byteLength(out, "latin1");
    out += `${n} 0 obj\n${objects[n]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let n = 1; n < objects.length; n++) out += `${String(offsets[n]).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}
