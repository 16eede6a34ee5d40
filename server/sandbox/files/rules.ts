/**
 * The provider's check of an upload (Marketplace images, Documents, Data
 * attestation): bytes in, a verdict out. The rules themselves
 * are the files contract's (app/api/files/rules.ts); here the content is read with the
 * server's libraries (the type by file-type, a PNG's or JPEG's size by image-size, turned by
 * its EXIF orientation, an SVG by a strict XML parser), an SVG is refused when it has active
 * or external content (see `svgProblem`), and a refusal is worded in English for the API. Upload file names are made
 * safe here too.
 *
 * Order of checks, for every upload: empty -> type -> byte size -> (SVG: active content;
 * PNG or JPEG: it decodes) -> dimensions. The first failing check gives the message.
 */
import { fileTypeFromBuffer } from "file-type";
import { imageSize } from "image-size";
import { SaxesParser } from "saxes";
import { checkDiagram } from "~/api/data-attestation/rules";
import { svgDimensions, svgText } from "~/api/files/content";
import {
  type DocumentKind,
  FILE_LIMITS,
  type FileRuleCode,
  IMAGE_FORMATS,
  type ImagePurpose,
  judgeFormatAndBytes,
  judgeImage,
  PDF_CONTENT_TYPE,
  type Size,
} from "~/api/files/rules";
import { WORDING } from "../wording";

export interface ImageOptions {
  purpose?: ImagePurpose;
  /** Function icon of a list item (precedent list): exactly 24x24. */
  listItem?: boolean;
}

export type CheckResult =
  | { ok: true; contentType: string; extension: string; width?: number; height?: number }
  | { ok: false; code: FileRuleCode; message: string };

const fail = (code: FileRuleCode): CheckResult => ({
  ok: false,
  code,
  message: WORDING.files[code],
});

/**
 * A document (fileType 0) or data-flow diagram (fileType 1): a PDF by content, 1 byte to 9 MB
 * for a document, under 9 MB for a diagram ('file must be less than 9MB',
 * app/api/data-attestation/rules.ts).
 */
export async function checkDocument(
  bytes: Uint8Array,
  kind: DocumentKind = "document",
): Promise<CheckResult> {
  if (bytes.byteLength === 0) return fail("noContent");
  const sniffed = await fileTypeFromBuffer(bytes);
  if (sniffed?.mime !== PDF_CONTENT_TYPE) return fail("mustBePdf");
  if (kind === "diagram") {
    const code = checkDiagram({ fileSize: bytes.byteLength, contentType: PDF_CONTENT_TYPE });
    if (code) return { ok: false, code, message: DIAGRAM_TOO_BIG };
  } else if (bytes.byteLength > FILE_LIMITS.documentBytes) return fail("tooBig");
  return { ok: true, contentType: PDF_CONTENT_TYPE, extension: "pdf" };
}

/** The API's words for a diagram of 9 MB or more. */
export const DIAGRAM_TOO_BIG = "file must be less than 9MB";

/** An image for `purpose` (or any image when none is given). */
export async function checkImage(
  bytes: Uint8Array,
  options: ImageOptions = {},
): Promise<CheckResult> {
  const purpose = options.purpose ?? "any";
  const sniffed = await sniffImage(bytes);
  const early = judgeFormatAndBytes(purpose, {
    format: sniffed?.format,
    fileSize: bytes.byteLength,
  });
  if (early || !sniffed) return fail(early ?? "imageTypeInvalid");
  const image = {
    format: sniffed.format,
    fileSize: bytes.byteLength,
    ...readContent(bytes, sniffed),
  };
  const code = judgeImage(purpose, image, { listItem: options.listItem });
  if (code) return fail(code);
  const { contentType, extension } = IMAGE_FORMATS[sniffed.format];
  // An SVG's size is in CSS pixels and may be fractional; an SVG without one is kept without.
  const size =
    image.width && image.height
      ? { width: Math.round(image.width), height: Math.round(image.height) }
      : {};
  return { ok: true, contentType, extension, ...size };
}

type Sniffed = { format: "png" | "jpeg" } | { format: "svg"; text: string };

/** PNG (APNG is a PNG) and JPEG by signature; SVG when the text's root element is `svg`. */
async function sniffImage(bytes: Uint8Array): Promise<Sniffed | undefined> {
  const sniffed = await fileTypeFromBuffer(bytes);
  if (sniffed?.ext === "png" || sniffed?.ext === "apng") return { format: "png" };
  if (sniffed?.ext === "jpg") return { format: "jpeg" };
  if (sniffed && sniffed.ext !== "xml") return undefined;
  const text = svgText(bytes);
  return text === undefined ? undefined : { format: "svg", text };
}

/**
 * The shown size of an image: a PNG's or JPEG's from its decoded header (EXIF orientations
 * 5 to 8 turn a JPEG a quarter, so the other way round), an SVG's from its root element.
 * `invalid` when a PNG or JPEG does not decode, or an SVG has active or external content.
 */
function readContent(bytes: Uint8Array, sniffed: Sniffed): Partial<Size> & { invalid?: true } {
  if (sniffed.format === "svg")
    return svgProblem(sniffed.text) ? { invalid: true } : { ...svgDimensions(sniffed.text) };
  let size: Size & { type?: string; orientation?: number };
  try {
    size = imageSize(bytes);
  } catch {
    return { invalid: true };
  }
  const expected = sniffed.format === "png" ? "png" : "jpg";
  if (size.type !== expected || !(size.width > 0) || !(size.height > 0)) return { invalid: true };
  const turned = size.orientation !== undefined && size.orientation >= 5 && size.orientation <= 8;
  return turned
    ? { width: size.height, height: size.width }
    : { width: size.width, height: size.height };
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
const urlAttributes = new Set([
  "href",
  "src",
  "action",
  "formaction",
  "data",
  "background",
  "poster",
  "srcdoc",
  "codebase",
]);

/** Namespaces whose elements are active in browsers when met inside an SVG. */
const forbiddenNamespaces = new Set([
  "http://www.w3.org/1999/xhtml",
  "http://www.w3.org/1998/math/mathml",
  "http://www.w3.org/2001/xinclude",
  "http://www.w3.org/1999/xsl/transform",
]);

/** Lower-cased, without whitespace and control characters (browsers ignore them in URL schemes). */
const squash = (value: string) =>
  value
    .replace(
      /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/g,
      "",
    )
    .toLowerCase();

/** Every `url(...)` must point inside the document (`url(#id)`). */
function hasExternalUrlFunction(squashed: string): boolean {
  for (const match of squashed.matchAll(/url\(/g)) {
    const rest = squashed.slice(match.index + 4).replace(/^["']/, "");
    if (!rest.startsWith("#")) return true;
  }
  return false;
}

/** A URL attribute may be empty, a fragment, or an embedded raster image. */
function isSafeUrl(value: string): boolean {
  const squashed = squash(value);
  return (
    squashed === "" ||
    squashed.startsWith("#") ||
    /^data:image\/(?:png|jpeg|gif|webp)[;,]/.test(squashed)
  );
}

/** Why a piece of CSS (a `<style>` element or a `style` attribute) is refused, if it is. */
function cssProblem(css: string): string | undefined {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, "");
  // CSS escapes can spell anything (`\75 rl(`): refuse them rather than decode them.
  if (withoutComments.includes("\\")) return "CSS escape";
  const squashed = squash(withoutComments);
  if (squashed.includes("@import")) return "CSS @import";
  if (
    /expression\(|javascript:|vbscript:|-moz-binding|behavior:|image-set\(|(?:^|[^\w-])src\(/.test(
      squashed,
    )
  ) {
    return "active or external CSS";
  }
  if (hasExternalUrlFunction(squashed)) return "external CSS url()";
  return undefined;
}

/** Why an attribute is refused, if it is. `name` is as written, `value` as the parser decoded it. */
function attributeProblem(name: string, value: string): string | undefined {
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

/** A refusal found while parsing: it stops the parse. */
class Refused extends Error {}

/**
 * Why an SVG document is refused, or undefined when it is safe to serve: no scripts, event
 * handlers, `<foreignObject>` or other embedding elements, no DOCTYPE/ENTITY declarations
 * or processing instructions (the XML declaration aside), no references outside the
 * document (only `#fragment` and embedded PNG/JPEG/GIF/WebP data URLs), no `javascript:`
 * anywhere, no external or escaped CSS. It is read by a strict XML parser (saxes, with
 * namespaces): anything that is not well-formed XML is refused too.
 */
export function svgProblem(source: string): string | undefined {
  const parser = new SaxesParser({ xmlns: true });
  const open: string[] = [];
  let sawRoot = false;
  const refuse = (problem: string | undefined) => {
    if (problem) throw new Refused(problem);
  };
  const checkText = (content: string) => {
    if (open.at(-1) === "style") refuse(cssProblem(content));
  };
  parser.on("doctype", () => refuse("DOCTYPE or ENTITY declaration"));
  parser.on("processinginstruction", () => refuse("processing instruction"));
  parser.on("text", checkText);
  parser.on("cdata", checkText);
  parser.on("opentag", (tag) => {
    const local = tag.local.toLowerCase();
    if (!sawRoot && local !== "svg") refuse("root element is not svg");
    sawRoot = true;
    if (forbiddenElements.has(local)) refuse(`element ${tag.name}`);
    if (forbiddenNamespaces.has(tag.uri.toLowerCase()))
      refuse(`element ${tag.name} in namespace ${tag.uri}`);
    for (const attribute of Object.values(tag.attributes))
      refuse(attributeProblem(attribute.name, attribute.value));
    if (!tag.isSelfClosing) open.push(local);
  });
  parser.on("closetag", (tag) => {
    if (!tag.isSelfClosing) open.pop();
  });
  try {
    parser.write(source.replace(/^\ufeff/, "")).close();
  } catch (error) {
    return error instanceof Refused ? error.message : `malformed XML: ${(error as Error).message}`;
  }
  return sawRoot ? undefined : "no svg element";
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
    return (
      chars
        .slice(0, 255 - extension.length)
        .join("")
        .trimEnd() + extension.join("")
    );
  }
  return chars.slice(0, 255).join("");
}

/**
 * A `Content-Disposition: attachment` value: an ASCII `filename` for old clients (unsafe
 * characters replaced by '_') and the exact name as RFC 5987 `filename*`.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
