/**
 * The overview's HTML (spec 01 section 5): only the tags of OVERVIEW_TAGS, no attributes.
 * `serializeOverview` turns what a contenteditable holds (whatever the browser made of
 * typing, execCommand and pasting) into that HTML: bold becomes `strong`, divs and
 * paragraphs `p`, h1 and h2 stay (lower headings become h2), lists keep their items
 * (nested lists stay inside their item), line breaks stay `br`; scripts, styles, images,
 * media and form controls are dropped with their content; any other element is replaced by
 * its content. Text is escaped. Empty blocks are left out.
 *
 * It reads a minimal node interface, which a browser DOM node satisfies, so it is plain
 * TypeScript without a DOM: tested in node with small hand-built trees. The output is a
 * fixed point of the server's allowlist (sanitize-html with OVERVIEW_TAGS), which the
 * provider applies again.
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
const HEADINGS: Record<string, "h1" | "h2"> = { h1: "h1", h2: "h2", h3: "h2", h4: "h2", h5: "h2", h6: "h2" };
const LISTS = new Set(["ul", "ol"]);

const tagOf = (node: OverviewNode) => node.nodeName.toLowerCase();
const isElement = (node: OverviewNode) => node.nodeType === ELEMENT;
const isBlock = (node: OverviewNode) => {
  if (!isElement(node)) return false;
  const tag = tagOf(node);
  return CONTAINERS.has(tag) || tag in HEADINGS || LISTS.has(tag) || tag === "li";
};

/** Bold by tag, or by an inline `font-weight` of bold or 600 and more (what some browsers write). */
function isBold(node: OverviewNode): boolean {
  const tag = tagOf(node);
  if (tag === "b" || tag === "strong") return true;
  const style = node.getAttribute?.("style") ?? "";
  const weight = /font-weight\s*:\s*([a-z0-9]+)/i.exec(style)?.[1]?.toLowerCase();
  if (!weight) return false;
  return weight === "bold" || weight === "bolder" || (/^\d+$/.test(weight) && Number(weight) >= 600);
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
  return html.replace(/<[^>]*>/g, "").replace(/&nbsp;/g, " ").trim() !== "";
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

/** The inline HTML of nodes: text, `strong` and `br`; blocks met inside are joined with `br`. */
function inline(nodes: OverviewNode[], bold: boolean): string {
  let html = "";
  for (const node of nodes) {
    if (node.nodeType === TEXT) {
      html += escapeText(normalizeSpace(node.nodeValue ?? ""));
      continue;
    }
    if (!isElement(node)) continue;
    const tag = tagOf(node);
    if (DROPPED.has(tag)) continue;
    if (tag === "br") {
      html += BR;
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
      const [, before, middle, after] = /^((?:<br \/>)*)([^]*?)((?:<br \/>)*)$/.exec(inner) ?? ["", "", inner, ""];
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
    if (!isElement(child)) continue;
    const tag = tagOf(child);
    if (DROPPED.has(tag)) continue;
    if (LISTS.has(tag)) {
      const nested = listHtml(child);
      if (!nested) continue;
      if (items.length > 0) items[items.length - 1] = items[items.length - 1].replace(/<\/li>$/, `${nested}</li>`);
      else items.push(`<li>${nested}</li>`);
      continue;
    }
    const item = listItem(tag === "li" ? children(child) : [child]);
    if (item) items.push(item);
  }
  return items.join("");
}

function listItem(nodes: OverviewNode[]): string {
  let html = "";
  let run: OverviewNode[] = [];
  const flush = () => {
    const text = trimInline(inline(run, false));
    if (hasText(text)) html += `${html && !html.endsWith(BR) && !html.endsWith("</ul>") && !html.endsWith("</ol>") ? BR : ""}${text}`;
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

/** Block-level HTML of nodes: inline runs become paragraphs. */
function blocks(nodes: OverviewNode[]): string[] {
  const out: string[] = [];
  let run: OverviewNode[] = [];
  const flush = () => {
    const html = trimInline(inline(run, false));
    if (hasText(html)) out.push(`<p>${html}</p>`);
    run = [];
  };
  for (const node of nodes) {
    if (!isBlock(node)) {
      if (isElement(node) && DROPPED.has(tagOf(node))) continue;
      run.push(node);
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
    } else if (tag in HEADINGS) {
      if (children(node).some(isBlock)) {
        out.push(...blocks(children(node)));
      } else {
        const html = trimInline(inline(children(node), false));
        if (hasText(html)) out.push(`<${HEADINGS[tag]}>${html}</${HEADINGS[tag]}>`);
      }
    } else {
      out.push(...blocks(children(node)));
    }
  }
  flush();
  return out;
}

/** The allowed HTML of an editor's content (its root element's children). */
export function serializeOverview(root: OverviewNode): string {
  return blocks(children(root)).join("");
}
