/**
 * What the overview's serializer reads of a node (a browser DOM node fits), how it tells
 * the kinds of element apart (blocks, lists, headings, bold, dropped ones), and the inline
 * HTML of a run of nodes: text, `strong` and `br`.
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

export const ELEMENT = 1;
export const TEXT = 3;

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
export const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
export const LISTS = new Set(["ul", "ol"]);

export const tagOf = (node: OverviewNode) => node.nodeName.toLowerCase();
export const isElement = (node: OverviewNode) => node.nodeType === ELEMENT;
export const isBlock = (node: OverviewNode) => {
  if (!isElement(node)) return false;
  const tag = tagOf(node);
  return CONTAINERS.has(tag) || HEADINGS.has(tag) || LISTS.has(tag) || tag === "li";
};

/** A property of an element's inline style, lower case, as CSS reads it (the last one written wins). */
export function styleOf(node: OverviewNode, property: string): string | undefined {
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
export const isDropped = (node: OverviewNode) =>
  isElement(node) && (DROPPED.has(tagOf(node)) || styleOf(node, "mso-list") === "ignore");

/**
 * Bold by an inline `font-weight` of bold or 600 and more, or by tag (`b`, `strong`) unless
 * its own `font-weight` says normal (Google Docs wraps a whole copy in `<b style="font-weight:normal">`).
 */
export function isBold(node: OverviewNode): boolean {
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
export const BR = "<br />";

/** Whitespace as a browser lays it out: runs become one space; non-breaking spaces are spaces. */
export const normalizeSpace = (text: string) =>
  text.replace(/[\t\n\r\f ]+/g, " ").replace(/\u00a0/g, " ");

export const children = (node: OverviewNode) => Array.from(node.childNodes);

/** True when inline HTML holds visible text. */
export function hasText(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, "")
      .replace(/&nbsp;/g, " ")
      .trim() !== ""
  );
}

/** Leading and trailing line breaks and spaces removed (a browser's placeholder `<br>`). */
export function trimInline(html: string): string {
  let out = html;
  for (;;) {
    const next = out.replace(/^(\s|<br \/>)+/, "").replace(/(\s|<br \/>)+$/, "");
    if (next === out) return out;
    out = next;
  }
}

/** The text of a node and its descendants. */
export function textOf(node: OverviewNode): string {
  if (node.nodeType === TEXT) return node.nodeValue ?? "";
  return isElement(node) ? children(node).map(textOf).join("") : "";
}

/** True when an element holds a block somewhere inside (a link or span around paragraphs). */
export function holdsBlocks(node: OverviewNode): boolean {
  return children(node).some(
    (child) => isElement(child) && !isDropped(child) && (isBlock(child) || holdsBlocks(child)),
  );
}

/** The inline HTML of nodes: text, `strong` and `br`; blocks met inside are joined with `br`. */
export function inline(nodes: OverviewNode[], bold: boolean): string {
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
