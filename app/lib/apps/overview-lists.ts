/**
 * The overview's lists: HTML lists (items kept, nested lists inside their item) and Word's
 * list paragraphs (`mso-list`), which become lists again, numbered when their marker is a
 * number or a letter.
 */
import {
  BR,
  children,
  escapeText,
  hasText,
  inline,
  isDropped,
  isElement,
  LISTS,
  normalizeSpace,
  type OverviewNode,
  styleOf,
  TEXT,
  tagOf,
  textOf,
  trimInline,
} from "./overview-nodes";

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

export function listItem(nodes: OverviewNode[]): string {
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

export function listHtml(list: OverviewNode): string {
  const items = listItems(list);
  const tag = tagOf(list) === "ol" ? "ol" : "ul";
  return items ? `<${tag}>${items}</${tag}>` : "";
}

/** A paragraph of a Word list (`style="mso-list:l0 level2 lfo1"`): which list, how deep, numbered or not. */
export interface WordItem {
  list: string;
  level: number;
  tag: "ul" | "ol";
  html: string;
}

/** A marker that counts: 1. 2) a. iv. (A) */
const NUMBERED_MARKER = /^\(?(\d+|[a-z]{1,6})[.)]/i;

export function wordListItem(node: OverviewNode): WordItem | undefined {
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
export function wordLists(items: WordItem[]): string[] {
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
