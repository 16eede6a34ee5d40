/**
 * Content rules of uploads (spec 01 section 5, Marketplace images, Documents, Data
 * attestation; spec 02 sections 5.2 and 5.5). Pure: bytes in, a verdict out. The type is
 * always decided by the content, never by the file name or the declared content type.
 *
 * Order of checks, for every upload: empty -> type -> byte size -> (SVG: active content)
 * -> dimensions. The first failing check gives the message.
 *
 * SVG: an SVG is accepted only when it has no active or external content (see `svgProblem`).
 * Its dimensions come from its root `width` and `height` when both are absolute lengths,
 * otherwise from its `viewBox` (scaled by `width` or `height` when one of them is given).
 * A vector image has no fixed pixel size, so for purposes that require exact pixels (app
 * icon 256x256, banner 1410x480) an SVG is accepted when its aspect ratio matches the
 * required one within 1%; an SVG whose size cannot be found is refused ('Image size invalid').
 */
import { fileTypeFromBuffer } from "file-type";
import { imageSize } from "image-size";

export const messages = {
  noContent: "File has no content",
  mustBePdf: "File type must be .PDF",
  tooBig: "Your file is too big",
  imageTypeInvalid: "Image type invalid",
  imageSizeInvalid: "Image size invalid",
  sizeGreater50KB: "File size greater than 50KB",
  sizeGreater400KB: "File size greater than 400KB",
  sizeGreater800KB: "File size greater than 800KB",
} as const;

const KB = 1024;
export const limits = {
  /** A document or data-flow diagram: 9 MB (9 * 1024 KB). */
  documentBytes: 9 * 1024 * KB,
  /** Raster images larger than this on a side are refused (a guard against decoding bombs). */
  maxImageSide: 10_000,
  /** Aspect-ratio tolerance of an SVG for an exact-size purpose. */
  svgRatioTolerance: 0.01,
} as const;

/** `fileType` of `POST files`: 0 documents, 1 data-flow diagrams. */
export const fileTypeKinds = { "0": "document", "1": "diagram" } as const;
export type DocumentKind = (typeof fileTypeKinds)[keyof typeof fileTypeKinds];

export const imagePurposes = ["icon", "banner", "screenshot", "company-icon", "function-icon"] as const;
export type ImagePurpose = (typeof imagePurposes)[number];

type ImageFormat = "png" | "jpeg" | "svg";

const contentTypes: Record<ImageFormat | "pdf", string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  svg: "image/svg+xml",
  pdf: "application/pdf",
};

interface Size {
  width: number;
  height: number;
}

interface ImageRule {
  formats: readonly ImageFormat[];
  maxBytes: number;
  /** Checks the pixel size of a raster image; true when it fits. */
  raster?: (size: Size, options: ImageOptions) => boolean;
  /** Exact size required: an SVG must have this aspect ratio. */
  svgRatio?: Size;
}

export interface ImageOptions {
  purpose?: ImagePurpose;
  /** Function icon of a list item (precedent list): exactly 24x24. */
  listItem?: boolean;
}

const exactly = (width: number, height: number) => (size: Size) => size.width === width && size.height === height;

const imageRules: Record<ImagePurpose | "any", ImageRule> = {
  // Marketplace app icon: PNG exactly 256x256 or SVG, at most 400 KB.
  icon: { formats: ["png", "svg"], maxBytes: 400 * KB, raster: exactly(256, 256), svgRatio: { width: 256, height: 256 } },
  // Marketplace banner: PNG or SVG, exactly 1410x480, at most 800 KB.
  banner: {
    formats: ["png", "svg"],
    maxBytes: 800 * KB,
    raster: exactly(1410, 480),
    svgRatio: { width: 1410, height: 480 },
  },
  // Marketplace screenshot: PNG or JPEG, at most 800 KB (1200x480 is only advice).
  screenshot: { formats: ["png", "jpeg"], maxBytes: 800 * KB },
  // Company icon: PNG, at least 256x256, square, at most 400 KB.
  "company-icon": {
    formats: ["png"],
    maxBytes: 400 * KB,
    raster: ({ width, height }) => width >= 256 && width === height,
  },
  // Function icon: PNG 28 to 65 px each side (24x24 for a list item) or SVG, at most 50 KB.
  "function-icon": {
    formats: ["png", "svg"],
    maxBytes: 50 * KB,
    raster: ({ width, height }, { listItem }) =>
      listItem ? width === 24 && height === 24 : width >= 28 && width <= 65 && height >= 28 && height <= 65,
  },
  // No purpose given: any PNG, JPEG or SVG of at most 800 KB.
  any: { formats: ["png", "jpeg", "svg"], maxBytes: 800 * KB },
};

/** The code of a refusal: what a client words in its own language. */
export type FileRuleCode = keyof typeof messages;

const sizeCodes: Record<number, FileRuleCode> = {
  [50 * KB]: "sizeGreater50KB",
  [400 * KB]: "sizeGreater400KB",
  [800 * KB]: "sizeGreater800KB",
};

export type CheckResult =
  | { ok: true; contentType: string; extension: string; width?: number; height?: number }
  | { ok: false; code: FileRuleCode; message: string };

const fail = (code: FileRuleCode): CheckResult => ({ ok: false, code, message: messages[code] });

/** A document (fileType 0) or data-flow diagram (fileType 1): a PDF by content, 1 byte to 9 MB. */
export async function checkDocument(bytes: Uint8Array): Promise<CheckResult> {
  if (bytes.byteLength === 0) return fail("noContent");
  const sniffed = await fileTypeFromBuffer(bytes);
  if (sniffed?.mime !== "application/pdf") return fail("mustBePdf");
  if (bytes.byteLength > limits.documentBytes) return fail("tooBig");
  return { ok: true, contentType: contentTypes.pdf, extension: "pdf" };
}

/** An image for `purpose` (or any image when none is given). */
export async function checkImage(bytes: Uint8Array, options: ImageOptions = {}): Promise<CheckResult> {
  if (bytes.byteLength === 0) return fail("noContent");
  const rule = imageRules[options.purpose ?? "any"];

  const format = await sniffImage(bytes);
  if (!format || !rule.formats.includes(format.format)) return fail("imageTypeInvalid");
  if (bytes.byteLength > rule.maxBytes) return fail(sizeCodes[rule.maxBytes]);

  if (format.format === "svg") {
    if (svgProblem(format.text)) return fail("imageTypeInvalid");
    const size = svgDimensions(format.text);
    if (rule.svgRatio) {
      if (!size) return fail("imageSizeInvalid");
      const want = rule.svgRatio.width / rule.svgRatio.height;
      const got = size.width / size.height;
      if (Math.abs(got - want) / want > limits.svgRatioTolerance) return fail("imageSizeInvalid");
    }
    return {
      ok: true,
      contentType: contentTypes.svg,
      extension: "svg",
      ...(size ? { width: Math.round(size.width), height: Math.round(size.height) } : {}),
    };
  }

  let size: Size & { type?: string; orientation?: number };
  try {
    size = imageSize(bytes);
  } catch {
    return fail("imageTypeInvalid");
  }
  const expected = format.format === "png" ? "png" : "jpg";
  if (size.type !== expected || !(size.width > 0) || !(size.height > 0)) return fail("imageTypeInvalid");
  // EXIF orientations 5 to 8 turn a JPEG a quarter: the displayed size is the other way round.
  const turned = size.orientation !== undefined && size.orientation >= 5 && size.orientation <= 8;
  const shown = turned ? { width: size.height, height: size.width } : { width: size.width, height: size.height };
  if (shown.width > limits.maxImageSide || shown.height > limits.maxImageSide) return fail("imageSizeInvalid");
  if (rule.raster && !rule.raster(shown, options)) return fail("imageSizeInvalid");
  return {
    ok: true,
    contentType: contentTypes[format.format],
    extension: format.format === "jpeg" ? "jpg" : "png",
    ...shown,
  };
}

/** PNG (APNG is a PNG) and JPEG by signature; SVG when the text's root element is `svg`. */
async function sniffImage(bytes: Uint8Array): Promise<{ format: "png" | "jpeg" } | { format: "svg"; text: string } | undefined> {
  const sniffed = await fileTypeFromBuffer(bytes);
  if (sniffed?.ext === "png" || sniffed?.ext === "apng") return { format: "png" };
  if (sniffed?.ext === "jpg") return { format: "jpeg" };
  if (sniffed && sniffed.ext !== "xml") return undefined;
  const text = decodeUtf8(bytes);
  if (text === undefined || !isSvgText(text)) return undefined;
  return { format: "svg", text };
}

function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
    return text.includes("\u0000") ? undefined : text;
  } catch {
    return undefined;
  }
}

/** True when the first element of the text (after a prolog within its first 64 KB) is `svg`. */
export function isSvgText(text: string): boolean {
  const prolog = /^\ufeff?\s*(?:<\?xml\s[^]*?\?>\s*)?(?:(?:<!--[^]*?-->|<!DOCTYPE[^>]*>)\s*)*<([A-Za-z_][\w.-]*:)?svg[\s/>]/i;
  return prolog.test(text.slice(0, 64 * 1024));
}

// ---------------------------------------------------------------------------
// SVG safety
// ---------------------------------------------------------------------------

/** Elements that run code, embed other documents or forms, or change how links resolve. */
const forbiddenElements = new Set([
  "script",
  "foreignobject",
  "handler",
  "listener",
  "iframe",
  "frame",
  "frameset",
  "embed",
  "object",
  "applet",
  "base",
  "meta",
  "link",
  "form",
  "input",
  "button",
  "textarea",
  "select",
  "audio",
  "video",
  "source",
  "track",
  "portal",
  "math",
  "html",
  "head",
  "body",
]);

/** Attributes that hold a URL the browser may fetch or navigate to. */
const urlAttributes = new Set(["href", "src", "action", "formaction", "data", "background", "poster", "srcdoc", "codebase"]);

/** Namespaces whose elements are active in browsers when met inside an SVG. */
const forbiddenNamespaces = new Set([
  "http://www.w3.org/1999/xhtml",
  "http://www.w3.org/1998/math/mathml",
  "http://www.w3.org/2001/xinclude",
  "http://www.w3.org/1999/xsl/transform",
]);

const namedEntities: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** Decodes XML character references; undefined when an entity other than the five XML ones is used. */
function decodeEntities(value: string): string | undefined {
  let bad = false;
  const decoded = value.replace(/&(#x[0-9a-f]+|#[0-9]+|[A-Za-z][\w.-]*)?(;)?/gi, (_match, name?: string, semi?: string) => {
    if (!name || !semi) {
      bad = true;
      return "";
    }
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff) {
        bad = true;
        return "";
      }
      return String.fromCodePoint(code);
    }
    const known = namedEntities[name];
    if (known === undefined) bad = true;
    return known ?? "";
  });
  return bad ? undefined : decoded;
}

/** Lower-cased, without whitespace and control characters (browsers ignore them in URL schemes). */
const squash = (value: string) => value.replace(/[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/g, "").toLowerCase();

/** Every `url(...)` must point inside the document (`url(#id)`). */
function hasExternalUrlFunction(squashed: string): boolean {
  const pattern = /url\(/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(squashed))) {
    const rest = squashed.slice(match.index + 4).replace(/^["']/, "");
    if (!rest.startsWith("#")) return true;
  }
  return false;
}

/** A URL attribute may be empty, a fragment, or an embedded raster image. */
function isSafeUrl(value: string): boolean {
  const squashed = squash(value);
  return squashed === "" || squashed.startsWith("#") || /^data:image\/(?:png|jpeg|gif|webp)[;,]/.test(squashed);
}

/** Why a piece of CSS (a `<style>` element or a `style` attribute) is refused, if it is. */
function cssProblem(css: string): string | undefined {
  const withoutComments = css.replace(/\/\*[^]*?\*\//g, "");
  // CSS escapes can spell anything (`\75 rl(`): refuse them rather than decode them.
  if (withoutComments.includes("\\")) return "CSS escape";
  const squashed = squash(withoutComments);
  if (squashed.includes("@import")) return "CSS @import";
  if (/expression\(|javascript:|vbscript:|-moz-binding|behavior:|image-set\(|(?:^|[^\w-])src\(/.test(squashed)) {
    return "active or external CSS";
  }
  if (hasExternalUrlFunction(squashed)) return "external CSS url()";
  return undefined;
}

/** Why an attribute is refused, if it is. `name` is as written, `raw` the value before decoding. */
function attributeProblem(name: string, raw: string): string | undefined {
  const value = decodeEntities(raw);
  if (value === undefined) return `unknown entity in ${name}`;
  const lower = name.toLowerCase();
  const local = lower.slice(lower.lastIndexOf(":") + 1);
  if (lower === "xmlns" || lower.startsWith("xmlns:")) {
    if (forbiddenNamespaces.has(value.trim().toLowerCase())) return `namespace ${value.trim()}`;
    return undefined;
  }
  if (local.startsWith("on")) return `event handler ${name}`;
  const squashed = squash(value);
  if (/(?:javascript|vbscript|livescript):/.test(squashed)) return `script URL in ${name}`;
  if (urlAttributes.has(local) && !isSafeUrl(value)) return `external reference in ${name}`;
  if (local === "attributename") {
    // <animate>/<set> can rewrite an href or an event handler after the checks above.
    const target = squashed.slice(squashed.lastIndexOf(":") + 1);
    if (target.startsWith("on") || urlAttributes.has(target)) return `animation of ${value}`;
  }
  if (local === "style") {
    const problem = cssProblem(value);
    if (problem) return `${problem} in style attribute`;
  }
  if (hasExternalUrlFunction(squashed)) return `external url() in ${name}`;
  return undefined;
}

const namePattern = /[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?/y;
const attributeNamePattern = /[^\s=/>"'<]+/y;

/**
 * Why an SVG document is refused, or undefined when it is safe to serve: no scripts, event
 * handlers, `<foreignObject>` or other embedding elements, no DOCTYPE/ENTITY declarations
 * or processing instructions (except the XML declaration), no references outside the
 * document (only `#fragment` and embedded PNG/JPEG/GIF/WebP data URLs), no `javascript:`
 * anywhere, no external or escaped CSS. Anything it cannot read as well-formed markup is
 * refused too.
 */
export function svgProblem(source: string): string | undefined {
  const text = source.replace(/^\ufeff/, "");
  const stack: string[] = [];
  let sawRoot = false;
  let i = 0;

  const checkText = (content: string, decode: boolean) => {
    if (stack[stack.length - 1] !== "style") return undefined;
    const css = decode ? decodeEntities(content) : content;
    if (css === undefined) return "unknown entity in style";
    return cssProblem(css);
  };

  while (i < text.length) {
    const lt = text.indexOf("<", i);
    const end = lt === -1 ? text.length : lt;
    if (end > i) {
      const problem = checkText(text.slice(i, end), true);
      if (problem) return problem;
    }
    if (lt === -1) break;
    i = lt;

    if (text.startsWith("<!--", i)) {
      const close = text.indexOf("-->", i + 4);
      if (close === -1) return "unclosed comment";
      i = close + 3;
      continue;
    }
    if (text.startsWith("<![CDATA[", i)) {
      const close = text.indexOf("]]>", i + 9);
      if (close === -1) return "unclosed CDATA section";
      const problem = checkText(text.slice(i + 9, close), false);
      if (problem) return problem;
      i = close + 3;
      continue;
    }
    if (text.startsWith("<!", i)) return "DOCTYPE or ENTITY declaration";
    if (text.startsWith("<?", i)) {
      const close = text.indexOf("?>", i + 2);
      if (close === -1) return "unclosed processing instruction";
      // Only the XML declaration, and only before the root element.
      if (sawRoot || !/^<\?xml\s/.test(text.slice(i, i + 6))) return "processing instruction";
      i = close + 2;
      continue;
    }

    const closing = text[i + 1] === "/";
    namePattern.lastIndex = i + (closing ? 2 : 1);
    const nameMatch = namePattern.exec(text);
    if (!nameMatch) return "malformed markup";
    const name = nameMatch[0];
    const local = name.slice(name.lastIndexOf(":") + 1).toLowerCase();
    i = namePattern.lastIndex;

    if (closing) {
      const close = /\s*>/y;
      close.lastIndex = i;
      if (!close.exec(text)) return "malformed end tag";
      i = close.lastIndex;
      if (stack.pop() !== local) return "mismatched end tag";
      continue;
    }

    if (!sawRoot && local !== "svg") return "root element is not svg";
    if (sawRoot && stack.length === 0) return "content after the root element";
    sawRoot = true;
    if (forbiddenElements.has(local)) return `element ${name}`;

    let selfClosing = false;
    for (;;) {
      const ws = /\s*/y;
      ws.lastIndex = i;
      ws.exec(text);
      const hadSpace = ws.lastIndex > i;
      i = ws.lastIndex;
      if (text.startsWith("/>", i)) {
        selfClosing = true;
        i += 2;
        break;
      }
      if (text[i] === ">") {
        i += 1;
        break;
      }
      if (!hadSpace) return "malformed start tag";
      attributeNamePattern.lastIndex = i;
      const attrMatch = attributeNamePattern.exec(text);
      if (!attrMatch) return "malformed attribute";
      i = attributeNamePattern.lastIndex;
      const eq = /\s*=\s*(["'])/y;
      eq.lastIndex = i;
      const eqMatch = eq.exec(text);
      if (!eqMatch) return `attribute ${attrMatch[0]} without a quoted value`;
      const quote = eqMatch[1];
      const valueStart = eq.lastIndex;
      const valueEnd = text.indexOf(quote, valueStart);
      if (valueEnd === -1) return "unclosed attribute value";
      const raw = text.slice(valueStart, valueEnd);
      if (raw.includes("<")) return "'<' in attribute value";
      const problem = attributeProblem(attrMatch[0], raw);
      if (problem) return problem;
      i = valueEnd + 1;
    }
    if (!selfClosing) stack.push(local);
  }

  if (!sawRoot) return "no svg element";
  if (stack.length > 0) return "unclosed element";
  return undefined;
}

// ---------------------------------------------------------------------------
// SVG dimensions
// ---------------------------------------------------------------------------

const unitsInPx: Record<string, number> = { "": 1, px: 1, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, pt: 96 / 72, pc: 16 };

function parseLength(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const match = /^\s*([+]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*(px|in|cm|mm|pt|pc)?\s*$/i.exec(value);
  if (!match) return undefined;
  const px = Number(match[1]) * unitsInPx[(match[2] ?? "").toLowerCase()];
  return Number.isFinite(px) && px > 0 ? px : undefined;
}

function rootAttributes(text: string): Record<string, string> | undefined {
  const root = /<(?:[A-Za-z_][\w.-]*:)?svg(\s(?:[^>"']|"[^"]*"|'[^']*')*)?\/?>/i.exec(text.replace(/<!--[^]*?-->/g, ""));
  if (!root) return undefined;
  const attributes: Record<string, string> = {};
  const attr = /([^\s=/>"']+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  let match: RegExpExecArray | null;
  while ((match = attr.exec(root[1] ?? ""))) {
    attributes[match[1]] = decodeEntities(match[2] ?? match[3] ?? "") ?? "";
  }
  return attributes;
}

/**
 * The intrinsic size of an SVG in CSS pixels: root `width` and `height` when both are
 * absolute lengths; otherwise the `viewBox` size, scaled to `width` or `height` when one is
 * given. Undefined when neither gives a size (percentages and em units do not).
 */
export function svgDimensions(text: string): Size | undefined {
  const attributes = rootAttributes(text);
  if (!attributes) return undefined;
  const width = parseLength(attributes.width);
  const height = parseLength(attributes.height);
  if (width && height) return { width, height };
  const box = (attributes.viewBox ?? "").trim().split(/[\s,]+/).map(Number);
  const viewBox = box.length === 4 && box.every(Number.isFinite) && box[2] > 0 && box[3] > 0 ? { width: box[2], height: box[3] } : undefined;
  if (!viewBox) return undefined;
  if (width) return { width, height: (width * viewBox.height) / viewBox.width };
  if (height) return { width: (height * viewBox.width) / viewBox.height, height };
  return viewBox;
}

// ---------------------------------------------------------------------------
// File names
// ---------------------------------------------------------------------------

/**
 * The name we keep for an upload: the last path segment, in NFC, without control or
 * bidirectional-override characters, trimmed, at most 255 characters (keeping the
 * extension when it has to be cut). `fallback` replaces a name that ends up empty.
 */
export function sanitizeFileName(name: string, fallback = "file"): string {
  const base = name.split(/[/\\]/).pop() ?? "";
  let clean = base
    .normalize("NFC")
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, "")
    .trim();
  if (/^\.*$/.test(clean)) clean = "";
  if (!clean) return fallback;
  const chars = Array.from(clean);
  if (chars.length <= 255) return clean;
  const dot = clean.lastIndexOf(".");
  const extension = dot > 0 ? Array.from(clean.slice(dot)) : [];
  if (extension.length > 0 && extension.length <= 16) {
    return chars.slice(0, 255 - extension.length).join("").trimEnd() + extension.join("");
  }
  return chars.slice(0, 255).join("");
}

/**
 * A `Content-Disposition: attachment` value: an ASCII `filename` for old clients (unsafe
 * characters replaced by '_') and the exact name as RFC 5987 `filename*`.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
