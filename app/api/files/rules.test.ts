import { describe, expect, it } from "vitest";
import { jpeg, pdf, png, svg } from "../../../server/conformance/files";
import {
  decodeXmlEntities,
  isJpeg,
  isPng,
  isSvgText,
  pngSize,
  readImage,
  svgDimensions,
  svgText,
} from "./content";
import {
  FILE_LIMITS,
  FILE_RULE_CODES,
  FILE_TYPE_KINDS,
  type FileRuleCode,
  IMAGE_PURPOSES,
  IMAGE_RULES,
  type ImageContent,
  type ImageFormat,
  type ImagePurpose,
  imageFormatOf,
  type JudgeOptions,
  judgeFormatAndBytes,
  judgeImage,
} from "./rules";

const KB = 1024;
const utf8 = (text: string) => new TextEncoder().encode(text);

/** An image of `format`, `width` x `height` (unknown when omitted), of `fileSize` bytes (1 KB by default). */
const image = (
  format: ImageFormat | undefined,
  width?: number,
  height?: number,
  fileSize = KB,
): ImageContent => ({ format, width, height, fileSize });

type Row = [ImagePurpose | "any", ImageContent, FileRuleCode | undefined, JudgeOptions?];

describe("the limits, as data", () => {
  it("holds each purpose's formats and byte limit", () => {
    const table = Object.fromEntries(
      Object.entries(IMAGE_RULES).map(([purpose, rule]) => [
        purpose,
        [rule.formats.join(" "), rule.maxBytes / KB],
      ]),
    );
    expect(table).toEqual({
      icon: ["png svg", 400],
      banner: ["png svg", 800],
      screenshot: ["png jpeg", 800],
      "company-icon": ["png", 400],
      "function-icon": ["png svg", 50],
      any: ["png jpeg svg", 800],
    });
    expect(Object.keys(IMAGE_RULES)).toEqual([...IMAGE_PURPOSES, "any"]);
  });

  it("holds the documents' limits, the fileType kinds and the rule codes", () => {
    expect(FILE_LIMITS.documentBytes).toBe(9 * 1024 * 1024);
    expect(FILE_LIMITS.documentsTotalBytes).toBe(80 * 1024 * 1024);
    expect(FILE_TYPE_KINDS).toEqual({ "0": "document", "1": "diagram" });
    expect(FILE_RULE_CODES.join(" ")).toBe(
      "noContent mustBePdf tooBig imageTypeInvalid imageSizeInvalid sizeGreater50KB sizeGreater400KB sizeGreater800KB uploadQuotaReached",
    );
  });
});

describe("judgeImage", () => {
  const purposes: Row[] = [
    // App icon: PNG exactly 256x256 or SVG of that ratio, at most 400 KB.
    ["icon", image("png", 256, 256, 400 * KB), undefined],
    ["icon", image("png", 256, 256, 400 * KB + 1), "sizeGreater400KB"],
    ["icon", image("png", 255, 256), "imageSizeInvalid"],
    ["icon", image("png", 512, 512), "imageSizeInvalid"],
    ["icon", image("png"), "imageSizeInvalid"],
    ["icon", image("jpeg", 256, 256), "imageTypeInvalid"],
    ["icon", image("svg", 512, 512), undefined],
    ["icon", image("svg", 512, 512), "imageTypeInvalid", { allowSvg: false }],
    ["icon", image("svg", 512, 300), "imageSizeInvalid"],
    ["icon", image("svg"), "imageSizeInvalid"],
    // Banner: PNG exactly 1410x480 or SVG of that ratio, at most 800 KB.
    ["banner", image("png", 1410, 480, 800 * KB), undefined],
    ["banner", image("png", 1410, 481), "imageSizeInvalid"],
    ["banner", image("png", 1410, 480, 800 * KB + 1), "sizeGreater800KB"],
    ["banner", image("jpeg", 1410, 480), "imageTypeInvalid"],
    ["banner", image("svg", 705, 240), undefined],
    ["banner", image("svg", 1200, 480), "imageSizeInvalid"],
    // Screenshot: PNG or JPEG of any size, at most 800 KB.
    ["screenshot", image("png", 300, 200), undefined],
    ["screenshot", image("jpeg"), undefined],
    ["screenshot", image("jpeg", 1200, 480, 800 * KB + 1), "sizeGreater800KB"],
    ["screenshot", image("svg", 1200, 480), "imageTypeInvalid"],
    // Company icon: PNG, square, at least 256x256, at most 400 KB.
    ["company-icon", image("png", 256, 256), undefined],
    ["company-icon", image("png", 1024, 1024, 400 * KB), undefined],
    ["company-icon", image("png", 255, 255), "imageSizeInvalid"],
    ["company-icon", image("png", 300, 256), "imageSizeInvalid"],
    ["company-icon", image("png", 256, 256, 400 * KB + 1), "sizeGreater400KB"],
    ["company-icon", image("svg", 256, 256), "imageTypeInvalid"],
    ["company-icon", image("jpeg", 256, 256), "imageTypeInvalid"],
    // Function icon: PNG 28 to 65 px a side (24x24 as a list item) or SVG of any size, at most 50 KB.
    ["function-icon", image("png", 28, 28), undefined],
    ["function-icon", image("png", 65, 65), undefined],
    ["function-icon", image("png", 28, 65), undefined],
    ["function-icon", image("png", 40, 30), undefined],
    ["function-icon", image("png", 27, 28), "imageSizeInvalid"],
    ["function-icon", image("png", 28, 66), "imageSizeInvalid"],
    ["function-icon", image("png", 24, 24), "imageSizeInvalid"],
    ["function-icon", image("png", 24, 24), undefined, { listItem: true }],
    ["function-icon", image("png", 28, 28), "imageSizeInvalid", { listItem: true }],
    ["function-icon", image("svg", 500, 100), undefined],
    ["function-icon", image("svg", 500, 100), undefined, { listItem: true }],
    ["function-icon", image("svg"), undefined],
    ["function-icon", image("jpeg", 30, 30), "imageTypeInvalid"],
    ["function-icon", image("png", 30, 30, 50 * KB + 1), "sizeGreater50KB"],
    // No purpose: PNG, JPEG or SVG, at most 800 KB; a PNG or JPEG at most 10,000 px a side.
    ["any", image("png", 5, 5), undefined],
    ["any", image("jpeg"), undefined],
    ["any", image("svg"), undefined],
    ["any", image("png", 5, 5, 800 * KB + 1), "sizeGreater800KB"],
    ["any", image(undefined), "imageTypeInvalid"],
    ["any", image("jpeg", 10_000, 10_000), undefined],
    ["any", image("jpeg", 10_001, 100), "imageSizeInvalid"],
    ["screenshot", image("png", 100, 10_001), "imageSizeInvalid"],
    ["any", image("svg", 20_000, 20_000), undefined],
  ];
  it.each(purposes)("%s %o -> %s %o", (purpose, facts, code, options) => {
    expect(judgeImage(purpose, facts, options)).toBe(code);
  });

  const order: [string, Row][] = [
    ["empty before type", ["icon", image(undefined, undefined, undefined, 0), "noContent"]],
    ["empty before anything of a good image", ["icon", image("png", 256, 256, 0), "noContent"]],
    ["type before byte size", ["icon", image("jpeg", 256, 256, 900 * KB), "imageTypeInvalid"]],
    [
      "byte size before an unsound content",
      [
        "icon",
        { ...image("png", undefined, undefined, 500 * KB), invalid: true },
        "sizeGreater400KB",
      ],
    ],
    [
      "unsound content before dimensions",
      ["icon", { ...image("png", 10, 10), invalid: true }, "imageTypeInvalid"],
    ],
    [
      "byte size before dimensions",
      ["company-icon", image("png", 100, 50, 400 * KB + 1), "sizeGreater400KB"],
    ],
  ];
  it.each(order)("checks %s", (_name, [purpose, facts, code, options]) => {
    expect(judgeImage(purpose, facts, options)).toBe(code);
  });

  it("answers the first checks alone, from the format and byte size, before anything is decoded", () => {
    expect(judgeFormatAndBytes("icon", { format: "png", fileSize: 0 })).toBe("noContent");
    expect(judgeFormatAndBytes("icon", { format: "jpeg", fileSize: KB })).toBe("imageTypeInvalid");
    expect(judgeFormatAndBytes("icon", { format: "svg", fileSize: KB }, { allowSvg: false })).toBe(
      "imageTypeInvalid",
    );
    expect(judgeFormatAndBytes("function-icon", { format: "svg", fileSize: 50 * KB + 1 })).toBe(
      "sizeGreater50KB",
    );
    expect(judgeFormatAndBytes("icon", { format: "png", fileSize: KB })).toBeUndefined();
  });

  it("takes an SVG within 1% of an exact size's aspect ratio", () => {
    const tolerance: [number, number, FileRuleCode | undefined][] = [
      [256, 256, undefined],
      [256, 254, undefined], // 0.8% wide
      [254, 256, undefined], // 0.8% narrow
      [256, 253, "imageSizeInvalid"], // 1.2% wide
      [1424, 480, undefined], // banner ratio, 1% wide
      [1425, 480, "imageSizeInvalid"],
    ];
    for (const [width, height, code] of tolerance) {
      const purpose = width > 1000 ? "banner" : "icon";
      expect(judgeImage(purpose, image("svg", width, height)), `${width}x${height}`).toBe(code);
    }
    expect(FILE_LIMITS.svgRatioTolerance).toBe(0.01);
  });
});

describe("imageFormatOf", () => {
  it("knows the image formats by content type, in any case", () => {
    expect(imageFormatOf("image/PNG")).toBe("png");
    expect(imageFormatOf("image/jpeg")).toBe("jpeg");
    expect(imageFormatOf("image/svg+xml")).toBe("svg");
    expect(imageFormatOf("image/gif")).toBeUndefined();
    expect(imageFormatOf("application/pdf")).toBeUndefined();
  });
});

describe("reading the content", () => {
  it("knows PNG and JPEG by signature and reads a PNG's IHDR size", () => {
    expect(isPng(png(3, 4))).toBe(true);
    expect(isJpeg(jpeg(3, 4))).toBe(true);
    expect(isPng(jpeg(3, 4)) || isJpeg(png(3, 4)) || isPng(pdf())).toBe(false);
    expect(pngSize(png(300, 200))).toEqual({ width: 300, height: 200 });
    expect(pngSize(png(300, 200).slice(0, 20))).toBeUndefined();
  });

  it("reads what an image is and its size", () => {
    const broken = png(256, 256);
    broken.set(utf8("IDAT"), 12);
    const cases: [string, Uint8Array, ImageContent][] = [
      [
        "a PNG",
        png(256, 128),
        { format: "png", width: 256, height: 128, fileSize: png(256, 128).byteLength },
      ],
      [
        "a PNG without its IHDR chunk first",
        broken,
        { format: "png", invalid: true, fileSize: broken.byteLength },
      ],
      [
        "a JPEG, without a size",
        jpeg(10, 10),
        { format: "jpeg", fileSize: jpeg(10, 10).byteLength },
      ],
      [
        "an SVG",
        utf8(svg('viewBox="0 0 24 12"')),
        {
          format: "svg",
          width: 24,
          height: 12,
          fileSize: utf8(svg('viewBox="0 0 24 12"')).byteLength,
        },
      ],
      ["an SVG without a size", utf8("<svg/>"), { format: "svg", fileSize: 6 }],
      ["a PDF", pdf(), { fileSize: pdf().byteLength }],
      ["HTML around an svg", utf8("<html><svg></svg></html>"), { fileSize: 24 }],
      ["nothing", new Uint8Array(0), { fileSize: 0 }],
    ];
    for (const [name, bytes, expected] of cases) expect(readImage(bytes), name).toEqual(expected);
    expect(readImage(png(256, 256), 500 * KB).fileSize).toBe(500 * KB);
  });

  it("reads an SVG's text only from UTF-8 without NUL, a cut character allowed at the end of a beginning", () => {
    const text = svg('viewBox="0 0 10 10"', "<text>été</text>");
    const bytes = utf8(text);
    const cut = bytes.slice(0, bytes.indexOf(0xc3) + 1);
    expect(svgText(bytes)).toBe(text);
    expect(svgText(cut)).toBeUndefined();
    expect(svgText(cut, { wholeFile: false })).toBeDefined();
    expect(readImage(cut, bytes.byteLength)).toMatchObject({
      format: "svg",
      width: 10,
      height: 10,
    });
    expect(svgText(new Uint8Array([...utf8("<svg>"), 0xff]))).toBeUndefined();
    expect(svgText(utf8("<svg>\u0000</svg>"))).toBeUndefined();
  });

  it("knows an SVG by its root element, after a prolog", () => {
    const yes = [
      "<svg/>",
      '\ufeff<?xml version="1.0"?>\n<!-- a logo --><!DOCTYPE svg><svg xmlns="http://www.w3.org/2000/svg">',
      '<svg:svg xmlns:svg="http://www.w3.org/2000/svg">',
      "  <SVG>",
    ];
    const no = [
      "<html><svg/></html>",
      "<svgfoo/>",
      "text <svg/>",
      `<!--${" ".repeat(64 * 1024)}--><svg/>`,
    ];
    for (const text of yes) expect(isSvgText(text), text).toBe(true);
    for (const text of no) expect(isSvgText(text), text.slice(0, 20)).toBe(false);
  });
});

describe("svgDimensions", () => {
  const px = (inches: number) => inches * 96;
  const cases: [string, { width: number; height: number } | undefined][] = [
    ['<svg width="1410" height="480"/>', { width: 1410, height: 480 }],
    ['<svg width="10" height="20px">', { width: 10, height: 20 }],
    ['<svg width="1in" height="72pt">', { width: px(1), height: px(1) }],
    ['<svg width="2.54cm" height="25.4mm">', { width: px(1), height: px(1) }],
    ['<svg width="6pc" height=".5in">', { width: px(1), height: px(0.5) }],
    [
      '<svg width="10cm" height="5cm" viewBox="0 0 1 1"/>',
      { width: px(10 / 2.54), height: px(5 / 2.54) },
    ],
    ['<svg viewBox="0 0 141 48"/>', { width: 141, height: 48 }],
    ['<svg width="282px" viewBox="0 0 141 48"/>', { width: 282, height: 96 }],
    ['<svg height="48" viewBox="0 0 24 24">', { width: 48, height: 48 }],
    ['<svg width="100%" height="100%" viewBox="0,0,10,10"/>', { width: 10, height: 10 }],
    ['<svg width="&#49;0" height="2&#x30;">', { width: 10, height: 20 }],
    ['<!-- <svg width="1" height="1"> --><svg viewBox="0 0 5 6">', { width: 5, height: 6 }],
    ["<svg/>", undefined],
    ['<svg viewBox="0 0 0 10">', undefined],
    ['<svg width="2em" height="2em">', undefined],
    ['<svg width="100%" height="100%">', undefined],
  ];
  it.each(cases)("%s", (text, size) => {
    const got = svgDimensions(text);
    if (!size) expect(got).toBeUndefined();
    else {
      expect(got?.width).toBeCloseTo(size.width, 9);
      expect(got?.height).toBeCloseTo(size.height, 9);
    }
  });
});

describe("decodeXmlEntities", () => {
  it("decodes the five XML entities and character references, and no others", () => {
    expect(decodeXmlEntities("a &lt; b &amp;&#x41;&#66;&quot;&apos;&gt;")).toBe(`a < b &AB"'>`);
    expect(decodeXmlEntities("&nbsp;")).toBeUndefined();
    expect(decodeXmlEntities("a & b")).toBeUndefined();
    expect(decodeXmlEntities("&#0;")).toBeUndefined();
  });
});
