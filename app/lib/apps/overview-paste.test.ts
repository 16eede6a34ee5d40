// @vitest-environment jsdom
/**
 * What a paste into the overview keeps: clipboard HTML as Word, Google
 * Docs and a browser copying a web page put it on the clipboard, read by a standards HTML
 * parser as the browser reads it, keeps p, h1, h2, strong, ul, ol, li and br, and the server's
 * allowlist leaves the result as it is.
 */
import { describe, expect, it } from "vitest";
import { sanitizeOverview } from "~/api/apps/overview.server";
import { overviewFromHtml } from "./overview";

/** Word for Windows (Microsoft 365), as Chrome reads it from the clipboard: a whole document. */
const WORD = `<html xmlns:v="urn:schemas-microsoft-com:vml"
xmlns:o="urn:schemas-microsoft-com:office:office"
xmlns:w="urn:schemas-microsoft-com:office:word"
xmlns:m="http://schemas.microsoft.com/office/2004/12/omml"
xmlns="http://www.w3.org/TR/REC-html40">

<head>
<meta http-equiv=Content-Type content="text/html; charset=utf-8">
<meta name=ProgId content=Word.Document>
<meta name=Generator content="Microsoft Word 15">
<meta name=Originator content="Microsoft Word 15">
<link rel=File-List
href="file:///C:/Users/sam/AppData/Local/Temp/msohtmlclip1/01/clip_filelist.xml">
<!--[if gte mso 9]><xml>
 <o:OfficeDocumentSettings>
  <o:AllowPNG/>
 </o:OfficeDocumentSettings>
</xml><![endif]-->
<style>
<!--
 /* Style Definitions */
 p.MsoNormal, li.MsoNormal, div.MsoNormal
	{mso-style-unhide:no;
	margin:0cm;
	font-size:12.0pt;
	font-family:"Calibri",sans-serif;}
h1
	{mso-style-priority:9;
	margin-top:12.0pt;
	font-size:16.0pt;
	color:#2F5496;}
@list l0:level1
	{mso-level-number-format:bullet;
	mso-level-text:\\F0B7;
	font-family:Symbol;}
@list l1:level1
	{mso-level-tab-stop:none;
	mso-level-number-position:left;
	text-indent:-18.0pt;}
-->
</style>
</head>

<body lang=EN-AU style='tab-interval:36.0pt;word-wrap:break-word'>
<!--StartFragment-->

<h1><span lang=EN-US>Why firms use it<o:p></o:p></span></h1>

<p class=MsoNormal><b><span lang=EN-US>No double entry.</span></b><span
lang=EN-US> Every receipt is posted to the ledger <i>once</i>, by <span
class=SpellE>Ledger</span> Link.<o:p></o:p></span></p>

<p class=MsoNormal><b style='mso-bidi-font-weight:normal'><span lang=EN-US>Bold with a Word-only weight.</span></b><span lang=EN-US><o:p></o:p></span></p>

<p class=MsoNormal><span lang=EN-US><o:p>&nbsp;</o:p></span></p>

<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span
lang=EN-US style='font-family:Symbol;mso-fareast-font-family:Symbol;mso-bidi-font-family:
Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;
</span></span></span><![endif]><span lang=EN-US>Receipts<o:p></o:p></span></p>

<p class=MsoListParagraphCxSpMiddle style='margin-left:72.0pt;mso-add-space:auto;text-indent:-18.0pt;mso-list:l0 level2 lfo1'><![if !supportLists]><span
lang=EN-US style='font-family:"Courier New";mso-fareast-font-family:"Courier New"'><span
style='mso-list:Ignore'>o<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;
</span></span></span><![endif]><span lang=EN-US>Trust receipts<o:p></o:p></span></p>

<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span
lang=EN-US style='font-family:Symbol;mso-fareast-font-family:Symbol;mso-bidi-font-family:
Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;
</span></span></span><![endif]><b><span lang=EN-US>Payments</span></b><span lang=EN-US><o:p></o:p></span></p>

<h2><span lang=EN-US>Getting started<o:p></o:p></span></h2>

<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><![if !supportLists]><span
lang=EN-US><span style='mso-list:Ignore'>1.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;
</span></span></span><![endif]><span lang=EN-US>Connect the ledger.<o:p></o:p></span></p>

<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><![if !supportLists]><span
lang=EN-US><span style='mso-list:Ignore'>2.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;
</span></span></span><![endif]><span lang=EN-US>Choose the accounts.<o:p></o:p></span></p>

<p class=MsoNormal><span lang=EN-US>First line<br>
second line<o:p></o:p></span></p>

<p class=MsoNormal><span lang=EN-US><img width=64 height=64
src="file:///C:/Users/sam/AppData/Local/Temp/msohtmlclip1/01/clip_image001.png"
v:shapes="Picture_x0020_1"><o:p></o:p></span></p>

<!--EndFragment-->
</body>

</html>`;

/** Google Docs in Chrome: everything inside one normal-weight `b`, weights and lists in styles. */
const GOOGLE_DOCS =
  `<meta charset='utf-8'><meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-4c1e2a7f-7fff-3b2d-91aa-0d6a8e5f2c11">` +
  `<h1 dir="ltr" style="line-height:1.38;margin-top:20pt;margin-bottom:6pt;"><span style="font-size:20pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">Why firms use it</span></h1>` +
  `<p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:700;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">No double entry.</span><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:italic;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;"> Every receipt is posted once.</span></p>` +
  `<br>` +
  `<ul style="margin-top:0;margin-bottom:0;padding-inline-start:48px;">` +
  `<li dir="ltr" style="list-style-type:disc;font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;" aria-level="1"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;" role="presentation"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">Receipts</span></p></li>` +
  `<ul style="margin-top:0;margin-bottom:0;padding-inline-start:48px;"><li dir="ltr" style="list-style-type:circle;font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;" aria-level="2"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;" role="presentation"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">Trust receipts</span></p></li></ul>` +
  `<li dir="ltr" style="list-style-type:disc;font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;" aria-level="1"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;" role="presentation"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:700;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">Payments</span></p></li></ul>` +
  `<h2 dir="ltr" style="line-height:1.38;margin-top:18pt;margin-bottom:6pt;"><span style="font-size:16pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">Getting started</span></h2>` +
  `<ol style="margin-top:0;margin-bottom:0;padding-inline-start:48px;"><li dir="ltr" style="list-style-type:decimal;font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;" aria-level="1"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;" role="presentation"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">Connect the ledger.</span></p></li></ol>` +
  `<p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><a href="https://example.com/help" style="text-decoration:none;"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#1155cc;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:underline;-webkit-text-decoration-skip:none;text-decoration-skip-ink:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">Read the guide</span></a><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">.</span></p>` +
  `<p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;"><span style="border:none;display:inline-block;overflow:hidden;width:64px;height:64px;"><img src="https://lh7-rt.googleusercontent.com/docsz/AD_4nXexample" width="64" height="64" style="margin-left:0px;margin-top:0px;" /></span></span></p>` +
  `</b><br class="Apple-interchange-newline">`;

/** A web page copied in Chrome: computed styles inline, a link, code, an image, a table, a script. */
const WEB_PAGE =
  `<meta charset='utf-8'>` +
  `<h2 style="box-sizing: border-box; margin: 0px 0px 16px; font-family: -apple-system, BlinkMacSystemFont, &quot;Segoe UI&quot;, sans-serif; font-size: 24px; font-weight: 600; color: rgb(31, 35, 40);">Features</h2>` +
  `<h3 class="anchored" id="sync" style="box-sizing: border-box; font-size: 20px; font-weight: 600;"><a class="anchor" aria-hidden="true" href="#sync"><svg class="octicon" viewBox="0 0 16 16" width="16" height="16"><path d="M7.775 3.275"></path></svg></a>Sync in a minute</h3>` +
  `<p style="box-sizing: border-box; margin-top: 0px; color: rgb(31, 35, 40); font-size: 16px; font-weight: 400;">Install the <a href="https://example.com/cli" style="box-sizing: border-box; color: rgb(9, 105, 218);">command-line tool</a> and run <code style="box-sizing: border-box; font-family: ui-monospace, monospace;">ledger init</code>; <span style="font-weight: 700;">that is all</span>.<img src="https://example.com/diagram.png" alt="Diagram" onerror="alert(1)" style="max-width: 100%;"></p>` +
  `<ul style="box-sizing: border-box; padding-left: 2em;"><li style="box-sizing: border-box;"><strong style="box-sizing: border-box; font-weight: 600;">Receipts</strong> posted at once</li><li style="box-sizing: border-box; margin-top: 0.25em;">Payments</li></ul>` +
  `<table style="border-collapse: collapse;"><thead><tr><th>Plan</th><th>Price</th></tr></thead><tbody><tr><td>Basic</td><td>$10 &amp; up</td></tr></tbody></table>` +
  `<script>alert("pasted")</script><style>p { color: red }</style>` +
  `<div class="note" style="box-sizing: border-box;"><em>Note:</em> &lt;b&gt;is text&lt;/b&gt;, not markup.</div>`;

describe("a paste into the overview", () => {
  it("keeps Word's heading, bold, lists (bulleted, nested, numbered) and line breaks, and drops its markup", () => {
    expect(overviewFromHtml(WORD)).toBe(
      "<h1>Why firms use it</h1>" +
        "<p><strong>No double entry.</strong> Every receipt is posted to the ledger once, by Ledger Link.</p>" +
        "<p><strong>Bold with a Word-only weight.</strong></p>" +
        "<ul><li>Receipts<ul><li>Trust receipts</li></ul></li><li><strong>Payments</strong></li></ul>" +
        "<h2>Getting started</h2>" +
        "<ol><li>Connect the ledger.</li><li>Choose the accounts.</li></ol>" +
        "<p>First line<br />second line</p>",
    );
  });

  it("keeps Google Docs' headings, bold by weight, nested and numbered lists, without making everything bold", () => {
    expect(overviewFromHtml(GOOGLE_DOCS)).toBe(
      "<h1>Why firms use it</h1>" +
        "<p><strong>No double entry.</strong> Every receipt is posted once.</p>" +
        "<ul><li>Receipts<ul><li>Trust receipts</li></ul></li><li><strong>Payments</strong></li></ul>" +
        "<h2>Getting started</h2>" +
        "<ol><li>Connect the ledger.</li></ol>" +
        "<p>Read the guide.</p>",
    );
  });

  it("keeps a web page's headings (the highest level as h1), bold and lists; links, code and cells keep their text; images, scripts and styles go", () => {
    expect(overviewFromHtml(WEB_PAGE)).toBe(
      "<h1>Features</h1>" +
        "<h2>Sync in a minute</h2>" +
        "<p>Install the command-line tool and run ledger init; <strong>that is all</strong>.</p>" +
        "<ul><li><strong>Receipts</strong> posted at once</li><li>Payments</li></ul>" +
        "<p>Plan</p><p>Price</p><p>Basic</p><p>$10 &amp; up</p>" +
        "<p>Note: &lt;b&gt;is text&lt;/b&gt;, not markup.</p>",
    );
  });

  it("gives HTML the server's allowlist stores as it is, and that reads back the same", () => {
    for (const html of [WORD, GOOGLE_DOCS, WEB_PAGE]) {
      const out = overviewFromHtml(html);
      expect(sanitizeOverview(out)).toBe(out);
      expect(overviewFromHtml(out)).toBe(out);
    }
  });

  it("keeps one heading level as it is: h1 stays h1, any other becomes h2", () => {
    expect(overviewFromHtml("<h3>Only</h3><p>text</p>")).toBe("<h2>Only</h2><p>text</p>");
    expect(overviewFromHtml("<h1>Only</h1><p>text</p>")).toBe("<h1>Only</h1><p>text</p>");
    expect(overviewFromHtml("<h4>Top</h4><h5>Lower</h5><h6>Lowest</h6>")).toBe(
      "<h1>Top</h1><h2>Lower</h2><h2>Lowest</h2>",
    );
  });

  it("nests Word list paragraphs by level, and starts a new list where Word's list changes", () => {
    const item = (list: string, level: number, marker: string, text: string) =>
      `<p class=MsoListParagraph style='mso-list:${list} level${level} lfo1'><![if !supportLists]><span style='mso-list:Ignore'>${marker}<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span><![endif]>${text}<o:p></o:p></p>\n`;
    expect(
      overviewFromHtml(
        item("l0", 1, "a)", "one") +
          item("l0", 3, "i.", "deep") +
          item("l0", 1, "b)", "two") +
          item("l1", 1, "·", "other list"),
      ),
    ).toBe(
      "<ol><li>one<ol><li><ol><li>deep</li></ol></li></ol></li><li>two</li></ol><ul><li>other list</li></ul>",
    );
  });

  it("runs nothing it reads and loads nothing", () => {
    const seen: string[] = [];
    const original = window.alert;
    window.alert = (message?: unknown) => void seen.push(String(message));
    try {
      expect(
        overviewFromHtml(
          '<img src=x onerror="alert(1)"><svg onload="alert(2)"></svg><p onclick="alert(3)">ok</p>',
        ),
      ).toBe("<p>ok</p>");
    } finally {
      window.alert = original;
    }
    expect(seen).toEqual([]);
  });
});
