/**
 * The overview's HTML: only the tags of OVERVIEW_TAGS, no attributes.
 * `serializeOverview` turns what a contenteditable holds (whatever the browser made of
 * typing and execCommand) and what is pasted into it (a word processor's, Google Docs' or a
 * web page's HTML) into that HTML: bold (`b`, `strong`, a bold `font-weight`) becomes
 * `strong` unless its own style says normal weight (Google Docs wraps a whole copy in such a
 * `b`); divs, paragraphs and table cells become `p`; headings become h1 and h2 (with two or
 * more heading levels present the highest is h1 and the others h2, with one level h1 stays
 * h1 and any other is h2; no `strong` inside a heading); lists keep their items (nested
 * lists stay inside their item), and Word's list paragraphs (`mso-list`) become lists again,
 * numbered when their marker is a number or letter; line breaks stay `br`; scripts, styles,
 * images, media, form controls and Word's list markers are dropped with their content; any
 * other element (a link, a span, Word's `o:p`) is replaced by its content, and an inline
 * element that holds blocks lets them stay blocks. Text is escaped. Empty blocks are left
 * out.
 *
 * It reads a minimal node interface, which a browser DOM node satisfies, so it is plain
 * TypeScript without a DOM: tested in node with small hand-built trees, and with clipboard
 * HTML of Word, Google Docs and a web page read by a standards HTML parser. The output is a
 * fixed point of the server's allowlist (sanitize-html with OVERVIEW_TAGS), which the
 * provider applies again. `overviewFromHtml` reads any HTML in the browser's parser, in an
 * inert document (nothing in it loads or runs), and serializes it.
 */

/** What the serializer reads of a node (a browser `Node` fits). */
export interface OverviewNode {
  /** 1 element, 3 text; anything else (comments...) is skipped. */
  nodeType: number;
  nodeName: string;
  nodeValue: string | null;
  childNodes: ArrayLike<OverviewNode>;
  getAttribute?(name: string): string | null;
}

const ELEMENT = 1;
const TEXT = 3;

/** Elements dropped with everything inside them. */
const DROPPED = new Set([
  "script",
  "style",
  "template",
  "noscript",
  "iframe",
  "frame",
  "object",
  "embed",
  "applet",
  "img",
  "picture",
  "svg",
  "math",
  "video",
  "audio",
  "canvas",
  "input",
  "textarea",
  "select",
  "button",
  "head",
  "title",
  "meta",
  "link",
  "base",
]);

/** Elements that start a block of their own (a paragraph-like container). */
const CONTAINERS = new Set([
  "p",
  "div",
  "section",
  "article",
  "header",
  "footer",
  "main",
  "aside",
  "nav",
  "blockquote",
  "pre",
  "address",
  "figure",
  "figcaption",
  "dl",
  "dt",
  "dd",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "td",
  "th",
  "caption",
  "body",
  "html",
  "form",
  "fieldset",
  "hr",
]);
const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
const LISTS = new Set(["ul", "ol"]);

const tagOf = (node: OverviewNode) => node.nodeName.toLowerCase();
const isElement = (node: OverviewNode) => node.nodeType === ELEMENT;
const isBlock = (node: OverviewNode) => {
  if (!isElement(node)) return false;
  const tag = tagOf(node);
  return CONTAINERS.has(tag) || HEADINGS.has(tag) || LISTS.has(tag) || tag === "li";
};

/** A property of an element's inline style, lower case, as CSS reads it (the last one written wins). */
function styleOf(node: OverviewNode, property: string): string | undefined {
  let value: string | undefined;
  for (const declaration of (node.getAttribute?.("style") ?? "").split(";")) {
    const colon = declaration.indexOf(":");
    if (colon < 0 || declaration.slice(0, colon).trim().toLowerCase() !== property) continue;
    value = declaration
      .slice(colon + 1)
      .replace(/!\s*important/i, "")
      .trim()
      .toLowerCase();
  }
  return value;
}

/** Dropped with its content: by its tag, or a Word list marker (the bullet or number Word writes as text). */
const isDropped = (node: OverviewNode) =>
  isElement(node) && (DROPPED.has(tagOf(node)) || styleOf(node, "mso-list") === "ignore");

/**
 * Bold by an inline `font-weight` of bold or 600 and more, or by tag (`b`, `strong`) unless
 * its own `font-weight` says normal (Google Docs wraps a whole copy in `<b style="font-weight:normal">`).
 */
function isBold(node: OverviewNode): boolean {
  const weight = styleOf(node, "font-weight");
  if (weight === "bold" || weight === "bolder") return true;
  if (weight === "normal" || weight === "lighter") return false;
  if (weight && /^\d+$/.test(weight)) return Number(weight) >= 600;
  const tag = tagOf(node);
  return tag === "b" || tag === "strong";
}

export function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A line break as the server's allowlist writes it, so that the output is its fixed point. */
const BR = "<br />";

/** Whitespace as a browser lays it out: runs become one space; non-breaking spaces are spaces. */
const normalizeSpace = (text: string) => text.replace(/[\t\n\r\f ]+/g, " ").replace(/\u00a0/g, " ");

const children = (node: OverviewNode) => Array.from(node.childNodes);

/** True when inline HTML holds visible text. */
function hasText(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, "")
      .replace(/&nbsp;/g, " ")
      .trim() !== ""
  );
}

/** Leading and trailing line breaks and spaces removed (a browser's placeholder `<br>`). */
function trimInline(html: string): string {
  let out = html;
  for (;;) {
    const next = out.replace(/^(\s|<br \/>)+/, "").replace(/(\s|<br \/>)+$/, "");
    if (next === out) return out;
    out = next;
  }
}

/** The text of a node and its descendants. */
function textOf(node: OverviewNode): string {
  if (node.nodeType === TEXT) return node.nodeValue ?? "";
  return isElement(node) ? children(node).map(textOf).join("") : "";
}

/** True when an element holds a block somewhere inside (a link or span around paragraphs). */
function holdsBlocks(node: OverviewNode): boolean {
  return children(node).some(
    (child) => isElement(child) && !isDropped(child) && (isBlock(child) || holdsBlocks(child)),
  );
}

/** The inline HTML of nodes: text, `strong` and `br`; blocks met inside are joined with `br`. */
function inline(nodes: OverviewNode[], bold: boolean): string {
  let html = "";
  for (const node of nodes) {
    if (node.nodeType === TEXT) {
      const text = escapeText(normalizeSpace(node.nodeValue ?? ""));
      // A line starts without the space of the source's line break.
      html += html.endsWith(BR) ? text.replace(/^ /, "") : text;
      continue;
    }
    if (!isElement(node) || isDropped(node)) continue;
    const tag = tagOf(node);
    if (tag === "br") {
      html = html.replace(/ $/, "") + BR;
      continue;
    }
    if (isBlock(node)) {
      const inner = trimInline(inline(children(node), bold));
      if (hasText(inner)) html += `${html && !html.endsWith(BR) ? BR : ""}${inner}${BR}`;
      continue;
    }
    if (!bold && isBold(node)) {
      const inner = inline(children(node), true);
      // Breaks at the edges stay outside the bold text.
      const [, before, middle, after] = /^((?:<br \/>)*)([\s\S]*?)((?:<br \/>)*)$/.exec(inner) ?? [
        "",
        "",
        inner,
        "",
      ];
      html += hasText(middle) ? `${before}<strong>${middle}</strong>${after}` : inner;
      continue;
    }
    html += inline(children(node), bold);
  }
  return html;
}

/** The `li` elements of a list; other content becomes items of its own, nested lists stay in the item before them. */
function listItems(list: OverviewNode): string {
  const items: string[] = [];
  for (const child of children(list)) {
    if (child.nodeType === TEXT) {
      const text = normalizeSpace(child.nodeValue ?? "");
      if (text.trim()) items.push(`<li>${escapeText(text.trim())}</li>`);
      continue;
    }
    if (!isElement(child) || isDropped(child)) continue;
    const tag = tagOf(child);
    if (LISTS.has(tag)) {
      const nested = listHtml(child);
      if (nested) nest(items, nested);
      continue;
    }
    const item = listItem(tag === "li" ? children(child) : [child]);
    if (item) items.push(item);
  }
  return items.join("");
}

/** Puts a nested list into the last item of `items` (or an item of its own when there is none). */
function nest(items: string[], nested: string) {
  if (items.length > 0)
    items[items.length - 1] = items[items.length - 1].replace(/<\/li>$/, `${nested}</li>`);
  else items.push(`<li>${nested}</li>`);
}

function listItem(nodes: OverviewNode[]): string {
  let html = "";
  let run: OverviewNode[] = [];
  const flush = () => {
    const text = trimInline(inline(run, false));
    if (hasText(text))
      html += `${html && !html.endsWith(BR) && !html.endsWith("</ul>") && !html.endsWith("</ol>") ? BR : ""}${text}`;
    run = [];
  };
  for (const node of nodes) {
    if (isElement(node) && LISTS.has(tagOf(node))) {
      flush();
      html += listHtml(node);
    } else {
      run.push(node);
    }
  }
  flush();
  return html ? `<li>${html}</li>` : "";
}

function listHtml(list: OverviewNode): string {
  const items = listItems(list);
  const tag = tagOf(list) === "ol" ? "ol" : "ul";
  return items ? `<${tag}>${items}</${tag}>` : "";
}

/** A paragraph of a Word list (`style="mso-list:l0 level2 lfo1"`): which list, how deep, numbered or not. */
interface WordItem {
  list: string;
  level: number;
  tag: "ul" | "ol";
  html: string;
}

/** A marker that counts: 1. 2) a. iv. (A) */
const NUMBERED_MARKER = /^\(?(\d+|[a-z]{1,6})[.)]/i;

function wordListItem(node: OverviewNode): WordItem | undefined {
  if (!isElement(node) || !["p", "div"].includes(tagOf(node))) return undefined;
  const match = /^(l\d+)\s+level(\d+)/.exec(styleOf(node, "mso-list") ?? "");
  if (!match) return undefined;
  const marker = findMarker(node);
  const numbered = marker ? NUMBERED_MARKER.test(normalizeSpace(textOf(marker)).trim()) : false;
  return {
    list: match[1],
    level: Math.max(1, Number(match[2])),
    tag: numbered ? "ol" : "ul",
    html: trimInline(inline(children(node), false)),
  };
}

function findMarker(node: OverviewNode): OverviewNode | undefined {
  for (const child of children(node)) {
    if (!isElement(child)) continue;
    if (styleOf(child, "mso-list") === "ignore") return child;
    const found = findMarker(child);
    if (found) return found;
  }
  return undefined;
}

/** Word's list paragraphs in a row as lists, deeper levels nested in the item before them. */
function wordLists(items: WordItem[]): string[] {
  const out: string[] = [];
  const open: { tag: "ul" | "ol"; list: string; items: string[] }[] = [];
  const close = () => {
    const done = open.pop();
    if (!done || done.items.length === 0) return;
    const html = `<${done.tag}>${done.items.join("")}</${done.tag}>`;
    if (open.length > 0) nest(open[open.length - 1].items, html);
    else out.push(html);
  };
  for (const item of items) {
    while (open.length > item.level) close();
    const top = open[open.length - 1];
    if (top && open.length === item.level && (top.tag !== item.tag || top.list !== item.list))
      close();
    while (open.length < item.level) open.push({ tag: item.tag, list: item.list, items: [] });
    if (hasText(item.html)) open[open.length - 1].items.push(`<li>${item.html}</li>`);
  }
  while (open.length > 0) close();
  return out;
}

/** Nothing to show: whitespace between blocks, or a comment. */
const isBlank = (node: OverviewNode) =>
  !isElement(node) && (node.nodeType !== TEXT || (node.nodeValue ?? "").trim() === "");

/** The heading levels that appear in a tree. */
function headingLevels(node: OverviewNode, levels: Set<number>): Set<number> {
  for (const child of children(node)) {
    if (!isElement(child) || isDropped(child)) continue;
    if (HEADINGS.has(tagOf(child))) levels.add(Number(tagOf(child).slice(1)));
    headingLevels(child, levels);
  }
  return levels;
}

type HeadingTag = (level: number) => "h1" | "h2";

/** With two or more heading levels, the highest becomes h1 and the others h2; with one, h1 stays h1 and any other is h2. */
function headingTag(root: OverviewNode): HeadingTag {
  const levels = headingLevels(root, new Set());
  const highest = Math.min(...levels);
  return (level) => ((levels.size > 1 ? level === highest : level === 1) ? "h1" : "h2");
}

/** Block-level HTML of nodes: inline runs become paragraphs. */
function blocks(nodes: OverviewNode[], heading: HeadingTag): string[] {
  const out: string[] = [];
  let run: OverviewNode[] = [];
  const flush = () => {
    const html = trimInline(inline(run, false));
    if (hasText(html)) out.push(`<p>${html}</p>`);
    run = [];
  };
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index];
    if (isDropped(node)) continue;
    const word = wordListItem(node);
    if (word) {
      flush();
      const items = [word];
      let next = index + 1;
      for (; next < nodes.length; next++) {
        if (isBlank(nodes[next])) continue;
        const item = wordListItem(nodes[next]);
        if (!item) break;
        items.push(item);
      }
      out.push(...wordLists(items));
      index = next - 1;
      continue;
    }
    if (!isBlock(node)) {
      // A link, a span or a normal-weight `b` around blocks: the blocks stay blocks.
      if (isElement(node) && !isBold(node) && holdsBlocks(node)) {
        flush();
        out.push(...blocks(children(node), heading));
      } else {
        run.push(node);
      }
      continue;
    }
    flush();
    const tag = tagOf(node);
    if (LISTS.has(tag)) {
      const list = listHtml(node);
      if (list) out.push(list);
    } else if (tag === "li") {
      const item = listItem(children(node));
      if (item) out.push(`<ul>${item}</ul>`);
    } else if (HEADINGS.has(tag)) {
      if (children(node).some(isBlock)) {
        out.push(...blocks(children(node), heading));
      } else {
        // A heading is bold already: no strong inside it.
        const html = trimInline(inline(children(node), true));
        const level = heading(Number(tag.slice(1)));
        if (hasText(html)) out.push(`<${level}>${html}</${level}>`);
      }
    } else {
      out.push(...blocks(children(node), heading));
    }
  }
  flush();
  return out;
}

/** The allowed HTML of an editor's content (its root element's children). */
export function serializeOverview(root: OverviewNode): string {
  return blocks(children(root), headingTag(root)).join("");
}

/**
 * The allowed HTML of any HTML (the overview the editor starts from, a paste), read by the
 * browser's parser in an inert document: nothing in it loads or runs. In the browser only.
 */
export function overviewFromHtml(html: string): string {
  return serializeOverview(new DOMParser().parseFromString(html, "text/html").body);
}
