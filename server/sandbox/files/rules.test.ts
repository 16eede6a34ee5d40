import { describe, expect, it } from "vitest";
import { svgDimensions } from "~/api/files/content";
import { FILE_LIMITS as limits } from "~/api/files/rules";
import { jpeg, pdf, png, svg } from "../../conformance/files";
import { WORDING } from "../wording";
import {
  attachmentDisposition,
  checkDocument,
  checkImage,
  DIAGRAM_TOO_BIG,
  type ImageOptions,
  sanitizeFileName,
  svgProblem,
} from "./rules";

const utf8 = (text: string) => new TextEncoder().encode(text);
const KB = 1024;

async function imageMessage(bytes: Uint8Array | string, options: ImageOptions = {}) {
  const result = await checkImage(typeof bytes === "string" ? utf8(bytes) : bytes, options);
  return result.ok ? "ok" : result.message;
}

describe("checkDocument", () => {
  it("accepts a PDF by its content", async () => {
    expect(await checkDocument(pdf())).toEqual({
      ok: true,
      contentType: "application/pdf",
      extension: "pdf",
    });
  });

  it("refuses what is not a PDF, whatever it is called", async () => {
    for (const bytes of [
      png(10, 10),
      jpeg(10, 10),
      utf8("hello"),
      utf8(svg()),
      utf8(" %PDF-1.4"),
    ]) {
      expect(await checkDocument(bytes)).toEqual({
        ok: false,
        code: "mustBePdf",
        message: WORDING.files.mustBePdf,
      });
    }
  });

  it("accepts exactly 9 MB and refuses one byte more", async () => {
    const max = pdf({ minBytes: limits.documentBytes });
    expect(max.byteLength).toBe(9 * 1024 * 1024);
    expect((await checkDocument(max)).ok).toBe(true);
    expect(await checkDocument(pdf({ minBytes: limits.documentBytes + 1 }))).toEqual({
      ok: false,
      code: "tooBig",
      message: WORDING.files.tooBig,
    });
  });

  it("takes a data-flow diagram under 9 MB only ('file must be less than 9MB')", async () => {
    expect((await checkDocument(pdf({ minBytes: limits.documentBytes - 1 }), "diagram")).ok).toBe(
      true,
    );
    expect(await checkDocument(pdf({ minBytes: limits.documentBytes }), "diagram")).toEqual({
      ok: false,
      code: "tooBig",
      message: DIAGRAM_TOO_BIG,
    });
    expect((await checkDocument(new TextEncoder().encode("not a pdf"), "diagram")).ok).toBe(false);
  });

  it("refuses an empty file", async () => {
    expect(await checkDocument(new Uint8Array(0))).toEqual({
      ok: false,
      code: "noContent",
      message: WORDING.files.noContent,
    });
  });

  it("uses the spec's texts", () => {
    expect(WORDING.files).toMatchObject({
      mustBePdf: "File type must be .PDF",
      tooBig: "Your file is too big",
      noContent: "File has no content",
    });
  });
});

describe("checkImage: app icon", () => {
  const icon = { purpose: "icon" } as const;
  it("accepts a PNG of exactly 256x256 and records its size", async () => {
    expect(await checkImage(png(256, 256), icon)).toEqual({
      ok: true,
      contentType: "image/png",
      extension: "png",
      width: 256,
      height: 256,
    });
  });
  it("refuses other sizes", async () => {
    expect(await imageMessage(png(255, 256), icon)).toBe(WORDING.files.imageSizeInvalid);
    expect(await imageMessage(png(512, 512), icon)).toBe(WORDING.files.imageSizeInvalid);
  });
  it("refuses a JPEG", async () => {
    expect(await imageMessage(jpeg(256, 256), icon)).toBe(WORDING.files.imageTypeInvalid);
  });
  it("refuses more than 400 KB", async () => {
    expect(await imageMessage(png(256, 256, { minBytes: 400 * KB }), icon)).toBe("ok");
    expect(await imageMessage(png(256, 256, { minBytes: 400 * KB + 1 }), icon)).toBe(
      "File size greater than 400KB",
    );
  });
  it("accepts a square SVG, by width/height or by viewBox alone", async () => {
    expect(await checkImage(utf8(svg()), icon)).toMatchObject({
      ok: true,
      contentType: "image/svg+xml",
      width: 256,
      height: 256,
    });
    expect(await imageMessage(svg('viewBox="0 0 24 24"'), icon)).toBe("ok");
    expect(await imageMessage(svg('width="64" viewBox="0,0,24,24"'), icon)).toBe("ok");
  });
  it("refuses an SVG that is not square or has no size", async () => {
    expect(await imageMessage(svg('viewBox="0 0 48 24"'), icon)).toBe(
      WORDING.files.imageSizeInvalid,
    );
    expect(await imageMessage(svg('width="100%" height="100%"'), icon)).toBe(
      WORDING.files.imageSizeInvalid,
    );
    expect(await imageMessage(svg(""), icon)).toBe(WORDING.files.imageSizeInvalid);
  });
});

describe("checkImage: banner", () => {
  const banner = { purpose: "banner" } as const;
  it("accepts a PNG of exactly 1410x480", async () => {
    expect(await imageMessage(png(1410, 480), banner)).toBe("ok");
    expect(await imageMessage(png(1410, 481), banner)).toBe(WORDING.files.imageSizeInvalid);
    expect(await imageMessage(png(1200, 480), banner)).toBe(WORDING.files.imageSizeInvalid);
  });
  it("accepts an SVG with the banner's ratio", async () => {
    expect(await imageMessage(svg('viewBox="0 0 1410 480"'), banner)).toBe("ok");
    expect(await imageMessage(svg('width="705" height="240"'), banner)).toBe("ok");
    expect(await imageMessage(svg('viewBox="0 0 1200 480"'), banner)).toBe(
      WORDING.files.imageSizeInvalid,
    );
  });
  it("refuses a JPEG and more than 800 KB", async () => {
    expect(await imageMessage(jpeg(1410, 480), banner)).toBe(WORDING.files.imageTypeInvalid);
    expect(await imageMessage(png(1410, 480, { minBytes: 800 * KB + 1 }), banner)).toBe(
      "File size greater than 800KB",
    );
  });
});

describe("checkImage: screenshot", () => {
  const screenshot = { purpose: "screenshot" } as const;
  it("accepts a PNG or a JPEG of any size", async () => {
    expect(await checkImage(jpeg(1200, 480), screenshot)).toEqual({
      ok: true,
      contentType: "image/jpeg",
      extension: "jpg",
      width: 1200,
      height: 480,
    });
    expect(await imageMessage(png(300, 200), screenshot)).toBe("ok");
  });
  it("refuses an SVG and more than 800 KB", async () => {
    expect(await imageMessage(svg(), screenshot)).toBe(WORDING.files.imageTypeInvalid);
    expect(await imageMessage(jpeg(1200, 480, { minBytes: 800 * KB + 1 }), screenshot)).toBe(
      WORDING.files.sizeGreater800KB,
    );
  });
});

describe("checkImage: company icon", () => {
  const company = { purpose: "company-icon" } as const;
  it("accepts a square PNG of at least 256x256", async () => {
    expect(await imageMessage(png(256, 256), company)).toBe("ok");
    expect(await imageMessage(png(300, 300), company)).toBe("ok");
  });
  it("refuses small or not square PNGs", async () => {
    expect(await imageMessage(png(255, 255), company)).toBe(WORDING.files.imageSizeInvalid);
    expect(await imageMessage(png(300, 256), company)).toBe(WORDING.files.imageSizeInvalid);
  });
  it("refuses SVG and JPEG, and more than 400 KB", async () => {
    expect(await imageMessage(svg(), company)).toBe(WORDING.files.imageTypeInvalid);
    expect(await imageMessage(jpeg(256, 256), company)).toBe(WORDING.files.imageTypeInvalid);
    expect(await imageMessage(png(256, 256, { minBytes: 400 * KB + 1 }), company)).toBe(
      WORDING.files.sizeGreater400KB,
    );
  });
});

describe("checkImage: function icon", () => {
  const fn = { purpose: "function-icon" } as const;
  it("accepts PNGs of 28 to 65 px a side", async () => {
    for (const [w, h] of [
      [28, 28],
      [65, 65],
      [28, 65],
      [40, 30],
    ]) {
      expect(await imageMessage(png(w, h), fn)).toBe("ok");
    }
    for (const [w, h] of [
      [27, 28],
      [28, 66],
      [24, 24],
      [100, 100],
    ]) {
      expect(await imageMessage(png(w, h), fn)).toBe(WORDING.files.imageSizeInvalid);
    }
  });
  it("wants exactly 24x24 for a list item", async () => {
    expect(await imageMessage(png(24, 24), { ...fn, listItem: true })).toBe("ok");
    expect(await imageMessage(png(28, 28), { ...fn, listItem: true })).toBe(
      WORDING.files.imageSizeInvalid,
    );
  });
  it("accepts an SVG of any size, refuses JPEG and more than 50 KB", async () => {
    expect(await imageMessage(svg('viewBox="0 0 500 100"'), fn)).toBe("ok");
    expect(await imageMessage(jpeg(30, 30), fn)).toBe(WORDING.files.imageTypeInvalid);
    expect(await imageMessage(png(30, 30, { minBytes: 50 * KB + 1 }), fn)).toBe(
      WORDING.files.sizeGreater50KB,
    );
  });
});

describe("checkImage: no purpose", () => {
  it("accepts PNG, JPEG and SVG up to 800 KB", async () => {
    expect(await imageMessage(png(5, 5))).toBe("ok");
    expect(await imageMessage(jpeg(5, 5))).toBe("ok");
    expect(await imageMessage(svg())).toBe("ok");
    expect(await imageMessage(png(5, 5, { minBytes: 800 * KB + 1 }))).toBe(
      WORDING.files.sizeGreater800KB,
    );
  });
  it("refuses other types, by content", async () => {
    expect(await imageMessage(pdf())).toBe(WORDING.files.imageTypeInvalid);
    expect(await imageMessage("just text")).toBe(WORDING.files.imageTypeInvalid);
    expect(await imageMessage(utf8("<html><body>hi</body></html>"))).toBe(
      WORDING.files.imageTypeInvalid,
    );
    expect(
      await imageMessage(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0])),
    ).toBe(WORDING.files.imageTypeInvalid);
  });
  it("refuses a truncated PNG and an empty file", async () => {
    expect(await imageMessage(png(10, 10).slice(0, 20))).toBe(WORDING.files.imageTypeInvalid);
    expect(await imageMessage(new Uint8Array(0))).toBe(WORDING.files.noContent);
  });
  it("refuses raster images larger than the side limit", async () => {
    expect(await imageMessage(jpeg(20_000, 100))).toBe(WORDING.files.imageSizeInvalid);
  });
  it("swaps the size of a JPEG turned by EXIF", async () => {
    // An APP1 Exif segment with one IFD entry: orientation (274) = 6.
    const exif = [
      0xff, 0xe1, 0x00, 0x22, 0x45, 0x78, 0x69, 0x66, 0x00, 0x00, 0x4d, 0x4d, 0x00, 0x2a, 0x00,
      0x00, 0x00, 0x08, 0x00, 0x01, 0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06,
      0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    ];
    const base = jpeg(300, 100);
    const turned = new Uint8Array([...base.slice(0, 2), ...exif, ...base.slice(2)]);
    expect(await checkImage(turned)).toMatchObject({ ok: true, width: 100, height: 300 });
  });
});

describe("svgProblem", () => {
  const clean = [
    svg(),
    svg(
      'viewBox="0 0 10 10"',
      '<use href="#g"/><use xlink:href="#g" xmlns:xlink="http://www.w3.org/1999/xlink"/>',
    ),
    svg(
      "",
      "<style><![CDATA[ rect { fill: url(#g); } ]]></style><style>circle { stroke: url('#g') }</style>",
    ),
    svg("", '<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>'),
    svg("", "<!-- <script>alert(1)</script> --><text>a &lt; b &amp; &#x63;</text>"),
    svg(
      "",
      '<a href="#g"><title>Link</title></a><animate attributeName="opacity" values="0;1" dur="1s"/>',
    ),
    `\ufeff<svg xmlns="http://www.w3.org/2000/svg"><svg:g xmlns:svg="http://www.w3.org/2000/svg"/></svg>`,
  ];
  it.each(clean.map((s, i) => [i, s]))("accepts clean SVG %i", (_i, text) => {
    expect(svgProblem(text as string)).toBeUndefined();
  });

  const active: Record<string, string> = {
    script: svg("", "<script>alert(1)</script>"),
    "prefixed script": svg(
      "",
      '<x:script xmlns:x="http://www.w3.org/2000/svg">alert(1)</x:script>',
    ),
    "upper-case script": svg("", "<SCRIPT>alert(1)</SCRIPT>"),
    "event handler": svg('onload="alert(1)"'),
    "event handler, odd spacing": svg("", "<rect\nONCLICK\n=\n'alert(1)'/>"),
    foreignObject: svg(
      "",
      "<foreignObject><div xmlns='http://www.w3.org/1999/xhtml'>x</div></foreignObject>",
    ),
    "javascript href": svg("", '<a href="javascript:alert(1)"><text>x</text></a>'),
    "encoded javascript href": svg(
      "",
      '<a href="&#106;ava&#x09;script&#58;alert(1)"><text>x</text></a>',
    ),
    "xlink javascript href": svg("", '<a xlink:href=" JAVASCRIPT:alert(1)"><text>x</text></a>'),
    "external href": svg("", '<use href="https://evil.example/x.svg#a"/>'),
    "protocol-relative href": svg("", '<image href="//evil.example/x.png"/>'),
    "svg data href": svg("", '<image href="data:image/svg+xml;base64,PHN2Zz4="/>'),
    "external link": svg("", '<a href="https://example.com"><text>x</text></a>'),
    "animated href": svg(
      "",
      '<a><set attributeName="href" to="javascript:alert(1)"/><text>x</text></a>',
    ),
    "animated xlink:href": svg(
      "",
      '<a><animate attributeName="xlink:href" values="https://evil.example"/></a>',
    ),
    "animated handler": svg("", '<set attributeName="onmouseover" to="alert(1)"/>'),
    doctype: `<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg xmlns="http://www.w3.org/2000/svg"/>`,
    entity: `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>`,
    "entity inside": svg("", '<!ENTITY x "y">'),
    "stylesheet PI": `<?xml version="1.0"?><?xml-stylesheet href="https://evil.example/a.css"?><svg xmlns="http://www.w3.org/2000/svg"/>`,
    "css import": svg("", "<style>@import url(https://evil.example/a.css);</style>"),
    "css external url": svg("", "<style>rect { fill: url(https://evil.example/a.png) }</style>"),
    "css escape": svg("", "<style>rect { background: \\75 rl(https://evil.example) }</style>"),
    "css in style attribute": svg("", "<rect style=\"background:url('https://evil.example/p')\"/>"),
    "css encoded in style element": svg(
      "",
      "<style>rect { fill: &#117;rl(https://evil.example/p) }</style>",
    ),
    "external url() attribute": svg("", '<rect fill="url(https://evil.example/p#a)"/>'),
    "xhtml namespace": svg(
      "",
      '<h:iframe xmlns:h="http://www.w3.org/1999/xhtml" src="https://evil.example"/>',
    ),
    "iframe element": svg("", '<iframe src="#"/>'),
    "embed element": svg("", '<embed src="#"/>'),
    "unknown entity in attribute": svg("", '<rect fill="&foo;"/>'),
    "unquoted attribute": svg("", "<rect fill=red/>"),
    "html document": "<html><body><svg></svg></body></html>",
    "content after root": `<svg xmlns="http://www.w3.org/2000/svg"/><script>alert(1)</script>`,
    "unclosed comment": svg("", "<!-- <script>"),
    "unbound prefix": svg("", "<x:rect/>"),
    "second root": `<svg xmlns="http://www.w3.org/2000/svg"></svg><svg xmlns="http://www.w3.org/2000/svg"/>`,
    "processing instruction after the root": `<svg xmlns="http://www.w3.org/2000/svg"/><?foo bar?>`,
    "css after a self-closed element": svg(
      "",
      "<rect/><style>a { fill: url(https://evil.example/p) }</style>",
    ),
    empty: "",
  };
  it.each(Object.entries(active))("refuses %s", (_name, text) => {
    expect(svgProblem(text)).toBeDefined();
  });

  it("reads CSS only inside <style>, also after a self-closed <style/>", () => {
    expect(
      svgProblem(svg("", "<style/><text>url(https://example.com) \\75</text>")),
    ).toBeUndefined();
  });

  it("makes an active SVG an invalid image type, for every purpose that takes SVG", async () => {
    const bad = svg('viewBox="0 0 256 256" onload="alert(1)"');
    for (const purpose of [undefined, "icon", "function-icon"] as const) {
      expect(await imageMessage(bad, { purpose })).toBe(WORDING.files.imageTypeInvalid);
    }
  });
});

describe("svgDimensions", () => {
  it("reads width and height, with units", () => {
    expect(svgDimensions('<svg width="10" height="20px">')).toEqual({ width: 10, height: 20 });
    expect(svgDimensions('<svg width="1in" height="72pt">')).toEqual({ width: 96, height: 96 });
  });
  it("falls back to the viewBox, scaled by a single width or height", () => {
    expect(svgDimensions('<svg viewBox="0 0 1410 480">')).toEqual({ width: 1410, height: 480 });
    expect(svgDimensions('<svg width="705" viewBox="0 0 1410 480">')).toEqual({
      width: 705,
      height: 240,
    });
    expect(svgDimensions('<svg height="48" viewBox="0 0 24 24">')).toEqual({
      width: 48,
      height: 48,
    });
    expect(svgDimensions('<svg width="100%" height="100%" viewBox="0,0,24,24">')).toEqual({
      width: 24,
      height: 24,
    });
  });
  it("is undefined without a usable size", () => {
    expect(svgDimensions("<svg>")).toBeUndefined();
    expect(svgDimensions('<svg viewBox="0 0 0 10">')).toBeUndefined();
    expect(svgDimensions('<svg width="2em" height="2em">')).toBeUndefined();
  });
  it("ignores an svg in a leading comment", () => {
    expect(svgDimensions('<!-- <svg width="1" height="1"> --><svg viewBox="0 0 5 6">')).toEqual({
      width: 5,
      height: 6,
    });
  });
});

describe("sanitizeFileName", () => {
  it("keeps the base name only", () => {
    expect(sanitizeFileName("../../etc/passwd")).toBe("passwd");
    expect(sanitizeFileName("C:\\Users\\me\\report.pdf")).toBe("report.pdf");
  });
  it("strips control and bidi-override characters and trims", () => {
    expect(sanitizeFileName("  a\u0000b\r\n\u202Efdp.exe  ")).toBe("abfdp.exe");
  });
  it("falls back when nothing is left", () => {
    expect(sanitizeFileName("", "upload.pdf")).toBe("upload.pdf");
    expect(sanitizeFileName("..", "upload.pdf")).toBe("upload.pdf");
    expect(sanitizeFileName("dir/", "upload.pdf")).toBe("upload.pdf");
  });
  it("cuts to 255 characters, keeping the extension", () => {
    const name = sanitizeFileName(`${"é".repeat(300)}.pdf`);
    expect(Array.from(name)).toHaveLength(255);
    expect(name.endsWith("é.pdf")).toBe(true);
    expect(Array.from(sanitizeFileName("x".repeat(300)))).toHaveLength(255);
  });
});

describe("attachmentDisposition", () => {
  it("gives an ASCII fallback and the exact UTF-8 name", () => {
    expect(attachmentDisposition('rapport "été"; v1.pdf')).toBe(
      `attachment; filename="rapport __t___ v1.pdf"; filename*=UTF-8''rapport%20%22%C3%A9t%C3%A9%22%3B%20v1.pdf`,
    );
  });
});
