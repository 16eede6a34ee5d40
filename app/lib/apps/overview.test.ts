import sanitizeHtml from "sanitize-html";
import { describe, expect, it } from "vitest";
import { OVERVIEW_TAGS } from "~/api/apps/rules";
import { serializeOverview } from "./overview";
import type { OverviewNode } from "./overview-nodes";

/** A small HTML reader for the tests: elements, attributes, text with a few entities. */
const VOID = new Set(["br", "img", "hr", "input", "meta", "link", "source", "embed"]);

class Node implements OverviewNode {
  childNodes: Node[] = [];
  constructor(
    public nodeType: number,
    public nodeName: string,
    public nodeValue: string | null = null,
    private attributes: Record<string, string> = {},
  ) {}
  getAttribute(name: string) {
    return this.attributes[name] ?? null;
  }
}

const decode = (text: string) =>
  text
    .replace(/&nbsp;/g, "\u00a0")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

function parse(html: string): Node {
  const root = new Node(1, "DIV");
  const stack: Node[] = [root];
  const token =
    /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>|([^<]+)/g;
  for (const match of html.matchAll(token)) {
    const [whole, closing, name, attrs, text] = match;
    const top = stack[stack.length - 1];
    if (whole.startsWith("<!--")) {
      top.childNodes.push(new Node(8, "#comment", whole));
    } else if (text !== undefined) {
      top.childNodes.push(new Node(3, "#text", decode(text)));
    } else if (closing) {
      const index = stack.map((n) => n.nodeName).lastIndexOf(name.toUpperCase());
      if (index > 0) stack.length = index;
    } else {
      const attributes: Record<string, string> = {};
      for (const a of (attrs ?? "").matchAll(
        /([^\s=>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g,
      )) {
        attributes[a[1].toLowerCase()] = a[2] ?? a[3] ?? a[4] ?? "";
      }
      const element = new Node(1, name.toUpperCase(), null, attributes);
      top.childNodes.push(element);
      if (!VOID.has(name.toLowerCase())) stack.push(element);
    }
  }
  return root;
}

const serialize = (html: string) => serializeOverview(parse(html));

const allowlist = (html: string) =>
  sanitizeHtml(html, {
    allowedTags: [...OVERVIEW_TAGS],
    allowedAttributes: {},
    allowedStyles: {},
    disallowedTagsMode: "discard",
  });

describe("serializeOverview", () => {
  it("wraps loose text in a paragraph", () => {
    expect(serialize("Hello world")).toBe("<p>Hello world</p>");
  });

  it("turns the divs a browser makes on Enter into paragraphs and drops empty ones", () => {
    expect(serialize("first line<div>second</div><div><br></div><div>third</div>")).toBe(
      "<p>first line</p><p>second</p><p>third</p>",
    );
  });

  it("keeps paragraphs, line breaks inside them, and drops the placeholder break at the end", () => {
    expect(serialize("<p>one<br>two<br></p><p><br></p>")).toBe("<p>one<br />two</p>");
  });

  it("writes bold as strong, from b, strong or a bold font-weight", () => {
    expect(serialize("<p>a <b>bold</b> and <strong>strong</strong></p>")).toBe(
      "<p>a <strong>bold</strong> and <strong>strong</strong></p>",
    );
    expect(
      serialize(
        '<p><span style="font-weight: 700;">heavy</span> <span style="font-weight: normal">light</span></p>',
      ),
    ).toBe("<p><strong>heavy</strong> light</p>");
  });

  it("does not nest strong inside strong, and leaves out empty bold", () => {
    expect(serialize("<p><b>one <strong>two</strong></b><b></b></p>")).toBe(
      "<p><strong>one two</strong></p>",
    );
  });

  it("keeps h1 and h2, and makes lower headings h2", () => {
    expect(serialize("<h1>Title</h1><h2>Sub</h2><h3>Lower</h3>")).toBe(
      "<h1>Title</h1><h2>Sub</h2><h2>Lower</h2>",
    );
  });

  it("keeps bulleted and numbered lists with their items", () => {
    expect(serialize("<ul><li>one</li><li><b>two</b></li></ul><ol><li>first</li></ol>")).toBe(
      "<ul><li>one</li><li><strong>two</strong></li></ul><ol><li>first</li></ol>",
    );
  });

  it("keeps a nested list inside its item, also when the browser put it straight into the list", () => {
    expect(serialize("<ul><li>one<ul><li>inner</li></ul></li></ul>")).toBe(
      "<ul><li>one<ul><li>inner</li></ul></li></ul>",
    );
    expect(serialize("<ol><li>one</li><ol><li>inner</li></ol></ol>")).toBe(
      "<ol><li>one<ol><li>inner</li></ol></li></ol>",
    );
  });

  it("drops empty items and empty lists, and wraps loose content of a list in items", () => {
    expect(serialize("<ul><li><br></li></ul><ul>loose<li>item</li></ul>")).toBe(
      "<ul><li>loose</li><li>item</li></ul>",
    );
  });

  it("puts a list item found outside a list into a list", () => {
    expect(serialize("<li>orphan</li>")).toBe("<ul><li>orphan</li></ul>");
  });

  it("flattens blocks inside an item and inside bold text into lines", () => {
    expect(serialize("<ul><li><p>a</p><p>b</p></li></ul>")).toBe("<ul><li>a<br />b</li></ul>");
    expect(serialize("<p><b>x<div>y</div></b></p>")).toBe("<p><strong>x<br />y</strong></p>");
  });

  it("drops scripts, styles, images and media with their content", () => {
    expect(
      serialize(
        '<p>safe<script>alert(1)</script><style>p{color:red}</style><img src=x onerror="alert(1)"><svg onload="alert(1)"><text>svg</text></svg><iframe src="javascript:alert(1)">frame</iframe></p>',
      ),
    ).toBe("<p>safe</p>");
  });

  it("keeps the text of other elements and none of their attributes", () => {
    expect(
      serialize(
        '<p style="color:red" onclick="alert(1)"><a href="javascript:alert(1)">link</a> <em>em</em> <span class="x">span</span></p>',
      ),
    ).toBe("<p>link em span</p>");
  });

  it("escapes text that looks like markup", () => {
    expect(
      serialize(
        "<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;</p>",
      ),
    ).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;</p>");
  });

  it("turns non-breaking spaces and layout whitespace into single spaces", () => {
    expect(serialize("<p>a&nbsp; b\n\n   c</p>\n  <p>\n</p>")).toBe("<p>a  b c</p>");
  });

  it("skips comments", () => {
    expect(serialize("<p>a<!-- hidden -->b</p>")).toBe("<p>ab</p>");
  });

  it("gives nothing for an empty editor", () => {
    expect(serialize("")).toBe("");
    expect(serialize("<div><br></div><p> </p>")).toBe("");
  });

  const corpus = [
    "Hello <b>world</b><div>line</div><ul><li>x<ul><li>y</li></ul></li></ul>",
    '<h1 style="color:red">T</h1><h2>S</h2><p><span style="font-weight:bold">B</span><br>next</p>',
    "<p>&lt;b&gt;not bold&lt;/b&gt;</p><ol><li>1</li><li>2</li></ol>",
    '<table><tr><td>cell</td></tr></table><blockquote>quote</blockquote><img src="x">',
  ];

  it("writes HTML that the server's allowlist leaves as it is", () => {
    for (const html of corpus) {
      const out = serialize(html);
      expect(allowlist(out)).toBe(out);
    }
  });

  it("is stable: serializing its own output gives the same HTML", () => {
    for (const html of corpus) {
      const out = serialize(html);
      expect(serialize(out)).toBe(out);
    }
  });
});
