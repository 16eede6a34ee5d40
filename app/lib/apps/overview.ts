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

import { listHtml, listItem, wordListItem, wordLists } from "./overview-lists";
import {
  children,
  HEADINGS,
  hasText,
  holdsBlocks,
  inline,
  isBlock,
  isBold,
  isDropped,
  isElement,
  LISTS,
  type OverviewNode,
  TEXT,
  tagOf,
  trimInline,
} from "./overview-nodes";

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
